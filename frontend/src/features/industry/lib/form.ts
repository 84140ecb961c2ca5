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
  type PriceOverride,
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
  // Components' blueprints: fully researched originals unless a node says otherwise (the API's default too).
  component_me: 10,
  component_te: 20,
  product_id: null,
  root_source: 'owned',
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
  priceOverrides: Record<string, PriceOverride> = {},
): IndustryJobRequest {
  // The form's choice for an inventable root (invent or one's own), unless the tree chose since.
  const root = values.product_id === null ? undefined : String(values.product_id);
  const withRoot =
    root && values.root_source === 'invent' && nodes[root]?.source === undefined
      ? { ...nodes, [root]: { ...nodes[root], source: 'invent' as const } }
      : nodes;
  return {
    blueprint_id: values.blueprint_id ?? 0,
    quantity: values.quantity,
    system_id: values.system_id ?? 0,
    me: values.me,
    te: values.te,
    component_me: values.component_me,
    component_te: values.component_te,
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
    nodes: withRoot,
    price_overrides: priceOverrides,
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

const SIZE_LABEL: Record<number, string> = { 2: 'M', 3: 'L', 4: 'XL' };
const ACTIVITY_LABEL: Record<RigFacility, string> = {
  manufacturing: 'Производство',
  reaction: 'Реакции',
  science: 'Наука',
};

/**
 * A station's rigs as the rig list shows them: grouped by activity, size and what they cut
 * (materials, time, both, job cost), each group alphabetical; the names stay the game's (English),
 * so the list's search finds what the game calls them.
 */
export function groupedRigs(
  data: IndustryStaticData,
  stationKey: string | null,
  activity: RigFacility,
): { group: string; items: { value: string; label: string }[] }[] {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const r of rigsFor(data, stationKey, activity)) {
    const b = data.static.rigsBonuses[String(r.id)];
    const me = !!b?.me || !!b?.me_capital;
    const te = !!b?.te;
    const cuts =
      me && te ? 'материалы и время' : me ? 'материалы (ME)' : te ? 'время (TE)' : b?.isk ? 'стоимость работ' : 'прочее';
    const size = r.rig_size === null ? '' : ` · ${SIZE_LABEL[r.rig_size] ?? r.rig_size}-Set`;
    const group = `${ACTIVITY_LABEL[activity]}${size} · ${cuts}`;
    const list = groups.get(group) ?? [];
    list.push({ value: String(r.id), label: r.name });
    groups.set(group, list);
  }
  // By code point, not localeCompare: the first collation in a page loads the language's rules
  // (most of a phone's long task when the form mounts), and these labels (our own Russian words,
  // the game's English names) sort the same either way.
  const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...groups]
    .sort(([a], [b]) => byCodePoint(a, b))
    .map(([group, items]) => ({ group, items: items.sort((x, y) => byCodePoint(x.label, y.label)) }));
}
