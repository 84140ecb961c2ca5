/**
 * Golden tests of the job tree on CCP's game data — the repository's SDE subset (tools/sde-subset:
 * the real SDE lines of every blueprint, type and dogma row these trees reach), and under
 * `SDE_PATH=… npm run test:full-sde` the full SDE, so a row missing from the subset shows — against
 * - the in-game industry window (EVE Ref's cases, tools/sde-subset/data/industry-test-cases/everef:
 *   `manufacturing.txt` and the values marked verified in `output.json`), and
 * - hand-checked blueprints: the expectations below were computed by a separate reference
 *   implementation (Python, straight from the SDE files, decimal half-up rounding), not by this
 *   code: a T1 ship in high- and null-sec with different ME/TE, structures, rigs and skills, a T2
 *   component chain down to moon materials, a capital with reactions on and off, fuel blocks.
 *   That run is not in the repository; the material quantities of the T1 ship and fuel-block
 *   cases (and of the invention cases) live in golden-quantities.json beside this file, which these
 *   tests assert and `npm run check:industry-reference` recomputes independently
 *   (tools/industry-reference/reference.mjs: no app code, the SDE files and the game's rules; run
 *   in .ci/run). The T2 chain, the capital, times and fees still rest on that earlier run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  countNodes,
  isBuilt,
  canBuild,
  setAll,
  summarize,
  type JobNode,
  type PriceSide,
  type SkillLevels,
} from '@eve-toolkit/shared-types';
import { facilitySetup } from './facility';
import { buildJobTree, JobTreeError, type NodeSettings, type TreeSettings } from './job-tree';
import { loadSdeIndustry, type SdeIndustry } from '../testing/sde-catalog';
import { INDUSTRY_CASES_DIR } from '../../../../tools/sde-subset/paths';
import GOLDEN from './golden-quantities.json';

jest.setTimeout(60_000);

let sde: SdeIndustry;
beforeAll(async () => {
  sde = await loadSdeIndustry();
});

const CASES = INDUSTRY_CASES_DIR;
/** ESI /markets/prices/ of a case: type id -> adjusted price. */
function casePrices(name: string): Map<number, number> {
  const rows = JSON.parse(readFileSync(join(CASES, name, 'esi-market-prices.json'), 'utf8')) as {
    type_id: number;
    adjusted_price: number;
  }[];
  return new Map(rows.map((r) => [r.type_id, r.adjusted_price]));
}
/** The in-game window's "Required" column (manufacturing.txt): type id -> quantity. */
function inGameRequired(name: string): Record<number, number> {
  const out: Record<number, number> = {};
  for (const line of readFileSync(join(CASES, name, 'manufacturing.txt'), 'utf8').split('\n')) {
    const cols = line.split('\t');
    if (cols.length === 5 && /^\d+$/.test(cols[4].trim())) out[Number(cols[4])] = Number(cols[1]);
  }
  return out;
}

interface Setup {
  /** The root blueprint's ME/TE. */
  me?: number;
  te?: number;
  /** The other blueprints' (the hand-checked cases give every blueprint of the tree the same: the root's unless said). */
  componentMe?: number;
  componentTe?: number;
  security: number;
  structure?: number;
  rigs?: number[];
  reactionStructure?: number;
  reactionRigs?: number[];
  scienceStructure?: number;
  scienceRigs?: number[];
  skills?: Partial<SkillLevels>;
  sci?: { manufacturing?: number; reaction?: number; invention?: number; copying?: number };
  nodes?: ReadonlyMap<number, NodeSettings>;
  tax?: number;
  reactions?: boolean;
  adjusted?: Map<number, number> | ((typeId: number) => number | undefined);
  hub?: (typeId: number) => { sell: number | null; buy: number | null } | undefined;
}

function settings(s: Setup): TreeSettings {
  const structure = (id?: number) => (id === undefined ? null : sde.structures.get(id)!);
  const rigs = (ids: number[] = []) => ids.map((id) => sde.rigs.get(id)!);
  return {
    me: s.me ?? 0,
    te: s.te ?? 0,
    componentMe: s.componentMe ?? s.me ?? 0,
    componentTe: s.componentTe ?? s.te ?? 0,
    facilityTax: s.tax ?? 0,
    manufacturing: facilitySetup(structure(s.structure), rigs(s.rigs)),
    reaction: facilitySetup(structure(s.reactionStructure ?? 35835), rigs(s.reactionRigs)),
    science: facilitySetup(structure(s.scienceStructure), rigs(s.scienceRigs)),
    secClass: s.security <= 0 ? 0 : s.security < 0.45 ? 1 : 2,
    skills: { industry: 5, advancedIndustry: 5, reactions: 5, science: 5, ...s.skills },
    costIndex: {
      manufacturing: s.sci?.manufacturing ?? 0,
      reaction: s.sci?.reaction ?? 0,
      invention: s.sci?.invention ?? 0,
      copying: s.sci?.copying ?? 0,
    },
    decryptors: sde.decryptors,
    nodes: s.nodes,
  };
}

