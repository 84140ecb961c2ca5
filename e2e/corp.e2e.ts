/**
 * The corporation area live, in real Chromium against the demo app (fake ESI and SSO), with three
 * browser contexts: two members of the demo corporation and a newcomer in another corporation.
 *
 * - The newcomer registers, links Jon Doe (corporation 98000002) on the local SSO, requests
 *   'Сокорп' on /corp/roles; an admin registers that corporation and grants the role, and the
 *   newcomer's page turns to 'Уже имеется' without a reload.
 * - The demo industrialist changes a project's status in the UI and the demo fc sees it change on
 *   the same page without a reload; the fc creates a ping and the industrialist sees it appear.
 * - The newcomer, watching their own corporation's pings and projects in two tabs the whole time,
 *   sees none of it: after the other corporation's changes an admin refuses another request of
 *   theirs, that decision arrives in both tabs (the marker: the socket delivered everything sent
 *   before it), and the lists are still empty.
 * - The industrialist calculates a Rifter in the calculator the app composes into
 *   /corp/new_project, creates the project and lands on it with its jobs.
 */
import type { Page } from 'playwright-core';
import type { AdminRoleRequestsResponse } from '@eve-toolkit/shared-types';
import { screenshot } from './support/browser';
import { useBrowsers } from './support/browsers';
import { solveCaptcha } from './support/captcha';
import { loginWithPassword } from './support/login';

jest.setTimeout(240_000);

const JON = { id: 2112000003, name: 'Jon Doe', corporation: { id: 98000002, name: 'Northern Freight Union' } };

/** Registers a fresh account, logs in and links a pilot on the local EVE SSO. */
async function newcomer(page: Page, name: string, pilot: string): Promise<void> {
  await page.goto('/account/register');
  await page.getByLabel('Логин').fill(name);
  await page.getByLabel('Пароль', { exact: true }).fill('секрет-123');
  await page.getByLabel('Повтор пароля').fill('секрет-123');
  await page.getByLabel('Принимаю').check();
  const registerCaptcha = solveCaptcha(page);
  await page.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await registerCaptcha;
  await page.waitForURL(/\/account\/register_done$/);
  await loginWithPassword(page, name, 'секрет-123');
  await page.getByRole('button', { name: 'Войти через EVE Online' }).click();
  await page.getByRole('heading', { name: 'Выберите персонажа' }).waitFor();
  await page.getByRole('link', { name: pilot }).click();
  await page.getByText('Персонаж привязан.').waitFor();
}

/** An admin call through the admin's own session (cookies) with its CSRF token. */
async function adminPost(page: Page, path: string, data: object): Promise<unknown> {
  const { token } = (await (await page.request.get('/auth/get_csrf')).json()) as { token: string };
  const res = await page.request.post(path, { data, headers: { 'X-CSRF-Token': token } });
  expect(res.status()).toBe(200);
  return res.json();
}

async function decide(admin: Page, username: string, role: string, type: 'add' | 'del'): Promise<void> {
  const list = (await (await admin.request.get('/api/admin/stats/role_requests')).json()) as AdminRoleRequestsResponse;
  const request = list.requests.find((r) => r.user.username === username && r.role === role);
  expect(request).toBeDefined();
  await adminPost(admin, '/api/admin/stats/role_requests', { req_id: request!.id, type });
}

/** Marks the document; a reload or a full navigation would lose the mark. */
const mark = (page: Page) => page.evaluate(() => void ((window as unknown as { __mark: number }).__mark = 1));
const stillMarked = (page: Page) => page.evaluate(() => (window as unknown as { __mark?: number }).__mark === 1);

