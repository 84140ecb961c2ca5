import { z } from 'zod';
import { DEFAULT_HUB_ID, HUBS } from '../enums';
import { ME_RANGE, SCIENCE_MAX_RUNS, SKILL_RANGE, TE_RANGE, type RigSecurityModifiers } from '../industry/formulas';
import {
  ALL_INDUSTRY_SKILLS_V,
  INDUSTRY_MAX_NODE_SETTINGS,
  INDUSTRY_MAX_QUANTITY,
  INDUSTRY_MAX_RIGS,
  INDUSTRY_MAX_SKILLS,
  INDUSTRY_MESSAGES,
  type IndustrySkillKey,
  type IndustrySkills,
} from '../industry/messages';
import type { BlueprintSource, JobNode } from '../industry/tree';
import type { MissingPrice, PriceSource } from '../money';
import { decimalInt } from './params';
import { MARKET_MESSAGES } from './market';

/**
 * Industry calculator (spec §2 "Industry calculator page", §3 job tree node and calculator form).
 *
 * GET  data/industry/static_industry_data -> IndustryStaticData
 * POST data/industry/job                  -> IndustryJobResponse, or 400 { ...ApiErrorBody, error: string[] }
 * POST data/industry/invention            -> IndustryInventionResponse, or 400 like the job
 * GET  data/industry/job_simple/{id}      -> IndustryJobSimpleResponse (one level of a blueprint)
 * GET  data/industry/skills               -> IndustryCharactersResponse (the caller's linked characters)
 * GET  data/industry/skills/{character}   -> IndustryCharacterSkillsResponse (read through ESI)
 *
 * Blueprints are not shipped in the static data (4 900 names in two languages would weigh more
 * than the whole page): the form searches them with `GET data/industry/blueprints?q=` from 3
 * characters. Systems (5 400 k-space systems, id/name/security, ≈75 KB gzipped) are shipped whole:
 * the form filters them locally and needs each one's security for the rig multiplier.
 */

export interface IndustrySystem {
  id: number;
  name: string;
  /** Raw security status (the spec's security class uses the displayed value). */
  security: number;
}

/** A facility choice: the NPC station ('npc') or an Upwell structure (key = its type id). */
export interface IndustryStation {
  key: string;
  name: string;
  icon: string | null;
  /** Structure type id, null for the NPC station. */
  structure_id: number | null;
  /** Rig size the structure takes (2 M, 3 L, 4 XL), null when it takes none. */
  rig_size: number | null;
}

/** Station role bonuses as multipliers (1 = none): me materials, te time, isk the cost-index part of the job fee. */
export interface StationBonus {
  me: number;
  te: number;
  isk: number;
}

export interface IndustryStaticRig {
  id: number;
  name: string;
  icon: string;
  rig_size: number | null;
  /** The facility it is for: the main station, the refinery, or the laboratory (copying and invention). */
  activity: 'manufacturing' | 'reaction' | 'science';
  /** Station keys it can be fitted to. */
  stations: string[];
  /** Number of product groups its bonuses apply to (from the SDE's industry modifier filters); 0 for science rigs (every product). */
  groups: number;
}

/** A decryptor (dogma): chance multiplier, and the ME / TE / runs it adds to the invented copy. */
export interface IndustryDecryptor {
  id: number;
  name: string;
  icon: string;
  probability: number;
  me: number;
  te: number;
  runs: number;
}

/** A skill of the skills panel with its Russian name. */
export interface IndustrySkillInfo {
  id: number;
  name: string;
}

/** A rig's bonuses in percent before the security multiplier (e.g. me 2 = −2 % materials); null when it has none. */
export interface RigBonusSummary {
  me: number | null;
  te: number | null;
  isk: number | null;
  /** Thukker rigs: the larger material bonus on capital components. */
  me_capital: number | null;
}

