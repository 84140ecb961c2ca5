import { screen, waitFor, within } from '@testing-library/react';
import type { AdminCharacter, CharacterFlag, CharacterFlagsResponse, CharacterHistoryResponse } from '@eve-toolkit/shared-types';
import { setSocketForTests, type AppSocket } from '../../../shared/socket';
import { plain } from '../../../test/text';
import { renderApp, sessionFor, type FetchHandler } from '../../../test/render-app';

const query = (url: string) => new URLSearchParams(url.split('?')[1]);
const ADMIN = sessionFor('Ada Admin', ['admin']);
const AT = '2030-03-02T04:00:00.000Z';

const flag = (id: string, patch: Partial<CharacterFlag>): CharacterFlag => ({
  id,
  character: { id: 2112000002, name: 'Anna Sokolova' },
  kind: 'corporation',
  from: 'Demo Mining Syndicate',
  to: 'Northern Freight Union',
  at: AT,
  acknowledged: null,
  ...patch,
});
const CORP = flag('a'.repeat(24), {});
const WALLET = flag('b'.repeat(24), {
  character: { id: 2112000005, name: 'Dmitri Volkov' },
  kind: 'wallet_drop',
  from: 12_500_000_000,
  to: 2_000_000_000,
});

const list = (flags: CharacterFlag[]): CharacterFlagsResponse => ({
  flags,
  total: flags.length,
  page: 1,
  page_size: 20,
  run: { id: 'r', started_at: AT, finished_at: AT, checked: 3, flagged: 2 },
  interval_hours: 24,
});

beforeEach(() =>
  setSocketForTests({
    connected: true,
    on: () => undefined,
    off: () => undefined,
    connect: () => undefined,
  } as unknown as AppSocket),
);
afterEach(() => setSocketForTests(null));

describe('/best_admin/chars?view=flags', () => {
  it('lists new changes (who, what, from -> to) and acknowledging one takes it off the list', async () => {
    let acked: string[] = [];
    const handler: FetchHandler = (url, init) => {
      if (url.endsWith('/api/admin/char_flags/ack') && init?.method === 'POST') {
        acked = (JSON.parse(String(init.body)) as { ids: string[] }).ids;
        return { body: { acknowledged: acked.length } };
      }
      if (url.includes('/api/admin/char_flags?')) {
        expect(query(url).get('status')).toBe('open');
        return { body: list([CORP, WALLET].filter((f) => !acked.includes(f.id))) };
      }
      return undefined;
    };
    const { user } = renderApp('/best_admin/chars?view=flags', { session: ADMIN, handler });
    expect(await screen.findByRole('heading', { name: 'Изменения персонажей' })).toBeInTheDocument();
    const wallet = await screen.findByTestId('flag-2112000005-wallet_drop');
    expect(within(wallet).getByRole('link', { name: 'Dmitri Volkov' })).toHaveAttribute('href', '/best_admin/chars/2112000005');
    expect(plain(wallet.textContent)).toContain('Кошелёк уменьшился12 500 000 000,00 ISK2 000 000 000,00 ISK');
    const corp = screen.getByTestId('flag-2112000002-corporation');
    expect(corp).toHaveTextContent('Сменил корпорациюDemo Mining SyndicateNorthern Freight Union');
    expect(plain(screen.getByText(/Последняя:/).textContent)).toContain('каждые 24 часа');

    await user.click(screen.getByRole('button', { name: 'Отметить просмотренным: Anna Sokolova, Сменил корпорацию' }));
    expect(acked).toEqual([CORP.id]);
    await screen.findByText('Dmitri Volkov');
    expect(await screen.findByTestId('flag-2112000005-wallet_drop')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('flag-2112000002-corporation')).toBeNull());
  });

  it('filters by kind and shows who acknowledged a change under «Все»', async () => {
    const seen: string[] = [];
    const handler: FetchHandler = (url) => {
      if (!url.includes('/api/admin/char_flags?')) return undefined;
      const q = query(url);
      seen.push(`${q.get('status')}:${q.get('kind') ?? ''}`);
      if (q.get('status') === 'all') return { body: list([{ ...CORP, acknowledged: { by: 'ada', at: AT } }]) };
      return { body: list([]) };
    };
    const { user } = renderApp('/best_admin/chars?view=flags', { session: ADMIN, handler });
    expect(await screen.findByText('Новых изменений нет')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Вид изменения'), 'Сменил корпорацию');
    await user.click(screen.getByText('Все'));
    const row = await screen.findByTestId('flag-2112000002-corporation');
    expect(row).toHaveTextContent(/ada, /);
    expect(within(row).queryByRole('button')).toBeNull();
    expect(seen).toEqual(['open:', 'open:corporation', 'all:corporation']);
  });
});

