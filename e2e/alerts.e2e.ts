/**
 * «Оповещения» (/corp/alerts) in real Chromium against the demo app: a moderator (the demo
 * industrialist) takes a calendar link and the feed it shows is a real iCalendar feed, adds a
 * webhook pointing at a loopback receiver (the demo app allows 127.0.0.1 over http for this),
 * sees it masked, sends a test and watches the log turn to «Доставлено»; a plain member (the
 * demo fc) sees the calendar link but not the webhooks. About 20 s after the shared app is up.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { screenshot, useBrowserPage } from './support/browser';
import { loginDemo } from './support/login';

jest.setTimeout(120_000);

const s = useBrowserPage();
let receiver: Server;
let port = 0;
const received: { path: string; body: { content?: string } }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

it('a moderator takes a calendar link and sets up a webhook; its test is delivered and logged', async () => {
  const { page } = s;
  await loginDemo(page, 'demo_industrialist');
  await page.goto('/corp/alerts');
  await page.getByRole('heading', { name: 'Оповещения', level: 1 }).waitFor();

  await page.getByRole('button', { name: 'Получить ссылку' }).click();
  const url = await page.getByLabel('Ваша ссылка на календарь').inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const feed = await page.request.get(url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);

  const webhooks = page.getByRole('region', { name: 'Вебхуки пингов' });
  await webhooks.getByLabel('Название').fill('Discord: #пинги');
  await webhooks.getByLabel('Адрес вебхука').fill(`http://127.0.0.1:${port}/api/webhooks/42/very-secret-token`);
  await webhooks.getByRole('button', { name: 'Добавить' }).click();
  const row = webhooks.getByTestId('webhooks').getByRole('row', { name: /Discord: #пинги/ });
  await row.waitFor();
  await expect(row.textContent()).resolves.toContain(`http://127.0.0.1:${port}/…oken`);
  await expect(row.textContent()).resolves.not.toContain('very-secret-token');

  await webhooks.getByRole('button', { name: 'Проверить вебхук «Discord: #пинги»' }).click();
  await webhooks.getByTestId('deliveries').getByText('Доставлено').waitFor();
  expect(received.map((r) => r.path)).toEqual(['/api/webhooks/42/very-secret-token']);
  expect(received[0].body.content).toContain('Проверка вебхука «Discord: #пинги»');
  await screenshot(page, 'alerts-moderator');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, 'alerts-moderator-phone');
  await page.setViewportSize({ width: 1280, height: 900 });

  await webhooks.getByRole('switch', { name: 'Вебхук «Discord: #пинги» включён' }).click({ force: true });
  await webhooks.locator('input[role="switch"]:not(:checked)').waitFor();
  page.once('dialog', (d) => void d.accept());
  await webhooks.getByRole('button', { name: 'Удалить вебхук «Discord: #пинги»' }).click();
  await webhooks.getByText('Вебхуков пока нет').waitFor();
});

it('a member without moderation takes a calendar link but sees no webhooks', async () => {
  const { page } = s;
  await loginDemo(page, 'demo_fc');
  await page.goto('/corp/alerts');
  await page.getByRole('button', { name: /Получить (новую )?ссылку/ }).click();
  await page.getByLabel('Ваша ссылка на календарь').waitFor();
  await page.getByRole('button', { name: 'Отозвать ссылку' }).click();
  await page.getByRole('button', { name: 'Получить ссылку' }).waitFor();
  expect(await page.getByRole('heading', { name: 'Вебхуки пингов' }).count()).toBe(0);
  await screenshot(page, 'alerts-member');
});
