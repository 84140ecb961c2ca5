import { chromium, type Page } from 'playwright-core';
import { loginDemo } from './support/login';

const BASE = 'http://127.0.0.1:3236';
const OUT = '/tmp/i36-shots';
const sizes = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const;

async function industry(page: Page, tag: string) {
  await page.goto(`${BASE}/industry`);
  await page.getByRole('combobox', { name: /Предмет/ }).fill('Ishtar');
  await page.getByRole('option', { name: 'Ishtar', exact: true }).click();
  await page.getByRole('combobox', { name: /Система/ }).fill('jit');
  await page.getByRole('option', { name: 'Jita (0,9)' }).click();
  await page.screenshot({ path: `${OUT}/industry-form-${tag}.png`, fullPage: false });
  await page.getByRole('button', { name: 'Рассчитать' }).click();
  await page.getByTestId('job-summary').waitFor({ timeout: 120_000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${OUT}/industry-${tag}.png`, fullPage: true });
}

async function appraisal(page: Page, tag: string) {
  await page.goto(`${BASE}/market/appraisal`);
  await page.getByPlaceholder('Plex 1').fill('Tritanium\t1000\nFullerides\t50\nAbyssal Filament Cache\t1\nRifter\t2');
  await page.getByRole('button', { name: 'Оценить' }).click();
  await page.getByTestId('appraisal-result').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/appraisal-${tag}.png`, fullPage: true });
}

async function main() {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const which = process.argv[2] ?? 'all';
  for (const [tag, viewport] of Object.entries(sizes)) {
    const context = await browser.newContext({ viewport, baseURL: BASE, locale: 'ru-RU' });
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    try {
      if (which === 'all' || which === 'industry') await industry(page, tag);
      if (which === 'all' || which === 'appraisal') await appraisal(page, tag);
      if (which === 'all' || which === 'corp') {
        await loginDemo(page, 'demo_industrialist');
        await page.goto(`${BASE}/corp/projects`);
        await page.waitForTimeout(2000);
        const link = page.getByRole('link').filter({ hasText: /Hobgoblin|Рой|Топливо|проект/i }).first();
        await page.screenshot({ path: `${OUT}/corp-projects-${tag}.png`, fullPage: true });
        if (await link.count()) {
          await link.click();
          await page.waitForTimeout(2000);
          await page.screenshot({ path: `${OUT}/corp-project-${tag}.png`, fullPage: true });
        }
      }
    } catch (e) {
      console.error(tag, e);
      await page.screenshot({ path: `${OUT}/error-${tag}.png`, fullPage: true });
    }
    await context.close();
  }
  await browser.close();
}
void main();
