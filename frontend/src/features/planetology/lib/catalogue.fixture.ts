/**
 * A small slice of the planetary catalogue for component tests: the Robotics chain with the
 * game's numbers (schematics, volumes, pins of Barren and Lava planets, CC levels, link dogma as
 * GET data/universe/blueprints returns them). The full catalogue is tested in the backend.
 */
import type { PlanetaryProduct, PlanetologyCatalogueResponse, PiPinType, PlanetSummary } from '@eve-toolkit/shared-types';

const icon = (id: number) => `https://images.example/types/${id}/icon?size=64`;
const raw = (id: number, name: string): PlanetaryProduct => ({
  id,
  name,
  icon: icon(id),
  output: 3000,
  volume: 0.005,
  requirements: [],
  tier: 0,
  cycleTime: 0,
  schematicId: null,
  pins: [],
});
const BASIC = [2469, 2471, 2473, 2481, 2483, 2490, 2492, 2493];
const ADVANCED = [2470, 2472, 2474, 2480, 2484, 2485, 2491, 2494];
const p1 = (id: number, name: string, from: number, schematicId: number): PlanetaryProduct => ({
  id,
  name,
  icon: icon(id),
  output: 20,
  volume: 0.19,
  requirements: [{ id: from, quantity: 3000 }],
  tier: 1,
  cycleTime: 1800,
  schematicId,
  pins: BASIC,
});

export const BLUEPRINTS: PlanetaryProduct[] = [
  raw(2267, 'Base Metals'),
  raw(2272, 'Heavy Metals'),
  raw(2270, 'Noble Metals'),
  raw(2306, 'Non-CS Crystals'),
  p1(2401, 'Chiral Structures', 2306, 129),
  p1(2399, 'Precious Metals', 2270, 127),
  p1(2398, 'Reactive Metals', 2267, 126),
  p1(2400, 'Toxic Metals', 2272, 128),
  {
    id: 9836,
    name: 'Consumer Electronics',
    icon: icon(9836),
    output: 5,
    volume: 0.75,
    requirements: [
      { id: 2400, quantity: 40 },
      { id: 2401, quantity: 40 },
    ],
    tier: 2,
    cycleTime: 3600,
    schematicId: 76,
    pins: ADVANCED,
  },
  {
    id: 3689,
    name: 'Mechanical Parts',
    icon: icon(3689),
    output: 5,
    volume: 0.75,
    requirements: [
      { id: 2398, quantity: 40 },
      { id: 2399, quantity: 40 },
    ],
    tier: 2,
    cycleTime: 3600,
    schematicId: 73,
    pins: ADVANCED,
  },
  {
    id: 9848,
    name: 'Robotics',
    icon: icon(9848),
    output: 3,
    volume: 3,
    requirements: [
      { id: 3689, quantity: 10 },
      { id: 9836, quantity: 10 },
    ],
    tier: 3,
    cycleTime: 3600,
    schematicId: 97,
    pins: ADVANCED,
  },
];

const pin = (id: number, kind: PiPinType['kind'], planetTypeId: number, cpu: number, power: number, name: string): PiPinType => ({
  id,
  name,
  kind,
  planetTypeId,
  cpu,
  power,
  headCpu: kind === 'extractor' ? 110 : 0,
  headPower: kind === 'extractor' ? 550 : 0,
});

export const CATALOGUE: PlanetologyCatalogueResponse = {
  blueprints: BLUEPRINTS,
  planetTypes: [
    {
      id: 2015,
      name: 'Planet (Lava)',
      icon: icon(2015),
      resources: [
        { id: 2267, richness: 0.5 },
        { id: 2272, richness: 0.6 },
        { id: 2306, richness: 0.6 },
      ],
      typicalDiameter: 7000,
    },
    {
      id: 2016,
      name: 'Planet (Barren)',
      icon: icon(2016),
      resources: [
        { id: 2267, richness: 0.8 },
        { id: 2270, richness: 0.8 },
      ],
      typicalDiameter: 5820,
    },
  ],
  rules: {
    pins: [
      pin(2524, 'commandCenter', 2016, 0, 0, 'Barren Command Center'),
      pin(2848, 'extractor', 2016, 400, 2600, 'Barren Extractor Control Unit'),
      pin(2473, 'basic', 2016, 200, 800, 'Barren Basic Industry Facility'),
      pin(2474, 'advanced', 2016, 500, 700, 'Barren Advanced Industry Facility'),
      pin(2541, 'storage', 2016, 500, 700, 'Barren Storage Facility'),
      pin(2544, 'launchpad', 2016, 3600, 700, 'Barren Launchpad'),
      pin(2549, 'commandCenter', 2015, 0, 0, 'Lava Command Center'),
      pin(3062, 'extractor', 2015, 400, 2600, 'Lava Extractor Control Unit'),
      pin(2469, 'basic', 2015, 200, 800, 'Lava Basic Industry Facility'),
      pin(2470, 'advanced', 2015, 500, 700, 'Lava Advanced Industry Facility'),
      pin(2558, 'storage', 2015, 500, 700, 'Lava Storage Facility'),
      pin(2555, 'launchpad', 2015, 3600, 700, 'Lava Launchpad'),
    ],
    commandCenterLevels: [
      { level: 0, cpu: 1675, power: 6000 },
      { level: 4, cpu: 21315, power: 17000 },
      { level: 5, cpu: 25415, power: 19000 },
    ],
    link: {
      cpu: 15,
      power: 10,
      cpuPerKm: 0.2,
      powerPerKm: 0.15,
      cpuLevelModifier: 1.4,
      powerLevelModifier: 1.2,
      bandwidth: 1250,
    },
  },
};

/** Jita's Barren I and Lava VI, and a Gas planet (IV) that this slice has no data for. */
export const PLANETS: PlanetSummary[] = [
  { id: 40009077, name: 'Jita I', type_id: 2016, typeName: 'Planet (Barren)', icon: icon(2016), diameter: 4600 },
  { id: 40009082, name: 'Jita IV', type_id: 13, typeName: 'Planet (Gas)', icon: icon(13), diameter: 37780 },
  { id: 40009092, name: 'Jita VI', type_id: 2015, typeName: 'Planet (Lava)', icon: icon(2015), diameter: 6880 },
];
