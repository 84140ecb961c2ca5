import { creditedTo, planCredit, type ChosenCredit, type JobQuantity } from './credits';

const IVAN = { charId: 2112000001, charName: 'Ivan Petrov' };
const ANNA = { charId: 2112000002, charName: 'Anna Sokolova' };
const build = (ref: number, who: typeof IVAN, units: number, jobId = 'j1'): ChosenCredit => ({
  ...who,
  ref,
  credits: [{ jobId, units }],
});

const HOBGOBLINS: JobQuantity[] = [{ id: 'j1', quantity: 10, done: 3 }];
const MINERALS: JobQuantity[] = [
  { id: 'j2', quantity: 60_000, done: 0 },
  { id: 'j3', quantity: 1_000, done: 400 },
];

describe('planCredit', () => {
  it.each([
    ['one game job within what remains', [build(1, IVAN, 5)], HOBGOBLINS, [{ jobId: 'j1', units: 5, maxDoneBefore: 5 }]],
    ['exactly what remains', [build(1, IVAN, 7)], HOBGOBLINS, [{ jobId: 'j1', units: 7, maxDoneBefore: 3 }]],
    [
      'two members, two game jobs for one job: summed',
      [build(1, IVAN, 2), build(2, ANNA, 4)],
      HOBGOBLINS,
      [{ jobId: 'j1', units: 6, maxDoneBefore: 4 }],
    ],
    [
      'a contract crediting two buy jobs at once',
      [
        {
          ...IVAN,
          ref: 900,
          credits: [
            { jobId: 'j2', units: 60_000 },
            { jobId: 'j3', units: 600 },
          ],
        },
      ],
      MINERALS,
      [
        { jobId: 'j2', units: 60_000, maxDoneBefore: 0 },
        { jobId: 'j3', units: 600, maxDoneBefore: 400 },
      ],
    ],
  ])('%s', (_name, chosen, jobs, expected) => {
    const plan = planCredit(chosen, jobs);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.jobs.map(({ jobId, units, maxDoneBefore }) => ({ jobId, units, maxDoneBefore }))).toEqual(expected);
  });

  it.each([
    ['one more than what remains', [build(1, IVAN, 8)], HOBGOBLINS, 'over-quantity'],
    ['two that fit alone but not together', [build(1, IVAN, 4), build(2, ANNA, 4)], HOBGOBLINS, 'over-quantity'],
    [
      'a contract over one of its jobs',
      [
        {
          ...IVAN,
          ref: 900,
          credits: [
            { jobId: 'j2', units: 10 },
            { jobId: 'j3', units: 601 },
          ],
        },
      ],
      MINERALS,
      'over-quantity',
    ],
    ['a job the project does not have', [build(1, IVAN, 1, 'j9')], HOBGOBLINS, 'unknown-job'],
    ['nothing chosen', [], HOBGOBLINS, 'nothing'],
  ])('refuses %s', (_name, chosen, jobs, reason) => {
    expect(planCredit(chosen, jobs)).toEqual({ ok: false, reason });
  });

  it('keeps one executor entry per game job or contract, with the runs it credits to that job', () => {
    const plan = planCredit(
      [build(11, IVAN, 2), build(12, ANNA, 1), { ...IVAN, ref: 900, credits: [{ jobId: 'j2', units: 5 }] }],
      [...HOBGOBLINS, ...MINERALS],
    );
    if (!plan.ok) throw new Error(plan.reason);
    expect(plan.jobs).toEqual([
      {
        jobId: 'j1',
        units: 3,
        maxDoneBefore: 7,
        executors: [
          { charId: IVAN.charId, charName: 'Ivan Petrov', runs: 2, ref: 11 },
          { charId: ANNA.charId, charName: 'Anna Sokolova', runs: 1, ref: 12 },
        ],
      },
      {
        jobId: 'j2',
        units: 5,
        maxDoneBefore: 59_995,
        executors: [{ charId: IVAN.charId, charName: 'Ivan Petrov', runs: 5, ref: 900 }],
      },
    ]);
    expect(creditedTo(plan.jobs, 'j1')).toBe(3);
    expect(creditedTo(plan.jobs, 'j3')).toBe(0);
  });
});
