import { Schema, type mongo } from 'mongoose';
import { APPRAISAL_TTL_DAYS } from '@eve-toolkit/shared-types';

export const APPRAISAL_MODEL = 'Appraisal';

/**
 * A saved appraisal (`appraisals`): the answer as it was sent, opened again by its share link.
 * `_id` is a short random id (see appraisal-id.ts); a TTL index deletes it APPRAISAL_TTL_DAYS
 * after `created_at`. (`problems`, not `errors`: mongoose reserves that path name.)
 */
export interface AppraisalDoc {
  _id: string;
  hub_id: number;
  /** The answer as it was sent (`AppraisalResponse` JSON), gzipped; read back (lean) as BSON Binary. */
  answer?: Buffer | mongo.Binary;
  /** Saved on 2026-11-25 until the answer itself was: the priced lines as JSON `SavedRow[]` (appraisal.mapper.ts). */
  rows?: string;
  /** Saved before rows (until 2026-11-25): the lines as JSON `AppraisalLine[]`. */
  lines?: string;
  /** The error lines, with `rows` and `lines` (the answer holds its own). */
  problems?: string[];
  /** Buyback percent it was asked at (saved before 2026-11-26: none, i.e. 100). */
  percent?: number;
  /** The signed-in player who made it (their history); absent for anonymous appraisals. */
  owner_id?: string;
  /** What the history lists without opening the answer (saved from 2026-11-26). */
  summary?: AppraisalSummary;
  created_at: Date;
}

export interface AppraisalSummary {
  lines: number;
  /** The first few type names. */
  names: string[];
  /** null when a line had no price on that side (saved until 2026-11-28: such a line counted as 0). */
  sell: number | null;
  buy: number | null;
  sell_p5: number | null;
  buy_p5: number | null;
  volume: number;
}

export const AppraisalSchema = new Schema<AppraisalDoc>(
  {
    _id: { type: String, required: true },
    hub_id: { type: Number, required: true },
    answer: { type: Buffer },
    rows: { type: String },
    lines: { type: String },
    problems: { type: [String], default: undefined },
    percent: { type: Number },
    owner_id: { type: String },
    summary: { type: Schema.Types.Mixed },
    created_at: { type: Date, required: true },
  },
  { collection: 'appraisals', versionKey: false },
);
AppraisalSchema.index({ created_at: 1 }, { expireAfterSeconds: APPRAISAL_TTL_DAYS * 24 * 3600 });
/** A player's history, newest first. */
AppraisalSchema.index({ owner_id: 1, created_at: -1 });