/** Every golden tree built in this file (blueprint, quantity, setup), for the properties at the end. */
const BUILT_TREES: { blueprintId: number; quantity: number; setup: Setup }[] = [];

function tree(blueprintId: number, quantity: number, s: Setup) {
  const built = buildTree(blueprintId, quantity, s);
  BUILT_TREES.push({ blueprintId, quantity, setup: s });
  return built;
}

function buildTree(blueprintId: number, quantity: number, s: Setup) {
  const adjusted = s.adjusted;
  const catalog = sde.catalog({
    reactions: s.reactions ?? false,
    adjusted: typeof adjusted === 'function' ? adjusted : (id) => adjusted?.get(id),
    hub: s.hub,
  });
  return buildJobTree(sde.treeBlueprint(sde.blueprints.get(blueprintId)!), quantity, catalog, settings(s));
}

interface Shape {
  id: number;
  q: number;
  runs?: number;
  time?: number;
  trash?: number;
  act?: 'manufacturing' | 'reaction';
  fee?: [number, number, number, number];
  mats?: Shape[];
}
/** The node as the reference implementation prints it: quantities, runs, time, surplus, activity and fee parts. */
function shape(n: JobNode, depth: number, maxDepth: number): Shape {
  const s: Shape = { id: n.id, q: n.quantity };
  if (n.runs) {
    s.runs = n.runs;
    s.time = n.time;
    s.trash = n.trash;
    s.act = n.activity_id === 11 ? 'reaction' : 'manufacturing';
    s.fee = [n.work_price_parts.index, n.work_price_parts.tax, n.work_price_parts.scc, n.work_price_total];
  }
  if (depth < maxDepth && n.materials.length) s.mats = n.materials.map((m) => shape(m, depth + 1, maxDepth));
  return s;
}
const direct = (n: JobNode) => Object.fromEntries(n.materials.map((m) => [m.id, m.quantity]));

/** A case of golden-quantities.json (the quantities tools/industry-reference recomputes). */
type Golden = (typeof GOLDEN.manufacturing)[number];
const goldenCase = (name: string) => GOLDEN.manufacturing.find((c) => c.name.startsWith(name))!;
const goldenSetup = (c: Golden) => ({ me: c.me, security: c.security, structure: c.structure, rigs: c.rigs });
const goldenMats = (c: Golden): Shape[] => c.materials.map(([id, q]) => ({ id, q }));