describe('corporation area live in Chromium', () => {
  const browsers = useBrowsers();

  it('two members see a status change and a new ping live; a member of another corporation sees nothing of it', async () => {
    const industrialist = await browsers.signIn('demo_industrialist');
    const fc = await browsers.signIn('demo_fc');
    const outsider = await browsers.open();
    // Setup only: registers the corporation and decides role requests (admin API).
    const admin = await browsers.signIn('demo_admin');

    // The newcomer asks for the corporation role; the admin registers Jon's corporation and grants it.
    const name = `nfu_${Date.now().toString(36)}`;
    await newcomer(outsider, name, JON.name);
    await outsider.goto('/corp/roles');
    await outsider.getByRole('heading', { name: 'Запрос роли' }).waitFor();
    await outsider.getByRole('button', { name: 'Запросить: Сокорп' }).click();
    await outsider.getByTestId('role-corp').getByRole('button', { name: 'Ожидается запрос' }).waitFor();
    await mark(outsider);
    await adminPost(admin, '/api/admin/corps', { type: 'new', id: JON.corporation.id, name: JON.corporation.name, corp_type: 0 });
    await decide(admin, name, 'corp', 'add');
    await outsider.getByTestId('role-corp').getByRole('button', { name: 'Уже имеется' }).waitFor();
    await outsider.getByText('Роль «Сокорп» выдана').waitFor();
    // The session refetched: the top menu offers the corporation now.
    await outsider.getByRole('link', { name: 'Корпорация' }).first().waitFor();
    expect(await stillMarked(outsider)).toBe(true);

    // A second request, decided later as the marker event; then the newcomer watches pings and projects.
    await outsider.getByRole('button', { name: 'Запросить: Копатель' }).click();
    await outsider.getByTestId('role-miner').getByRole('button', { name: 'Ожидается запрос' }).waitFor();
    await outsider.getByRole('navigation', { name: 'Меню корпорации' }).getByRole('link', { name: 'Пинги' }).click();
    await outsider.getByText('Событий пока нет').waitFor();
    const outsiderProjects = await outsider.context().newPage();
    await outsiderProjects.goto('/corp/projects');
    await outsiderProjects.getByText('Проектов пока нет').waitFor();

    // Both members open the same project of the demo corporation.
    await industrialist.goto('/corp/projects');
    await industrialist.getByRole('link', { name: 'Топливо для цитадели' }).click();
    await industrialist.waitForURL(/\/corp\/projects\/[0-9a-f]{24}$/);
    const projectUrl = new URL(industrialist.url()).pathname;
    await fc.goto(projectUrl);
    const fcStatus = fc.getByTestId('project-status');
    expect(await fcStatus.textContent()).toBe('СТРОИТСЯ');
    expect(await fc.getByRole('combobox', { name: 'Статус проекта' }).count()).toBe(0);
    await mark(fc);

    // The industrialist (a moderator) changes the status; the fc's page follows without a reload.
    await industrialist.getByRole('combobox', { name: 'Статус проекта' }).click();
    await industrialist.getByRole('option', { name: 'В ПРОДАЖЕ' }).click();
    await industrialist.getByTestId('project-status').filter({ hasText: 'В ПРОДАЖЕ' }).waitFor();
    await fc.getByTestId('project-status').filter({ hasText: 'В ПРОДАЖЕ' }).waitFor();
    expect(await fcStatus.getAttribute('data-status')).toBe('sale');
    expect(await stillMarked(fc)).toBe(true);
    await screenshot(fc, 'corp-project-live');

    // The fc creates a ping; the industrialist, on the pings page, sees it appear.
    await industrialist.getByRole('navigation', { name: 'Меню корпорации' }).getByRole('link', { name: 'Пинги' }).click();
    await industrialist.getByText('Домашняя оборона').waitFor();
    expect(await industrialist.getByRole('form', { name: 'Новый пинг' }).count()).toBe(0);
    await mark(industrialist);
    await fc.getByRole('navigation', { name: 'Меню корпорации' }).getByRole('link', { name: 'Пинги' }).click();
    const form = fc.getByRole('form', { name: 'Новый пинг' });
    await form.getByLabel('Название').fill('Роум по лоусеку');
    // Three days ahead in EVE time (UTC): upcoming pings are listed.
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const [y, m, d] = day.split('-');
    // One field «ДД.ММ.ГГГГ ЧЧ:ММ», 24-hour, in EVE time.
    await form.getByRole('textbox', { name: /Начало \(ET\)/ }).fill(`${d}.${m}.${y} 19:30`);
    await form.getByLabel('Тип').selectOption('roam');
    await form.getByLabel('Описание').fill('Сбор в доме');
    await form.getByRole('button', { name: 'Создать пинг' }).click();
    const seen = industrialist.getByTestId(/^event-[0-9a-f]{24}$/).filter({ hasText: 'Роум по лоусеку' });
    await seen.waitFor();
    expect(await seen.getByTestId('event-et').textContent()).toBe(`${d}.${m}.${y} 19:30 ET`);
    expect(await seen.innerText()).toContain('Сбор в доме');
    expect(await stillMarked(industrialist)).toBe(true);
    await screenshot(industrialist, 'corp-ping-live');

    // The marker: decided after everything above, it reaches both of the newcomer's tabs ...
    await decide(admin, name, 'miner', 'del');
    await outsider.getByText('В роли «Копатель» отказано').waitFor();
    await outsiderProjects.getByText('В роли «Копатель» отказано').waitFor();
    // ... which still show only their own corporation's (empty) lists.
    expect(await outsider.getByText('Событий пока нет').count()).toBe(1);
    expect(await outsider.getByText('Роум по лоусеку').count()).toBe(0);
    expect(await outsiderProjects.getByText('Проектов пока нет').count()).toBe(1);
    expect(await outsiderProjects.getByText('Топливо для цитадели').count()).toBe(0);
    await screenshot(outsiderProjects, 'corp-outsider');

    expect(browsers.errors()).toEqual([]);
  });

  it('a new project is calculated in the industry calculator on /corp/new_project and opens with its jobs', async () => {
    const page = await browsers.signIn('demo_industrialist', { path: '/corp/new_project' });
    await page.getByLabel('Название проекта').fill('Рифтеры из калькулятора');
    // The calculator the app composed into the page (features/industry, through app/pages).
    await page.getByRole('combobox', { name: /Предмет/ }).fill('Rifter Blue');
    await page.getByRole('option', { name: 'Rifter', exact: true }).click();
    await page.getByRole('combobox', { name: /Система/ }).fill('jit');
    await page.getByRole('option', { name: 'Jita (0,9)' }).click();
    const [calculated] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/data/industry/job') && r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Рассчитать' }).click(),
    ]);
    expect(calculated.status()).toBe(200);
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/auth/corp/add_project')),
      page.getByRole('button', { name: 'Создать проект' }).click(),
    ]);
    expect(created.status()).toBe(200);
    const sent = JSON.parse(created.request().postData() ?? '{}') as { name: string; jobs: { id: number; runs: number }[] };
    expect(sent.name).toBe('Рифтеры из калькулятора');
    expect(sent.jobs).toContainEqual(expect.objectContaining({ id: 587, runs: 1 })); // the root: Rifter, one run
    const { project } = (await created.json()) as { project: { id: string } };
    await page.waitForURL(new RegExp(`/corp/projects/${project.id}$`));
    await page.getByRole('heading', { name: 'Рифтеры из калькулятора' }).waitFor();
    await screenshot(page, 'corp-new-project-created');
    expect(browsers.errors()).toEqual([]);
  });
});
