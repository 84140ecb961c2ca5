import { screen, within } from '@testing-library/react';
import type { SrpLossesResponse, SrpRequest, SrpRequestsResponse, SrpSettingsResponse } from '@eve-toolkit/shared-types';
import { setSocketForTests, type AppSocket } from '../../../shared/socket';
import { renderApp, sessionFor, type FetchHandler } from '../../../test/render-app';

/** A socket that never delivers: these tests read what the page shows of the lists it fetched. */
const quietSocket = {
  connected: true,
  recovered: true,
  on: () => undefined,
  off: () => undefined,
  connect: () => quietSocket,
} as unknown as AppSocket;
beforeEach(() => setSocketForTests(quietSocket));
afterEach(() => setSocketForTests(null));

const req = (over: Partial<SrpRequest>): SrpRequest => ({
  id: `r${over.killmail_id ?? 1}`,
  killmail_id: 1,
  killmail_hash: 'a'.repeat(40),
  status: 'pending',
  time: '2026-11-20T18:40:00.000Z',
  character: { id: 2112000009, name: 'Natalia Orlova' },
  ship: { id: 16227, name: 'Ferox' },
  system: { id: 30000142, name: 'Jita' },
  filed_by: 'natalia',
  loss_value: 80_000_000,
  missing: [],
  priced_at: { hub: 2, source: 'history' },
  insurance: null,
  suggested_payout: 80_000_000,
  payout: null,
  paid: null,
  ping: { id: 'p1', name: 'Флот на Ферроксах' },
  doctrine_match: 'partial',
  comment: '',
  decision: null,
  created_at: '2026-11-20T19:00:00.000Z',
  rev: 1,
  ...over,
});

const UNPRICED = { loss_value: null, missing: [{ id: 2048, name: 'Damage Control II', quantity: 1 }], suggested_payout: null };

function api(requests: SrpRequest[], can_manage: boolean): FetchHandler {
  const list: SrpRequestsResponse = { requests, can_manage };
  const losses: SrpLossesResponse = { losses: [], unreadable: [] };
  const settings: SrpSettingsResponse = {
    settings: { hub_id: 2, rule: 'share', share: 1, fixed: {}, minus_insurance: false },
    managers: [],
    can_grant: true,
  };
  return (url) => {
    if (url.endsWith('/auth/corp/srp_requests')) return { body: list };
    if (url.endsWith('/auth/corp/srp_losses')) return { body: losses };
    if (url.endsWith('/auth/corp/srp_settings')) return { body: settings };
    if (url.endsWith('/auth/corp/events')) return { body: { events: [] } };
    if (url.endsWith('/auth/corp/doctrines')) return { body: { doctrines: [], can_manage: true } };
    return undefined;
  };
}

const text = (el: HTMLElement) => el.textContent?.replace(/\s+/g, ' ').trim();

describe('/corp/srp', () => {
  it('the pilot’s requests: each payout in words and ISK, an unknown value named with what has no price, never 0', async () => {
    renderApp('/corp/srp', {
      session: sessionFor('natalia', ['corp']),
      handler: api(
        [
          req({ killmail_id: 1 }),
          req({ killmail_id: 2, ...UNPRICED }),
          req({ killmail_id: 3, status: 'approved', payout: 75_000_000 }),
          req({
            killmail_id: 4,
            status: 'paid',
            payout: 75_000_000,
            paid: { amount: 75_000_000, by: 'boss', at: '2026-11-21T10:00:00.000Z', note: '' },
          }),
          req({
            killmail_id: 5,
            status: 'denied',
            doctrine_match: 'none',
            decision: { by: 'boss', at: '2026-11-21T10:00:00.000Z', reason: 'Не доктрина' },
          }),
          // Another pilot's request is not «Мои заявки».
          req({ killmail_id: 6, filed_by: 'pavel' }),
        ],
        false,
      ),
    });
    const mine = await screen.findByTestId('srp-mine');
    const payout = (id: number) => text(within(within(mine).getByTestId(`mine-${id}`)).getAllByRole('cell')[2]);
    expect(payout(1)).toBe('≈ 80 000 000 ISK');
    expect(payout(2)).toBe('неизвестно: стоимость не оценена');
    expect(payout(3)).toBe('75 000 000 ISK');
    expect(payout(4)).toBe('75 000 000 ISK');
    expect(payout(5)).toBe('нет');
    expect(within(mine).queryByTestId('mine-6')).toBeNull();
    const unpriced = within(mine).getByTestId('mine-2');
    expect(text(within(unpriced).getAllByRole('cell')[1])).toBe('неизвестно: нет цены Damage Control II ×1');
    expect(text(within(unpriced).getAllByRole('cell')[0])).toBe('Ferox — Natalia OrlovaJita, 20.11.2026 18:40 ET');
    // The fleet and the doctrine's verdict are one box (a phone's card puts it beside its label, whole).
    const fleet = within(unpriced).getByTestId('srp-fleet');
    expect(fleet.parentElement).toHaveAttribute('data-label', 'Флот');
    expect(within(fleet).getByText('Флот на Ферроксах')).toBeInTheDocument();
    expect(within(fleet).getByText('Фит отличается')).toBeInTheDocument();
    expect(text(within(within(mine).getByTestId('mine-5')).getAllByRole('cell')[4])).toBe('ОтклоненаНе доктрина');
    expect(screen.queryByRole('heading', { name: /Очередь заявок/ })).toBeNull();
  });

  it('the manager’s report per month: the month in Russian, an unknown loss value «неизвестно», never a partial sum', async () => {
    const r = renderApp('/corp/srp', {
      session: sessionFor('boss', ['corp', 'admin']),
      handler: api(
        [
          req({ killmail_id: 1, time: '2026-11-20T18:40:00.000Z' }),
          req({ killmail_id: 2, time: '2026-11-02T10:00:00.000Z', ...UNPRICED }),
          req({ killmail_id: 3, time: '2026-10-31T23:59:00.000Z', loss_value: 1_234_567 }),
        ],
        true,
      ),
    });
    const reports = await screen.findByRole('region', { name: 'Отчёты' });
    await r.user.click(within(reports).getByText('Месяц'));
    const rows = within(within(reports).getByTestId('srp-report')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map(text))).toEqual([
      ['ноябрь 2026', '2', 'неизвестнобез оценки 1 из 2', '0 ISK', '0 ISK', '0'],
      ['октябрь 2026', '1', '1 234 567 ISK', '0 ISK', '0 ISK', '0'],
    ]);
  });
});