export interface IndustryStaticData {
  systems: IndustrySystem[];
  static: {
    stationsMain: IndustryStation[];
    stationsReactions: IndustryStation[];
    rigs: IndustryStaticRig[];
    stationMainBonuses: Record<string, StationBonus>;
    stationReactionBonuses: Record<string, StationBonus>;
    /** By rig id. */
    rigsBonuses: Record<string, RigBonusSummary>;
    /** By rig id: the security multiplier by security class [0 null/W-space, 1 low (0.1-0.4), 2 high]. */
    rigsBonusMod: Record<string, RigSecurityModifiers>;
    /** Laboratories for copying and invention: the NPC station and structures with an invention lab. */
    stationsScience: IndustryStation[];
    /** Their science time (`te`) and job-cost (`isk`) bonuses; `me` is always 1. */
    stationScienceBonuses: Record<string, StationBonus>;
    decryptors: IndustryDecryptor[];
    /**
     * The skills panel: the named skills of the request's `skills` (with their type ids), and every
     * skill an invention requires (`encryption`: counts 1/40 a level instead of 1/30).
     */
    skills: {
      base: (IndustrySkillInfo & { key: IndustrySkillKey })[];
      invention: (IndustrySkillInfo & { encryption: boolean })[];
    };
  };
}

const int = (message: string, min: number, max: number) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

/** One rig id, none (0 / null) or up to three of them -> a list of distinct ids. */
const rigsField = z
  .union(
    [
      z.null(),
      int(INDUSTRY_MESSAGES.rig, 0, 2_147_483_647),
      z.array(int(INDUSTRY_MESSAGES.rig, 1, 2_147_483_647), { error: INDUSTRY_MESSAGES.rig }),
    ],
    { error: INDUSTRY_MESSAGES.rig },
  )
  .transform((v) => [...new Set(v === null ? [] : Array.isArray(v) ? v : v === 0 ? [] : [v])])
  .pipe(z.array(z.number()).max(INDUSTRY_MAX_RIGS, { error: INDUSTRY_MESSAGES.rigCount }))
  .default([]);

const level = () => int(INDUSTRY_MESSAGES.skill, SKILL_RANGE.min, SKILL_RANGE.max);
/** A positive type id written as an object key. */
const typeIdKey = (message: string) => z.string().regex(/^[1-9]\d{0,9}$/, { error: message });

/** Invention skill levels by skill type id ("11453": 4); a skill not listed is at V. */
const inventionSkillsField = z
  .record(typeIdKey(INDUSTRY_MESSAGES.skillId), level(), {
    error: (issue) => (issue.code === 'invalid_key' ? INDUSTRY_MESSAGES.skillId : INDUSTRY_MESSAGES.skill),
  })
  .refine((r) => Object.keys(r).length <= INDUSTRY_MAX_SKILLS, { error: INDUSTRY_MESSAGES.tooManySkills });

/**
 * The player's skills (spec: default V). The named ones by key; `invention` the sciences and
 * encryption methods inventions require, by skill id. Accounting and Broker Relations only set the
 * trade fees of the page's margin.
 */
export const industrySkillsSchema = z.object(
  {
    industry: level().default(5),
    advanced_industry: level().default(5),
    reactions: level().default(5),
    science: level().default(5),
    accounting: level().default(5),
    broker_relations: level().default(5),
    invention: inventionSkillsField.default({}),
  },
  { error: INDUSTRY_MESSAGES.skill },
);
const skillsField = industrySkillsSchema.default(ALL_INDUSTRY_SKILLS_V);

const stationKeyField = (unknown: string) =>
  z.string({ error: INDUSTRY_MESSAGES.stationKey }).max(32, { error: unknown }).default('npc');

/** One decryptor id, or null for none. */
const decryptorField = z
  .number({ error: INDUSTRY_MESSAGES.decryptor })
  .int({ error: INDUSTRY_MESSAGES.decryptor })
  .min(1, { error: INDUSTRY_MESSAGES.decryptor })
  .max(2_147_483_647, { error: INDUSTRY_MESSAGES.decryptor })
  .nullable();

/**
 * Per-node settings by product type id. A blueprint that can be invented (T2, T3) has two
 * sources: `source: "owned"` a blueprint the player has (BPO or a bought copy) with its `me`/`te`,
 * or `source: "invent"` invention with `decryptor_id` (null = none; the copy's ME/TE are then the
 * decryptor's). The root is owned unless its settings say "invent"; a node below it is invented
 * unless they say "owned". Other manufacturing nodes take `me`/`te` only.
 */
