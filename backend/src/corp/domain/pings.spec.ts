import { CORP_MESSAGES } from '@eve-toolkit/shared-types';
import { pingStartProblem, rsvpSummary } from './pings';

// A fixed instant: the rules take `now` as an argument, never the wall clock.
const NOW = new Date('2026-11-26T19:30:00Z');
const at = (iso: string) => new Date(iso);

describe('pingStartProblem', () => {
  it.each([
    ['a minute ahead', '2026-11-26T19:31:00Z', null],
    ['tomorrow', '2026-11-27T19:30:00Z', null],
    ['this very minute (already late)', '2026-11-26T19:30:00Z', CORP_MESSAGES.datePast],
    ['a minute ago', '2026-11-26T19:29:00Z', CORP_MESSAGES.datePast],
    ['last year', '2025-11-26T19:30:00Z', CORP_MESSAGES.datePast],
    ['exactly 1830 days ahead', '2031-11-30T19:30:00Z', null],
    ['1830 days and a minute ahead', '2031-11-30T19:31:00Z', CORP_MESSAGES.dateTooFar],
  ])('%s', (_name, start, expected) => {
    expect(pingStartProblem(at(start), NOW)).toBe(expected);
  });
});

describe('rsvpSummary', () => {
  it.each([
    ['no answers yet', undefined, 'u1', { yes: 0, no: 0, maybe: 0, mine: null }],
    ['an empty map', {}, null, { yes: 0, no: 0, maybe: 0, mine: null }],
    [
      'counted per answer, the viewer’s own picked out',
      { u1: 'yes', u2: 'yes', u3: 'no', u4: 'maybe' },
      'u3',
      { yes: 2, no: 1, maybe: 1, mine: 'no' },
    ],
    ['the shared view has no “mine”', { u1: 'maybe' }, null, { yes: 0, no: 0, maybe: 1, mine: null }],
    ['a viewer who has not answered', { u1: 'yes' }, 'u9', { yes: 1, no: 0, maybe: 0, mine: null }],
    [
      'an unknown stored value is not counted',
      { u1: 'yes', u2: 'mine', u3: 'later' },
      'u2',
      { yes: 1, no: 0, maybe: 0, mine: null },
    ],
  ])('%s', (_name, answers, viewer, expected) => {
    expect(rsvpSummary(answers as Record<string, string> | undefined, viewer)).toEqual(expected);
  });
});
