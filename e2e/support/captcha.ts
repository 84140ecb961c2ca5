/**
 * The picture captcha in browser tests, solved the way a person would: the test reads the
 * answer from the app's database (only tests can) and clicks every tile showing the figure.
 */
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import type { Page } from 'playwright-core';
import { screenshot } from './browser';

/** The answer (16 characters of 0 and 1) of a captcha, from the app's embedded database (the shared app's by default). */
export async function captchaAnswer(captchaId: string, dir = process.env.E2E_DATA_DIR): Promise<string> {
  if (!dir) throw new Error('E2E_DATA_DIR is not set');
  const client = await MongoClient.connect(`mongodb://${encodeURIComponent(join(dir, 'db', 'mongod.sock'))}`);
  try {
    const doc = await client
      .db('eve_toolkit')
      .collection('captchas')
      .findOne({ _id: captchaId as never });
    return String(doc?.answer);
  } finally {
    await client.close();
  }
}

/**
 * Call before the action that opens the captcha: waits for the captcha the page loads, clicks
 * every tile with the target figure and 'Проверить'. `shot` takes a screenshot of it first.
 */
export async function solveCaptcha(page: Page, shot?: string): Promise<void> {
  const generated = page.waitForResponse((r) => r.url().endsWith('/auth/generate_captcha'));
  const { id } = (await (await generated).json()) as { id: string };
  const answer = await captchaAnswer(id);
  const grid = page.getByTestId('captcha');
  await grid.getByRole('button', { name: 'Картинка 16', exact: true }).waitFor();
  if (shot) await screenshot(page, shot);
  for (let i = 0; i < 16; i++)
    if (answer[i] === '1') await grid.getByRole('button', { name: `Картинка ${i + 1}`, exact: true }).click();
  await grid.getByRole('button', { name: 'Проверить' }).click();
}
