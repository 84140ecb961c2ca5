/**
 * Corporation area (spec §2 "Corporation screens", §3, §5, §7 "Corporation"): buy list, pings,
 * role requests, projects of build and buy jobs paid per run. Endpoints live under `auth/corp/`.
 * Who may do what is decided on the server (see `CORP_PERMISSIONS`) and sent as flags.
 */
import { z } from 'zod';
import { PING_TYPES, PROJECT_STATUSES, ROLES, type PingType, type ProjectStatus, type Role } from '../enums';
import { CORP_LIMITS, CORP_MESSAGES } from './limits';
import { text } from '../text';
import { RSVP_ANSWERS, type PingRsvp, type PingSystem } from './pings';
import { DOCTRINE_MESSAGES, type PingDoctrine } from './doctrines';

export { CORP_LIMITS, CORP_MESSAGES } from './limits';
export { canManagePing, RSVP_ANSWERS, RSVP_LABELS, type PingRsvp, type PingSystem, type RsvpAnswer } from './pings';

/** Who may do what (the server decides; the client only shows the flags it gets). */
export const CORP_PERMISSIONS = {
  /** Enter the corporation area (with a character in a registered, not blocked corporation). */
  member: ['corp', 'admin'],
  /** Create pings. */
  createPing: ['fc', 'admin'],
  /**
   * Edit and cancel every ping of the corporation. Anybody else edits only pings they wrote or
   * that name one of their characters as FC (`canManagePing`).
   */
  managePings: ['admin'],
  /** Create projects. */
  createProject: ['industrialist', 'fc', 'admin'],
  /** Change project status, delete ready projects, edit the buy list. */
  moderate: ['industrialist', 'admin'],
  /**
   * Add, edit and delete the corporation's doctrines and see every pilot's readiness for them
   * (issue 38): those who fly fleets (FCs), those who build and stock the ships (industrialists)
   * and admins. Every member reads the doctrines and their own characters' readiness.
   */
  manageDoctrines: ['fc', 'industrialist', 'admin'],
  /**
   * Decide and pay SRP requests, see every request of the corporation (issue 39): admins by their
   * role, and the members an admin grants it (a per-corporation grant, `corp_grants`, read by
   * CorpAccess with the member's roles).
   */
  manageSrp: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

// ---------------------------------------------------------------------------------------------
// Buy list
// ---------------------------------------------------------------------------------------------

/** Spec §3 Buy entry. */
export interface BuyEntry {
  id: number;
  icon: string;
  name: string;
  quantity: number;
  price: number;
}

export interface BuysResponse {
  buys: BuyEntry[];
  can_moderate: boolean;
}

const nonNegative = (max: number) =>
  z.number({ error: CORP_MESSAGES.number }).finite(CORP_MESSAGES.number).min(0, CORP_MESSAGES.notNegative).max(max);

/** POST auth/corp/update_buy: add or change an entry (quantity 0 removes it). Moderators only. */
export const updateBuySchema = z.object({
  id: z.number({ error: CORP_MESSAGES.itemRequired }).int().positive(CORP_MESSAGES.itemRequired),
  quantity: nonNegative(CORP_LIMITS.maxQuantity).int(CORP_MESSAGES.wholeNumber),
  /** ISK per unit, step 0.01. */
  price: nonNegative(CORP_LIMITS.maxPrice).refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, CORP_MESSAGES.priceStep),
});
export type UpdateBuyRequest = z.infer<typeof updateBuySchema>;

// ---------------------------------------------------------------------------------------------
// Pings (events)
// ---------------------------------------------------------------------------------------------

/**
 * Spec §3 Event (name, desc, type, icon, date: ISO, UTC) and what a fleet runs from (issue 27):
 * formup system, doctrine, comms, SRP, the FC's name, the members' answers.
 *
 * Two fields depend on who reads it: `rsvp.mine` and `can_edit`. HTTP answers fill them for the
 * caller; socket events and domain events carry the shared view (`mine: null`, `can_edit: false`)
 * and pages keep their own values from the cache (see `canManagePing`).
 */
export interface PingCancellation {
  by: string;
  at: string;
}

