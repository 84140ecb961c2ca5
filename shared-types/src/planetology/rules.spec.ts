import type { PiRules } from '../api/planetology';
import { linkBandwidth, linkLengthKm, linkUsage, PiRulesIndex, pinUsage, planetTypeLabel, surfaceAngle } from './rules';

// Link dogma of type 2280 and a few pins (values as the SDE gives them).
const LINK = {
  cpu: 15,
  power: 10,
  cpuPerKm: 0.2,
  powerPerKm: 0.15,
  cpuLevelModifier: 1.4,
  powerLevelModifier: 1.2,
  bandwidth: 1250,
};
const RULES: PiRules = {
  pins: [
    {
      id: 2474,
      name: 'Barren Advanced Industry Facility',
      kind: 'advanced',
      planetTypeId: 2016,
      cpu: 500,
      power: 700,
      headCpu: 0,
      headPower: 0,
    },
    {
      id: 2475,
      name: 'Barren High-Tech Production Plant',
      kind: 'highTech',
      planetTypeId: 2016,
      cpu: 1100,
      power: 400,
      headCpu: 0,
      headPower: 0,
    },
    {
      id: 2494,
      name: 'Gas Advanced Industry Facility',
      kind: 'advanced',
      planetTypeId: 13,
      cpu: 500,
      power: 700,
      headCpu: 0,
      headPower: 0,
    },
    { id: 2552, name: 'Ice Launchpad', kind: 'launchpad', planetTypeId: 12, cpu: 3600, power: 700, headCpu: 0, headPower: 0 },
    {
      id: 2544,
      name: 'Barren Launchpad',
      kind: 'launchpad',
      planetTypeId: 2016,
      cpu: 3600,
      power: 700,
      headCpu: 0,
      headPower: 0,
    },
    {
      id: 2848,
      name: 'Barren Extractor Control Unit',
      kind: 'extractor',
      planetTypeId: 2016,
      cpu: 400,
      power: 2600,
      headCpu: 110,
      headPower: 550,
    },
  ],
  commandCenterLevels: [{ level: 4, cpu: 21315, power: 17000 }],
  link: LINK,
};

describe('link usage (GetCpuUsageForLink / GetPowerUsageForLink)', () => {
  it.each([
    // km, level, cpu = 15 + ceil(0.2 km (lv+1)^1.4), power = 10 + ceil(0.15 km (lv+1)^1.2)
    [0, 0, 15, 10],
    [35.27, 0, 15 + 8, 10 + 6],
    [100, 0, 35, 25],
    [100, 1, 15 + Math.ceil(20 * 2 ** 1.4), 10 + Math.ceil(15 * 2 ** 1.2)],
  ])('%d km at level %d: %d tf, %d MW', (km, level, cpu, power) => {
    expect(linkUsage(LINK, km, level)).toEqual({ cpu, power });
  });

  it.each([
    [0, 1250],
    [1, 2500],
    [10, 1280000],
  ])('bandwidth at level %d: %d m³/h', (level, m3) => expect(linkBandwidth(LINK, level)).toBe(m3));
});

describe('surface geometry (La = polar angle, Lo = longitude)', () => {
  it.each([
    [{ La: 1.2, Lo: 1.5 }, { La: 1.2, Lo: 1.5 }, 0],
    [{ La: 1.2, Lo: 1.5 }, { La: 1.25, Lo: 1.5 }, 0.05],
    [{ La: Math.PI / 2, Lo: 0 }, { La: Math.PI / 2, Lo: Math.PI / 2 }, Math.PI / 2],
    [{ La: 0, Lo: 0 }, { La: Math.PI, Lo: 0 }, Math.PI],
  ])('angle %j .. %j = %d', (a, b, angle) => expect(surfaceAngle(a, b)).toBeCloseTo(angle, 12));

  it('link length in km scales with the diameter', () => {
    expect(linkLengthKm(5820, { La: 1.2, Lo: 1.5 }, { La: 1.21, Lo: 1.5 })).toBeCloseTo(29.1, 6);
  });
});

describe('PiRulesIndex', () => {
  const index = new PiRulesIndex(RULES);

  it.each([
    [2552, 2016, 2544], // an Ice launchpad applied to a Barren planet becomes the Barren one
    [2474, 13, 2494],
    [2475, 13, undefined], // no High-Tech plant on Gas planets
    [9999, 2016, undefined],
  ])('convert(%d, planet %d) = %s', (pin, planet, expected) => expect(index.convert(pin, planet)?.id).toBe(expected));

  it('pin usage counts the extractor heads', () => {
    expect(pinUsage(index.pin(2848)!, 10)).toEqual({ cpu: 1500, power: 8100 });
    expect(index.commandCenter(4)).toEqual({ level: 4, cpu: 21315, power: 17000 });
    expect(index.commandCenter(6)).toBeUndefined();
  });
});

it.each([
  ['Planet (Barren)', 'Barren'],
  ['Planet (Shattered)', 'Shattered'],
  ['Barren', 'Barren'],
])('planetTypeLabel(%s) = %s', (name, label) => expect(planetTypeLabel(name)).toBe(label));