const nodesField = z
  .record(
    typeIdKey(INDUSTRY_MESSAGES.nodeKey),
    z.object({
      source: z.enum(['owned', 'invent'], { error: INDUSTRY_MESSAGES.nodeSource }).optional(),
      me: int(INDUSTRY_MESSAGES.me, ME_RANGE.min, ME_RANGE.max).optional(),
      te: int(INDUSTRY_MESSAGES.te, TE_RANGE.min, TE_RANGE.max).optional(),
      decryptor_id: decryptorField.optional(),
    }),
    { error: INDUSTRY_MESSAGES.nodeKey },
  )
  .refine((r) => Object.keys(r).length <= INDUSTRY_MAX_NODE_SETTINGS, { error: INDUSTRY_MESSAGES.tooManyNodes })
  .default({});
export type IndustryNodeSettings = z.output<typeof nodesField>;

/**
 * A price the player chose for an item the hub has no price for (either side), by type id: another
 * hub's best orders, CCP's adjusted (average) price, or a price typed in. The answer labels every
 * such price with its source (`price_source`).
 */
export const priceOverrideSchema = z.discriminatedUnion(
  'source',
  [
    z.object({
      source: z.literal('hub'),
      hub: z
        .number({ error: MARKET_MESSAGES.unknownHub })
        .refine((id) => HUBS.some((h) => h.id === id), { error: MARKET_MESSAGES.unknownHub }),
    }),
    z.object({ source: z.literal('adjusted') }),
    z.object({
      source: z.literal('manual'),
      price: z
        .number({ error: INDUSTRY_MESSAGES.priceOverride })
        .min(0, { error: INDUSTRY_MESSAGES.priceOverride })
        .max(1e15, { error: INDUSTRY_MESSAGES.priceOverride }),
    }),
  ],
  { error: INDUSTRY_MESSAGES.priceOverride },
);
export type PriceOverride = z.output<typeof priceOverrideSchema>;
const priceOverridesField = z
  .record(typeIdKey(INDUSTRY_MESSAGES.priceOverride), priceOverrideSchema, { error: INDUSTRY_MESSAGES.priceOverride })
  .refine((r) => Object.keys(r).length <= INDUSTRY_MAX_NODE_SETTINGS, { error: INDUSTRY_MESSAGES.tooManyPriceOverrides })
  .default({});

const hubField = z
  .number({ error: MARKET_MESSAGES.unknownHub })
  .refine((id) => HUBS.some((h) => h.id === id), { error: MARKET_MESSAGES.unknownHub })
  .default(DEFAULT_HUB_ID);

/**
 * POST data/industry/job. `me`/`te` are the root blueprint's (unless `nodes` choose invention for
 * it); `component_me`/`component_te` every other owned manufacturing blueprint's unless `nodes`
 * say otherwise (default 10 / 20: fully researched originals). `price_overrides` give prices for
 * items the hub has none for. `tax` is the facility tax in percent (every job: manufacturing, reactions, science); `station_rig` / `reaction_rig` take
 * one rig id, 0 / null for none, or a list of up to three (a structure has three rig slots);
 * `science_station` / `science_rig` are where T1 copies and invention run; `hub` (default 2 = Jita
 * 4-4) is where market prices come from; `skills` default to V; `nodes` are per-node settings.
 */
