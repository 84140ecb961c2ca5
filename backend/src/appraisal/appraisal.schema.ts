import { Schema } from 'mongoose';
import { APPRAISAL_TTL_DAYS } from '@eve-toolkit/shared-types';

export const APPRAISAL_MODEL = 'Appraisal';

/**
 * A saved appraisal (`appraisals`): the priced lines as they were, opened again by its share link.
 * `_id` is a short random id (see appraisal-id.ts); a TTL index deletes it APPRAISAL_TTL_DAYS
 * after `created_at`. (`problems`, not `errors`: mongoose reserves that path name.)
 */
export interface AppraisalDoc {
  _id: string;
  hub_id: number;
  /** The priced lines as JSON `SavedRow[]` (appraisal.mapper.ts): stored and read whole. */
  rows?: string;
  /** Appraisals saved before rows (until 2026-11-25): the lines as JSON `AppraisalLine[]`. */
  lines?: string;
  problems: string[];
  created_at: Date;
}

export const AppraisalSchema = new Schema<AppraisalDoc>(
  {
    _id: { type: String, required: true },
    hub_id: { type: Number, required: true },
    rows: { type: String },
    lines: { type: String },
    problems: { type: [String], default: [] },
    created_at: { type: Date, required: true },
  },
  { collection: 'appraisals', versionKey: false },
);
AppraisalSchema.index({ created_at: 1 }, { expireAfterSeconds: APPRAISAL_TTL_DAYS * 24 * 3600 });
