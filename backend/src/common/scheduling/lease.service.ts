import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Connection } from 'mongoose';
import { isDuplicateKey } from '../database/duplicate-key';

interface LeaseDoc {
  _id: string;
  owner: string;
  expiresAt: Date;
  acquiredAt: Date;
}

/**
 * Named leases in MongoDB so that only one backend instance runs a scheduled job at a time.
 * A lease is free when it does not exist or has expired; its owner may renew it. One atomic
 * findOneAndUpdate with upsert: if another owner holds a live lease the filter matches nothing
 * and the upsert's insert collides on `_id` (E11000) -> not acquired.
 */
@Injectable()
export class LeaseService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(LeaseService.name);
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Jobs running in this process (the lease alone would let the same owner in twice). */
  private readonly runningHere = new Set<string>();

  constructor(@InjectConnection() private readonly connection: Connection) {}

  private get leases() {
    return this.connection.collection<LeaseDoc>('leases');
  }

  /** Takes or renews the lease for `ttlMs`; false when another live owner holds it. `now`: tests. */
  async acquire(name: string, ttlMs: number, owner = this.owner, now = new Date()): Promise<boolean> {
    try {
      const doc = await this.leases.findOneAndUpdate(
        { _id: name, $or: [{ expiresAt: { $lt: now } }, { owner }] },
        { $set: { owner, expiresAt: new Date(now.getTime() + ttlMs) }, $setOnInsert: { acquiredAt: now } },
        { upsert: true, returnDocument: 'after' },
      );
      return doc?.owner === owner;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  /**
   * Graceful shutdown: after the jobs stopped (onModuleDestroy) and before the database closes,
   * every lease this instance still holds is released, so another instance takes the job over
   * at once instead of waiting for the lease to expire.
   */
  async beforeApplicationShutdown(): Promise<void> {
    await this.leases
      .deleteMany({ owner: this.owner })
      .catch((err: unknown) => this.logger.warn(`leases not released: ${String(err)}`));
  }

  async release(name: string, owner = this.owner): Promise<void> {
    await this.leases.deleteOne({ _id: name, owner });
  }

  /**
   * Runs `fn` while holding the lease (renewed every ttl/3); skips it when another instance holds
   * the lease or this process is already running it.
   */
  async runExclusive<T>(name: string, ttlMs: number, fn: () => Promise<T>): Promise<{ ran: true; result: T } | { ran: false }> {
    if (this.runningHere.has(name)) return { ran: false };
    this.runningHere.add(name);
    try {
      if (!(await this.acquire(name, ttlMs))) return { ran: false };
      const renew = setInterval(
        () => {
          this.acquire(name, ttlMs).catch((err: unknown) => this.logger.warn(`lease ${name}: renew failed: ${String(err)}`));
        },
        Math.max(1000, Math.floor(ttlMs / 3)),
      );
      renew.unref();
      try {
        return { ran: true, result: await fn() };
      } finally {
        clearInterval(renew);
        await this.release(name).catch(() => undefined);
      }
    } finally {
      this.runningHere.delete(name);
    }
  }
}
