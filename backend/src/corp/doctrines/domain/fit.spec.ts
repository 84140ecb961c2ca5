import { appraisalNameKey, DOCTRINE_MESSAGES } from '@eve-toolkit/shared-types';
import { readFit, type FitType } from './fit';

/** Real types (ids, English and Russian names of the SDE; category 6 ships, 7 modules, 8 charges, 18 drones, 16 skills). */
const TYPES: (FitType & { ru?: string })[] = [
  { id: 587, name: 'Rifter', categoryId: 6 },
  { id: 16227, name: 'Ferox', categoryId: 6 },
  { id: 486, name: '200mm AutoCannon I', categoryId: 7 },
  { id: 2889, name: '200mm AutoCannon II', categoryId: 7 },
  { id: 439, name: '1MN Afterburner I', categoryId: 7 },
  { id: 447, name: 'Warp Scrambler I', categoryId: 7 },
  { id: 526, name: 'Stasis Webifier I', categoryId: 7 },
  { id: 523, name: 'Small Armor Repairer I', categoryId: 7 },
  { id: 2046, name: 'Damage Control I', categoryId: 7 },
  { id: 31668, name: 'Small Projectile Burst Aerator I', categoryId: 7 },
  { id: 185, name: 'EMP S', categoryId: 8 },
  { id: 21898, name: 'Republic Fleet EMP S', categoryId: 8 },
  { id: 2488, name: 'Warrior II', categoryId: 18 },
  { id: 28668, name: 'Nanite Repair Paste', categoryId: 4 },
  { id: 3411, name: 'Cybernetics', ru: 'Кибернетика', categoryId: 16 },
  { id: 3329, name: 'Minmatar Frigate', ru: 'Минматарские фрегаты', categoryId: 16 },
];
const INDEX = new Map<string, FitType>();
for (const t of TYPES) {
  INDEX.set(appraisalNameKey(t.name), t);
  if (t.ru) INDEX.set(appraisalNameKey(t.ru), t);
}
const lookup = (key: string) => INDEX.get(key);

/** A fit's contents as [type id, quantity]. */
const contents = (eft: string) => {
  const r = readFit(1, eft, lookup);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return { name: r.fit.name, ship: r.fit.ship.id, items: r.fit.items.map((i) => [i.type.id, i.quantity]) };
};

const RIFTER = `[Rifter, Fleet Tackle]
Damage Control I
Small Armor Repairer I

1MN Afterburner I
Warp Scrambler I
Stasis Webifier I

200mm AutoCannon I, EMP S
200mm AutoCannon I, EMP S
200mm AutoCannon I, EMP S
[Empty High slot]

Small Projectile Burst Aerator I
[Empty Rig slot]


Warrior II x2


EMP S x1000
Nanite Repair Paste x50`;

describe('readFit: an EFT fit read by the appraisal parser', () => {
  it('reads a whole fit: hull from the header, modules summed, charges after a comma, empty slots skipped, drones and cargo', () => {
    expect(contents(RIFTER)).toEqual({
      name: 'Fleet Tackle',
      ship: 587,
      items: [
        [2046, 1],
        [523, 1],
        [439, 1],
        [447, 1],
        [526, 1],
        [486, 3],
        [185, 1003],
        [31668, 1],
        [2488, 2],
        [28668, 50],
      ],
    });
  });

  it.each([
    ['an offline module counts like an online one', '[Rifter, x]\nWarp Scrambler I /OFFLINE\nWarp Scrambler I', [[447, 2]]],
    [
      'T2 and faction names',
      '[Rifter, x]\n200mm AutoCannon II, Republic Fleet EMP S',
      [
        [2889, 1],
        [21898, 1],
      ],
    ],
    [
      'names in Russian (the Russian client)',
      '[Rifter, x]\nКибернетика x1\nМинматарские фрегаты x2',
      [
        [3411, 1],
        [3329, 2],
      ],
    ],
    ['any case and surrounding blanks', '\n  [rifter, x]  \n  damage control i  \n', [[2046, 1]]],
    ['a second hull in the cargo is an item', '[Rifter, x]\nRifter x1', [[587, 1]]],
    ['an empty fit is just the hull', '[Rifter, x]\n[Empty Low slot]\n[Empty Med slot]', []],
  ])('%s', (_what, eft, items) => {
    expect(contents(eft).items).toEqual(items);
  });

  it.each([
    ['the fit name after the ship', '[Ferox, Ferox — Fleet, v2]', 'Ferox — Fleet, v2'],
    ["the ship's name when the header has none", '[Ferox, ]', 'Ferox'],
  ])('%s', (_what, eft, name) => {
    expect(contents(eft).name).toBe(name);
  });

  it.each([
    ['no header', 'Damage Control I\nWarp Scrambler I', [DOCTRINE_MESSAGES.noHeader(2)]],
    ['a header without a fit name part', '[Rifter]\nDamage Control I', [DOCTRINE_MESSAGES.noHeader(2)]],
    ['a header naming a module', '[Damage Control I, x]', [DOCTRINE_MESSAGES.notShip(2, 'Damage Control I')]],
    ['a header naming nothing', '[Riftr, x]', [DOCTRINE_MESSAGES.notShip(2, 'Riftr')]],
    [
      'an unknown line, named by its line',
      '[Rifter, x]\nDamage Control I\nWarp Scrambler 1',
      [DOCTRINE_MESSAGES.badLine(2, 'Строка 3: не удалось распознать «Warp Scrambler 1»')],
    ],
  ])('refuses %s', (_what, eft, errors) => {
    const r = readFit(2, eft, lookup);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual(errors);
  });

  it('gives the unknown lines with the names they tried (for «Возможно, вы имели в виду …»)', () => {
    const r = readFit(1, '[Rifter, x]\nWarp Scramblr I', lookup);
    expect(r).toMatchObject({ ok: false, unknown: [{ line: 2, names: expect.arrayContaining(['Warp Scramblr I']) }] });
  });

  it('keeps everything with the hull for pricing, as the appraisal of the same text has it', () => {
    const r = readFit(1, '[Rifter, x]\nDamage Control I\nRifter x1', lookup);
    expect(r.ok && r.fit.all.map((i) => [i.type.id, i.quantity])).toEqual([
      [587, 2],
      [2046, 1],
    ]);
  });
});
