import type { SrpRequest } from '@eve-toolkit/shared-types';
import { srpMessage } from './srp-message';

const request: SrpRequest = {
  id: 'r1',
  killmail_id: 1,
  killmail_hash: 'a'.repeat(40),
  status: 'pending',
  time: '2026-11-20T18:40:00.000Z',
  character: { id: 1, name: 'Pavel Kuznetsov' },
  ship: { id: 16227, name: 'Ferox' },
  system: { id: 30000142, name: 'Jita' },
  filed_by: 'demo_miner',
  loss_value: 80_000_000,
  missing: [],
  priced_at: { hub: 2, source: 'history' },
  insurance: 28_500_000,
  suggested_payout: 64_000_000,
  payout: null,
  paid: null,
  ping: { id: 'p1', name: 'Домашняя оборона' },
  doctrine_match: 'exact',
  comment: '',
  decision: null,
  created_at: '2026-11-20T20:00:00.000Z',
  rev: 0,
};

describe('srpMessage (Discord format)', () => {
  it('a new request: pilot, ship, place, value, suggestion, fleet, doctrine; nobody pinged', () => {
    const m = srpMessage({ ...request, character: { id: 1, name: '@everyone' } }, 'srp-filed');
    expect(m.content).toBe('**Новая заявка СРП:** @everyone — Ferox');
    expect(m.allowed_mentions).toEqual({ parse: [] });
    expect(m.embeds[0].fields.map((f) => [f.name, f.value])).toEqual([
      ['Пилот', '@everyone'],
      ['Корабль', 'Ferox'],
      ['Где и когда', 'Jita, 2026-11-20 18:40 ET'],
      ['Стоимость потери', '80\u00a0000\u00a0000 ISK'],
      ['Предлагаемая выплата', '64\u00a0000\u00a0000 ISK'],
      ['Флот', 'Домашняя оборона'],
      ['Доктрина', 'По доктрине'],
    ]);
    expect(m.embeds[0].footer).toEqual({ text: 'Подал: demo_miner' });
  });

  it.each([
    [
      'approved: the amount',
      { status: 'approved', payout: 60_000_000, decision: { by: 'boss', at: 'x', reason: '' } },
      ['Решение', 'Одобрена'],
      ['Выплата', '60\u00a0000\u00a0000 ISK'],
    ],
    [
      'denied: the reason',
      { status: 'denied', decision: { by: 'boss', at: 'x', reason: 'Не доктрина' } },
      ['Решение', 'Отклонена'],
      ['Причина', 'Не доктрина'],
    ],
  ] as const)('decided, %s', (_name, change, decided, detail) => {
    const m = srpMessage(
      { ...request, ...change, loss_value: null, ping: null, doctrine_match: null } as SrpRequest,
      'srp-decided',
    );
    const fields = m.embeds[0].fields.map((f) => [f.name, f.value]);
    expect(fields).toContainEqual(['Стоимость потери', 'неизвестно']);
    expect(fields).toContainEqual([...decided]);
    expect(fields).toContainEqual([...detail]);
    expect(fields).toContainEqual(['Флот', 'вне флота']);
    expect(m.embeds[0].footer).toEqual({ text: 'Решил: boss' });
  });
});
