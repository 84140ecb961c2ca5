/**
 * The admin area in real Chromium against the demo app, with a corporation member in a second
 * browser context: the member asks for a role and sees it granted live; the admin removes and
 * creates the member's corporation and bans the member's pilot; the granted role, the lost access
 * and the ban reach the member's screens without a reload (after the re-creation the member opens
 * /corp/main afresh: the corp pages' cached 403 answers would redirect again). Everything changed is restored at the end (the demo app is shared).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { newContext, screenshot, useBrowserPage } from './support/browser';
import { loginDemo } from './support/login';

jest.setTimeout(180_000);

const NATALIA = 2112000009; // demo_corp's pilot, in the demo corporation
const DEMO_CORP = 98000001;

/** An admin API call through the page's session (cleanup only). */
async function adminPost(page: Page, path: string, data: object): Promise<number> {
  const { token } = (await (await page.request.get('/auth/get_csrf')).json()) as { token: string };
  return (await page.request.post(path, { data, headers: { 'X-CSRF-Token': token } })).status();
}

describe('admin area in Chromium', () => {
  const s = useBrowserPage();
  let memberContext: BrowserContext;
  afterEach(() => memberContext?.close());

  it('grants a role request, re-creates a corporation and bans a pilot; the member sees each without a reload', async () => {
    const admin = s.page;
    memberContext = await newContext(s.browser);
    const member = await memberContext.newPage();
    await loginDemo(admin, 'demo_admin');
    await loginDemo(member, 'demo_corp');
    const users = (await (await admin.request.get('/api/admin/stats/users?q=demo_corp')).json()) as { users: { id: string }[] };
    const memberId = users.users[0].id;

    try {
      // 1. The member asks for 'ФК'; the admin grants it; the member's page shows it held.
      await member.getByRole('link', { name: 'Корпорация', exact: true }).first().click();
      await member.getByRole('link', { name: 'Запрос роли', exact: true }).first().click();
      await member.getByRole('button', { name: 'Запросить: ФК' }).click();
      const fcRow = member.getByRole('row').filter({ hasText: 'ФК' });
      await fcRow.getByRole('button', { name: 'Ожидается запрос' }).waitFor();

      await admin.getByRole('link', { name: 'Админка', exact: true }).first().click();
      await admin.getByRole('link', { name: 'Запросы ролей', exact: true }).first().click();
      const request = admin.getByTestId('role-request-demo_corp');
      await request.getByRole('button', { name: 'Дать' }).click();
      await request.getByText('Ок').waitFor();
      await fcRow.getByRole('button', { name: 'Уже имеется' }).waitFor();
      await screenshot(admin, 'admin-roles');

      // 2. The member watches the buy list; the admin removes the corporation: access goes at once.
      await member.getByRole('link', { name: 'Главная', exact: true }).first().click();
      await member.waitForURL(/\/corp\/main$/);
      await admin.getByRole('link', { name: 'Корпорации', exact: true }).first().click();
      await admin.getByTestId(`corp-${DEMO_CORP}`).getByRole('button', { name: 'Удалить Demo Mining Syndicate' }).click();
      await admin.getByTestId(`corp-${DEMO_CORP}`).waitFor({ state: 'detached' });
      await member.waitForURL(/\/market\/list$/);

      // The admin creates it again (ID, name, type 'Основа'): the member opens the corporation area again, no reload.
      await admin.getByRole('textbox', { name: 'ID корпорации' }).fill(String(DEMO_CORP));
      await admin.getByRole('textbox', { name: 'Название корпорации' }).fill('Demo Mining Syndicate');
      await admin.getByRole('combobox', { name: 'Тип', exact: true }).selectOption('0');
      await admin.getByRole('button', { name: 'Сохранить' }).click();
      await admin.getByTestId(`corp-${DEMO_CORP}`).waitFor();
      expect(await admin.getByRole('combobox', { name: 'Тип корпорации Demo Mining Syndicate' }).inputValue()).toBe('0');
      await screenshot(admin, 'admin-corps');
      // The member's cached corporation answers are the 403s from a moment ago (the corp pages redirect
      // on them before refetching), so the member opens the area afresh: access is back.
      await member.goto('/corp/main');
      await member.getByRole('heading', { name: 'Главная' }).waitFor();
      expect(member.url()).toMatch(/\/corp\/main$/);

      // 3. The admin bans the member's pilot: the member's corporation screen goes at once.
      await admin.getByRole('link', { name: 'Бан лист персонажей', exact: true }).first().click();
      await admin.getByRole('textbox', { name: 'ID персонажа' }).fill(String(NATALIA));
      await admin.getByRole('textbox', { name: 'Имя' }).fill('Natalia Orlova');
      await admin.getByRole('textbox', { name: 'Причина' }).fill('Проверка');
      await admin.getByRole('button', { name: 'Сохранить' }).click();
      await admin.getByTestId(`banned-${NATALIA}`).waitFor();
      await member.waitForURL(/\/market\/list$/);
      await screenshot(admin, 'admin-ban');
    } finally {
      // The demo app is shared by every browser test: put things back.
      await adminPost(admin, '/api/admin/ban_chars', { type: 'del', id: NATALIA });
      const corps = (await (await admin.request.get('/api/admin/corps')).json()) as { corps: { id: number }[] };
      if (!corps.corps.some((c) => c.id === DEMO_CORP)) {
        await adminPost(admin, '/api/admin/corps', { type: 'new', id: DEMO_CORP, name: 'Demo Mining Syndicate', corp_type: 0 });
      }
      await adminPost(admin, `/api/admin/stats/users/${memberId}`, { type: 'del_role', role: 'fc' });
    }
  });
});
