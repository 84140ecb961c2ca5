import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Types, type Model, type QueryFilter, type UpdateQuery } from 'mongoose';
import { DELIVERY_MESSAGES, type WebhookDeliveryKind } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../../common/config/config';
import { decryptSecret, secretKey } from '../../common/crypto/secret-box';
import { isDuplicateKey } from '../../common/database/duplicate-key';
import { LeaseService } from '../../common/scheduling/lease.service';
import type { DiscordMessage } from '../domain/discord-message';
import { nextStep } from '../domain/webhook-retry';
import { WebhookSender } from './webhook-sender';
import { WEBHOOK_MODELS, type DeliveryDoc, type WebhookAnnouncement, type WebhookDoc } from './webhook.schema';

/** One change to send to a corporation's webhooks (or a moderator's test). */
export interface OutboxEntry {
  corporationId: number;
  /** The ping or SRP request changed (null: a test), and its name in the delivery log. */
  eventId: string | null;
  eventName: string;
  kind: WebhookDeliveryKind;
  /** Same key for the same change: announced twice, sent once. */
  changeKey: string;
  message: DiscordMessage;
}

/** A document that carries its pending announcements (its schema `withWebhookAnnouncements`). */
export interface AnnouncingDoc {
  _id: Types.ObjectId;
  corporation_id: number;
  webhooks_due?: WebhookAnnouncement[];
}

type DueOf<D extends AnnouncingDoc> = NonNullable<D['webhooks_due']>[number];

/**
 * A kind of document whose changes the corporation's webhooks hear of (pings, SRP requests). Its
 * owner registers it (`WebhookOutbox.register`) with its model and how one pending announcement
 * reads; the outbox touches only the documents' `webhooks_due`: it reads them and takes off what
 * it has written as rows.
 */
export interface AnnouncementSource<D extends AnnouncingDoc> {
  /** In the logs («пинг», «заявка СРП»). */
  name: string;
  model: Model<D>;
  /** The delivery log's name and the message of one change, as the document is now. */
  describe(doc: D, change: DueOf<D>): { eventName: string; message: DiscordMessage };
}

/**
 * Writes the pending announcements of the document `id` of a registered source as rows (the
 * source's listener calls it before the change's answer). Failures are logged: what is left on
 * the document is the sweep's.
 */
export type Announce = (id: string) => Promise<void>;

interface RegisteredSource {
  name: string;
  announce(id: Types.ObjectId): Promise<void>;
  /** Documents with an announcement written at or before `before` (at most SWEEP_BATCH). */
  left(before: Date): Promise<Types.ObjectId[]>;
}

/** Parallel sends per instance (a slow webhook does not hold up the others). */
const SENDERS = 4;

/** Documents announced per source in one sweep at most (the rest in the next). */
const SWEEP_BATCH = 50;

/**
 * The webhook outbox. A change is written together with its announcement, in the changed
 * document itself (one write: WebhookAnnouncement in `webhooks_due`). The documents that announce
 * are registered sources (`register`: pings by the corporation area, SRP requests by the srp
 * module, each owner with its model and its message); a source's `announce` turns a document's
 * announcements into one row per enabled webhook of its corporation and then removes them, every
 * step repeatable: a change has one row per webhook (unique change key). The listeners announce
 * before the change's answer; an instance that died after the change's write left the
 * announcement, and the sweep in every instance's poll (`sweep`: every source's announcements
 * older than the grace) writes it. So a kill -9 at any point leaves no change, or a change whose
 * webhooks get it.
 *
 * Every instance works the rows: a row is claimed with one findOneAndUpdate that sets this
 * instance as its lessee until `lease_until`, so exactly one instance sends it; an instance that
 * dies mid-send leaves a lease that expires and another picks the row up. 429/5xx and no answer
 * are retried after Retry-After or a doubling backoff (domain/webhook-retry), up to `maxAttempts`.
 */
