/**
 * Templates against the game's rules, on the SDE (the repository's subset; the full SDE under
 * `SDE_PATH=… npm run test:full-sde`):
 *  - the validator reads templates exported by the game client (five of Matt Falahe's, shipped in
 *    tools/sde-subset/data/pi-templates) as the importer applies them: a working factory, two
 *    broken colonies with their exact reasons, an extractor colony, one built on the wrong planet
 *    (every one of the 166 real templates: templates.full-sde.ts);
 *  - every product x every button x every planet type the product can be made on gives a
 *    template that parses and passes the strict validator (own-planet pins, CPU/power at CC 4);
 *  - the layouts are what their names promise (golden structure on Barren);
 *  - the validator rejects each kind of broken template with its reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  generateTemplate,
  layoutPlanetTypes,
  layoutUnavailable,
  parseTypedJson,
  PiRulesIndex,
  serializeTemplate,
  TEMPLATE_LAYOUTS,
  validateTemplateText,
  type PiTemplate,
  type PlanetologyCatalogueResponse,
  type TemplateLayout,
  type ValidationContext,
} from '@eve-toolkit/shared-types';
import { realCatalogue } from '../../../test/fixtures/planetology-sde';
import { PI_TEMPLATES_DIR } from '../../../../tools/sde-subset/paths';

let catalogue: PlanetologyCatalogueResponse;
let ctx: ValidationContext;
beforeAll(async () => {
  catalogue = await realCatalogue();
  ctx = { ...catalogue, rules: new PiRulesIndex(catalogue.rules) };
}, 120_000);

const falahe = (...path: string[]) => readFileSync(join(PI_TEMPLATES_DIR, 'MattFalahe_EVE-PI-Templates', ...path), 'utf8');

describe('real templates exported by the game', () => {
  it('the Robotics factory: 12 Advanced plants around an Ice launchpad on Barren, 36 routes, fits CC 5', () => {
    const text = falahe('Factory_P3', 'Factory_-_Robotics.json');
    const result = validateTemplateText(text, ctx);
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([]);
    expect(result.template?.P.filter((p) => p.T === 2474)).toHaveLength(12);
    expect(result.template?.R).toHaveLength(36);
    expect(result.usage).toEqual({ cpu: 9876, power: 9292, cpuMax: 25415, powerMax: 19000 });
    // The same file is refused in strict mode: its launchpad (2552) is an Ice one on a Barren planet.
    expect(validateTemplateText(text, ctx, { strict: true }).errors).toEqual(['P[11]: «Ice Launchpad» не для планеты Barren']);
  });

  it('two broken colonies are refused with their reasons', () => {
    // "Genetically Enhanced Livestock": its 12 plants are set to Fertilizer (S 3693) but fed the
    // GEL inputs (Proteins + Biomass), so they would never run (Fertilizer takes Bacteria + Proteins).
    const gel = validateTemplateText(falahe('Factory_P2', 'Factory_-_Genetically_Enhanced_Livestock.json'), ctx);
    expect(gel.ok).toBe(false);
    expect(gel.errors.filter((e) => e.endsWith('«Fertilizer» не использует «Biomass»'))).toHaveLength(12);
    expect(gel.errors.filter((e) => e.endsWith('«Fertilizer» получает 0 из 40 «Bacteria» за цикл'))).toHaveLength(12);
    expect(gel.errors).toHaveLength(24);
    // "Microfiber Shielding": 6 of its 12 plants get no route of Industrial Fibers (30 routes, not 36).
    const mfs = validateTemplateText(falahe('Factory_P2', 'Factory_-_Microfiber_Shielding.json'), ctx);
    expect(mfs.ok).toBe(false);
    expect(mfs.errors).toEqual(
      [1, 4, 5, 7, 8, 12].map((i) => `P[${i}]: «Microfiber Shielding» получает 0 из 40 «Industrial Fibers» за цикл`),
    );
  });

  it('extractor routes are reported as skipped on import; resources missing on the template planet are warnings', () => {
    const water = validateTemplateText(falahe('Miners_CCU_V', 'Miner_-_Water_(CCU_V).json'), ctx);
    expect(water).toMatchObject({ ok: true, skippedRoutes: 1, warnings: [] });
    expect(water.usage).toEqual({ cpu: 11078, power: 16798, cpuMax: 25415, powerMax: 19000 });
    // Built on a Temperate planet with a Reactive Gas extractor: meant for Gas planets.
    const oxidizing = validateTemplateText(falahe('Miners_CCU_V', 'Miner_-_Oxidizing_Compound_(CCU_V).json'), ctx);
    expect(oxidizing.ok).toBe(true);
    expect(oxidizing.warnings).toEqual([
      'P[5]: на планете Temperate нет ресурса «Reactive Gas»: шаблон подойдёт планете, где он есть',
    ]);
  });
});

const LAYOUTS = Object.keys(TEMPLATE_LAYOUTS) as TemplateLayout[];

describe('generated templates', () => {
  it('every product x button x planet type it can be made on: parses and validates strictly at CC 4', () => {
    const failures: string[] = [];
    let count = 0;
    for (const product of catalogue.blueprints) {
      for (const layout of LAYOUTS) {
        for (const planetTypeId of layoutPlanetTypes(ctx, product.id, layout)) {
          const planet = catalogue.planetTypes.find((t) => t.id === planetTypeId)!;
          const generated = generateTemplate(ctx, {
            productId: product.id,
            layout,
            planetTypeId,
            diameter: planet.typicalDiameter,
          });
          const result = validateTemplateText(generated.text, ctx, { strict: true });
          count++;
          if (!result.ok || result.warnings.length)
            failures.push(`${product.name} / ${layout} / ${planetTypeId}: ${[...result.errors, ...result.warnings].join('; ')}`);
          if (!result.template || serializeTemplate(result.template) !== generated.text)
            failures.push(`${product.name}: round trip differs`);
          if (result.usage!.power > 17000 || result.usage!.cpu > 21315) failures.push(`${product.name}: over CC 4`);
        }
      }
    }
    expect(failures).toEqual([]);
    // 2 extractor buttons x 40 (planet type, resource) pairs (8 types x 5 resources) + «Звезда» for
    // the 68 products on every planet type they can be made on (60 x 8 + 8 P4 x 2) + «Мега» for 24 P2 x 8.
    expect(count).toBe(2 * 40 + (60 * 8 + 8 * 2) + 24 * 8);
  });

  it('which buttons apply: extractors for raw resources, «Мега» for the 0.75 m³ class only, P4 on Barren/Temperate', () => {
    const byName = (n: string) => catalogue.blueprints.find((b) => b.name === n)!.id;
    expect(layoutPlanetTypes(ctx, byName('Felsic Magma'), 'normal6')).toEqual([2015]);
    expect(layoutPlanetTypes(ctx, byName('Felsic Magma'), 'star')).toEqual([]);
    expect(layoutUnavailable(ctx, byName('Felsic Magma'), 'star', 2016)).toBe('Невозможно построить схему для базового ресурса');
    expect(layoutPlanetTypes(ctx, byName('Robotics'), 'mega')).toEqual([]);
    expect(layoutPlanetTypes(ctx, byName('Coolant'), 'mega')).toHaveLength(8);
    expect(catalogue.blueprints.filter((b) => layoutPlanetTypes(ctx, b.id, 'mega').length).every((b) => b.volume === 0.75)).toBe(
      true,
    );
    expect(layoutPlanetTypes(ctx, byName('Broadcast Node'), 'star')).toEqual([2016, 11]);
    expect(layoutUnavailable(ctx, byName('Broadcast Node'), 'star', 13)).toMatch(/нельзя поставить нужный завод/);
  });

  const kinds = (t: PiTemplate) => t.P.map((p) => ctx.rules.pin(p.T)!.kind);
  const count = (t: PiTemplate, kind: string) => kinds(t).filter((k) => k === kind).length;

  it('«Обычный 8», Base Metals on Barren: ECU with 10 heads, 8 Basic plants (Reactive Metals) around a storage, a launchpad', () => {
    const { template, summary } = generateTemplate(ctx, {
      productId: 2267,
      layout: 'normal8',
      planetTypeId: 2016,
      diameter: 5820,
    });
    expect(template).toMatchObject({
      CmdCtrLv: 4,
      Pln: 2016,
      Diam: 5820,
      Cmt: expect.stringMatching(/^Обычный 8: Base Metals -> Reactive Metals ×8/),
    });
    expect(template.P.map((p) => p.T).sort()).toEqual([2473, 2473, 2473, 2473, 2473, 2473, 2473, 2473, 2541, 2544, 2848].sort());
    expect(template.P.find((p) => p.T === 2848)).toMatchObject({ H: 10, S: 2267 });
    expect(template.P.filter((p) => p.T === 2473).every((p) => p.S === 2398)).toBe(true);
    expect(template.L).toHaveLength(10);
    expect(template.R.filter((r) => r.T === 2267 && r.Q === 3000)).toHaveLength(8);
    expect(template.R.filter((r) => r.T === 2398 && r.Q === 20 && r.P.length === 3 && r.P[2] === 2)).toHaveLength(8);
    expect(summary).toMatchObject({ factories: 8, extractors: 1, heads: 10 });
    expect(summary.power).toBeLessThanOrEqual(17000);
  });

  it('«Обычный 6»: 6 plants; a gas giant drops heads until the longer links fit', () => {
    const six = generateTemplate(ctx, { productId: 2311, layout: 'normal6', planetTypeId: 13, diameter: 60000 });
    expect(count(six.template, 'basic')).toBe(6);
    const eightGiant = generateTemplate(ctx, { productId: 2311, layout: 'normal8', planetTypeId: 13, diameter: 150000 });
    expect(count(eightGiant.template, 'basic')).toBe(8);
    expect(eightGiant.summary.heads).toBeLessThan(10);
    expect(eightGiant.summary.heads).toBeGreaterThan(0);
    expect(validateTemplateText(eightGiant.text, ctx, { strict: true }).ok).toBe(true);
  });

  it('«Звезда», Robotics on Barren: 12 Advanced plants linked to a central launchpad, 10 + 10 in and 3 out each', () => {
    const { template } = generateTemplate(ctx, { productId: 9848, layout: 'star', planetTypeId: 2016, diameter: 5820 });
    expect(count(template, 'advanced')).toBe(12);
    expect(template.P[0].T).toBe(2544);
    expect(template.L.every((l) => l.S === 1)).toBe(true);
    for (let f = 2; f <= 13; f++) {
      expect(template.R.filter((r) => r.P[1] === f && r.P[0] === 1).map((r) => [r.T, r.Q])).toEqual([
        [3689, 10],
        [9836, 10],
      ]);
      expect(template.R.filter((r) => r.P[0] === f)).toEqual([{ P: [f, 1], Q: 3, T: 9848 }]);
    }
  });

  it('«Звезда», a P4 on Temperate uses High-Tech plants (2482)', () => {
    const { template } = generateTemplate(ctx, { productId: 2867, layout: 'star', planetTypeId: 11, diameter: 12000 });
    expect(new Set(template.P.slice(1).map((p) => p.T))).toEqual(new Set([2482]));
    expect(template.P[0].T).toBe(2256);
  });

  it('«Мега», Coolant on Storm: cells of Electrolytes + Water Basic plants feeding one Advanced plant', () => {
    const { template, summary } = generateTemplate(ctx, { productId: 9832, layout: 'mega', planetTypeId: 2017, diameter: 8000 });
    expect(count(template, 'advanced')).toBe(6);
    expect(count(template, 'basic')).toBe(12);
    expect(summary.factories).toBe(18);
    const adv = template.P.findIndex((p) => p.S === 9832) + 1;
    expect(template.R.filter((r) => r.P[r.P.length - 1] === adv).map((r) => [r.T, r.Q, r.P.length])).toEqual([
      [2390, 20, 3],
      [3645, 20, 3],
    ]);
    expect(
      template.R.filter((r) => r.P[0] === 1 && r.Q === 3000)
        .map((r) => r.T)
        .sort(),
    ).toEqual([2268, 2268, 2268, 2268, 2268, 2268, 2309, 2309, 2309, 2309, 2309, 2309].sort());
  });

  it('JSON as the game writes it: sorted keys, floats with a decimal point', () => {
    const { text } = generateTemplate(ctx, { productId: 9848, layout: 'star', planetTypeId: 2016, diameter: 5820 });
    expect(text.startsWith('{"CmdCtrLv": 4, "Cmt": "Звезда: Robotics ×12 (')).toBe(true);
    expect(text).toContain('"Diam": 5820.0, "L": [{"D": 2, "Lv": 0, "S": 1}');
    expect(text).toMatch(/"P": \[\{"H": 0, "La": 1\.2, "Lo": 1\.5, "S": null, "T": 2544\}/);
    expect(text).toMatch(/"Pln": 2016, "R": \[\{"P": \[1, 2\], "Q": 10, "T": 3689\}/);
  });
});

describe('the validator refuses broken templates', () => {
  const base = () => generateTemplate(ctx, { productId: 9848, layout: 'star', planetTypeId: 2016, diameter: 5820 }).template;
  const check = (t: PiTemplate | string, strict = false) =>
    validateTemplateText(typeof t === 'string' ? t : serializeTemplate(t), ctx, { strict });

  it.each<[string, (t: PiTemplate) => PiTemplate | string, RegExp]>([
    ['not JSON', () => '{"CmdCtrLv": 4,', /^Не JSON/],
    ['an unknown key', (t) => serializeTemplate(t).replace('{"CmdCtrLv"', '{"X": 1, "CmdCtrLv"'), /Лишние ключи шаблона: X/],
    ['no P', (t) => serializeTemplate(t).replace(/"P": \[.*?\], "Pln"/, '"Pln"'), /Нет обязательного ключа P/],
    [
      'Diam written as an int',
      (t) => serializeTemplate(t).replace('"Diam": 5820.0', '"Diam": 5820'),
      /Diam должен быть положительным дробным/,
    ],
    [
      'La written as an int',
      (t) => serializeTemplate(t).replace('"La": 1.2,', '"La": 1,'),
      /P\[1\]: неверные типы \(La дробное\)/,
    ],
    [
      'a sixth key on a pin',
      (t) => serializeTemplate(t).replace('{"H": 0,', '{"Extra": 0, "H": 0,'),
      /P\[1\]: нужны ровно ключи H, La, Lo, S, T/,
    ],
    ['an unknown planet type', (t) => ({ ...t, Pln: 30889 }), /Pln 30889: не тип планеты/],
    ['command centre level 6', (t) => ({ ...t, CmdCtrLv: 6 }), /CmdCtrLv 6: нет такого уровня/],
    ['a link index out of range', (t) => ({ ...t, L: [...t.L, { S: 1, D: 99, Lv: 0 }] }), /L\[13\]: индекс вне 1\.\.13/],
    ['a duplicated link', (t) => ({ ...t, L: [...t.L, { S: 2, D: 1, Lv: 0 }] }), /повтор связи 2–1/],
    ['a route along no link', (t) => ({ ...t, R: [...t.R, { P: [2, 3], Q: 3, T: 9848 }] }), /нет связи 2–3/],
    [
      'a route into a factory of a commodity it does not use',
      (t) => ({ ...t, R: [...t.R, { P: [1, 2], Q: 40, T: 2398 }] }),
      /не использует «Reactive Metals»/,
    ],
    [
      'an underfed factory',
      (t) => ({ ...t, R: t.R.map((r) => (r.P.join() === '1,2' && r.T === 3689 ? { ...r, Q: 5 } : r)) }),
      /P\[2\]: «Robotics» получает 5 из 10 «Mechanical Parts»/,
    ],
    [
      'an output not routed away',
      (t) => ({ ...t, R: t.R.filter((r) => r.P.join() !== '2,1') }),
      /P\[2\]: продукция «Robotics» не вывозится/,
    ],
    [
      'a factory on a schematic its pin cannot run',
      (t) => ({ ...t, P: t.P.map((p, i) => (i === 1 ? { ...p, T: 2473 } : p)) }),
      /не производит «Robotics»/,
    ],
    [
      'the command centre as a pin',
      (t) => ({ ...t, P: t.P.map((p, i) => (i === 0 ? { ...p, T: 2524 } : p)) }),
      /командный центр в шаблон не входит/,
    ],
    [
      'a High-Tech plant on a Gas planet',
      (t) => ({ ...t, Pln: 13, P: t.P.map((p, i) => (i === 1 ? { ...p, T: 2475, S: 2867 } : p)) }),
      /нет сооружения/,
    ],
    [
      'pins on top of each other',
      (t) => ({ ...t, P: t.P.map((p, i) => (i === 1 ? { ...p, La: t.P[0].La, Lo: t.P[0].Lo + 0.001 } : p)) }),
      /P\[1\] и P\[2\] стоят вплотную/,
    ],
    [
      'a link of 0.1 rad',
      (t) => ({ ...t, P: t.P.map((p, i) => (i === 1 ? { ...p, La: p.La + 0.1 } : p)) }),
      /L\[1\]: связь слишком длинная \(\d{3} км\)/,
    ],
    [
      'command centre level 0 (1675 tf)',
      (t) => ({ ...t, CmdCtrLv: 0 }),
      /Не хватает CPU командного центра уровня 0: \d+ из 1675 tf/,
    ],
    [
      'a route into an extractor',
      (t) => ({ ...t, P: t.P.map((p, i) => (i === 1 ? { ...p, T: 2848, S: 2267, H: 5 } : p)) }),
      /маршрут в экстрактор запрещён/,
    ],
  ])('%s', (_name, mutate, message) => {
    const result = check(mutate(base()));
    expect(result.ok).toBe(false);
    expect(result.errors.join('\n')).toMatch(message);
  });

  it('storage to storage routes are forbidden', () => {
    const t = base();
    // Between the hub and the ring, 0.0135 rad from the launchpad.
    t.P.push({ H: 0, La: 1.19651, Lo: 1.51399, S: null, T: 2541 });
    t.L.push({ S: 1, D: 14, Lv: 0 });
    t.R.push({ P: [1, 14], Q: 100, T: 3689 });
    expect(check(t).errors).toEqual(['R[37]: маршрут со склада на склад запрещён']);
  });

  it('a route over the link bandwidth', () => {
    const t = base();
    t.R.push({ P: [2, 1], Q: 2000, T: 9848 });
    // (3 + 2000) x 3 m³ of Robotics and 10 + 10 x 0.75 m³ of inputs an hour on the level-0 link (1250 m³/h).
    expect(check(t).errors).toEqual(['L[1]: пропускная способность 1250 м³/ч, а нужно 6024']);
  });

  it('the typed parser keeps the int/float distinction', () => {
    const v = parseTypedJson('{"a": 1, "b": 1.0, "c": 1e3, "d": [null, true, "x\\u00e9"]}') as Record<string, unknown>;
    expect(v.a).toEqual({ value: 1, isFloat: false });
    expect(v.b).toEqual({ value: 1, isFloat: true });
    expect(v.c).toEqual({ value: 1000, isFloat: true });
    expect(v.d).toEqual([null, true, 'xé']);
  });
});
