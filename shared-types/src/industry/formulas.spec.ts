import {
  brokerFeeRate,
  ENCRYPTION_SKILL_IDS,
  estimatedItemValue,
  inventedCopy,
  inventionProbability,
  exceedsRunLength,
  jobFee,
  jobTime,
  materialQuantity,
  maxRunsPerJob,
  nodeModifiers,
  rigMultiplier,
  rigMultipliers,
  roundHalfAway,
  runsFor,
  salesTaxRate,
  scienceModifiers,
  securityClass,
  type DecryptorSpec,
  type RigSpec,
  type SkillLevels,
} from './formulas';

describe('roundHalfAway', () => {
  it.each([
    [0.5, 0, 1],
    [1.5, 0, 2],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [397463.75, 0, 397464],
    [846.0936, 2, 846.09],
    [1.005 * 1000, 2, 1005],
  ])('round(%p, %p) = %p', (v, d, expected) => expect(roundHalfAway(v, d)).toBe(expected));
});

describe('materialQuantity: max(runs, ceil(round2(runs × base × Π modifiers)))', () => {
  it.each([
    // game-mechanics.md §1.2 worked example: ME 10, Sotiyo, T2 ME rig in null (−2.4 % × 2.1)
    ['ME10 Sotiyo T2 rig null', 10, 100, [0.9, 0.99, 1 + (-2.4 * 2.1) / 100], 847],
    // the float product is 117.00000000000001: round2 first, so 117 and not 118
    ['round2 removes float noise', 10, 13, [0.9], 117],
    ['never less than one unit per run', 10, 1, [0.9], 10],
    ['rounding once per job, not per run', 3, 2, [0.9], 6],
    ['single run rounds up', 1, 2, [0.9], 2],
    // Dominix (everef) high-sec NPC, ME 10: Tritanium 5 200 000 -> 4 680 000
    ['Dominix Tritanium ME10', 1, 5_200_000, [0.9, 1], 4_680_000],
    // Dominix low-sec Sotiyo + XL ship rig T1 (−2 % × 1.9): the in-game window says 4 457 139
    ['Dominix Tritanium low-sec Sotiyo rig', 1, 5_200_000, [0.9, 0.99, 1 + (-2 * 1.9) / 100], 4_457_139],
    ['Dominix seals low-sec Sotiyo rig', 1, 150, [0.9, 0.99, 1 + (-2 * 1.9) / 100], 129],
    // Carbon Fiber reaction, 10 runs, composite ME II rig in low-sec (−2.4 % × 1.0)
    ['Carbon Fiber fuel blocks', 10, 5, [1 + (-2.4 * 1) / 100], 49],
    ['Carbon Fiber moon goo', 10, 100, [1 + (-2.4 * 1) / 100], 976],
    ['zero runs need nothing', 0, 100, [1], 0],
  ])('%s', (_name, runs, base, mods, expected) => expect(materialQuantity(runs, base, mods)).toBe(expected));
});

describe('jobTime: round(base × runs × Π modifiers)', () => {
  it.each([
    // Dominix 18 000 s, TE 20, Industry V, Advanced Industry V, NPC: 2h43m12s
    ['Dominix NPC', 18_000, 1, [0.8, 0.8, 0.85], 9_792],
    // + Sotiyo 0.7 and XL ship rig −20 % × 1.9 (low-sec): 1h10m50s
    ['Dominix low-sec Sotiyo rig', 18_000, 1, [0.8, 0.8, 0.85, 0.7, 1 + (-20 * 1.9) / 100], 4_250],
    // Armor Energizing Charge 5 000 s, TE 2, skills V, 100 runs: 92h33m20s
    ['Armor Energizing Charge', 5_000, 100, [0.98, 0.8, 0.85], 333_200],
    // Carbon Fiber 10 800 s × 10, composite TE II rig −24 % (low-sec × 1.0), Reactions IV: 19h09m07s
    ['Carbon Fiber reaction', 10_800, 10, [0.84, 1, 0.76], 68_947],
  ])('%s', (_name, base, runs, mods, expected) => expect(jobTime(base, runs, mods)).toBe(expected));
});

describe('runs and run limits', () => {
  it.each([
    [1, 1, 1],
    [40, 40, 1],
    [41, 40, 2],
    [5001, 5000, 2],
    [0, 40, 0],
  ])('runsFor(%p, %p) = %p', (q, perRun, expected) => expect(runsFor(q, perRun)).toBe(expected));

  it('refuses a job whose runs but the last do not start within 30 days', () => {
    // 86 400 s per run: 31 runs = 30 days before the last one starts (allowed), 32 runs are not.
    expect(exceedsRunLength(86_400, 31, [1])).toBe(false);
    expect(exceedsRunLength(86_400, 32, [1])).toBe(true);
    expect(maxRunsPerJob(86_400, [1])).toBe(31);
    // With TE 20 the same blueprint fits 38 runs: 69 120 s × 37 = 2 557 440 s <= 2 592 000 s.
    expect(maxRunsPerJob(86_400, [0.8])).toBe(38);
    expect(exceedsRunLength(86_400, 38, [0.8])).toBe(false);
    expect(exceedsRunLength(86_400, 39, [0.8])).toBe(true);
    expect(exceedsRunLength(1, 1_000_001, [1])).toBe(true);
    expect(maxRunsPerJob(1, [1])).toBe(1_000_000);
  });
});

