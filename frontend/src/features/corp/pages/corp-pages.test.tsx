import { act, screen, waitFor, within } from '@testing-library/react';
import {
  CORP_MESSAGES,
  type BuysResponse,
  type Ping,
  type PingsResponse,
  type Project,
  type ProjectResponse,
  type ProjectsResponse,
  type RolesResponse,
} from '@eve-toolkit/shared-types';
import { setSocketForTests, type AppSocket } from '../../../shared/socket';
import { renderApp, sessionFor, TEST_CSRF_TOKEN, type FetchHandler } from '../../../test/render-app';
import { etText, localText } from '../lib/ping-time';
import { DATE_TIME_INVALID } from '../../../shared/ui/date-time-field';
import { plain } from '../../../test/text';
import { fixedClock, startClockAt } from '../../../../../tools/test-clock/fake-clock';

/** A stand-in socket: records listeners so a test can play a server event. */
function fakeSocket() {
  const listeners = new Map<string, Set<(...a: unknown[]) => void>>();
  const socket = {
    connected: true,
    recovered: true,
    on: (ev: string, l: (...a: unknown[]) => void) => void (listeners.get(ev) ?? listeners.set(ev, new Set()).get(ev)!).add(l),
    off: (ev: string, l: (...a: unknown[]) => void) => void listeners.get(ev)?.delete(l),
    connect: () => socket,
  };
  const emit = (ev: string, payload: unknown) => act(() => listeners.get(ev)?.forEach((l) => l(payload)));
  return { socket: socket as unknown as AppSocket, emit, listeners };
}

let live: ReturnType<typeof fakeSocket>;
beforeEach(() => {
  live = fakeSocket();
  setSocketForTests(live.socket);
});
afterEach(() => setSocketForTests(null));

const MEMBER = sessionFor('Pilot One', ['corp']);
const MODERATOR = sessionFor('Elena', ['corp', 'industrialist']);

