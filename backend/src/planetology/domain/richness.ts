/**
 * Typical abundance (0..1) of each raw resource on each planet type, shown in percent on the
 * extractor cards (spec §3: "each [planet type] has a list of raw resources with richness
 * fractions").
 *
 * The SDE has no such figure: which resources a planet type has comes from the game data
 * (extractor pins' dogma, see GameData.planetResources), but how much of it a planet holds is
 * generated per planet by the server and only seen by scanning it in the game. These values are
 * the team's reading of what players usually see on the scan bars of each planet type (the
 * type's signature resource high, the rest lower) and are labelled as approximate on the page,
 * whose banner already says values may not match. A resource the table does not know (a future
 * game change) gets DEFAULT_RICHNESS.
 */
export const DEFAULT_RICHNESS = 0.5;

const P0 = {
  aqueousLiquids: 2268,
  autotrophs: 2305,
  baseMetals: 2267,
  carbonCompounds: 2288,
  complexOrganisms: 2287,
  felsicMagma: 2307,
  heavyMetals: 2272,
  ionicSolutions: 2309,
  microorganisms: 2073,
  nobleGas: 2310,
  nobleMetals: 2270,
  nonCsCrystals: 2306,
  planktic: 2286,
  reactiveGas: 2311,
  suspendedPlasma: 2308,
} as const;

export const RICHNESS: ReadonlyMap<number, ReadonlyMap<number, number>> = new Map(
  Object.entries({
    // Temperate
    11: {
      [P0.aqueousLiquids]: 0.7,
      [P0.autotrophs]: 0.9,
      [P0.carbonCompounds]: 0.8,
      [P0.complexOrganisms]: 0.6,
      [P0.microorganisms]: 0.6,
    },
    // Ice
    12: { [P0.aqueousLiquids]: 0.9, [P0.heavyMetals]: 0.5, [P0.microorganisms]: 0.4, [P0.nobleGas]: 0.6, [P0.planktic]: 0.5 },
    // Gas
    13: { [P0.aqueousLiquids]: 0.4, [P0.baseMetals]: 0.3, [P0.ionicSolutions]: 0.6, [P0.nobleGas]: 0.7, [P0.reactiveGas]: 0.9 },
    // Oceanic
    2014: {
      [P0.aqueousLiquids]: 0.9,
      [P0.carbonCompounds]: 0.5,
      [P0.complexOrganisms]: 0.7,
      [P0.microorganisms]: 0.8,
      [P0.planktic]: 0.7,
    },
    // Lava
    2015: {
      [P0.baseMetals]: 0.5,
      [P0.felsicMagma]: 0.9,
      [P0.heavyMetals]: 0.6,
      [P0.nonCsCrystals]: 0.6,
      [P0.suspendedPlasma]: 0.5,
    },
    // Barren
    2016: {
      [P0.aqueousLiquids]: 0.3,
      [P0.baseMetals]: 0.8,
      [P0.carbonCompounds]: 0.5,
      [P0.microorganisms]: 0.6,
      [P0.nobleMetals]: 0.8,
    },
    // Storm
    2017: {
      [P0.aqueousLiquids]: 0.5,
      [P0.baseMetals]: 0.4,
      [P0.ionicSolutions]: 0.8,
      [P0.nobleGas]: 0.7,
      [P0.suspendedPlasma]: 0.8,
    },
    // Plasma
    2063: {
      [P0.baseMetals]: 0.5,
      [P0.heavyMetals]: 0.6,
      [P0.nobleMetals]: 0.6,
      [P0.nonCsCrystals]: 0.6,
      [P0.suspendedPlasma]: 0.9,
    },
  }).map(([planet, resources]) => [Number(planet), new Map(Object.entries(resources).map(([r, v]) => [Number(r), v]))]),
);

export function richness(planetTypeId: number, resourceId: number): number {
  return RICHNESS.get(planetTypeId)?.get(resourceId) ?? DEFAULT_RICHNESS;
}
