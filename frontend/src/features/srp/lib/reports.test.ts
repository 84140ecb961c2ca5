import type { SrpRequest } from '@eve-toolkit/shared-types';
import { srpCsv, srpReport } from './reports';

const req = (over: Partial<SrpRequest>): SrpRequest => ({
  id: 'x',
  killmail_id: 1,
  killmail_hash: 'h',
  status: 'pending',
  time: '2026-11-20T18:40:00.000Z',
  character: { id: 1, name: 'Pavel' },
  ship: { id: 587, name: 'Rifter' },
  system: { id: 30000142, name: 'Jita' },
  filed_by: 'demo_miner',
  loss_value: 1_000,
  missing: [],
  priced_at: { hub: 2, source: 'history' },
  insurance: null,
  suggested_payout: 1_000,
  payout: null,
  paid: null,
  ping: { id: 'p1', name: 'Роум' },
  doctrine_match: null,
  comment: '',
  decision: null,
  created_at: '2026-11-20T19:00:00.000Z',
  rev: 0,
  ...over,
});

const requests = [
  req({
    killmail_id: 1,
    status: 'paid',
    payout: 900,
    paid: { amount: 900, by: 'boss', at: '2026-11-21T10:00:00.000Z', note: '' },
  }),
  req({ killmail_id: 2, status: 'approved', payout: 500, loss_value: null }),
  req({ killmail_id: 3, character: { id: 2, name: 'Anna' }, status: 'denied', ping: null, time: '2026-10-31T23:59:00.000Z' }),
  req({ killmail_id: 4, character: { id: 2, name: 'Anna' }, status: 'pending', loss_value: 2_500 }),
];

describe('srpReport', () => {
  it.each([
    [
      'pilot',
      [
        { key: '1', label: 'Pavel', requests: 2, lossValue: null, unknownValues: 1, approved: 500, paid: 900, denied: 0 },
        { key: '2', label: 'Anna', requests: 2, lossValue: 3_500, unknownValues: 0, approved: 0, paid: 0, denied: 1 },
      ],
    ],
    [
      'fleet',
      [
        { key: 'p1', label: 'Роум', requests: 3, lossValue: null, unknownValues: 1, approved: 500, paid: 900, denied: 0 },
        { key: '', label: 'Вне флота', requests: 1, lossValue: 1_000, unknownValues: 0, approved: 0, paid: 0, denied: 1 },
      ],
    ],
    [
      'month',
      [
        {
          key: '2026-11',
          label: 'ноябрь 2026',
          requests: 3,
          lossValue: null,
          unknownValues: 1,
          approved: 500,
          paid: 900,
          denied: 0,
        },
        {
          key: '2026-10',
          label: 'октябрь 2026',
          requests: 1,
          lossValue: 1_000,
          unknownValues: 0,
          approved: 0,
          paid: 0,
          denied: 1,
        },
      ],
    ],
  ] as const)('per %s', (by, expected) => {
    expect(srpReport(requests, by)).toEqual(expected);
  });
});

describe('srpCsv', () => {
  it('a header and one line per request; unknown values empty, text quoted where needed', () => {
    const csv = srpCsv([
      requests[1],
      req({ killmail_id: 5, status: 'denied', decision: { by: 'boss', at: 'x', reason: 'Не доктрина, "рыбка"' } }),
    ]);
    expect(csv.split('\n')).toEqual([
      'killmail_id,time,pilot,ship,system,fleet,status,loss_value,suggested,payout,paid,paid_at,filed_by,decided_by,reason',
      '2,2026-11-20T18:40:00.000Z,Pavel,Rifter,Jita,Роум,approved,,1000,500,,,demo_miner,,',
      '5,2026-11-20T18:40:00.000Z,Pavel,Rifter,Jita,Роум,denied,1000,1000,,,,demo_miner,boss,"Не доктрина, ""рыбка"""',
      '',
    ]);
  });
});