export const industryJobRequestSchema = z.object({
  blueprint_id: z
    .number({ error: INDUSTRY_MESSAGES.itemRequired })
    .int({ error: INDUSTRY_MESSAGES.itemRequired })
    .min(1, { error: INDUSTRY_MESSAGES.itemRequired })
    .max(2_147_483_647, { error: INDUSTRY_MESSAGES.itemRequired }),
  quantity: int(INDUSTRY_MESSAGES.quantity, 1, INDUSTRY_MAX_QUANTITY).default(1),
  system_id: z
    .number({ error: INDUSTRY_MESSAGES.systemRequired })
    .int({ error: INDUSTRY_MESSAGES.systemRequired })
    .min(1, { error: INDUSTRY_MESSAGES.systemRequired })
    .max(2_147_483_647, { error: INDUSTRY_MESSAGES.systemRequired }),
  me: int(INDUSTRY_MESSAGES.me, ME_RANGE.min, ME_RANGE.max).default(0),
  te: int(INDUSTRY_MESSAGES.te, TE_RANGE.min, TE_RANGE.max).default(0),
  component_me: int(INDUSTRY_MESSAGES.me, ME_RANGE.min, ME_RANGE.max).default(10),
  component_te: int(INDUSTRY_MESSAGES.te, TE_RANGE.min, TE_RANGE.max).default(20),
  tax: z
    .number({ error: INDUSTRY_MESSAGES.tax })
    .min(0, { error: INDUSTRY_MESSAGES.tax })
    .max(100, { error: INDUSTRY_MESSAGES.tax })
    .default(0),
  reactions: z.boolean({ error: INDUSTRY_MESSAGES.reactions }).default(false),
  station_key: z
    .string({ error: INDUSTRY_MESSAGES.stationKey })
    .max(32, { error: INDUSTRY_MESSAGES.unknownStation })
    .default('npc'),
  station_rig: rigsField,
  reaction_station: z
    .string({ error: INDUSTRY_MESSAGES.stationKey })
    .max(32, { error: INDUSTRY_MESSAGES.unknownReactionStation })
    .nullable()
    .default(null),
  reaction_rig: rigsField,
  science_station: stationKeyField(INDUSTRY_MESSAGES.unknownScienceStation),
  science_rig: rigsField,
  hub: hubField,
  skills: skillsField,
  nodes: nodesField,
  price_overrides: priceOverridesField,
});
export type IndustryJobRequest = z.input<typeof industryJobRequestSchema>;
export type IndustryJobParams = z.output<typeof industryJobRequestSchema>;

/**
 * POST data/industry/invention: `runs` invention attempts of the T2 blueprint `product_id` (the
 * blueprint, as EVE Ref's API takes it). The structure is described as it is fitted: `station_key`
 * with `station_rig` (as EVE Ref takes it); the rigs that affect invention are applied, the others
 * ignored, both listed in `context`. `science_station` / `science_rig` mean what they mean in the
 * job endpoint, the laboratory copies and invention run at: given, they are the laboratory
 * (and `station_key` is not used for it).
 */
export const industryInventionRequestSchema = z.object({
  product_id: z
    .number({ error: INDUSTRY_MESSAGES.inventionProduct })
    .int({ error: INDUSTRY_MESSAGES.inventionProduct })
    .min(1, { error: INDUSTRY_MESSAGES.inventionProduct })
    .max(2_147_483_647, { error: INDUSTRY_MESSAGES.inventionProduct }),
  runs: int(INDUSTRY_MESSAGES.inventionRuns, 1, SCIENCE_MAX_RUNS).default(1),
  decryptor_id: decryptorField.default(null),
  system_id: z
    .number({ error: INDUSTRY_MESSAGES.systemRequired })
    .int({ error: INDUSTRY_MESSAGES.systemRequired })
    .min(1, { error: INDUSTRY_MESSAGES.systemRequired })
    .max(2_147_483_647, { error: INDUSTRY_MESSAGES.systemRequired }),
  station_key: stationKeyField(INDUSTRY_MESSAGES.unknownScienceStation),
  station_rig: rigsField,
  science_station: z
    .string({ error: INDUSTRY_MESSAGES.stationKey })
    .max(32, { error: INDUSTRY_MESSAGES.unknownScienceStation })
    .optional(),
  science_rig: rigsField,
  tax: z
    .number({ error: INDUSTRY_MESSAGES.tax })
    .min(0, { error: INDUSTRY_MESSAGES.tax })
    .max(100, { error: INDUSTRY_MESSAGES.tax })
    .default(0),
  skills: skillsField,
  hub: hubField,
  price_overrides: priceOverridesField,
});
export type IndustryInventionRequest = z.input<typeof industryInventionRequestSchema>;
export type IndustryInventionParams = z.output<typeof industryInventionRequestSchema>;

