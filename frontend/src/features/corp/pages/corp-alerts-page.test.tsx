import { screen, within } from '@testing-library/react';
import {
  DELIVERY_MESSAGES,
  type CalendarLinkState,
  type WebhookDelivery,
  type WebhooksResponse,
} from '@eve-toolkit/shared-types';
import { renderApp, sessionFor, type FetchHandler } from '../../../test/render-app';

const MEMBER = sessionFor('Pilot One', ['corp', 'fc']);
const MODERATOR = sessionFor('Elena', ['corp', 'industrialist']);
const TOKEN = 'A'.repeat(43);

type Reply = { status?: number; body?: unknown };
/** Answers `METHOD path` and records the bodies of unsafe calls. */
function api(routes: Record<string, Reply | ((body: unknown) => Reply)>) {
  const sent: { path: string; body: unknown }[] = [];
  const handler: FetchHandler = (url, init) => {
    const method = init?.method ?? 'GET';
    const path = url.replace(/^\//, '');
    const route = routes[`${method} ${path}`];
    if (!route) return undefined;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ path, body });
    return typeof route === 'function' ? route(body) : route;
  };
  return { handler, sent };
}

const delivery = (d: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'd1',
  webhook_id: 'w1',
  webhook_name: 'Discord',
  event_id: 'e1',
  event_name: 'Роум',
  kind: 'created',
  status: 'sent',
  attempts: 1,
  code: 204,
  error: null,
  created_at: '2026-11-26T12:00:00.000Z',
  updated_at: '2026-11-26T12:00:01.000Z',
  next_at: null,
  ...d,
});

describe('/corp/alerts', () => {
  it('a member takes a calendar link (shown with the site address), then revokes it; no webhooks for them', async () => {
    let state: CalendarLinkState = { active: false, created_at: null };
    const calls = api({
      'GET auth/corp/calendar': () => ({ body: state }),
      'POST auth/corp/calendar_link': () => {
        state = { active: true, created_at: '2026-11-26T12:00:00.000Z' };
        return { body: { path: `/api/calendar/${TOKEN}.ics`, created_at: state.created_at } };
      },
      'POST auth/corp/revoke_calendar': () => {
        state = { active: false, created_at: null };
        return { body: state };
      },
    });
    const { user } = renderApp('/corp/alerts', { session: MEMBER, handler: calls.handler });
    await user.click(await screen.findByRole('button', { name: 'Получить ссылку' }));
    expect(await screen.findByLabelText('Ваша ссылка на календарь')).toHaveValue(
      `${window.location.origin}/api/calendar/${TOKEN}.ics`,
    );
    expect(screen.getByRole('button', { name: 'Копировать' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Отозвать ссылку' }));
    expect(await screen.findByRole('button', { name: 'Получить ссылку' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Ваша ссылка на календарь')).not.toBeInTheDocument();
    expect(calls.sent.map((s) => s.path)).toEqual(['auth/corp/calendar_link', 'auth/corp/revoke_calendar']);
    expect(screen.queryByRole('heading', { name: 'Вебхуки пингов' })).not.toBeInTheDocument();
  });

  it('a moderator sees the webhooks masked, the log with statuses, and the server’s refusal of a bad address', async () => {
    const hooks: WebhooksResponse = {
      webhooks: [
        {
          id: 'w1',
          name: 'Discord',
          url: 'https://discord.com/…k9Zq',
          enabled: true,
          created_at: '2026-11-26T11:00:00.000Z',
          created_by: 'Elena',
        },
      ],
      deliveries: [
        delivery({ id: 'd1' }),
        delivery({ id: 'd2', status: 'failed', code: 404, error: 'Сервер ответил 404', kind: 'updated' }),
      ],
    };
    const calls = api({
      'GET auth/corp/calendar': { body: { active: false, created_at: null } },
      'GET auth/corp/webhooks': { body: hooks },
      'POST auth/corp/add_webhook': {
        status: 400,
        body: { statusCode: 400, code: 'BAD_REQUEST', message: DELIVERY_MESSAGES.privateAddress },
      },
      'POST auth/corp/test_webhook': { body: { delivery: delivery({ id: 'd3', kind: 'test', status: 'pending' }) } },
    });
    const { user } = renderApp('/corp/alerts', { session: MODERATOR, handler: calls.handler });
    const region = await screen.findByRole('region', { name: 'Вебхуки пингов' });
    const row = await within(region).findByRole('row', { name: /Discord https:\/\/discord\.com\/…k9Zq/ });
    expect(within(row).getByRole('switch', { name: 'Вебхук «Discord» включён' })).toBeChecked();
    const log = within(region).getByTestId('deliveries');
    expect(within(log).getByTestId('delivery-d1')).toHaveTextContent('Доставлено');
    expect(within(log).getByTestId('delivery-d2')).toHaveTextContent('ИзменениеОшибка1404 · Сервер ответил 404');

    await user.type(within(region).getByLabelText(/Название/), 'Локальный');
    await user.type(within(region).getByLabelText(/Адрес вебхука/), 'https://10.0.0.1/hook');
    await user.click(within(region).getByRole('button', { name: 'Добавить' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(DELIVERY_MESSAGES.privateAddress);

    await user.click(within(region).getByRole('button', { name: 'Проверить вебхук «Discord»' }));
    expect(calls.sent.map((s) => [s.path, s.body])).toEqual([
      ['auth/corp/add_webhook', { name: 'Локальный', url: 'https://10.0.0.1/hook' }],
      ['auth/corp/test_webhook', { id: 'w1' }],
    ]);
  });
});
