import { Schema, Types } from 'mongoose';
import type { CharacterSnapshot, CheckFlagKind, CheckFlagValue } from '@eve-toolkit/shared-types';

/**
 * The scheduled character checks' collections (the admin module owns them):
 * - `admin_check_runs`: one document per run (every linked character once); the latest is the
 *   newest `_id` (creation order, whatever the clocks of the instances say);
 * - `admin_character_checks`: the history, one snapshot per character per run (newest
 *   CHECK_FLAG_RULES.historyPerCharacter kept per character);
 * - `admin_character_watch`: per character, the last known state changes are measured against
 *   and the run that last checked it (a run resumed after a restart skips those already done);
 * - `admin_character_flags`: the changes found, open until an admin acknowledges them.
 */
export interface CheckRunDoc {
  _id: Types.ObjectId;
  started_at: Date;
  finished_at: Date | null;
  checked: number;
  flagged: number;
}

export const CheckRunSchema = new Schema<CheckRunDoc>(
  {
    started_at: { type: Date, required: true },
    finished_at: { type: Date, default: null },
    checked: { type: Number, default: 0 },
    flagged: { type: Number, default: 0 },
  },
  { collection: 'admin_check_runs', versionKey: false },
);

export interface CharacterCheckDoc {
  _id: Types.ObjectId;
  character_id: number;
  run_id: Types.ObjectId;
  at: Date;
  snapshot: CharacterSnapshot;
}

export const CharacterCheckSchema = new Schema<CharacterCheckDoc>(
  {
    character_id: { type: Number, required: true },
    run_id: { type: Schema.Types.ObjectId, required: true },
    at: { type: Date, required: true },
    snapshot: { type: Schema.Types.Mixed, required: true },
  },
  { collection: 'admin_character_checks', versionKey: false, minimize: false },
);
CharacterCheckSchema.index({ character_id: 1, run_id: 1 }, { unique: true });
CharacterCheckSchema.index({ character_id: 1, at: -1 });

export interface CharacterWatchDoc {
  _id: number;
  name: string;
  known: CharacterSnapshot;
  last_run_id: Types.ObjectId;
  checked_at: Date;
}

export const CharacterWatchSchema = new Schema<CharacterWatchDoc>(
  {
    _id: { type: Number, required: true },
    name: { type: String, required: true },
    known: { type: Schema.Types.Mixed, required: true },
    last_run_id: { type: Schema.Types.ObjectId, required: true },
    checked_at: { type: Date, required: true },
  },
  { collection: 'admin_character_watch', versionKey: false, minimize: false },
);
CharacterWatchSchema.index({ last_run_id: 1 });

export interface CharacterFlagDoc {
  _id: Types.ObjectId;
  character_id: number;
  character_name: string;
  run_id: Types.ObjectId;
  kind: CheckFlagKind;
  from: CheckFlagValue;
  to: CheckFlagValue;
  at: Date;
  acked_at: Date | null;
  acked_by: string | null;
}

export const CharacterFlagSchema = new Schema<CharacterFlagDoc>(
  {
    character_id: { type: Number, required: true },
    character_name: { type: String, required: true },
    run_id: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, required: true },
    from: { type: Schema.Types.Mixed, default: null },
    to: { type: Schema.Types.Mixed, default: null },
    at: { type: Date, required: true },
    acked_at: { type: Date, default: null },
    acked_by: { type: String, default: null },
  },
  { collection: 'admin_character_flags', versionKey: false, minimize: false },
);
// A character retried within one run (its instance died midway) writes the same flags again.
CharacterFlagSchema.index({ character_id: 1, run_id: 1, kind: 1 }, { unique: true });
CharacterFlagSchema.index({ acked_at: 1, at: -1 });
CharacterFlagSchema.index({ character_id: 1, at: -1 });

export const CHECK_MODELS = {
  run: 'AdminCheckRun',
  check: 'AdminCharacterCheck',
  watch: 'AdminCharacterWatch',
  flag: 'AdminCharacterFlag',
} as const;