/**
 * The calculator form (react-hook-form): the request's fields with the item and the system still
 * possibly unchosen. Its only errors are the spec's two messages (shown under 'Не удалось собрать
 * форму:'); numbers are clamped by the inputs themselves (ME 0..10, TE 0..20, quantity ≥ 1, tax ≥ 0).
 */
export const industryFormSchema = z.object({
  blueprint_id: z
    .number()
    .nullable()
    .refine((v) => v !== null && v > 0, { error: INDUSTRY_MESSAGES.itemRequired }),
  system_id: z
    .number()
    .nullable()
    .refine((v) => v !== null && v > 0, { error: INDUSTRY_MESSAGES.systemRequired }),
  quantity: int(INDUSTRY_MESSAGES.quantity, 1, INDUSTRY_MAX_QUANTITY),
  me: int(INDUSTRY_MESSAGES.me, ME_RANGE.min, ME_RANGE.max),
  te: int(INDUSTRY_MESSAGES.te, TE_RANGE.min, TE_RANGE.max),
  component_me: int(INDUSTRY_MESSAGES.me, ME_RANGE.min, ME_RANGE.max),
  component_te: int(INDUSTRY_MESSAGES.te, TE_RANGE.min, TE_RANGE.max),
  /** The chosen item's product and, for a blueprint that can be invented, where the player's blueprint comes from. */
  product_id: z.number().nullable(),
  root_source: z.enum(['owned', 'invent']),
  tax: z
    .number({ error: INDUSTRY_MESSAGES.tax })
    .min(0, { error: INDUSTRY_MESSAGES.tax })
    .max(100, { error: INDUSTRY_MESSAGES.tax }),
  reactions: z.boolean(),
  station_key: z.string(),
  station_rig: z.array(z.number()).max(INDUSTRY_MAX_RIGS, { error: INDUSTRY_MESSAGES.rigCount }),
  reaction_station: z.string().nullable(),
  reaction_rig: z.array(z.number()).max(INDUSTRY_MAX_RIGS, { error: INDUSTRY_MESSAGES.rigCount }),
  science_station: z.string(),
  science_rig: z.array(z.number()).max(INDUSTRY_MAX_RIGS, { error: INDUSTRY_MESSAGES.rigCount }),
});
export type IndustryFormValues = z.input<typeof industryFormSchema>;

export interface CostIndexEntry {
  activity: string;
  cost_index: number;
}

/** The rigs of a structure as described: those that affect the activity (applied) and the others (ignored). */
export interface RigsUse {
  applied: string[];
  ignored: string[];
}

export interface IndustryJobResponse {
  job: JobNode;
  /**
   * Every item of the tree (any node, what invention consumes) the hub has no price for on a
   * side, whatever is built or bought now; which of them count under the current choices is the
   * tree's business (`missingPrices`, the summary's `missing_sell` / `missing_buy`).
   */
  missing_prices: MissingPrice[];
  system_indexes: { cost_indices: CostIndexEntry[] };
  /** Things the numbers rest on that the user should know (no cost index, reactions in high-sec ...). */
  warnings: string[];
  /** What the tree was computed with. */
  context: {
    hub_id: number;
    system: IndustrySystem & { security_class: 0 | 1 | 2 };
    station: string;
    reaction_station: string | null;
    /** Applied rigs' names (`rigs_use` also lists the ignored ones). */
    rigs: string[];
    reaction_rigs: string[];
    science_station: string;
    science_rigs: string[];
    rigs_use: { station: RigsUse; reaction: RigsUse; science: RigsUse };
    /** The root blueprint's ME/TE as requested, and the components' defaults. */
    me: number;
    te: number;
    component_me: number;
    component_te: number;
    /** How the root's blueprint is had (`job.blueprint_source`). */
    root_source: BlueprintSource | null;
    tax: number;
    reactions: boolean;
    skills: IndustrySkills;
    /** Per-node settings the tree was built with (those of types in it). */
    node_settings: IndustryNodeSettings;
    nodes: number;
  };
}

