import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { Model } from 'mongoose';
import { CORP_TYPES, DEFAULT_CORP_TYPE, type CorpType } from '@eve-toolkit/shared-types';
import { apiError } from '../common/errors/api-error';
import { ACCESS_EVENTS, type AccessChangedEvent } from '../common/access/access.events';
import { ACTIVE_CORP_TYPES, CORPORATION_MODEL, type CorporationDoc } from './corporation.schema';
import { uniqueOr409 } from '../common/database/duplicate-key';

export const CORPORATION_MESSAGES = {
  exists: 'Корпорация с таким ID уже зарегистрирована',
  notFound: 'Корпорация не найдена',
  badType: 'Тип корпорации должен быть 0, 1 или 2',
} as const;

const isCorpType = (v: unknown): v is CorpType => (Object.values(CORP_TYPES) as unknown[]).includes(v);

/**
 * Registered corporations: the one source of "which corporations may use the corporation area".
 * Every change emits ACCESS_EVENTS.changed for the corporation, so its members' access (and
 * socket rooms) is recomputed at once.
 */
@Injectable()
export class CorporationsService {
  constructor(
    @InjectModel(CORPORATION_MODEL) private readonly corporations: Model<CorporationDoc>,
    private readonly events: EventEmitter2,
  ) {}

  /** All registered corporations, by name. */
  list(): Promise<CorporationDoc[]> {
    return this.corporations.find().sort({ name: 1, _id: 1 }).lean<CorporationDoc[]>().exec();
  }

  get(id: number): Promise<CorporationDoc | null> {
    return this.corporations.findById(id).lean<CorporationDoc>().exec();
  }

  /** 409 when the id is already registered. */
  async create(input: { id: number; name: string; corp_type?: CorpType }): Promise<CorporationDoc> {
    const corp_type = input.corp_type ?? DEFAULT_CORP_TYPE;
    if (!isCorpType(corp_type)) throw apiError(400, CORPORATION_MESSAGES.badType);
    const doc = await uniqueOr409(
      () => this.corporations.create({ _id: input.id, name: input.name.trim(), corp_type, created_at: new Date() }),
      CORPORATION_MESSAGES.exists,
    );
    this.changed(input.id);
    return doc.toObject();
  }

  /** 404 when not registered. */
  async remove(id: number): Promise<void> {
    const res = await this.corporations.deleteOne({ _id: id });
    if (res.deletedCount === 0) throw apiError(404, CORPORATION_MESSAGES.notFound);
    this.changed(id);
  }

  async setType(id: number, corp_type: CorpType): Promise<CorporationDoc> {
    if (!isCorpType(corp_type)) throw apiError(400, CORPORATION_MESSAGES.badType);
    const doc = await this.corporations
      .findOneAndUpdate({ _id: id }, { $set: { corp_type } }, { returnDocument: 'after' })
      .lean<CorporationDoc>()
      .exec();
    if (!doc) throw apiError(404, CORPORATION_MESSAGES.notFound);
    this.changed(id);
    return doc;
  }

  /** Of `ids`, those registered and not blocked (type 0 or 1), in the order given. */
  async activeIds(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const found = await this.corporations
      .find({ _id: { $in: [...ids] }, corp_type: { $in: [...ACTIVE_CORP_TYPES] } }, { _id: 1 })
      .lean<{ _id: number }[]>()
      .exec();
    const active = new Set(found.map((c) => c._id));
    return ids.filter((id, i) => active.has(id) && ids.indexOf(id) === i);
  }

  private changed(id: number): void {
    const event: AccessChangedEvent = { corporationIds: [id] };
    this.events.emit(ACCESS_EVENTS.changed, event);
  }
}