export interface Ping {
  id: string;
  name: string;
  desc: string;
  type: PingType;
  icon: string;
  /** ISO timestamp in UTC (= EVE time). */
  date: string;
  /** The author's username. */
  author: string;
  /** Formup system, or null (none given). */
  formup: PingSystem | null;
  /** '' when not given; the doctrine's name when the ping names one of the library (`doctrine_ref`). */
  doctrine: string;
  /** The corporation's doctrine the ping names (issue 38), or null (free text only). */
  doctrine_ref: PingDoctrine | null;
  /** Voice comms, free text ('' when not given). */
  comms: string;
  /** Ship replacement for losses on this fleet. */
  srp: boolean;
  /** The FC's (character) name, '' when not given. */
  fc: string;
  rsvp: PingRsvp;
  /** The viewer may edit and cancel it (author, its FC, an admin of the corporation). */
  can_edit: boolean;
  /** ISO time of the last edit (not of answers); equals creation for a new ping. */
  updated_at: string;
  /**
   * Cancelled by whom (username) and when (ISO), or null. A cancelled ping stays listed, marked,
   * until its start has passed; it can no longer be edited or answered.
   */
  cancelled: PingCancellation | null;
  /**
   * Revision: 0 when created, +1 with every edit and answer (always sent by the server). A page
   * keeps the higher one when a live event and an HTTP answer cross.
   */
  rev?: number;
}

/** Who reads the list: what the page needs to decide `can_edit` for a ping that arrives live. */
export interface PingViewer {
  username: string;
  /** An admin of the corporation (may edit and cancel every ping). */
  admin: boolean;
  /** The viewer's character names in their corporations (a ping naming one as FC is theirs to edit). */
  characters: string[];
}

export interface PingsResponse {
  events: Ping[];
  can_create: boolean;
  viewer: PingViewer;
}