describe('job fee (game-mechanics.md §3): round(EIV × SCI × bonuses) + round(EIV) × tax + round(EIV) × 4 %', () => {
  it('Dominix, high-sec NPC station (EVE Ref case, matches the game)', () => {
    const fee = jobFee(158_985_500, 0.07311725283123303, [1], 0.0025);
    expect(fee).toEqual({ eiv: 158_985_500, systemCost: 11_624_583, facilityTax: 397_464, scc: 6_359_420, total: 18_381_467 });
  });
  it('Dominix, low-sec Sotiyo (−5 %) with a faction-warfare −50 % modifier: bonuses reduce only the index part', () => {
    const fee = jobFee(154_286_511, 0.07461088416212873, [0.95, 0.5], 0.02);
    expect(fee.systemCost).toBe(11_511_453 - 6_043_513);
    expect(fee.facilityTax).toBe(3_085_730);
    expect(fee.scc).toBe(6_171_460);
    expect(fee.total).toBe(14_725_130);
  });
  it('Armor Energizing Charge, 100 runs', () => {
    const fee = jobFee(16_851_544, 0.07252106987941283, [1], 0.0025);
    expect(fee).toMatchObject({ systemCost: 1_222_092, facilityTax: 42_129, scc: 674_062, total: 1_938_283 });
  });
  it('EIV: Σ base quantity × adjusted price per run × runs; a missing price counts 0', () => {
    expect(
      estimatedItemValue(
        [
          { quantity: 5, adjustedPrice: 10.5 },
          { quantity: 100, adjustedPrice: 2 },
          { quantity: 7, adjustedPrice: null },
        ],
        3,
      ),
    ).toBe((5 * 10.5 + 100 * 2) * 3);
  });
});

describe('security class (spec: 0 for security <= 0, 1 up to 0.4, else 2)', () => {
  it.each([
    [0.945913, 2],
    [0.5, 2],
    [0.45, 2], // shown as 0.5
    [0.449, 1], // shown as 0.4
    [0.1, 1],
    [0.04, 1], // 0 < sec < 0.05 shows 0.1
    [0, 0],
    [-0.3, 0],
    [-1, 0],
  ])('%p -> %p', (sec, cls) => expect(securityClass(sec)).toBe(cls));
});

describe('rig bonuses', () => {
  it.each([
    [-2, 1, 0.98],
    [-2, 1.9, 0.962],
    [-2.4, 2.1, 0.9496],
    [-20, 1.9, 0.62],
    [-2.4, null, 1],
  ])('rigMultiplier(%p, %p) = %p', (amount, mod, expected) => expect(rigMultiplier(amount, mod)).toBeCloseTo(expected, 12));

  const thukker: RigSpec = {
    id: 45548,
    securityModifiers: [0.1, 1.9, 0.1],
    effects: [
      { activity: 'manufacturing', bonus: 'material', amount: -3.7, groups: [873, 913] },
      { activity: 'manufacturing', bonus: 'material', amount: -2, groups: [334, 1136] },
      { activity: 'manufacturing', bonus: 'time', amount: -20, groups: [873, 913, 334, 1136] },
    ],
  };
  const shipRig: RigSpec = {
    id: 37180,
    securityModifiers: [2.1, 1.9, 1],
    effects: [
      { activity: 'manufacturing', bonus: 'material', amount: -2, groups: [25, 27] },
      { activity: 'manufacturing', bonus: 'time', amount: -20, groups: [25, 27] },
    ],
  };
  it('only rigs whose product groups match apply, each with its own security multiplier', () => {
    expect(rigMultipliers([thukker, shipRig], 'manufacturing', 'material', 27, 1)).toEqual([1 + (-2 * 1.9) / 100]);
    expect(rigMultipliers([thukker, shipRig], 'manufacturing', 'material', 873, 1)).toEqual([1 + (-3.7 * 1.9) / 100]);
    expect(rigMultipliers([thukker, shipRig], 'manufacturing', 'material', 873, 2)).toEqual([1 + (-3.7 * 0.1) / 100]);
    expect(rigMultipliers([thukker, shipRig], 'manufacturing', 'time', 1136, 0)).toEqual([1 + (-20 * 0.1) / 100]);
    expect(rigMultipliers([thukker, shipRig], 'reaction', 'material', 27, 1)).toEqual([]);
    expect(rigMultipliers([thukker, shipRig], 'manufacturing', 'material', 18, 1)).toEqual([]);
  });

  it('nodeModifiers: manufacturing uses ME/TE, skills, structure and rigs; reactions only the reaction ones', () => {
    const facility = { structure: { material: 0.99, time: 0.7, cost: 0.95, reactionTime: 1 }, rigs: [shipRig] };
    const skills = { industry: 5, advancedIndustry: 4, reactions: 3, science: 5 };
    expect(
      nodeModifiers({
        activity: 'manufacturing',
        productGroupId: 27,
        me: 10,
        te: 20,
        facility,
        secClass: 1,
        skills,
        requiredSkillTimeBonuses: [{ percentPerLevel: -1, level: 5 }],
      }),
    ).toEqual({
      material: [0.9, 0.99, 1 + (-2 * 1.9) / 100],
      time: [0.8, 0.8, 1 - 0.12, 0.95, 0.7, 1 + (-20 * 1.9) / 100],
      cost: [0.95],
    });
    expect(
      nodeModifiers({
        activity: 'reaction',
        productGroupId: 27,
        me: 10,
        te: 20,
        facility: { ...facility, structure: { material: 1, time: 1, cost: 1, reactionTime: 0.75 } },
        secClass: 1,
        skills,
      }),
    ).toEqual({ material: [], time: [1 - 0.12, 0.75], cost: [] });
  });
});