/** The invention endpoint's answer (EVE Ref's API names where it has them). */
export interface IndustryInventionResponse {
  invention: {
    /** The T1 blueprint (or relic) the copy is invented from. */
    blueprint_id: number;
    /** The invented T2 blueprint. */
    product_id: number;
    /** Invention attempts. */
    runs: number;
    /** Success chance, 0..1. */
    probability: number;
    /** Runs, ME and TE of the invented copy (decryptor included). */
    runs_per_copy: number;
    me: number;
    te: number;
    /** Seconds of the whole job (all runs). */
    time: number;
    decryptor: { id: number; name: string } | null;
    /**
     * Datacores (and the decryptor, the relic, what the T1 copy consumes) for all runs; `price` =
     * the hub's SELL per unit (or the price chosen instead, `price_source`), null without one.
     */
    materials: { id: number; name: string; quantity: number; price: number | null; price_source: PriceSource | null }[];
    expected_copies: number;
    expected_runs: number;
    /** The invented blueprint's estimated item value × runs (what the game's window shows), rounded. */
    estimated_item_value: number;
    /** Job installation cost and its parts: job value (2 % of the EIV), system index part, facility tax, SCC. */
    job_cost: number;
    job_cost_parts: { job_value: number; index: number; tax: number; scc: number };
    /** Materials at the hub's SELL prices; null when one has no price. */
    materials_cost: number | null;
    /** (job_cost + materials_cost) / expected_runs: the invention's cost per manufacturing run of the T2 blueprint; null when unknown. */
    cost_per_run: number | null;
    /** The T1 blueprint copy the attempts need (one licensed run each; not in job_cost); null for a relic. */
    copy: { time: number; job_cost: number } | null;
  };
  /** The materials without a SELL price at the hub (`buy` is not used here), with the alternatives. */
  missing_prices: MissingPrice[];
  system_indexes: { cost_indices: CostIndexEntry[] };
  warnings: string[];
  context: {
    hub_id: number;
    system: IndustrySystem & { security_class: 0 | 1 | 2 };
    /** The laboratory. */
    station: string;
    /** Applied rigs' names; `rigs_ignored` the rigs described that do not affect invention. */
    rigs: string[];
    rigs_ignored: string[];
    tax: number;
    skills: IndustrySkills;
  };
}

/** GET data/industry/skills: the caller's linked characters whose skills can be loaded. */
export interface IndustryCharactersResponse {
  characters: { id: number; name: string }[];
}

/** GET data/industry/skills/{character_id}: the character's trained levels as the calculator's `skills`. */
export interface IndustryCharacterSkillsResponse {
  character: { id: number; name: string };
  skills: IndustrySkills;
}

/** `{character_id}` of the skills route. */
export const industryCharacterIdSchema = decimalInt(INDUSTRY_MESSAGES.characterNotYours, { min: 1, max: 2_147_483_647 });

/** The job endpoint's refusal: the common error body plus the spec's `error` list. */
export interface IndustryJobError {
  statusCode: number;
  code: string;
  message: string;
  errors: string[];
  error: string[];
}

export interface JobSimpleMaterial {
  id: number;
  name: string;
  icon: string;
  /** Base quantity per run (no ME). */
  quantity: number;
  volume: number;
  /** Blueprint that makes it, if any. */
  blueprint_id: number | null;
  activity_id: 1 | 11 | null;
}

/** GET data/industry/job_simple/{id}: one level of a blueprint, base quantities per run. */
export interface IndustryJobSimpleResponse {
  job: {
    blueprint_id: number;
    id: number;
    name: string;
    icon: string;
    activity_id: 1 | 11;
    quantity_per_run: number;
    /** Seconds per run (no TE, skills or structure). */
    time: number;
    max_production_limit: number;
    materials: JobSimpleMaterial[];
  };
}

/** `{id}` of job_simple: a positive integer blueprint id. */
export const industryBlueprintIdSchema = decimalInt(INDUSTRY_MESSAGES.badBlueprintId, { min: 1, max: 2_147_483_647 });
