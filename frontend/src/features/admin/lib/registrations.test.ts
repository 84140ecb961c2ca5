import { registrationBars } from './registrations';

describe('registrationBars', () => {
  it('one bar per day, each date once, missing days as 0, across a month end', () => {
    expect(
      registrationBars([
        { date: '2026-11-29', count: 2 },
        { date: '2026-12-02', count: 5 },
        { date: '2026-11-30', count: 1 },
      ]),
    ).toEqual({ labels: ['29.11.26', '30.11.26', '01.12.26', '02.12.26'], counts: [2, 1, 0, 5] });
  });

  it('a day listed twice is summed; no days, no bars', () => {
    expect(
      registrationBars([
        { date: '2026-01-05', count: 1 },
        { date: '2026-01-05', count: 3 },
      ]),
    ).toEqual({
      labels: ['05.01.26'],
      counts: [4],
    });
    expect(registrationBars([])).toEqual({ labels: [], counts: [] });
  });
});
