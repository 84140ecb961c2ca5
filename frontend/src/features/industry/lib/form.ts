/** The calculator form's plain helpers: defaults, clamping, the request it sends, local system search. */
import {
  ALL_INDUSTRY_SKILLS_V,
  DEFAULT_HUB_ID,
  type IndustryFormValues,
  type IndustryJobRequest,
  type IndustryNodeSettings,
  type IndustrySkills,
  type IndustryStaticData,
  type IndustrySystem,
} from '@eve-toolkit/shared-types';

/** Which facility of the form a rig list belongs to. */
export type RigFacility = 'manufacturing' | 'reaction' | 'science';

/** Search dropdowns suggest from 3 characters (spec §5). */
export const SEARCH_MIN_LENGTH = 3;
export const SYSTEM_SUGGESTIONS = 20;

export const FORM_DEFAULTS: IndustryFormValues = {
  blueprint_id: null,
  system_id: null,
  quantity: 1,
  me: 0,
  te: 0,
  // NPC stations take 0.25 %; player structures set their own (UNI). A starting point, not a rule.
  tax: 0.25,
  reactions: false,
  station_key: 'npc',
  station_rig: [],
  reaction_station: null,
  reaction_rig: [],
  science_station: 'npc',
  science_rig: [],
};

/**
 * The form as the POST body (after validation: item and system chosen), with the skills panel's
 * skills and the tree's per-node settings.
 */
export function toJobRequest(
  values: IndustryFormValues,
  hub: number = DEFAULT_HUB_ID,
  skills: IndustrySkills = ALL_INDUSTRY_SKILLS_V,
  nodes: IndustryNodeSettings = {},
): IndustryJobRequest {
  return {
    blueprint_id: values.blueprint_id ?? 0,
    quantity: values.quantity,
    system_id: values.system_id ?? 0,
    me: values.me,
    te: values.te,
    tax: values.tax,
    reactions: values.reactions,
    station_key: values.station_key,
    station_rig: values.station_rig,
    reaction_station: values.reaction_station,
    reaction_rig: values.reaction_rig,
    science_station: values.science_station,
    science_rig: values.science_rig,
    hub,
    skills,
    nodes,
  };
}

/**
 * Systems whose name contains the query (case-insensitive), names starting with it first, then
 * alphabetical; nothing below 3 characters.
 */
export function searchSystems(systems: readonly IndustrySystem[], query: string, limit = SYSTEM_SUGGESTIONS): IndustrySystem[] {
  const q = query.trim().toLowerCase();
  if (q.length < SEARCH_MIN_LENGTH) return [];
  const prefix: IndustrySystem[] = [];
  const inside: IndustrySystem[] = [];
  for (const s of systems) {
    const name = s.name.toLowerCase();
    if (name.startsWith(q)) prefix.push(s);
    else if (name.includes(q)) inside.push(s);
  }
  const byName = (a: IndustrySystem, b: IndustrySystem) => a.name.localeCompare(b.name);
  return [...prefix.sort(byName), ...inside.sort(byName)].slice(0, limit);
}

/** Rigs that fit a station, for its facility (none for the NPC station). */
export function rigsFor(data: IndustryStaticData, stationKey: string | null, activity: RigFacility) {
  if (!stationKey) return [];
  return data.static.rigs.filter((r) => r.activity === activity && r.stations.includes(stationKey));
}

/** Keeps only the chosen rigs that still fit after the station changed. */
export function keepFittingRigs(
  data: IndustryStaticData,
  stationKey: string | null,
  activity: RigFacility,
  rigs: readonly number[],
): number[] {
  const fitting = new Set(rigsFor(data, stationKey, activity).map((r) => r.id));
  return rigs.filter((id) => fitting.has(id));
}
