import { matchDoctrine, type FitItems } from './doctrine-match';

const FEROX = 16227;
const RIFTER = 587;
const fits: FitItems[] = [
  {
    id: 'ferox-rails',
    shipTypeId: FEROX,
    items: [
      { typeId: 3082, quantity: 5 }, // 250mm Railgun II ×5
      { typeId: 3841, quantity: 2 }, // Large Shield Extender II ×2
      { typeId: 12625, quantity: 1000 }, // Spike M
    ],
  },
  {
    id: 'ferox-blasters',
    shipTypeId: FEROX,
    items: [
      { typeId: 3146, quantity: 5 },
      { typeId: 3841, quantity: 1 },
    ],
  },
];
const lost = (ship: number, rows: [number, number][]) => ({ shipTypeId: ship, quantities: new Map([[ship, 1], ...rows]) });

describe('matchDoctrine', () => {
  it.each([
    [
      'every item of a fit on board (more ammo, extra cargo do not matter)',
      lost(FEROX, [
        [3082, 5],
        [3841, 2],
        [12625, 2000],
        [28668, 50],
      ]),
      { match: 'exact', fitId: 'ferox-rails', short: [] },
    ],
    [
      'the second fit exactly',
      lost(FEROX, [
        [3146, 5],
        [3841, 1],
      ]),
      { match: 'exact', fitId: 'ferox-blasters', short: [] },
    ],
    [
      'a fit’s hull, one module short: partial, the closest fit and what was short',
      lost(FEROX, [
        [3082, 4],
        [3841, 2],
        [12625, 1000],
      ]),
      { match: 'partial', fitId: 'ferox-rails', short: [{ typeId: 3082, quantity: 1 }] },
    ],
    [
      'the hull, nothing fitted',
      lost(FEROX, []),
      {
        match: 'partial',
        fitId: 'ferox-rails',
        short: [
          { typeId: 3082, quantity: 5 },
          { typeId: 3841, quantity: 2 },
          { typeId: 12625, quantity: 1000 },
        ],
      },
    ],
    ['a hull no fit has', lost(RIFTER, [[3082, 5]]), { match: 'none', fitId: null, short: [] }],
  ])('%s', (_name, loss, expected) => {
    expect(matchDoctrine(loss, fits)).toEqual(expected);
  });

  it('a doctrine without fits: none', () => {
    expect(matchDoctrine(lost(FEROX, []), [])).toEqual({ match: 'none', fitId: null, short: [] });
  });
});
