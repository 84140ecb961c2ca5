import { matchPing, pingStartsAround } from './ping-match';

const W = { beforeMs: 60 * 60_000, afterMs: 4 * 60 * 60_000 };
const p = (id: string, iso: string, cancelled = false) => ({ id, name: id, date: new Date(iso), cancelled });
const pings = [p('a', '2026-11-20T18:00:00Z'), p('b', '2026-11-20T20:00:00Z'), p('c', '2026-11-21T12:00:00Z', true)];

describe('matchPing: the fleet whose window holds the loss', () => {
  it.each([
    ['during fleet a', '2026-11-20T18:30:00Z', 'a'],
    ['at the start', '2026-11-20T18:00:00Z', 'a'],
    ['the hour before formup', '2026-11-20T17:00:00Z', 'a'],
    ['just before the window', '2026-11-20T16:59:59Z', null],
    ['both windows: the latest started wins', '2026-11-20T20:30:00Z', 'b'],
    ['in a’s window and b’s formup hour: a was out', '2026-11-20T19:30:00Z', 'a'],
    ['the end of b’s window', '2026-11-21T00:00:00Z', 'b'],
    ['after every window', '2026-11-21T00:00:01Z', null],
    ['a cancelled ping holds nothing', '2026-11-21T12:10:00Z', null],
  ])('%s', (_name, iso, expected) => {
    expect(matchPing(new Date(iso), pings, W)?.id ?? null).toBe(expected);
  });

  it('before two formups: the sooner one', () => {
    const two = [p('late', '2026-11-20T18:40:00Z'), p('soon', '2026-11-20T18:20:00Z')];
    expect(matchPing(new Date('2026-11-20T18:00:00Z'), two, W)?.id).toBe('soon');
  });

  it('the starts to look for around a loss', () => {
    expect(pingStartsAround(new Date('2026-11-20T18:00:00Z'), W)).toEqual({
      from: new Date('2026-11-20T14:00:00Z'),
      to: new Date('2026-11-20T19:00:00Z'),
    });
  });
});
