import { z } from 'zod';
import { DEFAULT_HUB_ID, HUBS } from '../enums';
import { ME_RANGE, SKILL_RANGE, TE_RANGE, type RigSecurityModifiers } from '../industry/formulas';
import { INDUSTRY_MAX_QUANTITY, INDUSTRY_MAX_RIGS, INDUSTRY_MESSAGES } from '../industry/messages';
import type { JobNode } from '../industry/tree';
import { decimalInt } from './params';
import { MARKET_MESSAGES } from './market';

/**
 * Industry calculator (spec §2 "Industry calculator page", §3 job tree node and calculator form).
 *
 * GET  data/industry/static_industry_data -> IndustryStaticData
 * POST data/industry/job                  -> IndustryJobResponse, or 400 { ...ApiErrorBody, error: string[] }
 * GET  data/industry/job_simple/{id}      -> IndustryJobSimpleResponse (one level of a blueprint)
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
  activity: 'manufacturing' | 'reaction';
  /** Station keys it can be fitted to. */
  stations: string[];
  /** Number of product groups its bonuses apply to (from the SDE's industry modifier filters). */
  groups: number;
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

const skillsField = z
  .object(
    {
      industry: int(INDUSTRY_MESSAGES.skill, SKILL_RANGE.min, SKILL_RANGE.max).default(5),
      advanced_industry: int(INDUSTRY_MESSAGES.skill, SKILL_RANGE.min, SKILL_RANGE.max).default(5),
      reactions: int(INDUSTRY_MESSAGES.skill, SKILL_RANGE.min, SKILL_RANGE.max).default(5),
    },
    { error: INDUSTRY_MESSAGES.skill },
  )
  .default({ industry: 5, advanced_industry: 5, reactions: 5 });

/**
 * POST data/industry/job. `tax` is the facility tax in percent; `station_rig` / `reaction_rig` take
 * one rig id, 0 / null for none, or a list of up to three (a structure has three rig slots); `hub`
 * (default 2 = Jita 4-4) is where market prices come from; `skills` default to V.
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
  hub: z
    .number({ error: MARKET_MESSAGES.unknownHub })
    .refine((id) => HUBS.some((h) => h.id === id), { error: MARKET_MESSAGES.unknownHub })
    .default(DEFAULT_HUB_ID),
  skills: skillsField,
});
export type IndustryJobRequest = z.input<typeof industryJobRequestSchema>;
export type IndustryJobParams = z.output<typeof industryJobRequestSchema>;

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
  tax: z
    .number({ error: INDUSTRY_MESSAGES.tax })
    .min(0, { error: INDUSTRY_MESSAGES.tax })
    .max(100, { error: INDUSTRY_MESSAGES.tax }),
  reactions: z.boolean(),
  station_key: z.string(),
  station_rig: z.array(z.number()).max(INDUSTRY_MAX_RIGS, { error: INDUSTRY_MESSAGES.rigCount }),
  reaction_station: z.string().nullable(),
  reaction_rig: z.array(z.number()).max(INDUSTRY_MAX_RIGS, { error: INDUSTRY_MESSAGES.rigCount }),
  skills: z.object({
    industry: int(INDUSTRY_MESSAGES.skill, SKILL_RANGE.min, SKILL_RANGE.max),
    advanced_industry: int(INDUSTRY_MESSAGES.skill, SKILL_RANGE.min, SKILL_RANGE.max),
    reactions: int(INDUSTRY_MESSAGES.skill, SKILL_RANGE.min, SKILL_RANGE.max),
  }),
});
export type IndustryFormValues = z.input<typeof industryFormSchema>;

export interface CostIndexEntry {
  activity: string;
  cost_index: number;
}

export interface IndustryJobResponse {
  job: JobNode;
  system_indexes: { cost_indices: CostIndexEntry[] };
  /** Things the numbers rest on that the user should know (no cost index, reactions in high-sec ...). */
  warnings: string[];
  /** What the tree was computed with. */
  context: {
    hub_id: number;
    system: IndustrySystem & { security_class: 0 | 1 | 2 };
    station: string;
    reaction_station: string | null;
    rigs: string[];
    reaction_rigs: string[];
    me: number;
    te: number;
    tax: number;
    reactions: boolean;
    skills: { industry: number; advanced_industry: number; reactions: number };
    nodes: number;
  };
}

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
