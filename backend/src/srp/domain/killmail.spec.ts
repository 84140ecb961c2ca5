import { parseKillmail } from './killmail';

const base = {
  killmail_id: 128000001,
  killmail_time: '2026-11-20T18:30:00Z',
  solar_system_id: 30000142,
  victim: { character_id: 2112000001, corporation_id: 98000001, ship_type_id: 587, damage_taken: 1200, items: [] },
  attackers: [{ character_id: 1, final_blow: true, damage_done: 1200, security_status: 0 }],
};

describe('parseKillmail', () => {
  it('reads time, place, victim and the items by type (destroyed and dropped, nested containers flattened)', () => {
    const loss = parseKillmail({
      ...base,
      victim: {
        ...base.victim,
        items: [
          { item_type_id: 2488, flag: 87, quantity_destroyed: 3, singleton: 0 },
          { item_type_id: 2488, flag: 87, quantity_dropped: 2, singleton: 0 },
          { item_type_id: 28668, flag: 5, quantity_dropped: 10, singleton: 0 },
          {
            item_type_id: 3467, // a container in cargo, with things inside
            flag: 5,
            quantity_destroyed: 1,
            singleton: 1,
            items: [{ item_type_id: 34, flag: 0, quantity_destroyed: 1000, quantity_dropped: 500, singleton: 0 }],
          },
        ],
      },
    });
    expect(loss).toEqual({
      killmailId: 128000001,
      time: new Date('2026-11-20T18:30:00Z'),
      systemId: 30000142,
      victim: { characterId: 2112000001, corporationId: 98000001, shipTypeId: 587 },
      items: [
        { typeId: 2488, destroyed: 3, dropped: 2 },
        { typeId: 28668, destroyed: 0, dropped: 10 },
        { typeId: 3467, destroyed: 1, dropped: 0 },
        { typeId: 34, destroyed: 1000, dropped: 500 },
      ],
    });
  });

  it('a victim without a character (a structure, an NPC) and without items', () => {
    const { character_id: _c, items: _i, ...victim } = base.victim;
    expect(parseKillmail({ ...base, victim })).toMatchObject({ victim: { characterId: null, shipTypeId: 587 }, items: [] });
  });

  it.each([
    ['not an object', 'killmail'],
    ['null', null],
    ['no id', { ...base, killmail_id: undefined }],
    ['a bad time', { ...base, killmail_time: 'yesterday' }],
    ['no system', { ...base, solar_system_id: 0 }],
    ['no victim', { ...base, victim: undefined }],
    ['no ship', { ...base, victim: { ...base.victim, ship_type_id: undefined } }],
    ['items not a list', { ...base, victim: { ...base.victim, items: {} } }],
    ['an item without a type', { ...base, victim: { ...base.victim, items: [{ flag: 5, quantity_destroyed: 1 }] } }],
  ])('refuses %s', (_name, raw) => {
    expect(parseKillmail(raw)).toBeNull();
  });
});