describe('invention (CLIENT industry/activities/invention.py; EVE Ref cases with the in-game window)', () => {
  const V: SkillLevels = { industry: 5, advancedIndustry: 5, reactions: 5, science: 5 };
  // Decryptor dogma (SDE typeDogma 1112/1113/1114/1124).
  const optimizedAttainment: DecryptorSpec = { id: 34207, probability: 1.9, me: 1, te: -2, runs: 2 };
  const augmentation: DecryptorSpec = { id: 34203, probability: 0.6, me: -2, te: 2, runs: 9 };
  // Mjolnir Cruise Missile Blueprint 803 -> Mjolnir Fury: base 0.34, skills Electronic Engineering,
  // Rocket Science and Caldari Encryption Methods (21790).
  const mjolnir = [11453, 11449, 21790];
  // Dominix Blueprint 999 -> Sin: base 0.22, Gallente Starship Engineering, Mechanical Engineering,
  // Gallente Encryption Methods (23121).
  const sin = [11450, 11452, 23121];

  it.each([
    // in-game window: 49.6 % (EVE Ref mjolnir-fury-cruise-missile-blueprint)
    ['Mjolnir Fury, skills V', 0.34, mjolnir, V, null, 0.34 * (1 + 10 / 30 + 5 / 40)],
    // in-game window: 94.2 % with Optimized Attainment
    ['Mjolnir Fury + Optimized Attainment', 0.34, mjolnir, V, optimizedAttainment, 0.34 * (1 + 10 / 30 + 5 / 40) * 1.9],
    // in-game window: 32.1 % (EVE Ref sin-blueprint)
    ['Sin, skills V', 0.22, sin, V, null, 0.22 * (1 + 10 / 30 + 5 / 40)],
    [
      'Sin, sciences III and IV, encryption I',
      0.22,
      sin,
      { ...V, invention: { 11450: 3, 11452: 4, 23121: 1 } },
      null,
      0.22 * (1 + 7 / 30 + 1 / 40),
    ],
    ['every skill at 0', 0.34, mjolnir, { ...V, invention: { 11453: 0, 11449: 0, 21790: 0 } }, augmentation, 0.34 * 0.6],
    ['never above 1', 0.9, mjolnir, V, optimizedAttainment, 1],
  ])('%s', (_name, base, skillIds, skills, decryptor, expected) => {
    expect(inventionProbability(base, skillIds, skills, decryptor)).toBeCloseTo(expected, 12);
  });

  it('rounds the in-game way: 0.4958 shows as 49.6 %, 0.9421 as 94.2 %, 0.3208 as 32.1 %', () => {
    const pct = (p: number) => Math.round(p * 1000) / 10;
    expect(pct(inventionProbability(0.34, mjolnir, V, null))).toBe(49.6);
    expect(pct(inventionProbability(0.34, mjolnir, V, optimizedAttainment))).toBe(94.2);
    expect(pct(inventionProbability(0.22, sin, V, null))).toBe(32.1);
  });

  it('encryption skills count 1/40 a level, every other invention skill 1/30', () => {
    expect([...ENCRYPTION_SKILL_IDS].sort()).toEqual([21790, 21791, 23087, 23121, 3408, 52308, 55025]);
    // Science (3402) is one of the skills of three blueprints: it comes from the Science field.
    expect(inventionProbability(0.3, [3402, 11453, 21790], { ...V, science: 2 }, null)).toBeCloseTo(
      0.3 * (1 + 7 / 30 + 5 / 40),
      12,
    );
  });

  it.each([
    ['no decryptor', 10, null, { runs: 10, me: 2, te: 4 }],
    ['Optimized Attainment (EVE Ref case: 12 runs, ME 3, TE 2)', 10, optimizedAttainment, { runs: 12, me: 3, te: 2 }],
    ['Augmentation on a one-run copy', 1, augmentation, { runs: 10, me: 0, te: 6 }],
  ])('invented copy: %s', (_name, runs, decryptor, expected) => {
    expect(inventedCopy(runs, decryptor)).toEqual(expected);
  });

  const labRig: RigSpec = {
    id: 37183, // Standup XL-Set Laboratory Optimization I: time −20 %, cost −10 % on copying and invention
    securityModifiers: [2.1, 1.9, 1],
    effects: [
      { activity: 'copying', bonus: 'cost', amount: -10, groups: null },
      { activity: 'copying', bonus: 'time', amount: -20, groups: null },
      { activity: 'invention', bonus: 'cost', amount: -10, groups: null },
      { activity: 'invention', bonus: 'time', amount: -20, groups: null },
    ],
  };
  const sotiyo = { structure: { material: 0.99, time: 0.7, cost: 0.95, reactionTime: 1 }, rigs: [labRig] };
  const npc = { structure: { material: 1, time: 1, cost: 1, reactionTime: 1 }, rigs: [] };

  it('science modifiers: Advanced Industry, the structure and the science rigs (on every product), scaled by security', () => {
    expect(scienceModifiers({ activity: 'invention', facility: sotiyo, secClass: 1, skills: V })).toEqual({
      time: [0.85, 0.7, 1 + (-20 * 1.9) / 100],
      cost: [0.95, 1 + (-10 * 1.9) / 100],
    });
    expect(scienceModifiers({ activity: 'copying', facility: npc, secClass: 2, skills: { ...V, science: 4 } })).toEqual({
      time: [0.8, 0.85, 1],
      cost: [1],
    });
  });

  it.each([
    // Sin: Dominix invention 192 000 s, NPC station, Advanced Industry V: 45h20m (in-game window)
    ['Sin at an NPC station', 192_000, 1, npc, 2, 163_200],
    // Sin: Sotiyo + XL lab rig I in low-sec: 19h40m29s (in-game window)
    ['Sin in a low-sec Sotiyo with a lab rig', 192_000, 1, sotiyo, 1, 70_829],
    // Mjolnir Fury: 68 100 s × 45 runs, NPC station: 723h33m45s (in-game window)
    ['Mjolnir Fury, 45 runs', 68_100, 45, npc, 2, 2_604_825],
  ])('invention time: %s', (_name, base, runs, facility, secClass, expected) => {
    const { time } = scienceModifiers({ activity: 'invention', facility, secClass: secClass as 0 | 1 | 2, skills: V });
    expect(jobTime(base, runs, time)).toBe(expected);
  });

  it("invention job fee: 2 % of the T2 blueprint's EIV per run, the system index cut by structure, rigs (and FW)", () => {
    // Sin in low-sec (EVE Ref sin-blueprint-lowsec-sotiyo-rigs): EIV 768 471 245.9, invention index
    // 0.10806…, Sotiyo 0.95, lab rig −10 % × 1.9, faction warfare −50 %, tax 2 %: in-game total 1 561 191.
    const { cost } = scienceModifiers({ activity: 'invention', facility: sotiyo, secClass: 1, skills: V });
    const fee = jobFee(768_471_245.9 * 0.02, 0.108064094785589, [...cost, 0.5], 0.02);
    expect(fee).toMatchObject({ systemCost: 639_025, facilityTax: 307_389, scc: 614_777, total: 1_561_191 });
    // Mjolnir Fury, 45 runs, NPC station, tax 0.25 %: in-game total 241 242.
    const mjolnirFee = jobFee(77_556_562.263726 * 0.02, 0.113026559329934, [1], 0.0025);
    expect(mjolnirFee).toMatchObject({ systemCost: 175_319, facilityTax: 3_878, scc: 62_045, total: 241_242 });
  });
});

describe('trade fees (CCP 2021-10-19: sales tax 8 % − 11 % a level of Accounting; broker fee 3 % − 0.3 % a level)', () => {
  it.each([
    [0, 0.08, 0.03],
    [1, 0.0712, 0.027],
    [4, 0.0448, 0.018],
    [5, 0.036, 0.015],
  ])('level %p: sales tax %p, broker fee %p', (level, tax, broker) => {
    expect(salesTaxRate(level)).toBeCloseTo(tax, 12);
    expect(brokerFeeRate(level)).toBeCloseTo(broker, 12);
  });
});