@Injectable()
export class WebhookOutbox implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(WebhookOutbox.name);
  private readonly sender: WebhookSender;
  private readonly key: Buffer;
  private readonly owner: string;
  private readonly abort = new AbortController();
  private poll: NodeJS.Timeout | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private draining: Promise<void> | null = null;
  private again = false;
  private readonly sources: RegisteredSource[] = [];

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(WEBHOOK_MODELS.webhook) private readonly webhooks: Model<WebhookDoc>,
    @InjectModel(WEBHOOK_MODELS.delivery) private readonly deliveries: Model<DeliveryDoc>,
    leases: LeaseService,
  ) {
    const { hosts, allowHttp, allowPrivate, timeoutMs } = config.pingWebhooks;
    this.sender = new WebhookSender(
      { hosts, allowHttp, allowPrivate },
      timeoutMs,
      `eve-toolkit/${config.version} (ping webhooks)`,
    );
    this.key = secretKey(config.tokenEncryptionKey, 'ping-webhooks');
    this.owner = leases.owner;
  }

  /**
   * Adds a source of announcements (from its owner's provider constructor: every source is known
   * before the first sweep, at module init). Returns its `announce`.
   */
  register<D extends AnnouncingDoc>(source: AnnouncementSource<D>): Announce {
    if (this.sources.some((s) => s.name === source.name)) throw new Error(`Источник оповещений «${source.name}» уже есть`);
    const registered: RegisteredSource = {
      name: source.name,
      announce: (id) => this.announceDoc(source, id),
      left: async (before) => {
        const due = { 'webhooks_due.at': { $lte: before } } as QueryFilter<D>;
        const docs = await source.model.find(due, { _id: 1 }).limit(SWEEP_BATCH).lean<AnnouncingDoc[]>();
        return docs.map((d) => d._id);
      },
    };
    this.sources.push(registered);
    return (id) => registered.announce(new Types.ObjectId(id));
  }

  onModuleInit(): void {
    this.poll = setInterval(() => this.kick(), this.config.pingWebhooks.pollMs);
    this.poll.unref();
    // Rows left due by a restart (or another instance's crash) go out soon after boot.
    this.kick();
  }

  async onModuleDestroy(): Promise<void> {
    this.abort.abort();
    if (this.poll) clearInterval(this.poll);
    for (const t of this.timers) clearTimeout(t);
    await this.draining?.catch(() => undefined);
    await this.sender.close().catch(() => undefined);
  }

  /**
   * Writes the document's announcements as rows (one per enabled webhook of its corporation, the
   * message as the document is now), then takes them off the document.
   * Failures are logged: the announcement stays for the sweep.
   */
  private async announceDoc<D extends AnnouncingDoc>(source: AnnouncementSource<D>, _id: Types.ObjectId): Promise<void> {
    try {
      const doc = await source.model.findById(_id).lean<D>();
      const due = (doc?.webhooks_due ?? []) as DueOf<D>[];
      if (!doc || due.length === 0) return;
      for (const change of due) {
        const { eventName, message } = source.describe(doc, change);
        await this.enqueue({
          corporationId: doc.corporation_id,
          eventId: String(doc._id),
          eventName,
          kind: change.kind,
          changeKey: change.key,
          message,
        });
      }
      const keys = due.map((c) => c.key);
      await source.model.updateOne(
        { _id: doc._id } as QueryFilter<D>,
        {
          $pull: { webhooks_due: { key: { $in: keys } } },
        } as UpdateQuery<D>,
      );
    } catch (err) {
      if (!this.abort.signal.aborted)
        this.logger.error(
          `${source.name} ${String(_id)}: оповещение не записано в очередь вебхуков (запишет проверка очереди): ${String(err)}`,
        );
    }
  }

  /** Announces what an instance that died after a change's write left behind (older than the grace), source by source. */
  private async sweep(now: Date): Promise<void> {
    // The grace: one poll interval, so the sweep rarely meets an announcement its listener is writing.
    const before = new Date(now.getTime() - this.config.pingWebhooks.pollMs);
    for (const source of this.sources) {
      const left = await source.left(before).catch((err: unknown) => {
        if (!this.abort.signal.aborted)
          this.logger.error(`Проверка очереди вебхуков (${source.name}) не удалась: ${String(err)}`);
        return [];
      });
      for (const id of left) await source.announce(id);
    }
  }

  /** Writes the change's rows (one per enabled webhook, or only `webhookId`'s) and starts sending. */
  async enqueue(entry: OutboxEntry, webhookId?: Types.ObjectId, now = new Date()): Promise<DeliveryDoc[]> {
    const filter = webhookId
      ? { _id: webhookId, corporation_id: entry.corporationId }
      : { corporation_id: entry.corporationId, enabled: true };
    const targets = await this.webhooks.find(filter, { name: 1 }).lean<Pick<WebhookDoc, '_id' | 'name'>[]>();
    const written: DeliveryDoc[] = [];
    for (const hook of targets) {
      const row = await this.deliveries
        .create({
          corporation_id: entry.corporationId,
          webhook_id: hook._id,
          webhook_name: hook.name,
          event_id: entry.eventId,
          event_name: entry.eventName,
          kind: entry.kind,
          change_key: entry.changeKey,
          message: entry.message,
          status: 'pending',
          attempts: 0,
          code: null,
          error: null,
          next_at: now,
          lease_owner: null,
          lease_until: null,
          created_at: now,
          updated_at: now,
        })
        .catch((err: unknown) => {
          if (isDuplicateKey(err)) return null; // this change was already written for this webhook
          throw err;
        });
      if (row) written.push(row.toObject<DeliveryDoc>());
    }
    if (written.length) this.kick();
    return written;
  }

  /** Sends what is due now (tests await it; the poll and enqueue call it without waiting). */
  drain(): Promise<void> {
    if (this.draining) {
      this.again = true;
      return this.draining;
    }
    this.draining = (async () => {
      do {
        this.again = false;
        await this.sweep(new Date());
        await Promise.all(Array.from({ length: SENDERS }, () => this.sendUntilEmpty()));
      } while (this.again && !this.abort.signal.aborted);
    })()
      .catch((err: unknown) => {
        if (!this.abort.signal.aborted) this.logger.error(`Ошибка отправки вебхуков: ${String(err)}`);
      })
      .finally(() => {
        this.draining = null;
      });
    return this.draining;
  }

  private kick(): void {
    if (!this.abort.signal.aborted) void this.drain();
  }

  private async sendUntilEmpty(): Promise<void> {
    while (!this.abort.signal.aborted) {
      const row = await this.claim(new Date());
      if (!row) return;
      await this.attempt(row);
    }
  }

  /** Takes one due row for this instance (none when another instance holds it). */
  private claim(now: Date): Promise<DeliveryDoc | null> {
    const leaseMs = this.config.pingWebhooks.timeoutMs * 3 + 5_000;
    return this.deliveries
      .findOneAndUpdate(
        {
          status: { $in: ['pending', 'retrying'] },
          next_at: { $lte: now },
          $or: [{ lease_until: null }, { lease_until: { $lte: now } }],
        },
        { $set: { lease_owner: this.owner, lease_until: new Date(now.getTime() + leaseMs) }, $inc: { attempts: 1 } },
        { sort: { next_at: 1 }, returnDocument: 'after' },
      )
      .lean<DeliveryDoc>()
      .exec();
  }

  private async attempt(row: DeliveryDoc): Promise<void> {
    const hook = await this.webhooks.findById(row.webhook_id).lean<WebhookDoc>();
    const now = () => new Date();
    const settle = (fields: Partial<DeliveryDoc>) =>
      this.deliveries.updateOne(
        { _id: row._id, lease_owner: this.owner },
        { $set: { ...fields, lease_owner: null, lease_until: null, updated_at: now() } },
      );
    if (!hook || (!hook.enabled && row.kind !== 'test')) {
      await settle({ status: 'failed', next_at: null, error: hook ? 'Вебхук выключен' : 'Вебхук удалён' });
      return;
    }
    const url = decryptSecret(hook.url_enc, this.key);
    if (!url) {
      await settle({ status: 'failed', next_at: null, error: DELIVERY_MESSAGES.urlUnreadable });
      return;
    }
    const result = await this.sender.send(url, row.message, this.abort.signal);
    if (this.abort.signal.aborted) {
      // Shutting down mid-send: the row goes back as it was, for the next instance to send.
      await this.deliveries.updateOne(
        { _id: row._id, lease_owner: this.owner },
        { $set: { lease_owner: null, lease_until: null }, $inc: { attempts: -1 } },
      );
      return;
    }
    const { maxAttempts, backoffBaseMs } = this.config.pingWebhooks;
    const step = result.refused
      ? ({ kind: 'failed' } as const)
      : nextStep(result, row.attempts, { maxAttempts, backoffBaseMs, maxBackoffMs: 600_000 }, now());
    if (step.kind === 'sent') {
      await settle({ status: 'sent', code: result.status, error: null, next_at: null });
    } else if (step.kind === 'failed') {
      await settle({ status: 'failed', code: result.status, error: result.error, next_at: null });
      this.logger.warn(`Вебхук «${row.webhook_name}» (${row.corporation_id}): доставка не удалась: ${result.error ?? ''}`);
    } else {
      await settle({
        status: 'retrying',
        code: result.status,
        error: result.error,
        next_at: new Date(now().getTime() + step.delayMs),
      });
      this.later(step.delayMs);
    }
  }

  /** Wakes this instance when a retry is due (others find it by polling). */
  private later(ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.kick();
    }, ms + 5);
    timer.unref();
    this.timers.add(timer);
  }
}
