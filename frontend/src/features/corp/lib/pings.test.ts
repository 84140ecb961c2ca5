import type { Ping, PingsResponse } from '@eve-toolkit/shared-types';
import { countdownText, defaultPingStart } from './ping-time';
import {
  disablePingNotifications,
  enablePingNotifications,
  notifyNewPing,
  pingNotification,
  pingNotifyState,
} from './ping-notify';
import { markAnswer, mergeLivePing, putPing } from './pings';

const ping = (p: Partial<Ping> & Pick<Ping, 'id'>): Ping => ({
  name: 'Роум',
  desc: '',
  type: 'roam',
  icon: '',
  date: '2026-11-26T18:00:00.000Z',
  author: 'demo_fc',
  formup: null,
  doctrine: '',
  doctrine_ref: null,
  comms: '',
  srp: false,
  fc: '',
  rsvp: { yes: 0, no: 0, maybe: 0, mine: null },
  can_edit: false,
  updated_at: '2026-11-26T10:00:00.000Z',
  cancelled: null,
  ...p,
});
const list = (events: Ping[], viewer: Partial<PingsResponse['viewer']> = {}): PingsResponse => ({
  events,
  can_create: false,
  viewer: { username: 'pilot', admin: false, characters: ['Mira Kestrel'], ...viewer },
});

describe('countdownText', () => {
  const at = Date.parse('2026-11-26T12:00:00Z');
  it.each([
    ['2026-11-26T13:30:00Z', at, 'через 1ч 30м'],
    ['2026-11-28T15:05:00Z', at, 'через 2д 3ч 5м'],
    ['2026-11-26T13:00:00Z', at + 1, 'через 1ч'], // 59:59.999 left: seconds round up to a whole hour
    ['2026-11-26T12:59:59Z', at, 'через 59м 59с'],
    ['2026-11-26T12:12:30Z', at, 'через 12м 30с'],
    ['2026-11-26T12:00:01Z', at, 'через 1с'],
    ['2026-11-26T12:00:00Z', at, 'начался'],
    ['2026-11-26T11:00:00Z', at, 'начался'],
  ])('%s at %p: %s', (date, now, expected) => {
    expect(countdownText(date, now)).toBe(expected);
  });
});

describe('defaultPingStart', () => {
  it.each([
    ['2026-11-26T12:00:00Z', { date: '2026-11-26', time: '13:00' }],
    ['2026-11-26T12:29:59Z', { date: '2026-11-26', time: '13:00' }],
    ['2026-11-26T12:30:01Z', { date: '2026-11-26', time: '14:00' }],
    ['2026-12-31T23:45:00Z', { date: '2027-01-01', time: '01:00' }],
  ])('at %s', (now, expected) => expect(defaultPingStart(Date.parse(now))).toEqual(expected));
});

describe('the cached list', () => {
  it('a live ping keeps the viewer’s own answer and gets can_edit by the shared rule', () => {
    const mine = ping({ id: 'a', rsvp: { yes: 1, no: 0, maybe: 0, mine: 'yes' }, can_edit: true, author: 'pilot' });
    const data = list([mine]);
    const live = ping({ id: 'a', author: 'pilot', rsvp: { yes: 2, no: 0, maybe: 0, mine: null } });
    expect(mergeLivePing(data, live)!.events[0]).toEqual({
      ...live,
      rsvp: { yes: 2, no: 0, maybe: 0, mine: 'yes' },
      can_edit: true,
    });
    // A new ping naming the viewer's character as FC is theirs to edit; someone else's is not.
    const named = mergeLivePing(data, ping({ id: 'b', fc: 'MIRA KESTREL', date: '2026-11-26T17:00:00.000Z' }))!;
    expect(named.events.map((e) => [e.id, e.can_edit])).toEqual([
      ['b', true],
      ['a', true],
    ]);
    expect(mergeLivePing(data, ping({ id: 'c', fc: 'Anna' }))!.events.find((e) => e.id === 'c')!.can_edit).toBe(false);
    expect(mergeLivePing(list([], { admin: true }), ping({ id: 'c' }))!.events[0].can_edit).toBe(true);
  });

  it('own answers replace, a cancelled one stays marked, another tab’s answer becomes mine', () => {
    const data = list([ping({ id: 'a' }), ping({ id: 'b', date: '2026-11-27T18:00:00.000Z' })]);
    const moved = ping({ id: 'a', date: '2026-11-28T18:00:00.000Z', can_edit: true });
    expect(putPing(data, moved)!.events.map((e) => e.id)).toEqual(['b', 'a']);
    const cancelled = { by: 'demo_fc', at: '2026-11-26T11:00:00.000Z' };
    const live = mergeLivePing(
      putPing(data, { ...data.events[0], rsvp: { yes: 1, no: 0, maybe: 0, mine: 'yes' } }),
      ping({ id: 'a', rev: 2, cancelled, rsvp: { yes: 1, no: 0, maybe: 0, mine: null } }),
    )!;
    expect(live.events.map((e) => [e.id, e.cancelled, e.rsvp.mine])).toEqual([
      ['a', cancelled, 'yes'],
      ['b', null, null],
    ]);
    expect(markAnswer(data, 'b', 'maybe')!.events[1].rsvp.mine).toBe('maybe');
    expect(putPing(undefined, moved)).toBeUndefined();
  });
});

