import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model } from 'mongoose';
import {
  ADMIN_MESSAGES,
  CHECK_FLAG_LIMITS,
  CHECK_FLAG_RULES,
  type CharacterFlag,
  type CharacterFlagsAckResponse,
  type CharacterFlagsQuery,
  type CharacterFlagsResponse,
  type CharacterHistoryResponse,
  type CheckFlagKind,
} from '@eve-toolkit/shared-types';
import { CharacterRoster } from '../characters/character-roster.service';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import { CHECK_MODELS, type CharacterCheckDoc, type CharacterFlagDoc, type CheckRunDoc } from './character-checks.schema';

/** Flags shown beside a character's history. */
const CHARACTER_FLAGS_SHOWN = 50;

function toFlag(d: CharacterFlagDoc): CharacterFlag {
  return {
    id: String(d._id),
    character: { id: d.character_id, name: d.character_name },
    kind: d.kind,
    from: d.from,
    to: d.to,
    at: d.at.toISOString(),
    acknowledged: d.acked_at ? { by: d.acked_by ?? '', at: d.acked_at.toISOString() } : null,
  };
}

/** What the scheduled character checks found, as the admin area reads and acknowledges it. */
@Injectable()
export class CharacterFlagsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CHECK_MODELS.run) private readonly runs: Model<CheckRunDoc>,
    @InjectModel(CHECK_MODELS.check) private readonly checks: Model<CharacterCheckDoc>,
    @InjectModel(CHECK_MODELS.flag) private readonly flags: Model<CharacterFlagDoc>,
    private readonly roster: CharacterRoster,
  ) {}

  async list(q: CharacterFlagsQuery): Promise<CharacterFlagsResponse> {
    const filter: { acked_at?: null; kind?: CheckFlagKind; character_id?: number } = {};
    if (q.status === 'open') filter.acked_at = null;
    if (q.kind) filter.kind = q.kind;
    if (q.character_id) filter.character_id = q.character_id;
    const size = CHECK_FLAG_LIMITS.pageSize;
    const [total, docs, run] = await Promise.all([
      this.flags.countDocuments(filter),
      this.flags
        .find(filter)
        .sort({ at: -1, _id: -1 })
        .skip((q.page - 1) * size)
        .limit(size)
        .lean<CharacterFlagDoc[]>(),
      this.runs.findOne().sort({ _id: -1 }).lean<CheckRunDoc>(),
    ]);
    return {
      flags: docs.map(toFlag),
      total,
      page: q.page,
      page_size: size,
      run: run
        ? {
            id: String(run._id),
            started_at: run.started_at.toISOString(),
            finished_at: run.finished_at?.toISOString() ?? null,
            checked: run.checked,
            flagged: run.flagged,
          }
        : null,
      interval_hours: this.config.characterChecks.intervalMs / 3_600_000,
    };
  }

  /** Marks open flags as seen by `admin`; returns how many it marked (already acknowledged ones are left as they were). */
  async acknowledge(ids: readonly string[], admin: string, now = new Date()): Promise<CharacterFlagsAckResponse> {
    const res = await this.flags.updateMany(
      { _id: { $in: ids.map((id) => new Types.ObjectId(id)) }, acked_at: null },
      { $set: { acked_at: now, acked_by: admin } },
    );
    return { acknowledged: res.modifiedCount };
  }

  /** Open (not acknowledged) flags per character, for those of `ids` that have any. */
  async openCounts(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.flags.aggregate<{ _id: number; n: number }>([
      { $match: { character_id: { $in: [...ids] }, acked_at: null } },
      { $group: { _id: '$character_id', n: { $sum: 1 } } },
    ]);
    return new Map(rows.map((r) => [r._id, r.n]));
  }

  /** The character's snapshots (newest first, as many as are kept) and its latest flags. */
  async history(characterId: number): Promise<CharacterHistoryResponse> {
    const [linked, history, flags] = await Promise.all([
      this.roster.get(characterId),
      this.checks
        .find({ character_id: characterId })
        .sort({ at: -1, _id: -1 })
        .limit(CHECK_FLAG_RULES.historyPerCharacter)
        .lean<CharacterCheckDoc[]>(),
      this.flags
        .find({ character_id: characterId })
        .sort({ at: -1, _id: -1 })
        .limit(CHARACTER_FLAGS_SHOWN)
        .lean<CharacterFlagDoc[]>(),
    ]);
    if (!linked && history.length === 0) throw apiError(404, ADMIN_MESSAGES.charNotFound);
    return {
      history: history.map((h) => ({ at: h.at.toISOString(), snapshot: h.snapshot })),
      flags: flags.map(toFlag),
    };
  }
}
