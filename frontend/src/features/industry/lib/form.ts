/** The calculator form's plain helpers: defaults, clamping, the request it sends, local system search. */
import {
  DEFAULT_HUB_ID,
  SKILL_RANGE,
  type IndustryFormValues,
  type IndustryJobRequest,
  type IndustryStaticData,
  type IndustrySystem,
} from '@eve-toolkit/shared-types';

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
  skills: { industry: SKILL_RANGE.max, advanced_industry: SKILL_RANGE.max, reactions: SKILL_RANGE.max },
};

/** The form as the POST body (after validation: item and system chosen). */
export function toJobRequest(values: IndustryFormValues, hub: number = DEFAULT_HUB_ID): IndustryJobRequest {
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
    hub,
    skills: values.skills,
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

/** Rigs that fit a station, for its activity (none for the NPC station). */
export function rigsFor(data: IndustryStaticData, stationKey: string | null, activity: 'manufacturing' | 'reaction') {
  if (!stationKey) return [];
  return data.static.rigs.filter((r) => r.activity === activity && r.stations.includes(stationKey));
}

/** Keeps only the chosen rigs that still fit after the station changed. */
export function keepFittingRigs(
  data: IndustryStaticData,
  stationKey: string | null,
  activity: 'manufacturing' | 'reaction',
  rigs: readonly number[],
): number[] {
  const fitting = new Set(rigsFor(data, stationKey, activity).map((r) => r.id));
  return rigs.filter((id) => fitting.has(id));
}