describe('revisions: a late, older view never replaces a newer one', () => {
  it('a live event older than the list is ignored; an own answer older than a live event keeps the newer counts', () => {
    const newer = ping({ id: 'a', rev: 5, rsvp: { yes: 4, no: 0, maybe: 0, mine: null } });
    const data = list([newer]);
    expect(mergeLivePing(data, ping({ id: 'a', rev: 4, rsvp: { yes: 3, no: 0, maybe: 0, mine: null } }))).toBe(data);
    // My answer was rev 4 (3 yes with mine); someone's rev 5 came first over the socket.
    const mine = ping({ id: 'a', rev: 4, rsvp: { yes: 3, no: 0, maybe: 0, mine: 'yes' }, can_edit: true });
    expect(putPing(data, mine)!.events[0]).toEqual({ ...newer, rsvp: { yes: 4, no: 0, maybe: 0, mine: 'yes' }, can_edit: true });
    // The same or a newer revision replaces.
    const rev6 = ping({ id: 'a', rev: 6, doctrine: 'Ферроксы' });
    expect(mergeLivePing(data, rev6)!.events[0].doctrine).toBe('Ферроксы');
  });
});

describe('pingNotification', () => {
  it('title and body: type, ET and local time, formup, doctrine, FC', () => {
    const n = pingNotification(
      ping({
        id: 'a',
        name: 'Защита POS',
        type: 'home def',
        formup: { id: 30000142, name: 'Jita', security: 0.945913 },
        doctrine: 'Ферроксы',
        fc: 'Ivan Petrov',
      }),
    );
    expect(n.title).toBe('Новый пинг: Защита POS');
    const lines = n.body.split('\n');
    expect(lines[0]).toMatch(/^Защита дома · 26\.11\.2026 18:00 ET \(\d\d\.\d\d\.2026 \d\d:\d\d ваше время\)$/);
    expect(lines.slice(1)).toEqual(['Сбор: Jita (0,9)', 'Доктрина: Ферроксы', 'ФК: Ivan Petrov']);
  });
});

describe('notifyNewPing (jsdom has no Notification: a recording stand-in; Chromium runs the real one in e2e/pings.e2e.ts)', () => {
  const shown: { title: string; body?: string; tag?: string }[] = [];
  let permission: NotificationPermission = 'default';
  let hidden = true;
  beforeAll(() => {
    class Recording {
      static get permission() {
        return permission;
      }
      static requestPermission = () => {
        permission = 'granted';
        return Promise.resolve(permission);
      };
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body, tag: options?.tag });
      }
      close() {}
    }
    Object.defineProperty(window, 'Notification', { configurable: true, value: Recording });
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
  });
  afterAll(() => {
    delete (window as { Notification?: unknown }).Notification;
    delete (document as { visibilityState?: unknown }).visibilityState;
    window.localStorage.clear();
  });

  it('only after the member turned them on, only in a background tab, never for one’s own ping', async () => {
    const p = ping({ id: 'n1', name: 'Роум', author: 'demo_fc' });
    notifyNewPing(p, 'pilot');
    expect(shown).toEqual([]); // not turned on
    expect(pingNotifyState()).toBe('off');
    expect(await enablePingNotifications()).toBe('on');
    notifyNewPing(p, 'demo_fc');
    expect(shown).toEqual([]); // one's own ping
    hidden = false;
    notifyNewPing(p, 'pilot');
    expect(shown).toEqual([]); // the tab is in front: the list shows it
    hidden = true;
    notifyNewPing(p, 'pilot');
    expect(shown).toEqual([{ title: 'Новый пинг: Роум', body: pingNotification(p).body, tag: 'ping-n1' }]);
    expect(disablePingNotifications()).toBe('off');
    notifyNewPing(p, 'pilot');
    expect(shown).toHaveLength(1);
    permission = 'denied';
    expect(pingNotifyState()).toBe('denied');
  });
});