describe('/best_admin/chars?view=flags: «Проверить всех сейчас»', () => {
  it('starts a run; while it goes the line says so and the button waits', async () => {
    let started = false;
    const handler: FetchHandler = (url, init) => {
      if (url.endsWith('/api/admin/char_checks/run') && init?.method === 'POST') {
        started = true;
        return { body: { started: true } };
      }
      if (url.includes('/api/admin/char_flags?')) {
        const body = list([]);
        return { body: started ? { ...body, run: { ...body.run!, finished_at: null, checked: 1, flagged: 0 } } : body };
      }
      return undefined;
    };
    const { user } = renderApp('/best_admin/chars?view=flags', { session: ADMIN, handler });
    const button = await screen.findByRole('button', { name: 'Проверить всех сейчас' });
    expect(button).toBeEnabled();
    await user.click(button);
    expect(await screen.findByText(/\(идёт\)/)).toBeInTheDocument();
    expect(started).toBe(true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Проверить всех сейчас' })).toBeDisabled());
  });
});

describe("/best_admin/chars/{id}: the scheduled checks' history", () => {
  it('shows each snapshot and the changes of this character', async () => {
    const char: AdminCharacter = {
      id: 2112000002,
      name: 'Anna Sokolova',
      icon: '',
      corporation_id: 98000002,
      corporation_name: 'Northern Freight Union',
      user: null,
      banned: false,
      needs_relink: false,
      linked_at: AT,
      synced_at: null,
      sync_error: null,
      open_flags: 1,
    };
    const history: CharacterHistoryResponse = {
      flags: [CORP],
      history: [
        {
          at: AT,
          snapshot: {
            public: { corporation: { id: 98000002, name: 'Northern Freight Union' }, alliance: null, security_status: -5.3 },
            token: 'valid',
            wallet: 98_765_432.1,
            total_sp: 41_415,
            warning_skills: ['Cynosural Field Theory 3'],
            warning_assets: [],
            banned_contacts: [],
            errors: [],
          },
        },
        {
          at: '2030-03-01T04:00:00.000Z',
          snapshot: {
            public: null,
            token: 'lost',
            wallet: null,
            total_sp: null,
            warning_skills: null,
            warning_assets: null,
            banned_contacts: null,
            errors: ['Персонаж требует повторной привязки: токен ESI отозван'],
          },
        },
      ],
    };
    const handler: FetchHandler = (url) => {
      if (url.endsWith('/api/admin/stats_chars/2112000002/history')) return { body: history };
      if (url.endsWith('/api/admin/stats_chars/2112000002')) return { body: { char } };
      return undefined;
    };
    renderApp('/best_admin/chars/2112000002', { session: ADMIN, handler });
    const section = await screen.findByRole('region', { name: 'История плановых проверок' });
    const snapshots = await within(section).findByRole('table', { name: 'Снимки плановых проверок' });
    const rows = within(snapshots).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(plain(rows[0].textContent)).toContain(
      'Northern Freight Unionнет-5,398 765 432,10 ISK41 415действуетCynosural Field Theory 3',
    );
    expect(rows[1]).toHaveTextContent('не прочитано');
    expect(rows[1]).toHaveTextContent('отозван');
    expect(rows[1]).toHaveTextContent('Персонаж требует повторной привязки: токен ESI отозван');
    expect(within(section).getByRole('table', { name: 'Изменения персонажей' })).toHaveTextContent('Сменил корпорацию');
  });
});