describe('EVE Ref cases with in-game numbers', () => {
  it('Dominix, ME 10 TE 20, high-sec NPC station, skills V: materials, 2h43m12s, fee 18 381 467', () => {
    const { root } = tree(999, 1, {
      me: 10,
      te: 20,
      security: 0.9,
      sci: { manufacturing: 0.07311725283123303 },
      tax: 0.0025,
      adjusted: casePrices('dominix'),
    });
    expect(shape(root, 0, 1)).toEqual({
      id: 645,
      q: 1,
      runs: 1,
      time: 9792,
      trash: 0,
      act: 'manufacturing',
      fee: [11624583, 397464, 6359420, 18381467],
      mats: [
        { id: 57479, q: 1, runs: 1, time: 4352, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 57486, q: 68, runs: 23, time: 22522, trash: 1, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 57478, q: 135, runs: 45, time: 44064, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 40, q: 1755 },
        { id: 39, q: 3510 },
        { id: 38, q: 14040 },
        { id: 37, q: 117000 },
        { id: 36, q: 351000 },
        { id: 35, q: 2340000 },
        { id: 34, q: 4680000 },
      ],
    });
    expect(root.work_price_parts.eiv).toBe(158_985_500);
  });

  it('Dominix in low-sec: Sotiyo, Thukker XL + XL ship + lab rigs: quantities exactly as the in-game window', () => {
    const { root } = tree(999, 1, {
      me: 10,
      te: 20,
      security: 0.3,
      structure: 35827,
      rigs: [45548, 37180, 37183],
      sci: { manufacturing: 0.07461088416212873 },
      tax: 0.02,
      adjusted: casePrices('dominix-lowsec-sotiyo-rigs'),
    });
    expect(direct(root)).toEqual(inGameRequired('dominix-lowsec-sotiyo-rigs'));
    expect(root.time).toBe(4250); // 1h10m50s
    // EIV, facility tax and SCC as in the game (the case also had a −50 % faction-warfare index bonus,
    // which the calculator does not offer: the index part here has only Sotiyo's −5 %).
    expect(root.work_price_parts).toEqual({ eiv: 154_286_511, index: 10_935_880, tax: 3_085_730, scc: 6_171_460 });
    expect(shape(root, 0, 1)).toEqual({
      id: 645,
      q: 1,
      runs: 1,
      time: 4250,
      trash: 0,
      act: 'manufacturing',
      fee: [10935880, 3085730, 6171460, 20193070],
      mats: [
        { id: 57479, q: 1, runs: 1, time: 1889, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 57486, q: 65, runs: 22, time: 9349, trash: 1, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 57478, q: 129, runs: 43, time: 18274, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 40, q: 1672 },
        { id: 39, q: 3343 },
        { id: 38, q: 13372 },
        { id: 37, q: 111429 },
        { id: 36, q: 334286 },
        { id: 35, q: 2228570 },
        { id: 34, q: 4457139 },
      ],
    });
  });

  it('Armor Energizing Charge, 50 000 units = 100 runs of 500, ME 1 TE 2: 92h33m20s, fee 1 938 283', () => {
    const { root } = tree(42874, 50_000, {
      me: 1,
      te: 2,
      security: 0.9,
      sci: { manufacturing: 0.07252106987941283 },
      tax: 0.0025,
      adjusted: casePrices('armor-energizing-charge-blueprint'),
    });
    expect(direct(root)).toEqual(inGameRequired('armor-energizing-charge-blueprint'));
    expect(shape(root, 0, 1)).toEqual({
      id: 42832,
      q: 50000,
      runs: 100,
      time: 333200,
      trash: 0,
      act: 'manufacturing',
      fee: [1222092, 42129, 674062, 1938283],
      mats: [
        { id: 34, q: 9900 },
        { id: 37, q: 9900 },
        { id: 16274, q: 9900 },
        { id: 17887, q: 9900 },
        { id: 16272, q: 29700 },
      ],
    });
  });

  it('Carbon Fiber reaction, 10 runs at an Athanor with composite ME II + TE II rigs in low-sec, Reactions IV', () => {
    const { root } = tree(57490, 2000, {
      security: 0.3,
      reactionStructure: 35835,
      reactionRigs: [46487, 46485],
      skills: { reactions: 4 },
      sci: { reaction: 0.05909748985254272 },
      tax: 0.015,
      reactions: true,
      adjusted: casePrices('carbon-fiber-reaction-formula-athanor-rigs'),
    });
    // 49 / 976 / 976, 19h09m07s, fee 83 558 + 21 209 + 56 556 = 161 323 (EVE Ref, in-game verified)
    expect(shape(root, 0, 1)).toEqual({
      id: 57453,
      q: 2000,
      runs: 10,
      time: 68947,
      trash: 0,
      act: 'reaction',
      fee: [83558, 21209, 56556, 161323],
      mats: [
        { id: 4246, q: 49, runs: 2, time: 1224, trash: 31, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 16633, q: 976 },
        { id: 16635, q: 976 },
      ],
    });
  });

  it('Astrahus, ME 10 TE 10, null-sec: the game’s fee without a structure bonus (131 761 313), and with a Raitaru (−3 % on the index part)', () => {
    const adjusted = casePrices('astrahus');
    const npc = tree(36966, 1, {
      me: 10,
      te: 10,
      security: -0.5,
      sci: { manufacturing: 0.08087755233608671 },
      tax: 0.0025,
      adjusted,
    });
    expect(shape(npc.root, 0, 1)).toEqual({
      id: 35832,
      q: 1,
      runs: 1,
      time: 367200,
      trash: 0,
      act: 'manufacturing',
      fee: [86373350, 2669880, 42718083, 131761313],
      mats: [
        { id: 21947, q: 1, runs: 1, time: 52877, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21949, q: 1, runs: 1, time: 52877, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21951, q: 1, runs: 1, time: 52877, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21957, q: 1, runs: 1, time: 52877, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21961, q: 1, runs: 1, time: 52877, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21965, q: 1, runs: 1, time: 52877, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21967, q: 1, runs: 1, time: 52877, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21963, q: 4, runs: 4, time: 211507, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
      ],
    });
    const raitaru = tree(36966, 1, {
      me: 10,
      te: 10,
      security: -0.5,
      structure: 35825,
      sci: { manufacturing: 0.08087755233608671 },
      tax: 0.0025,
      adjusted,
    });
    expect(shape(raitaru.root, 0, 1)).toEqual({
      id: 35832,
      q: 1,
      runs: 1,
      time: 312120,
      trash: 0,
      act: 'manufacturing',
      fee: [83782149, 2669880, 42718083, 129170112],
      mats: [
        { id: 21947, q: 1, runs: 1, time: 44945, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21949, q: 1, runs: 1, time: 44945, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21951, q: 1, runs: 1, time: 44945, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21957, q: 1, runs: 1, time: 44945, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21961, q: 1, runs: 1, time: 44945, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21965, q: 1, runs: 1, time: 44945, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21967, q: 1, runs: 1, time: 44945, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
        { id: 21963, q: 4, runs: 4, time: 179781, trash: 0, act: 'manufacturing', fee: [0, 0, 0, 0] },
      ],
    });
    // The game's time (97h55m12s) also has Outpost Construction IV (−1 %/level), a required-skill
    // bonus the June-2024 dogma in the data folder does not carry for skill 3400: not asserted.
  });
});

describe('hand-checked blueprints', () => {
  it('T1 ship: 10 Rifters, ME 10 TE 20, high-sec Raitaru with an M-set small ship ME II rig (−2.4 %)', () => {
    const c = goldenCase('T1 ship: 10 Rifters');
    const { root } = tree(c.blueprint, c.quantity, {
      ...goldenSetup(c),
      te: 20,
      sci: { manufacturing: 0.0312 },
      tax: 0.01,
      adjusted: casePrices('dominix'),
    });
    expect(shape(root, 0, 1)).toEqual({
      id: c.product,
      q: c.quantity,
      runs: c.runs,
      time: 27744,
      trash: 0,
      act: 'manufacturing',
      fee: [150252, 49647, 198589, 398488],
      mats: goldenMats(c),
    });
  });

  it('T1 ship: 7 Rifters, ME 5 TE 10, null-sec Azbel with an L-set small ship II rig (×2.1), Industry IV, Advanced Industry III', () => {
    const c = goldenCase('T1 ship: 7 Rifters');
    const { root } = tree(c.blueprint, c.quantity, {
      ...goldenSetup(c),
      te: 10,
      skills: { industry: 4, advancedIndustry: 3 },
      sci: { manufacturing: 0.05 },
      adjusted: casePrices('dominix'),
    });
    expect(shape(root, 0, 1)).toEqual({
      id: c.product,
      q: c.quantity,
      runs: c.runs,
      time: 11465,
      trash: 0,
      act: 'manufacturing',
      fee: [166815, 0, 139012, 305827],
      mats: goldenMats(c),
    });
  });

  it('T2 component chain: 1 000 Tungsten Carbide Armor Plates, Azbel + L-set advanced component rig, Tatara + L-set reactor rig, low-sec', () => {
    const { root, nodes } = tree(17350, 1000, {
      me: 2,
      te: 4,
      security: 0.3,
      structure: 35826,
      rigs: [37175],
      reactionStructure: 35836,
      reactionRigs: [46497],
      sci: { manufacturing: 0.04, reaction: 0.03 },
      tax: 0.001,
      reactions: true,
    });
    expect(shape(root, 0, 3)).toEqual({
      id: 11543,
      q: 1000,
      runs: 1000,
      time: 6747,
      trash: 0,
      act: 'manufacturing',
      fee: [0, 0, 0, 0],
      mats: [
        {
          id: 16672,
          q: 40743,
          runs: 5,
          time: 24624,
          trash: 9257,
          act: 'reaction',
          fee: [0, 0, 0, 0],
          mats: [
            {
              id: 4051,
              q: 25,
              runs: 1,
              time: 470,
              trash: 15,
              act: 'manufacturing',
              fee: [0, 0, 0, 0],
              mats: [
                { id: 9848, q: 1 },
                { id: 44, q: 4 },
                { id: 3689, q: 4 },
                { id: 9832, q: 9 },
                { id: 16275, q: 20 },
                { id: 3683, q: 22 },
                { id: 16272, q: 165 },
                { id: 16273, q: 340 },
                { id: 17888, q: 437 },
              ],
            },
            {
              id: 16657,
              q: 488,
              runs: 3,
              time: 14774,
              trash: 112,
              act: 'reaction',
              fee: [0, 0, 0, 0],
              mats: [
                { id: 4051, q: 15, runs: 1, time: 470, trash: 25, act: 'manufacturing', fee: [0, 0, 0, 0] },
                { id: 16637, q: 293 },
                { id: 16644, q: 293 },
              ],
            },
            {
              id: 16661,
              q: 488,
              runs: 3,
              time: 14774,
              trash: 112,
              act: 'reaction',
              fee: [0, 0, 0, 0],
              mats: [
                { id: 4051, q: 15, runs: 1, time: 470, trash: 25, act: 'manufacturing', fee: [0, 0, 0, 0] },
                { id: 16634, q: 293 },
                { id: 16635, q: 293 },
              ],
            },
          ],
        },
        {
          id: 16678,
          q: 10186,
          runs: 2,
          time: 9850,
          trash: 1814,
          act: 'reaction',
          fee: [0, 0, 0, 0],
          mats: [
            {
              id: 4247,
              q: 10,
              runs: 1,
              time: 470,
              trash: 30,
              act: 'manufacturing',
              fee: [0, 0, 0, 0],
              mats: [
                { id: 9848, q: 1 },
                { id: 44, q: 4 },
                { id: 3689, q: 4 },
                { id: 9832, q: 9 },
                { id: 16275, q: 20 },
                { id: 3683, q: 22 },
                { id: 16272, q: 165 },
                { id: 16273, q: 340 },
                { id: 16274, q: 437 },
              ],
            },
            {
              id: 16660,
              q: 196,
              runs: 1,
              time: 4925,
              trash: 4,
              act: 'reaction',
              fee: [0, 0, 0, 0],
              mats: [
                { id: 4246, q: 5, runs: 1, time: 470, trash: 35, act: 'manufacturing', fee: [0, 0, 0, 0] },
                { id: 16635, q: 98 },
                { id: 16636, q: 98 },
              ],
            },
            {
              id: 16665,
              q: 196,
              runs: 1,
              time: 4925,
              trash: 4,
              act: 'reaction',
              fee: [0, 0, 0, 0],
              mats: [
                { id: 4051, q: 5, runs: 1, time: 470, trash: 35, act: 'manufacturing', fee: [0, 0, 0, 0] },
                { id: 16641, q: 98 },
                { id: 16644, q: 98 },
              ],
            },
          ],
        },
      ],
    });
    expect(nodes).toBe(75);
    expect(countNodes(root)).toBe(75);
  });

  it('capital: a Revelation in low-sec with reactions on builds the moon-material chain, with reactions off buys it', () => {
    const setup: Setup = {
      me: 10,
      te: 20,
      security: 0.2,
      structure: 35827,
      rigs: [37180],
      reactionStructure: 35836,
      reactionRigs: [46497],
      sci: { manufacturing: 0.05, reaction: 0.04 },
      tax: 0.01,
    };
    const on = tree(19721, 1, { ...setup, reactions: true });
    const off = tree(19721, 1, { ...setup, reactions: false });
    expect(on.nodes).toBe(1316);
    expect(off.nodes).toBe(186);
    const path = [0, 2, 2];
    let n = on.root;
    for (const i of path) n = n.materials[i];
    expect(shape(n, 0, 1)).toEqual({
      id: 57456,
      q: 14256,
      runs: 72,
      time: 354586,
      trash: 144,
      act: 'reaction',
      fee: [0, 0, 0, 0],
      mats: [
        { id: 16659, q: 14055, runs: 71, time: 349661, trash: 145, act: 'reaction', fee: [0, 0, 0, 0] },
        { id: 16661, q: 14055, runs: 71, time: 349661, trash: 145, act: 'reaction', fee: [0, 0, 0, 0] },
        { id: 57454, q: 72, runs: 8, time: 39398, trash: 8, act: 'reaction', fee: [0, 0, 0, 0] },
      ],
    });
    let m = off.root;
    for (const i of path) m = m.materials[i];
    expect(m).toMatchObject({ id: n.id, quantity: n.quantity, activity_id: null, runs: 0, materials: [] });
  });

  it('fuel blocks: 100 Nitrogen Fuel Blocks = 3 runs of 40 (20 surplus), Raitaru + M-set structure ME rig in low-sec (×1.9)', () => {
    const c = goldenCase('fuel blocks');
    const { root } = tree(c.blueprint, c.quantity, { ...goldenSetup(c), te: 20 });
    const s = shape(root, 0, 1);
    delete s.fee;
    expect(s).toEqual({
      id: c.product,
      q: c.quantity,
      runs: c.runs,
      time: 1248,
      trash: 20,
      act: 'manufacturing',
      mats: goldenMats(c),
    });
  });
});

describe('bad trees', () => {
  it('a cyclic blueprint (Biochemical Silo from a Biochemical Silo) is refused in Russian', () => {
    expect(() => tree(2742, 1, { security: 0.9 })).toThrow(
      new JobTreeError('Дерево материалов зациклено: Biochemical Silo → Biochemical Silo'),
    );
  });

  it('more runs than one job may have is refused; an over-long intermediate job only warns', () => {
    // Revelation: 2 000 000 s per run; with TE 20, skills V and no structure 1 088 000 s: 3 runs fit in 30 days, 4 do not.
    expect(() => tree(19721, 4, { me: 10, te: 20, security: 0.2 })).toThrow(
      /Слишком много прогонов для одной работы: 4\. Не больше 3 \(3 шт\.\)/,
    );
    expect(tree(19721, 3, { me: 10, te: 20, security: 0.2 }).root.runs).toBe(3);
    // 200 000 armor plates fit one job (≈ 15.6 days), the Tungsten Carbide under them does not:
    // 815 reaction runs of 4 924.8 s, at most 527 in 30 days.
    const plates = tree(17350, 200_000, {
      me: 2,
      te: 4,
      security: 0.3,
      structure: 35826,
      rigs: [37175],
      reactionStructure: 35836,
      reactionRigs: [46497],
      reactions: true,
    });
    expect(plates.root.materials[0]).toMatchObject({ id: 16672, runs: 815 });
    expect(plates.warnings).toContain(
      '«Tungsten Carbide»: 815 прогонов не помещаются в одну работу (не больше 527), разбейте на несколько работ',
    );
  });

  it('summary of a built tree adds every job fee once', () => {
    const { root } = tree(999, 1, {
      me: 10,
      te: 20,
      security: 0.9,
      sci: { manufacturing: 0.07311725283123303 },
      tax: 0.0025,
      adjusted: casePrices('dominix'),
    });
    const s = summarize(root);
    const fees = (n: JobNode): number =>
      n.materials.length && n.build ? n.work_price_total + n.materials.reduce((a, m) => a + fees(m), 0) : 0;
    expect(s.fees).toBe(fees(root));
    expect(s.jobs).toBeGreaterThan(1);
  });
});

describe('invention in the tree (expectations from a separate Python reference reading the SDE files)', () => {
  /** A stable made-up price per type (as in bench/industry.bench.ts): adjusted = it, hub SELL +10 %, BUY −10 %. */
  const price = (typeId: number) => ((typeId * 2654435761) % 1_000_000) / 100 + 1;
  /** The Golem (28710) invented unless `nodes` say otherwise. */
  const golem = (nodes?: ReadonlyMap<number, NodeSettings>) =>
    tree(28711, 1, {
      me: 10,
      te: 20,
      security: 0.9,
      sci: { manufacturing: 0.05, invention: 0.05, copying: 0.04 },
      tax: 0.0025,
      adjusted: price,
      hub: (id) => ({ sell: price(id) * 1.1, buy: price(id) * 0.9 }),
      nodes: new Map([[28710, { source: 'invent' as const }], ...(nodes ?? new Map())]),
    }).root;
  // [decryptor, chance, runs per copy, ME, TE, attempts, invention fee, copy fee, invention s, copy s, per run SELL, per run BUY, Golem's materials]
  const REFERENCE = [
    [
      null,
      0.3208333333333333,
      1,
      2,
      4,
      4,
      1_878_055,
      342_888_152,
      652_800,
      36_720,
      269595802.6161039,
      269423655.3163637,
      [1, 30, 368, 441, 662, 846, 956, 2940, 3720, 5880, 36750],
    ],
    [
      34201,
      0.385,
      2,
      4,
      14,
      3,
      1_408_542,
      257_166_115,
      489_600,
      27_540,
      112338186.05238096,
      112265257.85238096,
      [1, 29, 360, 432, 648, 829, 936, 2880, 3644, 5760, 36000],
    ],
    [
      34202,
      0.5775,
      5,
      1,
      8,
      2,
      939_027,
      171_444_075,
      326_400,
      18_360,
      29958509.19411255,
      29938759.84831169,
      [1, 30, 372, 446, 669, 855, 966, 2970, 3758, 5940, 37125],
    ],
    [
      34203,
      0.1925,
      10,
      0,
      6,
      6,
      2_817_082,
      514_332_227,
      979_200,
      55_080,
      44934539.828051955,
      44905502.03168832,
      [1, 30, 375, 450, 675, 863, 975, 3000, 3795, 6000, 37500],
    ],
    [
      34204,
      0.48125,
      4,
      3,
      2,
      3,
      1_408_542,
      257_166_115,
      489_600,
      27_540,
      44937030.32380953,
      44907539.78874459,
      [1, 30, 364, 437, 655, 838, 946, 2910, 3682, 5820, 36375],
    ],
    [
      34205,
      0.35291666666666666,
      1,
      5,
      10,
      3,
      1_408_542,
      257_166_115,
      489_600,
      27_540,
      245093487.82337663,
      244935827.9357733,
      [1, 29, 357, 428, 642, 820, 927, 2850, 3606, 5700, 35625],
    ],
    [
      34206,
      0.3208333333333333,
      3,
      3,
      12,
      4,
      1_878_055,
      342_888_152,
      652_800,
      36_720,
      89872591.72155845,
      89813877.61870131,
      [1, 30, 364, 437, 655, 838, 946, 2910, 3682, 5820, 36375],
    ],
    [
      34207,
      0.6095833333333333,
      3,
      3,
      2,
      2,
      939_027,
      171_444_075,
      326_400,
      18_360,
      47297969.73506494,
      47267684.65181135,
      [1, 30, 364, 437, 655, 838, 946, 2910, 3682, 5820, 36375],
    ],
    [
      34208,
      0.28875,
      8,
      4,
      4,
      4,
      1_878_055,
      342_888_152,
      652_800,
      36_720,
      37446301.41731602,
      37421948.44415584,
      [1, 29, 360, 432, 648, 829, 936, 2880, 3644, 5760, 36000],
    ],
  ] as const;

  it("a Golem is invented from a Raven copy: every decryptor priced, the invented copy's ME/TE on the job", () => {
    const root = golem();
    const inv = root.invention!;
    expect(inv).toMatchObject({ source_id: 688, copy: true, decryptor_id: null, copies: 1 });
    expect(inv.materials.map((m) => [m.id, m.quantity])).toEqual([
      [20411, 32],
      [25887, 32],
    ]);
    expect(inv.options.map((o) => [o.decryptor_id, o.runs_per_copy, o.me, o.te, o.attempts])).toEqual(
      REFERENCE.map((r) => [r[0], r[2], r[3], r[4], r[5]]),
    );
    inv.options.forEach((o, i) => {
      expect(o.probability).toBeCloseTo(REFERENCE[i][1], 12);
      expect(o.per_run_sell).toBeCloseTo(REFERENCE[i][10], 4);
      expect(o.per_run_buy).toBeCloseTo(REFERENCE[i][11], 4);
      expect(o.materials).toEqual(REFERENCE[i][12]);
    });
    expect([inv.fee, inv.copy_fee, inv.time, inv.copy_time]).toEqual(REFERENCE[0].slice(6, 10));
    expect([root.me, root.te]).toEqual([2, 4]);
    expect(root.materials.map((m) => m.quantity)).toEqual(REFERENCE[0][12]);
    expect(inv.cost_sell).toBeCloseTo(REFERENCE[0][10], 4);
    // the expected invention cost is part of the Golem's build cost
    const materials = root.materials.reduce(
      (a, m) => a + (m.build && m.materials.length ? m.materials_total_sell! : m.quantity * m.market_sell!),
      0,
    );
    expect(root.materials_total_sell).toBeCloseTo(materials + root.work_price_total + inv.cost_sell!, 2);
  });

  it('choosing a decryptor for the Golem (by product type) changes its copy, its ME/TE and its materials', () => {
    const root = golem(new Map([[28710, { source: 'invent', decryptorId: 34207 }]]));
    const oa = REFERENCE[7];
    expect(root.invention!.probability).toBeCloseTo(oa[1], 12);
    expect(root.invention).toMatchObject({
      decryptor_id: 34207,
      runs_per_copy: 3,
      me: 3,
      te: 2,
      attempts: 2,
    });
    expect([root.invention!.fee, root.invention!.copy_fee, root.invention!.time, root.invention!.copy_time]).toEqual(
      oa.slice(6, 10),
    );
    expect(root.invention!.materials.map((m) => [m.id, m.quantity])).toEqual([
      [20411, 32],
      [25887, 32],
      [34207, 1],
    ]);
    expect([root.me, root.te]).toEqual([3, 2]);
    expect(root.materials.map((m) => m.quantity)).toEqual(oa[12]);
    expect(root.invention!.cost_sell).toBeCloseTo(oa[10], 4);
  });

  it('more invention attempts than one job may have only warn (30 days, 500 runs)', () => {
    // 1 250 000 Mjolnir Fury = 250 runs of 5 000: 25 copies of 10 runs at 49.6 % = 51 attempts;
    // 68 100 s × 0.85 a run: 45 start within 30 days
    const invent = new Map([[24535, { source: 'invent' as const }]]);
    const { root, warnings } = tree(24536, 1_250_000, { me: 10, te: 20, security: 0.9, nodes: invent });
    expect([root.runs, root.invention!.copies, root.invention!.attempts]).toEqual([250, 25, 51]);
    expect(warnings).toContain(
      '«Mjolnir Fury Cruise Missile»: 51 попыток изобретения не помещаются в одну работу (не больше 45), разбейте на несколько работ',
    );
    expect(tree(24536, 1_000_000, { me: 10, te: 20, security: 0.9, nodes: invent }).warnings.join()).not.toMatch(
      /попыток изобретения/,
    );
  });

  it("T1 nodes take per-node ME/TE, others the form's; BPO-only T2 components are not invented", () => {
    const root = golem(new Map([[638, { me: 0, te: 0 }]]));
    const raven = root.materials.find((m) => m.id === 638)!;
    const magpulse = root.materials.find((m) => m.id === 11533)!;
    expect([raven.me, raven.te, raven.invention]).toEqual([0, 0, null]);
    expect([magpulse.me, magpulse.te, magpulse.invention]).toEqual([10, 20, null]);
    // Raven at ME 0: its own blueprint's quantities (5 200 000 Tritanium)
    expect(raven.materials.find((m) => m.id === 34)!.quantity).toBe(5_200_000);
  });
});

describe("the T2 blueprint a player owns (regression of 38394b2: an invented copy's ME/TE forced on every T2 node)", () => {
  it("the Sin at ME 3 TE 2, NPC station: the game's quantities (EVE Ref sin-blueprint), not the invented copy's ME 2", () => {
    // In-game rule max(runs, ceil(round2(base × (1 − ME/100)))) on the Sin's blueprint: Construction
    // Blocks 450 -> 437, Morphite 900 -> 873 (EVE Ref's sin-blueprint case: me 3, te 2, NPC station).
    const { root } = tree(22431, 1, { me: 3, te: 2, security: 0.9 });
    expect(root).toMatchObject({ me: 3, te: 2, blueprint_source: 'owned', inventable: true, invention: null });
    expect(direct(root)).toEqual({
      645: 1,
      21025: 3,
      11478: 30,
      11531: 219,
      3828: 437,
      11547: 437,
      11399: 873,
      11535: 873,
      11556: 1585,
      11553: 2183,
      11541: 6111,
      11545: 18_188,
    });
    // chosen, invention gives the copy's ME 2 TE 4 (Construction Blocks 441, Morphite 882)
    const invented = tree(22431, 1, {
      me: 3,
      te: 2,
      security: 0.9,
      nodes: new Map([[22430, { source: 'invent' as const }]]),
    }).root;
    expect([invented.me, invented.te, invented.blueprint_source]).toEqual([2, 4, 'invent']);
    expect([direct(invented)[3828], direct(invented)[11399]]).toEqual([441, 882]);
  });
});

/** A small deterministic PRNG (mulberry32) for the property runs. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Is any part of what the node costs its parent unknown on a side? Written from the rule, not from tree.ts. */
function unknownPart(node: JobNode, side: PriceSide, isRoot = false): boolean {
  const built = isBuilt(node) || (isRoot && canBuild(node));
  if (!built) return node.quantity > 0 && (side === 'sell' ? node.market_sell : node.market_buy) === null;
  const step = node.invention;
  if (step && step.materials.some((m) => (side === 'sell' ? m.market_sell : m.market_buy) === null)) return true;
  return node.materials.some((m) => unknownPart(m, side));
}

function eachNode(root: JobNode, f: (n: JobNode) => void) {
  f(root);
  root.materials.forEach((m) => eachNode(m, f));
}

/** No figure is a number when a part of it is unknown; every known figure is a finite number. */
function expectHonest(root: JobNode) {
  for (const side of ['sell', 'buy'] as const) {
    eachNode(root, (n) => {
      if (!canBuild(n)) return;
      const total = side === 'sell' ? n.materials_total_sell : n.materials_total_buy;
      const unknown = unknownPart(n, side, true);
      expect({ id: n.id, side, total: total === null ? null : Number.isFinite(total) }).toEqual({
        id: n.id,
        side,
        total: unknown ? null : true,
      });
      const step = n.invention;
      if (step) {
        const missing = step.materials.some((m) => (side === 'sell' ? m.market_sell : m.market_buy) === null);
        expect(side === 'sell' ? step.cost_sell : step.cost_buy).toEqual(missing ? null : expect.any(Number));
      }
    });
    const s = summarize(root, { salesTax: 0.036, brokerFee: 0.015 });
    const unknown = unknownPart(root, side, true);
    const product = side === 'sell' ? s.product_sell : s.product_buy;
    const pick = <K extends string>(k: K) => s[`${k}_${side}` as keyof typeof s];
    expect(pick('cost') === null).toBe(unknown);
    expect((pick('missing') as number[]).length > 0).toBe(unknown);
    for (const k of ['profit', 'margin', 'isk_per_hour'] as const) {
      if (unknown || product === null) expect(pick(k)).toBeNull();
    }
    if (unknown) expect(pick('purchases') === null || pick('invention') === null).toBe(true);
  }
}

describe('properties over every golden tree above', () => {
  const price = (typeId: number) => ((typeId * 2654435761) % 1_000_000) / 100 + 1;

  it('every golden tree above was recorded', () => {
    expect(BUILT_TREES.length).toBeGreaterThanOrEqual(20);
  });

  it('sequential time ≥ parallel time, built and bought alike', () => {
    for (const g of BUILT_TREES) {
      const { root } = buildTree(g.blueprintId, g.quantity, g.setup);
      for (const variant of [root, setAll(root, true), setAll(root, false)]) {
        const s = summarize(variant);
        expect(s.time_sequential).toBe(s.time_jobs + s.time_science);
        expect(s.time_sequential).toBeGreaterThanOrEqual(s.time_critical);
      }
    }
  });

  it('no price, total or margin is a number when one of its parts is unknown (random prices removed, seeds 1-4)', () => {
    for (const g of BUILT_TREES) {
      for (let seed = 1; seed <= 4; seed++) {
        const r = rng(seed * 7919 + g.blueprintId);
        const dropped = new Map<number, { sell: boolean; buy: boolean }>();
        const base = g.setup.hub ?? ((id: number) => ({ sell: price(id) * 1.1, buy: price(id) * 0.9 }));
        const hub = (id: number) => {
          let d = dropped.get(id);
          if (!d) dropped.set(id, (d = { sell: r() < 0.08 * seed, buy: r() < 0.08 * seed }));
          const q = base(id);
          return q && { sell: d.sell ? null : q.sell, buy: d.buy ? null : q.buy };
        };
        const { root } = buildTree(g.blueprintId, g.quantity, { ...g.setup, hub });
        expectHonest(root);
        expectHonest(setAll(root, false));
      }
    }
  });
});
