import { Schema, Types } from 'mongoose';
import type { PingDoctrine, PingType, PingSystem, ProjectJobType, ProjectStatus, RsvpAnswer } from '@eve-toolkit/shared-types';
import { withWebhookAnnouncements, type WebhookAnnouncement } from './webhooks/webhook.schema';

/**
 * The corporation area's collections. Every document carries its `corporation_id`; every read
 * filters by the caller's corporations, so one corporation's data never reaches another.
 */
export const CORP_MODELS = {
  project: 'CorpProject',
  ping: 'CorpPing',
  buy: 'CorpBuy',
  claim: 'CorpClaim',
} as const;

export interface ExecutorEntry {
  char_id: number;
  name: string;
  runs: number;
  /** Industry job or contract ids credited (what was claimed). */
  refs: number[];
  at: Date;
}

/** A job's static part; what members delivered lives in `progress` (one conditional update). */
export interface ProjectJobDoc {
  id: string;
  type: ProjectJobType;
  type_id: number;
  name: string;
  activity_id: 1 | 11 | null;
  blueprint_id: number | null;
  /** null: no pay (older documents may hold 0, read as no pay too). */
  pay: number | null;
  quantity: number;
}

export interface JobProgress {
  done: number;
  executors: ExecutorEntry[];
}

/**
 * One project in one document (`corp_projects`): the embedded database, like a MongoDB
 * standalone, has no transactions, so the runs claimed and the status a claim depends on change
 * together in one conditional update.
 */
export interface ProjectDoc {
  _id: Types.ObjectId;
  corporation_id: number;
  name: string;
  desc: string;
  status: ProjectStatus;
  jobs: ProjectJobDoc[];
  /** job id -> progress; keys are the job ids ("j1", "j2" ...). */
  progress: Record<string, JobProgress>;
  author_id: string;
  author: string;
  created_at: Date;
  updated_at: Date;
}

export const ProjectSchema = new Schema<ProjectDoc>(
  {
    corporation_id: { type: Number, required: true },
    name: { type: String, required: true },
    desc: { type: String, default: '' },
    status: { type: String, required: true },
    jobs: { type: Schema.Types.Mixed, default: [] },
    progress: { type: Schema.Types.Mixed, default: {} },
    author_id: { type: String, required: true },
    author: { type: String, required: true },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: 'corp_projects', versionKey: false, minimize: false },
);
ProjectSchema.index({ corporation_id: 1, created_at: -1 });

/** A ping change for the corporation's webhooks, written with the change (see WebhookAnnouncement). */
export type PingAnnouncement = WebhookAnnouncement<'created' | 'updated' | 'cancelled'>;

/**
 * A ping, stored in `corp_events` (the collection keeps its first name: see docs/modules.md,
 * "Names"). The members' answers live inside it (`rsvp`: account id -> answer),
 * so an answer is one conditional update. Pings written before issue 27 lack the fleet fields
 * and `rsvp`; the mapper reads them as empty.
 */
export interface PingDoc {
  _id: Types.ObjectId;
  corporation_id: number;
  name: string;
  desc: string;
  type: PingType;
  date: Date;
  author_id: string;
  author: string;
  created_at: Date;
  /** The formup system as resolved from the game data when the ping was written. */
  formup?: PingSystem | null;
  doctrine?: string;
  /** The library's doctrine the ping names (issue 38): its id and name when the ping was written. */
  doctrine_ref?: PingDoctrine | null;
  comms?: string;
  srp?: boolean;
  fc?: string;
  rsvp?: Record<string, RsvpAnswer>;
  updated_at?: Date;
  /** +1 with every edit and answer (pages keep the newest view). */
  rev?: number;
  /**
   * +1 with every edit and the cancellation, not with answers: the calendar feed's SEQUENCE (RFC
   * 5545), so calendar apps take the changed event instead of keeping their copy.
   */
  seq?: number;
  /** Who cancelled it and when; the ping stays (marked) until its start has passed. */
  cancelled?: { by: string; at: Date } | null;
  /** Changes not yet in the webhook outbox (see WebhookAnnouncement). */
  webhooks_due?: PingAnnouncement[];
}

export const PingSchema = new Schema<PingDoc>(
  {
    corporation_id: { type: Number, required: true },
    name: { type: String, required: true },
    desc: { type: String, default: '' },
    type: { type: String, required: true },
    date: { type: Date, required: true },
    author_id: { type: String, required: true },
    author: { type: String, required: true },
    created_at: { type: Date, required: true },
    formup: { type: Schema.Types.Mixed, default: null },
    doctrine: { type: String, default: '' },
    doctrine_ref: { type: Schema.Types.Mixed, default: null },
    comms: { type: String, default: '' },
    srp: { type: Boolean, default: false },
    fc: { type: String, default: '' },
    rsvp: { type: Schema.Types.Mixed, default: {} },
    updated_at: { type: Date },
    rev: { type: Number, default: 0 },
    seq: { type: Number, default: 0 },
    cancelled: { type: Schema.Types.Mixed, default: null },
  },
  { collection: 'corp_events', versionKey: false, minimize: false },
);
PingSchema.index({ corporation_id: 1, date: 1 });
withWebhookAnnouncements(PingSchema);

/** One row of a corporation's buy list (`corp_buys`, _id = "<corporation>:<type>"). */
export interface BuyDoc {
  _id: string;
  corporation_id: number;
  type_id: number;
  quantity: number;
  price: number;
  updated_at: Date;
}

export const BuySchema = new Schema<BuyDoc>(
  {
    _id: { type: String, required: true },
    corporation_id: { type: Number, required: true },
    type_id: { type: Number, required: true },
    quantity: { type: Number, required: true },
    price: { type: Number, required: true },
    updated_at: { type: Date, required: true },
  },
  { collection: 'corp_buys', versionKey: false },
);
BuySchema.index({ corporation_id: 1, type_id: 1 });

/**
 * An industry job or contract credited to a project (`corp_claims`, _id = "job:<id>" or
 * "contract:<id>"): the unique _id makes the same game job count once, in any project. A claim
 * is written just before the project's conditional update; OrphanClaimsCleanup later removes
 * those whose credit never landed and marks the others `settled`.
 */
export interface ClaimDoc {
  _id: string;
  project_id: string;
  job_id: string;
  char_id: number;
  user_id: string;
  at: Date;
  /** The claim call that wrote it (a refused update releases exactly its own claims). */
  batch?: string;
  /** The cleanup saw it credited (or its project finished): never looked at again. */
  settled?: boolean;
}

export const ClaimSchema = new Schema<ClaimDoc>(
  {
    _id: { type: String, required: true },
    project_id: { type: String, required: true },
    job_id: { type: String, required: true },
    char_id: { type: Number, required: true },
    user_id: { type: String, required: true },
    at: { type: Date, required: true },
    batch: { type: String },
    settled: { type: Boolean },
  },
  { collection: 'corp_claims', versionKey: false },
);
// The cleanup's scan: claims not yet settled, oldest first.
ClaimSchema.index({ settled: 1, at: 1 });
