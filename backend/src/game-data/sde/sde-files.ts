/**
 * The files of CCP's SDE (JSON Lines) the importer reads, in import order (later ones use names and
 * ids collected from earlier ones). Also the files of the tests' SDE subset (tools/sde-subset).
 * No imports: the subset's tools read this list without the backend.
 */
export const SDE_FILES = [
  '_sde.jsonl',
  'categories.jsonl',
  'groups.jsonl',
  'marketGroups.jsonl',
  'types.jsonl',
  'typeDogma.jsonl',
  'blueprints.jsonl',
  'planetSchematics.jsonl',
  'mapRegions.jsonl',
  'mapConstellations.jsonl',
  'mapSolarSystems.jsonl',
  'mapPlanets.jsonl',
] as const;
export type SdeFile = (typeof SDE_FILES)[number];
