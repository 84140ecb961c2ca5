/** The calculator form's plain helpers: defaults, clamping, the request it sends, local system search. */
import {
  DEFAULT_HUB_ID,
  ME_RANGE,
  SKILL_RANGE,
  TE_RANGE,
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

/** Whole number within [min, max]; anything unreadable becomes `fallback`. */
export function clampInt(value: unknown, min: number, max: number, fallback = min): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

export const clampMe = (v: unknown) => clampInt(v, ME_RANGE.min, ME_RANGE.max);
export const clampTe = (v: unknown) => clampInt(v, TE_RANGE.min, TE_RANGE.max);
export const clampQuantity = (v: unknown) => clampInt(v, 1, Number.MAX_SAFE_INTEGER, 1);
export const clampSkill = (v: unknown) => clampInt(v, SKILL_RANGE.min, SKILL_RANGE.max, SKILL_RANGE.max);
/** Tax in percent, not below 0. */
export function clampTax(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.max(0, n) : 0;
}

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
