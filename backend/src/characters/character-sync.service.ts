import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { InjectModel } from '@nestjs/mongoose';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { Model } from 'mongoose';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { LeaseService } from '../common/scheduling/lease.service';
import { LeasedSchedule } from '../common/scheduling/leased-schedule';
import { EsiClient } from '../esi/esi.client';
import { CHARACTER_MODELS, type CharacterDoc } from './character.schema';
import { CharacterNeedsRelinkError, CharacterTokens } from './character-tokens.service';
import { CHARACTER_EVENTS, type CharacterCorporationChangedEvent } from './characters.events';

/** The scheduled refresh wakes this often and reads the characters not read for as long. */
export const CHARACTER_REFRESH_INTERVAL_MS = 5 * 60_000;
export const CHARACTER_REFRESH_LEASE = 'characters-refresh';
/** An on-demand refresh skips characters read this recently (ESI caches wallet 120 s, location 5 s). */
export const ON_DEMAND_MIN_AGE_MS = 30_000;
const LEASE_TTL_MS = 5 * 60_000;
const PASS_LIMIT = 500;
const CONCURRENCY = 4;

export type SyncOutcome = 'ok' | 'partial' | 'needs_relink' | 'failed' | 'gone';

interface EsiPublicCharacter {
  corporation_id: number;
  name: string;
}
interface EsiLocation {
  solar_system_id: number;
}
interface EsiMailLabels {
  total_unread_count?: number;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/**
 * Reads a character's card from ESI through the one ESI client: public info (corporation, no
 * token), then with the character's access token its location, wallet and unread mail count.
 * On a schedule (one instance at a time, under a MongoDB lease) and on demand. A failed read
 * keeps the last known values and records why; a revoked link marks the character `needs_relink`.
 */
@Injectable()
export class CharacterSync implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('CharacterSync');
  private readonly schedule: LeasedSchedule;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(CHARACTER_MODELS.character) private readonly characters: Model<CharacterDoc>,
    private readonly esi: EsiClient,
    private readonly tokens: CharacterTokens,
    private readonly leases: LeaseService,
    private readonly scheduler: SchedulerRegistry,
    private readonly events: EventEmitter2,
  ) {
    this.schedule = new LeasedSchedule(this.leases, this.logger, {
      name: CHARACTER_REFRESH_LEASE,
      leaseTtlMs: LEASE_TTL_MS,
      intervalMs: CHARACTER_REFRESH_INTERVAL_MS,
      firstDelayMs: 2_000,
      failure: 'Обновление персонажей не удалось',
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.schedulerEnabled) this.schedule.start(this.scheduler, () => this.refreshStale());
  }

  onModuleDestroy(): Promise<void> {
    return this.schedule.stop();
  }

  /** One scheduled pass, skipped when another pass (here or on another instance) holds the lease. */
  runScheduledOnce(now = new Date()): Promise<void> {
    return this.schedule.runOnce(() => this.refreshStale(now));
  }

  /** Characters not read for a refresh interval (never-read first); returns how many were read. */
  async refreshStale(now = new Date()): Promise<number> {
    const due = await this.characters
      .find(
        {
          needs_relink: false,
          $or: [{ synced_at: null }, { synced_at: { $lt: new Date(now.getTime() - CHARACTER_REFRESH_INTERVAL_MS) } }],
        },
        { _id: 1 },
      )
      .sort({ synced_at: 1 })
      .limit(PASS_LIMIT)
      .lean<Pick<CharacterDoc, '_id'>[]>();
    await this.syncMany(due.map((d) => d._id));
    return due.length;
  }

  /** The user's characters (not read in the last 30 s), now. */
  async refreshUser(userId: string, now = new Date()): Promise<void> {
    const docs = await this.characters
      .find(
        {
          user_id: userId,
          needs_relink: false,
          $or: [{ synced_at: null }, { synced_at: { $lt: new Date(now.getTime() - ON_DEMAND_MIN_AGE_MS) } }],
        },
        { _id: 1 },
      )
      .lean<Pick<CharacterDoc, '_id'>[]>();
    await this.syncMany(docs.map((d) => d._id));
  }

  private async syncMany(ids: number[]): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < ids.length && !this.schedule.signal.aborted) await this.sync(ids[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
  }

  /** Reads one character's card from ESI and stores it. */
  async sync(characterId: number): Promise<SyncOutcome> {
    const before = await this.characters
      .findById(characterId, { user_id: 1, corporation_id: 1 })
      .lean<Pick<CharacterDoc, 'user_id' | 'corporation_id'>>();
    if (!before) return 'gone';
    const set: Partial<CharacterDoc> = {};
    const errors: string[] = [];
    const signal = this.schedule.signal;

    const pub = await this.esi.get<EsiPublicCharacter>(`/characters/${characterId}`, { signal }).catch((err: unknown) => {
      errors.push(`публичные данные: ${String(err)}`);
      return null;
    });
    if (pub && isId(pub.data.corporation_id)) set.corporation_id = pub.data.corporation_id;

    let accessToken: string | null = null;
    try {
      accessToken = await this.tokens.accessToken(characterId);
    } catch (err) {
      if (err instanceof CharacterNeedsRelinkError) {
        await this.save(characterId, before, set);
        return 'needs_relink';
      }
      errors.push(`токен: ${String(err)}`);
    }
    if (accessToken) {
      const auth = { signal, accessToken };
      const [location, wallet, labels] = await Promise.allSettled([
        this.esi.get<EsiLocation>(`/characters/${characterId}/location`, auth),
        this.esi.get<number>(`/characters/${characterId}/wallet`, auth),
        this.esi.get<EsiMailLabels>(`/characters/${characterId}/mail/labels`, auth),
      ]);
      if (location.status === 'fulfilled' && isId(location.value.data.solar_system_id))
        set.system_id = location.value.data.solar_system_id;
      else errors.push(`местоположение: ${location.status === 'rejected' ? String(location.reason) : 'нет системы'}`);
      if (wallet.status === 'fulfilled' && typeof wallet.value.data === 'number' && Number.isFinite(wallet.value.data))
        set.wallet = wallet.value.data;
      else errors.push(`кошелёк: ${wallet.status === 'rejected' ? String(wallet.reason) : 'не число'}`);
      const unread = labels.status === 'fulfilled' ? labels.value.data.total_unread_count : undefined;
      if (typeof unread === 'number' && Number.isInteger(unread) && unread >= 0) set.new_mails = unread;
      else if (labels.status === 'fulfilled')
        set.new_mails = 0; // ESI omits the total when nothing is unread
      else errors.push(`почта: ${String(labels.reason)}`);
    }
    const gotCard = set.system_id !== undefined || set.wallet !== undefined || set.new_mails !== undefined;
    if (gotCard) set.synced_at = new Date();
    set.sync_error = errors.length ? errors.join('; ').slice(0, 1000) : null;
    if (errors.length) this.logger.warn(`Персонаж ${characterId}: ${set.sync_error}`);
    await this.save(characterId, before, set);
    return errors.length === 0 ? 'ok' : gotCard || set.corporation_id !== undefined ? 'partial' : 'failed';
  }

  private async save(
    characterId: number,
    before: Pick<CharacterDoc, 'user_id' | 'corporation_id'>,
    set: Partial<CharacterDoc>,
  ): Promise<void> {
    if (Object.keys(set).length === 0) return;
    // Still linked to the same account (it may have been unlinked or re-linked meanwhile).
    const res = await this.characters.updateOne({ _id: characterId, user_id: before.user_id }, { $set: set });
    if (res.modifiedCount === 1 && set.corporation_id !== undefined && set.corporation_id !== before.corporation_id) {
      const event: CharacterCorporationChangedEvent = {
        userId: before.user_id,
        characterId,
        corporationId: set.corporation_id as number,
        previousCorporationId: before.corporation_id,
      };
      this.events.emit(CHARACTER_EVENTS.corporationChanged, event);
    }
  }
}