const eventDate = z
  .string({ error: CORP_MESSAGES.dateRequired })
  .regex(/^\d{4}-\d{2}-\d{2}$/, CORP_MESSAGES.dateRequired)
  .refine(
    (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    CORP_MESSAGES.dateRequired,
  );
const eventTime = z.string({ error: CORP_MESSAGES.timeRequired }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, CORP_MESSAGES.timeRequired);
const eventId = z
  .string({ error: CORP_MESSAGES.eventNotFound })
  .min(1, CORP_MESSAGES.eventNotFound)
  .max(64, CORP_MESSAGES.eventNotFound);

/**
 * A ping's fields as the form and the API take them (no defaults: `update_event` changes only
 * what it is given). Whether the moment is in the future and the formup system exists is
 * checked on the server (its clock, its game data).
 */
const pingFields = {
  name: text({ error: CORP_MESSAGES.titleRequired })
    .trim()
    .min(1, CORP_MESSAGES.titleRequired)
    .max(CORP_LIMITS.eventName, CORP_MESSAGES.tooLong(CORP_LIMITS.eventName)),
  desc: text({ multiline: true }).trim().max(CORP_LIMITS.eventDesc, CORP_MESSAGES.tooLong(CORP_LIMITS.eventDesc)),
  type: z.enum(PING_TYPES, { error: CORP_MESSAGES.eventType }),
  /** `YYYY-MM-DD`, EVE time (UTC). */
  date: eventDate,
  /** `HH:MM`, EVE time (UTC). */
  time: eventTime,
  /** The formup solar system's id (null: none). */
  formup: z.number({ error: CORP_MESSAGES.formup }).int(CORP_MESSAGES.formup).positive(CORP_MESSAGES.formup).nullable(),
  doctrine: text().trim().max(CORP_LIMITS.eventDoctrine, CORP_MESSAGES.tooLong(CORP_LIMITS.eventDoctrine)),
  comms: text().trim().max(CORP_LIMITS.eventComms, CORP_MESSAGES.tooLong(CORP_LIMITS.eventComms)),
  srp: z.boolean({ error: CORP_MESSAGES.srp }),
  fc: text().trim().max(CORP_LIMITS.eventFc, CORP_MESSAGES.tooLong(CORP_LIMITS.eventFc)),
  /** A doctrine of the corporation's library (null: none; its name becomes `doctrine`). */
  doctrine_id: z
    .string({ error: DOCTRINE_MESSAGES.notFound })
    .min(1, DOCTRINE_MESSAGES.notFound)
    .max(64, DOCTRINE_MESSAGES.notFound)
    .nullable(),
};

/** POST auth/corp/add_event: date `YYYY-MM-DD` and time `HH:MM` in EVE time (UTC); the rest optional. */
export const addPingSchema = z.object({
  name: pingFields.name,
  desc: pingFields.desc.optional().default(''),
  type: pingFields.type.optional().default('misc'),
  date: pingFields.date,
  time: pingFields.time,
  formup: pingFields.formup.optional().default(null),
  doctrine: pingFields.doctrine.optional().default(''),
  comms: pingFields.comms.optional().default(''),
  srp: pingFields.srp.optional().default(false),
  fc: pingFields.fc.optional().default(''),
  doctrine_id: pingFields.doctrine_id.optional().default(null),
});
export type AddPingRequest = z.input<typeof addPingSchema>;
export type AddPingFields = z.output<typeof addPingSchema>;

/** POST auth/corp/update_event { id, …fields }: only the fields given change; date and time go together. */
export const updatePingSchema = z
  .object({ id: eventId })
  .extend(z.object(pingFields).partial().shape)
  .refine((v) => (v.date === undefined) === (v.time === undefined), { message: CORP_MESSAGES.dateAndTime, path: ['time'] });
export type UpdatePingRequest = z.input<typeof updatePingSchema>;
export type UpdatePingFields = z.output<typeof updatePingSchema>;

/**
 * POST auth/corp/delete_event { id }: cancels the ping (author, its FC, admins) -> `{ ok, event }`,
 * the ping marked cancelled (it is not deleted: members see it cancelled until its start).
 */
export const cancelPingSchema = z.object({ id: eventId });
export type CancelPingRequest = z.infer<typeof cancelPingSchema>;

/** POST auth/corp/rsvp_event { id, answer }: any member answers (again to change it). */
export const rsvpPingSchema = z.object({
  id: eventId,
  answer: z.enum(RSVP_ANSWERS, { error: CORP_MESSAGES.rsvpAnswer }),
});
export type RsvpPingRequest = z.infer<typeof rsvpPingSchema>;

/** The moment a ping starts: date and time are EVE time, which is UTC. */
export function eventDateFromEt(date: string, time: string): Date {
  return new Date(`${date}T${time}:00Z`);
}

// ---------------------------------------------------------------------------------------------
// Role requests
// ---------------------------------------------------------------------------------------------

/** Spec §3 Corporation role. */
export interface CorpRole {
  name: Role;
  has_role: boolean;
  pending: boolean;
}

export interface RolesResponse {
  roles: CorpRole[];
}

export const newRoleRequestSchema = z.object({ role: z.enum(ROLES, { error: CORP_MESSAGES.unknownRole }) });

// ---------------------------------------------------------------------------------------------
// Projects
// ---------------------------------------------------------------------------------------------

export type ProjectJobType = 'build' | 'buy';

export interface JobExecutor {
  char_id: number;
  name: string;
  icon: string;
  runs: number;
}

/**
 * Spec §3 Project job. `quantity` is runs for build jobs and units for buy jobs; `pay` is ISK
 * per run (build) or per unit (buy), null when the job pays nothing (no rate was entered, or the
 * item had no price to offer): shown as «без оплаты», never as 0; `done` is what members have
 * delivered so far.
 */
export interface ProjectJob {
  id: string;
  name: string;
  icon: string;
  /** The product (build) or the item (buy). */
  type_id: number;
  activity_id: 1 | 11 | null;
  blueprint_id: number | null;
  type: ProjectJobType;
  pay: number | null;
  quantity: number;
  done: number;
  executors: JobExecutor[];
}

/** Spec §3 Project. */
export interface Project {
  id: string;
  name: string;
  desc: string;
  status: ProjectStatus;
  jobs: ProjectJob[];
  /** Everybody who delivered something, with their runs summed over jobs. */
  executors: JobExecutor[];
  author: string;
  created_at: string;
}

export interface ProjectsResponse {
  projects: Project[];
  can_create: boolean;
  can_moderate: boolean;
}

export interface ProjectResponse {
  project: Project;
  can_moderate: boolean;
}

const jobId = z.number({ error: CORP_MESSAGES.badItem }).int().positive(CORP_MESSAGES.badItem);
/** ISK per run (build) or per unit (buy); null: no pay (a job without pay is published as such, not at 0). */
const pay = nonNegative(CORP_LIMITS.maxPrice).nullable();

/**
 * POST auth/corp/add_project from /corp/new_project: the calculator's built nodes (`jobs`:
 * product, blueprint and runs) and what is bought (`materials`: item and units). Names, icons,
 * activities are read from the game data on the server.
 */
export const addProjectSchema = z.object({
  name: text({ error: CORP_MESSAGES.projectName })
    .trim()
    .min(1, CORP_MESSAGES.projectName)
    .max(CORP_LIMITS.projectName, CORP_MESSAGES.tooLong(CORP_LIMITS.projectName)),
  desc: text({ multiline: true })
    .trim()
    .max(CORP_LIMITS.projectDesc, CORP_MESSAGES.tooLong(CORP_LIMITS.projectDesc))
    .optional()
    .default(''),
  jobs: z
    .array(
      z.object({
        id: jobId,
        blueprint_id: jobId,
        runs: z.number().int(CORP_MESSAGES.wholeNumber).min(1, CORP_MESSAGES.runs).max(CORP_LIMITS.maxQuantity),
        pay,
      }),
    )
    .max(CORP_LIMITS.jobs, CORP_MESSAGES.tooManyJobs),
  materials: z
    .array(
      z.object({
        id: jobId,
        quantity: z.number().int(CORP_MESSAGES.wholeNumber).min(1, CORP_MESSAGES.runs).max(CORP_LIMITS.maxQuantity),
        pay,
      }),
    )
    .max(CORP_LIMITS.jobs, CORP_MESSAGES.tooManyJobs),
});
export type AddProjectRequest = z.input<typeof addProjectSchema>;

/** POST auth/corp/update_project: status change, or delete (type del, only when ready). */
export const updateProjectSchema = z.object({
  project_id: z.string({ error: CORP_MESSAGES.projectNotFound }).min(1).max(64),
  type: z.enum(['update', 'del'], { error: CORP_MESSAGES.badAction }),
  new_status: z.enum(PROJECT_STATUSES, { error: CORP_MESSAGES.badStatus }),
});
export type UpdateProjectRequest = z.infer<typeof updateProjectSchema>;

/** POST auth/corp/verify_job: candidates for one job of a project. */
export const verifyJobSchema = z.object({
  project_id: z.string({ error: CORP_MESSAGES.projectNotFound }).min(1).max(64),
  job_id: z.string({ error: CORP_MESSAGES.jobNotFound }).min(1).max(64),
});
export type VerifyJobRequest = z.infer<typeof verifyJobSchema>;

/** Spec §3 Candidate job: an industry job (build) or an item-exchange contract (buy). */
export interface CandidateJob {
  /** Industry job id, or contract id for buy jobs. */
  job_id: number;
  char_id: number;
  char_name: string;
  char_icon: string;
  /** Runs (build) or units of the project's item (buy). */
  runs: number;
  facility_name: string;
  facility_icon: string;
}

export interface VerifyJobResponse {
  candidates: CandidateJob[];
  job_type: ProjectJobType;
}

/** POST auth/corp/push_jobs: claim candidates (industry jobs or contracts) for a job. */
export const pushJobsSchema = z.object({
  project_id: z.string({ error: CORP_MESSAGES.projectNotFound }).min(1).max(64),
  job_id: z.string({ error: CORP_MESSAGES.jobNotFound }).min(1).max(64),
  job_type: z.enum(['build', 'buy'], { error: CORP_MESSAGES.badAction }),
  jobs: z
    .array(z.union([z.object({ char_id: jobId, job_id: jobId }), z.object({ char_id: jobId, contract_id: jobId })]))
    .min(1, CORP_MESSAGES.nothingToPush)
    .max(CORP_LIMITS.pushBatch, CORP_MESSAGES.tooManyJobs),
});
export type PushJobsRequest = z.infer<typeof pushJobsSchema>;

export interface PushJobsResponse {
  project: Project;
  /** Runs (or units) credited by this call. */
  credited: number;
}
