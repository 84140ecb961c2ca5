/**
 * Cross-site request forgery in real Chromium: a signed-in admin opens a page served by another
 * site (a second loopback HTTP server, `localhost` against the app's `127.0.0.1`), which
 * navigates, auto-submits forms or offers a link to the app. The session cookie is SameSite=Lax,
 * so a top-level GET navigation carries it; the state-changing GETs (api/admin/kill,
 * api/admin/update_libs, auth/logout) must still refuse, because such a page cannot send the
 * CSRF header. Each attack lands on the app's 403 and changes nothing: every session lives on,
 * no game-data update starts, the admin keeps the role.
 *
 * The app runs as its own process (its sessions are what a regression would end, not the other
 * browser tests'), in demo mode without the SDE import; ~15 s.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { removeDir, startApp, type AppProcess } from './support/app-process';
import { launchBrowser, newContext, screenshot, watchErrors } from './support/browser';
import { captchaAnswer } from './support/captcha';

jest.setTimeout(120_000);

const CSRF_MESSAGE = 'Недействительный CSRF-токен: обновите страницу и повторите действие';

let app: AppProcess;
let attacker: Server;
let attackerUrl: string;
let browser: Browser;
let db: MongoClient;

/** The attacker's pages, each aimed at the app. */
function attackPages(target: string, adminId: string): Record<string, string> {
  const html = (body: string) =>
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Приз</title></head><body>${body}</body></html>`;
  return {
    '/kill': html(`<p>Загрузка…</p><script>location.href = ${JSON.stringify(`${target}/api/admin/kill`)};</script>`),
    '/update-libs': html(
      `<form id="f" method="GET" action="${target}/api/admin/update_libs"><input type="hidden" name="go" value="1"></form><script>document.getElementById('f').submit();</script>`,
    ),
    '/logout': html(`<a id="prize" href="${target}/auth/logout">Забрать приз</a>`),
    '/drop-role': html(
      `<form id="f" method="POST" action="${target}/api/admin/stats/users/${adminId}"><input type="hidden" name="type" value="del_role"><input type="hidden" name="role" value="admin"></form><script>document.getElementById('f').submit();</script>`,
    ),
  };
}

/** Signs a browser context in through the app's own API (the cookie lands with the server's attributes). */
async function signIn(request: APIRequestContext, username: string, password: string): Promise<void> {
  const csrf = async () => ((await (await request.get(`${app.url}/auth/get_csrf`)).json()) as { token: string }).token;
  let token = await csrf();
  const { id } = (await (await request.get(`${app.url}/auth/generate_captcha`)).json()) as { id: string };
  const answer = await captchaAnswer(id, app.dataDir);
  const checked = await request.post(`${app.url}/auth/validate_captcha`, {
    data: { captcha_id: id, answer },
    headers: { 'X-CSRF-Token': token },
  });
  expect(await checked.json()).toEqual({ ok: true });
  const res = await request.post(`${app.url}/auth/login`, {
    multipart: { username, password, captcha_id: id },
    headers: { 'X-CSRF-Token': token },
  });
  expect(await res.json()).toEqual({ ok: true });
  token = await csrf();
  expect(token).toEqual(expect.any(String));
}

const session = async (request: APIRequestContext) =>
  (await (await request.get(`${app.url}/auth/get_session`)).json()) as { isAuthenticated: boolean; roles: string[] };
const sessionCount = () => db.db('eve_toolkit').collection('sessions').countDocuments();
const updateJob = async (request: APIRequestContext) =>
  (await (await request.get(`${app.url}/api/admin/update_libs/status`)).json()) as unknown;

/** Opens an attacker page and waits for the app's answer to the request it makes. */
async function attack(page: Page, path: string, target: string, act?: (page: Page) => Promise<void>) {
  const answer = page.waitForResponse((r) => r.url().startsWith(`${app.url}${target}`));
  await page.goto(`${attackerUrl}${path}`);
  if (act) await act(page);
  const res = await answer;
  await page.waitForURL((u) => u.href.startsWith(`${app.url}${target}`));
  return { status: res.status(), body: (await res.json()) as { message?: string }, page };
}

describe('pages on another site', () => {
  let admin: BrowserContext;
  let bystander: BrowserContext;
  let adminId: string;

  beforeAll(async () => {
    app = await startApp({ APP_MODE: 'demo', SDE_AUTO_IMPORT: 'false', RATE_LIMIT_TRUSTED: '127.0.0.1' });
    db = await MongoClient.connect(`mongodb://${encodeURIComponent(join(app.dataDir, 'db', 'mongod.sock'))}`);
    browser = await launchBrowser();
    admin = await newContext(browser, app.url);
    bystander = await newContext(browser, app.url);
    await signIn(admin.request, 'demo_admin', 'demo-admin-pass');
    await signIn(bystander.request, 'demo_fc', 'demo-fc-pass');
    const users = (await (await admin.request.get(`${app.url}/api/admin/stats/users?q=demo_admin`)).json()) as {
      users: { id: string }[];
    };
    adminId = users.users[0].id;
    const pages = attackPages(app.url, adminId);
    attacker = createServer((req, res) => {
      const page = pages[req.url ?? ''];
      res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'нет');
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    // Another site: `localhost` is not `127.0.0.1` to the browser (different host, different site).
    attackerUrl = `http://localhost:${(attacker.address() as { port: number }).port}`;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await db?.close();
    await new Promise((resolve) => attacker?.close(resolve));
    await app?.stop();
    if (app) removeDir(app.dataDir);
  });

  it('a navigation to api/admin/kill, an auto-submitted GET form to update_libs and a link to logout are refused; nothing changes', async () => {
    const page = await admin.newPage();
    const errors = watchErrors(admin, [/403 \(Forbidden\)/]);
    const sessionsBefore = await sessionCount();
    const jobBefore = await updateJob(admin.request);
    expect(sessionsBefore).toBeGreaterThanOrEqual(2);

    for (const [path, target, act] of [
      ['/kill', '/api/admin/kill', undefined],
      ['/update-libs', '/api/admin/update_libs', undefined],
      ['/logout', '/auth/logout', (p: Page) => p.getByRole('link', { name: 'Забрать приз' }).click()],
    ] as const) {
      const r = await attack(page, path, target, act);
      // 403 with the CSRF message (not 401): the cookie did arrive, the header could not.
      expect({ path, status: r.status, message: r.body.message }).toEqual({ path, status: 403, message: CSRF_MESSAGE });
      expect(await page.locator('body').innerText()).toContain(CSRF_MESSAGE);
    }
    await screenshot(page, 'cross-site-kill-refused');

    expect(await sessionCount()).toBe(sessionsBefore);
    expect(await session(admin.request)).toMatchObject({ isAuthenticated: true, roles: expect.arrayContaining(['admin']) });
    expect((await session(bystander.request)).isAuthenticated).toBe(true);
    expect(await updateJob(admin.request)).toEqual(jobBefore);
    expect(errors).toEqual([]);
  });

  it('an auto-submitted POST form (removing the admin role) is refused too', async () => {
    const page = await admin.newPage();
    const r = await attack(page, '/drop-role', `/api/admin/stats/users/${adminId}`);
    expect(r.status).toBe(403);
    expect(await session(admin.request)).toMatchObject({ isAuthenticated: true, roles: expect.arrayContaining(['admin']) });
  });

  it("the app's own pages still log out (the SPA sends the header)", async () => {
    const page = await bystander.newPage();
    await page.goto(`${app.url}/account/user/demo_fc`);
    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(/\/account\/login$/);
    expect((await session(bystander.request)).isAuthenticated).toBe(false);
  });
});