type Reply = { status?: number; body?: unknown };
/** Answers `METHOD path` (path without the leading slash) and records the bodies of unsafe calls. */
function corpApi(routes: Record<string, Reply | ((body: unknown) => Reply)>) {
  const sent: { path: string; body: unknown; csrf: string | undefined }[] = [];
  const handler: FetchHandler = (url, init) => {
    const method = init?.method ?? 'GET';
    const path = url.replace(/^\//, '');
    const route = routes[`${method} ${path}`];
    if (!route) return undefined;
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET')
      sent.push({ path, body, csrf: (init?.headers as Record<string, string> | undefined)?.['X-CSRF-Token'] });
    return typeof route === 'function' ? route(body) : route;
  };
  return { handler, sent };
}

const project = (p: Partial<Project> & Pick<Project, 'id' | 'name'>): Project => ({
  desc: '',
  status: 'waiting',
  jobs: [],
  executors: [],
  author: 'demo_fc',
  created_at: '2025-01-10T10:00:00.000Z',
  ...p,
});

const FUEL: Project = project({
  id: 'p1',
  name: 'Топливо',
  desc: 'Блоки на месяц',
  status: 'working',
  jobs: [
    {
      id: 'j1',
      name: 'Helium Fuel Block',
      icon: 'https://images.example/types/4247/icon?size=32',
      type_id: 4247,
      activity_id: 1,
      blueprint_id: 4314,
      type: 'build',
      pay: 15000,
      quantity: 60,
      done: 20,
      executors: [{ char_id: 2112000001, name: 'Ivan Petrov', icon: '', runs: 20 }],
    },
    {
      id: 'j2',
      name: 'Tritanium',
      icon: '',
      type_id: 34,
      activity_id: null,
      blueprint_id: null,
      type: 'buy',
      pay: 5,
      quantity: 5000,
      done: 0,
      executors: [],
    },
  ],
  executors: [{ char_id: 2112000001, name: 'Ivan Petrov', icon: '', runs: 20 }],
});

describe('/corp/main (buy list)', () => {
  it('lists id, icon, name, quantity and price; says so when empty', async () => {
    const buys: BuysResponse = {
      buys: [
        { id: 34, icon: 'https://images.example/types/34/icon?size=32', name: 'Tritanium', quantity: 1_000_000, price: 4.5 },
      ],
      can_moderate: false,
    };
    renderApp('/corp/main', { session: MEMBER, handler: corpApi({ 'GET auth/corp/buys': { body: buys } }).handler });
    const row = await screen.findByTestId('buy-34');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => plain(c.textContent)),
    ).toEqual(['34', '', 'Tritanium', '1 000 000', '4,50']);
    expect(row.querySelector('img')).toHaveAttribute('src', 'https://images.example/types/34/icon?size=32');
    expect(screen.queryByRole('button', { name: 'Сохранить' })).toBeNull();
  });

  it('shows the empty state', async () => {
    renderApp('/corp/main', {
      session: MEMBER,
      handler: corpApi({ 'GET auth/corp/buys': { body: { buys: [], can_moderate: false } } }).handler,
    });
    expect(await screen.findByText('Пока корпорация ничего не покупает')).toBeInTheDocument();
  });

  it('moderators change a row and remove one (quantity 0); the list refetches on buys-changed', async () => {
    let buys: BuysResponse = {
      buys: [
        { id: 34, icon: '', name: 'Tritanium', quantity: 1000, price: 4.5 },
        { id: 35, icon: '', name: 'Pyerite', quantity: 500, price: 9.8 },
      ],
      can_moderate: true,
    };
    const api = corpApi({
      'GET auth/corp/buys': () => ({ body: buys }),
      'POST auth/corp/update_buy': (b) => {
        const body = b as { id: number; quantity: number; price: number };
        buys = {
          ...buys,
          buys: buys.buys
            .map((x) => (x.id === body.id ? { ...x, quantity: body.quantity, price: body.price } : x))
            .filter((x) => x.quantity > 0),
        };
        return { body: buys };
      },
    });
    const r = renderApp('/corp/main', { session: MODERATOR, handler: api.handler });
    const qty = await screen.findByRole('textbox', { name: 'Количество: Tritanium' });
    // Russian formats in the inputs: a decimal comma.
    expect(screen.getByRole('textbox', { name: 'Цена: Pyerite' })).toHaveValue('9,8');
    await r.user.clear(qty);
    await r.user.type(qty, '2500');
    const price = screen.getByRole('textbox', { name: 'Цена: Tritanium' });
    await r.user.clear(price);
    await r.user.type(price, '4,25');
    await r.user.click(within(screen.getByTestId('buy-34')).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toEqual({
      path: 'auth/corp/update_buy',
      body: { id: 34, quantity: 2500, price: 4.25 },
      csrf: TEST_CSRF_TOKEN,
    });

    await r.user.click(within(screen.getByTestId('buy-35')).getByRole('button', { name: 'Убрать' }));
    await waitFor(() => expect(screen.queryByTestId('buy-35')).toBeNull());
    expect(api.sent[1].body).toEqual({ id: 35, quantity: 0, price: 9.8 });

    // Another moderator changed it: the server says so, the page refetches.
    buys = { ...buys, buys: [...buys.buys, { id: 36, icon: '', name: 'Mexallon', quantity: 7, price: 50 }] };
    live.emit('corp:buys-changed', { corporationId: 98000001 });
    expect(await screen.findByTestId('buy-36')).toHaveTextContent('Mexallon');
  });

  it('shows the server refusal in Russian', async () => {
    const api = corpApi({
      'GET auth/corp/buys': {
        body: { buys: [{ id: 34, icon: '', name: 'Tritanium', quantity: 1, price: 1 }], can_moderate: true },
      },
      'POST auth/corp/update_buy': {
        status: 400,
        body: { statusCode: 400, code: 'VALIDATION', message: CORP_MESSAGES.priceStep },
      },
    });
    const r = renderApp('/corp/main', { session: MODERATOR, handler: api.handler });
    const qty = await screen.findByRole('textbox', { name: 'Количество: Tritanium' });
    await r.user.type(qty, '0');
    await r.user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CORP_MESSAGES.priceStep);
  });

  it('401/403 from a corporation call leads to /market/list', async () => {
    const { router } = renderApp('/corp/main', {
      session: MEMBER,
      handler: corpApi({
        'GET auth/corp/buys': { status: 403, body: { statusCode: 403, code: 'FORBIDDEN', message: CORP_MESSAGES.notMember } },
      }).handler,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/market/list'));
  });
});

describe('/corp/events (pings)', () => {
  const PING: Ping = {
    id: 'e1',
    name: 'Домашняя оборона',
    desc: 'Все в доки',
    type: 'home def',
    icon: 'https://images.example/types/22456/icon?size=32',
    date: '2025-01-11T18:00:00.000Z',
    author: 'demo_fc',
    formup: null,
    doctrine: '',
    doctrine_ref: null,
    comms: '',
    srp: false,
    fc: '',
    rsvp: { yes: 0, no: 0, maybe: 0, mine: null },
    can_edit: false,
    updated_at: '2025-01-10T12:00:00.000Z',
    cancelled: null,
  };
  const VIEWER = { username: 'demo_corp', admin: false, characters: [] };

  it('lists pings in local time and ET; no form without can_create; empty state', async () => {
    renderApp('/corp/events', {
      session: MEMBER,
      handler: corpApi({ 'GET auth/corp/events': { body: { events: [PING], can_create: false, viewer: VIEWER } } }).handler,
    });
    const card = await screen.findByTestId('event-e1');
    expect(card).toHaveTextContent('Домашняя оборона');
    expect(card).toHaveTextContent('Защита дома');
    expect(card).toHaveTextContent('Все в доки');
    // One Russian 24-hour format: ET and the reader's own time alike.
    expect(within(card).getByTestId('event-et')).toHaveTextContent('11.01.2025 18:00 ET');
    expect(within(card).getByTestId('event-local')).toHaveTextContent(/^\d\d\.\d\d\.2025 \d\d:\d\d$/);
    expect(within(card).getByTestId('event-local')).toHaveTextContent(localText(PING.date));
    expect(etText(PING.date)).toBe('11.01.2025 18:00 ET');
    expect(screen.queryByRole('form', { name: 'Новый пинг' })).toBeNull();
  });

  it('says "Событий пока нет" when there are none', async () => {
    renderApp('/corp/events', {
      session: MEMBER,
      handler: corpApi({ 'GET auth/corp/events': { body: { events: [], can_create: false, viewer: VIEWER } } }).handler,
    });
    expect(await screen.findByText('Событий пока нет')).toBeInTheDocument();
  });

  describe('/corp/events: pings a fleet runs from (issue 27)', () => {
    // The wall clock starts at a fixed instant (only Date is faked; timers stay real), also in
    // the date sweep: every input here is relative to it, the calendar arithmetic is in
    // lib/pings.test.ts.
    const NOW = new Date('2026-11-26T12:00:00Z');
    beforeAll(() => startClockAt(NOW));
    // Back to the sweep's clock (TEST_NOW) or the real one for the tests after these.
    afterAll(() => (process.env.TEST_NOW ? void fixedClock(process.env.TEST_NOW) : jest.useRealTimers()));
    const inMinutes = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();
    const FLEET = (): Ping => ({
      ...PING,
      id: 'f1',
      name: 'Стратоп',
      date: inMinutes(90),
      formup: { id: 30000142, name: 'Jita', security: 0.945913 },
      doctrine: 'Ферроксы',
      comms: 'Mumble: Флот 1',
      srp: true,
      fc: 'Ivan Petrov',
      rsvp: { yes: 3, no: 1, maybe: 0, mine: 'yes' },
    });
    const viewer = { username: 'pilot_one', admin: false, characters: ['Mira Kestrel'] };

    it('shows formup with its security, doctrine, comms, SRP, FC, ET, local time, a countdown and the answers', async () => {
      renderApp('/corp/events', {
        session: MEMBER,
        handler: corpApi({ 'GET auth/corp/events': { body: { events: [FLEET()], can_create: false, viewer } } }).handler,
      });
      const card = await screen.findByTestId('event-f1');
      expect(within(card).getByTestId('event-formup')).toHaveTextContent('Сбор: Jita (0,9)');
      expect(within(card).getByTestId('event-doctrine')).toHaveTextContent('Доктрина: Ферроксы');
      expect(within(card).getByTestId('event-comms')).toHaveTextContent('Связь: Mumble: Флот 1');
      expect(within(card).getByTestId('event-fc')).toHaveTextContent('ФК: Ivan Petrov');
      expect(within(card).getByTestId('event-srp')).toHaveTextContent('СРП');
      expect(within(card).getByTestId('event-et')).toHaveTextContent(etText(inMinutes(90)));
      expect(within(card).getByTestId('event-local')).toHaveTextContent(localText(inMinutes(90)));
      expect(within(card).getByTestId('event-countdown')).toHaveTextContent('через 1ч 30м');
      expect(within(card).getByRole('button', { name: 'Буду · 3' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(card).getByRole('button', { name: 'Не буду · 1' })).toHaveAttribute('aria-pressed', 'false');
      expect(within(card).queryByRole('button', { name: 'Изменить' })).toBeNull();
    });

    it('answers, and live changes: counts from the room, "mine" from another tab, edits, cancels, a ping naming me as FC', async () => {
      const api = corpApi({
        'GET auth/corp/events': { body: { events: [FLEET()], can_create: false, viewer } },
        'POST auth/corp/rsvp_event': (body) => ({
          body: { event: { ...FLEET(), rsvp: { yes: 2, no: 1, maybe: 1, mine: (body as { answer: 'maybe' }).answer } } },
        }),
      });
      const r = renderApp('/corp/events', { session: MEMBER, handler: api.handler });
      const card = await screen.findByTestId('event-f1');
      await r.user.click(within(card).getByRole('button', { name: 'Может быть · 0' }));
      expect(await within(card).findByRole('button', { name: 'Может быть · 1' })).toHaveAttribute('aria-pressed', 'true');
      expect(api.sent.map((s) => [s.path, s.body])).toEqual([['auth/corp/rsvp_event', { id: 'f1', answer: 'maybe' }]]);

      // Someone else answered: new counts, my answer stays mine.
      live.emit('corp:ping-updated', {
        corporationId: 98000001,
        ping: { ...FLEET(), rsvp: { yes: 3, no: 1, maybe: 1, mine: null } },
        reason: 'rsvp',
      });
      expect(await within(card).findByRole('button', { name: 'Буду · 3' })).toHaveAttribute('aria-pressed', 'false');
      expect(within(card).getByRole('button', { name: 'Может быть · 1' })).toHaveAttribute('aria-pressed', 'true');
      // I answered in another tab.
      live.emit('corp:ping-answered', { corporationId: 98000001, pingId: 'f1', answer: 'no' });
      expect(await within(card).findByRole('button', { name: 'Не буду · 1' })).toHaveAttribute('aria-pressed', 'true');
      // The FC moved the fleet an hour later and changed the doctrine.
      live.emit('corp:ping-updated', {
        corporationId: 98000001,
        ping: { ...FLEET(), date: inMinutes(150), doctrine: 'Кормораны', rsvp: { yes: 3, no: 1, maybe: 1, mine: null } },
        reason: 'edit',
      });
      await waitFor(() => expect(within(card).getByTestId('event-doctrine')).toHaveTextContent('Кормораны'));
      expect(within(card).getByTestId('event-countdown')).toHaveTextContent('через 2ч 30м');
      expect(screen.getByTestId('live-announcer')).toHaveTextContent('Пинг «Стратоп» изменён');
      // A new ping naming my character as FC: mine to edit.
      live.emit('corp:ping-created', {
        corporationId: 98000001,
        ping: { ...FLEET(), id: 'f2', name: 'Мой флот', fc: 'Mira Kestrel' },
      });
      const mineToRun = await screen.findByTestId('event-f2');
      expect(within(mineToRun).getByRole('button', { name: 'Изменить' })).toBeInTheDocument();
      // Cancelled: the card stays, struck through, who and when; no more answers.
      const cancelled = { by: 'demo_fc', at: inMinutes(-5) };
      live.emit('corp:ping-updated', {
        corporationId: 98000001,
        ping: { ...FLEET(), date: inMinutes(150), rev: 9, cancelled, rsvp: { yes: 3, no: 1, maybe: 1, mine: null } },
        reason: 'cancel',
      });
      live.emit('corp:ping-cancelled', { corporationId: 98000001, pingId: 'f1' });
      expect(await within(card).findByTestId('event-cancelled')).toHaveTextContent(
        `Отменил demo_fc ${localText(inMinutes(-5))} (ваше время)`,
      );
      expect(card).toHaveAttribute('data-cancelled', 'true');
      expect(within(card).getByTestId('event-name')).toHaveStyle({ textDecoration: 'line-through' });
      expect(within(card).getByTestId('event-cancelled-badge')).toHaveTextContent('Отменён');
      expect(within(card).getByRole('button', { name: 'Не буду · 1' })).toBeDisabled();
      expect(within(card).queryByTestId('event-countdown')).toBeNull();
      expect(screen.getByTestId('live-announcer')).toHaveTextContent('Пинг «Стратоп» отменён');
    });

    it('the author edits in place and cancels after confirming', async () => {
      const mine = { ...FLEET(), can_edit: true };
      const api = corpApi({
        'GET auth/corp/events': { body: { events: [mine], can_create: false, viewer } },
        'POST auth/corp/update_event': (body) => ({ body: { event: { ...mine, ...(body as object), date: mine.date } } }),
        'POST auth/corp/delete_event': {
          body: { ok: true, event: { ...mine, rev: 5, cancelled: { by: 'pilot_one', at: inMinutes(0) } } },
        },
      });
      const r = renderApp('/corp/events', { session: MEMBER, handler: api.handler });
      const card = await screen.findByTestId('event-f1');
      await r.user.click(within(card).getByRole('button', { name: 'Изменить' }));
      const form = await within(card).findByRole('form', { name: 'Изменить пинг' });
      expect(within(form).getByRole('textbox', { name: /Название/ })).toHaveValue('Стратоп');
      // 90 minutes after 26.11.2026 12:00 ET, in the one Russian 24-hour format.
      expect(within(form).getByRole('textbox', { name: /Начало \(ET\)/ })).toHaveValue('26.11.2026 13:30');
      expect(within(form).getByRole('combobox', { name: 'Сбор (система)' })).toHaveValue('Jita (0,9)');
      const doctrine = within(form).getByRole('textbox', { name: 'Доктрина' });
      await r.user.clear(doctrine);
      await r.user.type(doctrine, 'Кормораны');
      await r.user.click(within(form).getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(within(card).getByTestId('event-doctrine')).toHaveTextContent('Кормораны'));
      expect(api.sent[0]).toMatchObject({
        path: 'auth/corp/update_event',
        body: {
          id: 'f1',
          name: 'Стратоп',
          desc: mine.desc,
          type: mine.type,
          date: mine.date.slice(0, 10),
          time: mine.date.slice(11, 16),
          formup: 30000142,
          doctrine: 'Кормораны',
          comms: 'Mumble: Флот 1',
          srp: true,
          fc: 'Ivan Petrov',
        },
      });
      expect(within(card).queryByRole('form')).toBeNull();

      await r.user.click(within(card).getByRole('button', { name: 'Отменить пинг' }));
      expect(api.sent).toHaveLength(1);
      await r.user.click(within(card).getByRole('button', { name: 'Да, отменить' }));
      expect(await within(card).findByTestId('event-cancelled')).toHaveTextContent('Отменил pilot_one');
      expect(within(card).queryByRole('button', { name: 'Изменить' })).toBeNull();
      expect(api.sent[1]).toMatchObject({ path: 'auth/corp/delete_event', body: { id: 'f1' } });
    });

    it('can_create: the next full hour ET, misc and my first character as FC by default; the new ping shows once', async () => {
      const created: Ping = {
        ...PING,
        id: 'e2',
        name: 'Роум',
        desc: '',
        type: 'misc',
        date: inMinutes(60),
        fc: 'Sergei Morozov',
      };
      const api = corpApi({
        'GET auth/corp/events': {
          body: { events: [], can_create: true, viewer: { ...viewer, characters: ['Sergei Morozov'] } } satisfies PingsResponse,
        },
        'POST auth/corp/add_event': { body: { event: created } },
      });
      const r = renderApp('/corp/events', { session: sessionFor('Sergei', ['corp', 'fc']), handler: api.handler });
      const form = await screen.findByRole('form', { name: 'Новый пинг' });
      const start = within(form).getByRole('textbox', { name: /Начало \(ET\)/ });
      expect(start).toHaveValue('26.11.2026 13:00');
      expect(within(form).getByRole('combobox', { name: 'Тип' })).toHaveValue('misc');
      expect(within(form).getByRole('textbox', { name: /ФК/ })).toHaveValue('Sergei Morozov');
      await r.user.click(within(form).getByRole('button', { name: 'Создать пинг' }));
      expect(await within(form).findByText('Введите название')).toBeInTheDocument();
      // Only the date typed: no time yet.
      await r.user.clear(start);
      await r.user.type(start, '26112026');
      expect(start).toHaveValue('26.11.2026');
      await r.user.click(within(form).getByRole('button', { name: 'Создать пинг' }));
      expect(await within(form).findByText(DATE_TIME_INVALID)).toBeInTheDocument();
      // No such day.
      await r.user.clear(start);
      await r.user.type(start, '310220261300');
      expect(start).toHaveValue('31.02.2026 13:00');
      await r.user.click(within(form).getByRole('button', { name: 'Создать пинг' }));
      expect(await within(form).findByText(DATE_TIME_INVALID)).toBeInTheDocument();
      expect(api.sent).toHaveLength(0);

      await r.user.type(within(form).getByRole('textbox', { name: /Название/ }), 'Роум');
      // Digits only: the dots, the space and the colon come by themselves.
      await r.user.clear(start);
      await r.user.type(start, '261120261300');
      expect(start).toHaveValue('26.11.2026 13:00');
      await r.user.click(within(form).getByRole('button', { name: 'Создать пинг' }));
      await waitFor(() => expect(api.sent).toHaveLength(1));
      expect(api.sent[0].body).toEqual({
        name: 'Роум',
        desc: '',
        type: 'misc',
        date: '2026-11-26',
        time: '13:00',
        formup: null,
        doctrine: '',
        comms: '',
        srp: false,
        fc: 'Sergei Morozov',
      });
      expect(await screen.findByTestId('event-e2')).toHaveTextContent(etText(created.date));
      // The same ping arriving live is not listed twice; another member's ping appears.
      live.emit('corp:ping-created', { corporationId: 98000001, ping: { ...created, can_edit: false } });
      live.emit('corp:ping-created', { corporationId: 98000001, ping: { ...PING, date: inMinutes(30) } });
      expect(await screen.findByTestId('event-e1')).toBeInTheDocument();
      expect(screen.getAllByTestId(/^event-e\d$/).map((e) => e.dataset.testid)).toEqual(['event-e1', 'event-e2']);
      // Screen readers hear the newest ping politely.
      const announcer = screen.getByTestId('live-announcer');
      expect(announcer).toHaveAttribute('aria-live', 'polite');
      expect(announcer).toHaveTextContent(`Новый пинг: ${PING.name}, ${localText(inMinutes(30))} (ваше время)`);
    });
  });
});

describe('/corp/projects', () => {
  it('lists projects with coloured statuses; "Создать проект" only for can_create; live create/update/delete', async () => {
    const list: ProjectsResponse = {
      projects: [FUEL, project({ id: 'p2', name: 'Дроны', status: 'ready' })],
      can_create: true,
      can_moderate: false,
    };
    const { router } = renderApp('/corp/projects', {
      session: MEMBER,
      handler: corpApi({ 'GET auth/corp/projects': { body: list } }).handler,
    });
    const fuel = await screen.findByTestId('project-p1');
    expect(fuel).toHaveAttribute('href', '/corp/projects/p1');
    const status = within(fuel).getByTestId('project-status');
    expect(status).toHaveTextContent('СТРОИТСЯ');
    expect(status.getAttribute('style')).toContain('--mantine-color-blue');
    expect(within(screen.getByTestId('project-p2')).getByTestId('project-status')).toHaveTextContent('ГОТОВ');
    expect(within(screen.getByTestId('project-p2')).getByTestId('project-status').getAttribute('style')).toContain(
      '--mantine-color-green',
    );

    live.emit('corp:project-updated', { corporationId: 98000001, project: { ...FUEL, status: 'sale' }, reason: 'status' });
    await waitFor(() =>
      expect(within(screen.getByTestId('project-p1')).getByTestId('project-status')).toHaveTextContent('В ПРОДАЖЕ'),
    );
    expect(within(screen.getByTestId('project-p1')).getByTestId('project-status').getAttribute('style')).toContain(
      '--mantine-color-orange',
    );
    expect(screen.getByTestId('live-announcer')).toHaveTextContent(`Проект «${FUEL.name}»: В ПРОДАЖЕ`);
    live.emit('corp:project-created', {
      corporationId: 98000001,
      project: project({ id: 'p3', name: 'Новый', created_at: '2025-01-12T10:00:00.000Z' }),
    });
    expect(await screen.findByTestId('project-p3')).toHaveTextContent('ПОДГОТОВКА');
    expect(screen.getByTestId('live-announcer')).toHaveTextContent('Новый проект «Новый»');
    live.emit('corp:project-deleted', { corporationId: 98000001, projectId: 'p2' });
    await waitFor(() => expect(screen.queryByTestId('project-p2')).toBeNull());

    await act(() => router.navigate('/corp/projects'));
    const create = screen.getByRole('link', { name: 'Создать проект' });
    expect(create).toHaveAttribute('href', '/corp/new_project');
  });

  it('no create button without can_create; empty state', async () => {
    renderApp('/corp/projects', {
      session: MEMBER,
      handler: corpApi({ 'GET auth/corp/projects': { body: { projects: [], can_create: false, can_moderate: false } } }).handler,
    });
    expect(await screen.findByText('Проектов пока нет')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Создать проект' })).toBeNull();
  });

  it('refetches everything after access changes', async () => {
    let calls = 0;
    renderApp('/corp/projects', {
      session: MEMBER,
      handler: corpApi({
        'GET auth/corp/projects': () => {
          calls++;
          return { body: { projects: calls > 1 ? [FUEL] : [], can_create: false, can_moderate: false } };
        },
      }).handler,
    });
    expect(await screen.findByText('Проектов пока нет')).toBeInTheDocument();
    live.emit('corp:access-changed', { corporationIds: [98000001] });
    expect(await screen.findByTestId('project-p1')).toBeInTheDocument();
  });
});

describe('/corp/projects/:id', () => {
  const view = (p: Project, canModerate: boolean): ProjectResponse => ({ project: p, can_moderate: canModerate });

  it('shows jobs (П/Р, type, pay, done/quantity, executors) and overall executors; members claim their game jobs', async () => {
    const api = corpApi({
      'GET auth/corp/projects/p1': { body: view(FUEL, false) },
      'POST auth/corp/verify_job': {
        body: {
          job_type: 'build',
          candidates: [
            {
              job_id: 501,
              char_id: 2112000001,
              char_name: 'Ivan Petrov',
              char_icon: '',
              runs: 10,
              facility_name: 'Сооружение 1',
              facility_icon: '',
            },
            {
              job_id: 502,
              char_id: 2112000002,
              char_name: 'Anna Sokolova',
              char_icon: '',
              runs: 5,
              facility_name: 'Сооружение 2',
              facility_icon: '',
            },
          ],
        },
      },
      'POST auth/corp/push_jobs': {
        body: {
          credited: 5,
          project: {
            ...FUEL,
            jobs: [
              {
                ...FUEL.jobs[0],
                done: 25,
                executors: [...FUEL.jobs[0].executors, { char_id: 2112000002, name: 'Anna Sokolova', icon: '', runs: 5 }],
              },
              FUEL.jobs[1],
            ],
          },
        },
      },
    });
    const r = renderApp('/corp/projects/p1', { session: MEMBER, handler: api.handler });
    expect(await screen.findByRole('heading', { name: 'Топливо' })).toBeInTheDocument();
    expect(screen.getByText('Блоки на месяц')).toBeInTheDocument();
    expect(screen.getByTestId('project-status')).toHaveTextContent('СТРОИТСЯ');
    expect(screen.queryByRole('combobox', { name: 'Статус проекта' })).toBeNull();
    const build = screen.getByTestId('job-j1');
    expect(build).toHaveTextContent('Helium Fuel Block');
    expect(build).toHaveTextContent('П');
    expect(build).toHaveTextContent('постройка');
    expect(build).toHaveTextContent('15 000,00 за прогон');
    expect(within(build).getByTestId('job-progress')).toHaveTextContent('20 / 60');
    expect(build).toHaveTextContent('Ivan Petrov: 20');
    // Buy jobs are taken while the project is waiting only.
    expect(within(screen.getByTestId('job-j2')).queryByRole('button')).toBeNull();

    await r.user.click(await within(build).findByRole('button', { name: 'Найти мои работы: Helium Fuel Block' }));
    const candidates = await screen.findByTestId('candidates-j1');
    expect(
      within(candidates)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['?Ivan Petrov10 прог.?Сооружение 1', '?Anna Sokolova5 прог.?Сооружение 2']);
    const submit = within(candidates).getByRole('button', { name: 'Засчитать выбранные' });
    expect(submit).toBeDisabled();
    await r.user.click(within(candidates).getByRole('checkbox', { name: 'Anna Sokolova: Сооружение 2, 5' }));
    await r.user.click(submit);
    // The panel opens under the job's row, across the whole table; it says what was credited and looks again.
    const panel = screen.getByTestId('claim-j1');
    expect(build).not.toContainElement(panel);
    expect(await within(panel).findByRole('status')).toHaveTextContent('Засчитано: 5');
    await waitFor(() => expect(api.sent).toHaveLength(3));
    expect(api.sent.map((s) => [s.path, s.body])).toEqual([
      ['auth/corp/verify_job', { project_id: 'p1', job_id: 'j1' }],
      [
        'auth/corp/push_jobs',
        { project_id: 'p1', job_id: 'j1', job_type: 'build', jobs: [{ char_id: 2112000002, job_id: 502 }] },
      ],
      ['auth/corp/verify_job', { project_id: 'p1', job_id: 'j1' }],
    ]);
    expect(within(build).getByTestId('job-progress')).toHaveTextContent('25 / 60');
    expect(build).toHaveTextContent('Anna Sokolova: 5');
  });

  it('buy jobs claim contracts; the server refusal is shown', async () => {
    const waiting = { ...FUEL, status: 'waiting' as const };
    const api = corpApi({
      'GET auth/corp/projects/p1': { body: view(waiting, false) },
      'POST auth/corp/verify_job': {
        body: {
          job_type: 'buy',
          candidates: [
            {
              job_id: 9001,
              char_id: 2112000001,
              char_name: 'Ivan Petrov',
              char_icon: '',
              runs: 5000,
              facility_name: 'Контракт 9001',
              facility_icon: '',
            },
          ],
        },
      },
      'POST auth/corp/push_jobs': {
        status: 409,
        body: { statusCode: 409, code: 'CONFLICT', message: CORP_MESSAGES.alreadyClaimed },
      },
    });
    const r = renderApp('/corp/projects/p1', { session: MEMBER, handler: api.handler });
    const buy = await screen.findByTestId('job-j2');
    expect(within(screen.getByTestId('job-j1')).queryByRole('button')).toBeNull();
    await r.user.click(await within(buy).findByRole('button', { name: 'Найти мои контракты: Tritanium' }));
    const panel = await screen.findByTestId('claim-j2');
    await r.user.click(await within(panel).findByRole('checkbox'));
    await r.user.click(within(panel).getByRole('button', { name: 'Засчитать выбранные' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(CORP_MESSAGES.alreadyClaimed);
    expect(api.sent[1].body).toEqual({
      project_id: 'p1',
      job_id: 'j2',
      job_type: 'buy',
      jobs: [{ char_id: 2112000001, contract_id: 9001 }],
    });
  });

  it('moderators change the status from the dropdown; УДАЛИТЬ only when ready, then back to the list', async () => {
    let current: Project = FUEL;
    const api = corpApi({
      'GET auth/corp/projects/p1': () => ({ body: view(current, true) }),
      'GET auth/corp/projects': () => ({ body: { projects: [], can_create: false, can_moderate: true } }),
      'POST auth/corp/update_project': (b) => {
        const body = b as { type: string; new_status: Project['status'] };
        if (body.type === 'del') return { body: { ok: true } };
        current = { ...current, status: body.new_status };
        return { body: { ok: true, project: current } };
      },
    });
    const r = renderApp('/corp/projects/p1', { session: MODERATOR, handler: api.handler });
    const select = await screen.findByRole('combobox', { name: 'Статус проекта' });
    expect(screen.queryByRole('button', { name: 'УДАЛИТЬ' })).toBeNull();
    await r.user.click(select);
    await r.user.click(await screen.findByRole('option', { name: 'ГОТОВ' }));
    await waitFor(() => expect(screen.getByTestId('project-status')).toHaveTextContent('ГОТОВ'));
    expect(api.sent[0].body).toEqual({ project_id: 'p1', type: 'update', new_status: 'ready' });
    await r.user.click(screen.getByRole('button', { name: 'УДАЛИТЬ' }));
    await waitFor(() => expect(r.router.state.location.pathname).toBe('/corp/projects'));
    expect(api.sent[1].body).toEqual({ project_id: 'p1', type: 'del', new_status: 'ready' });
  });

  it('follows a status change made by someone else, and leaves when the project is deleted', async () => {
    const r = renderApp('/corp/projects/p1', {
      session: MEMBER,
      handler: corpApi({
        'GET auth/corp/projects/p1': { body: view(FUEL, false) },
        'GET auth/corp/projects': { body: { projects: [], can_create: false, can_moderate: false } },
      }).handler,
    });
    expect(await screen.findByTestId('project-status')).toHaveTextContent('СТРОИТСЯ');
    live.emit('corp:project-updated', { corporationId: 98000001, project: { ...FUEL, status: 'waiting' }, reason: 'status' });
    await waitFor(() => expect(screen.getByTestId('project-status')).toHaveTextContent('ПОДГОТОВКА'));
    // The build job closed, the buy job opened.
    expect(within(screen.getByTestId('job-j1')).queryByRole('button')).toBeNull();
    expect(await within(screen.getByTestId('job-j2')).findByRole('button')).toBeInTheDocument();
    live.emit('corp:project-deleted', { corporationId: 98000001, projectId: 'p1' });
    await waitFor(() => expect(r.router.state.location.pathname).toBe('/corp/projects'));
  });

  it('shows "Проект не найден" for a project of another corporation', async () => {
    renderApp('/corp/projects/zzz', {
      session: MEMBER,
      handler: corpApi({
        'GET auth/corp/projects/zzz': {
          status: 404,
          body: { statusCode: 404, code: 'NOT_FOUND', message: CORP_MESSAGES.projectNotFound },
        },
      }).handler,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(CORP_MESSAGES.projectNotFound);
  });
});

describe('/corp/new_project', () => {
  it('tells members without can_create who may create projects (the calculator does not load)', async () => {
    renderApp('/corp/new_project', {
      session: MEMBER,
      handler: corpApi({ 'GET auth/corp/projects': { body: { projects: [], can_create: false, can_moderate: false } } }).handler,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(CORP_MESSAGES.cannotCreateProject);
    expect(screen.queryByRole('button', { name: 'Рассчитать' })).toBeNull();
  });
});

describe('/corp/roles', () => {
  const roles = (pending: string[], held: string[]): RolesResponse => ({
    roles: (['admin', 'security', 'fc', 'miner', 'industrialist', 'corp', 'academy', 'user'] as const).map((name) => ({
      name,
      has_role: held.includes(name),
      pending: pending.includes(name),
    })),
  });

  it('is open to any signed-in user: request, "Ожидается запрос", "Уже имеется", live decision refetches', async () => {
    let state = roles([], ['user']);
    let sessionRoles: ('user' | 'corp')[] = ['user'];
    const api = corpApi({
      'GET auth/corp/roles': () => ({ body: state }),
      'POST auth/corp/new_role_request': () => {
        state = roles(['corp'], ['user']);
        return { body: state };
      },
      'GET auth/get_session': () => ({ body: sessionFor('Newbie', sessionRoles) }),
    });
    const r = renderApp('/corp/roles', { handler: api.handler });
    const table = await screen.findByTestId('roles');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['Админ', 'Безопасник', 'ФК', 'Копатель', 'Производственник', 'Сокорп', 'Академик', 'Пользователь']);
    expect(within(screen.getByTestId('role-user')).getByRole('button')).toHaveTextContent('Уже имеется');
    expect(screen.queryByRole('link', { name: 'Корпорация' })).toBeNull();

    await r.user.click(screen.getByRole('button', { name: 'Запросить: Сокорп' }));
    await waitFor(() =>
      expect(within(screen.getByTestId('role-corp')).getByRole('button')).toHaveTextContent('Ожидается запрос'),
    );
    expect(api.sent[0].body).toEqual({ role: 'corp' });

    state = roles([], ['user', 'corp']);
    sessionRoles = ['user', 'corp'];
    live.emit('roles:request-decided', { requestId: 'r1', role: 'corp', granted: true });
    await waitFor(() => expect(within(screen.getByTestId('role-corp')).getByRole('button')).toHaveTextContent('Уже имеется'));
    // The session refetched: the menu shows the corporation now.
    expect((await screen.findAllByRole('link', { name: 'Корпорация' }))[0]).toHaveAttribute('href', '/corp/main');
  });

  it('members without the role are pointed to the request page from the other corporation pages', async () => {
    renderApp('/corp/main', { session: sessionFor('Newbie', ['user']) });
    expect(await screen.findByRole('heading', { name: 'Доступ ограничен' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Запросить роль' })).toHaveAttribute('href', '/corp/roles');
  });
});
