import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { HealthResponse } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { DATABASE_HANDLE, type DatabaseHandle } from '../common/database/database';
import { EsiSyncInfoProvider, SdeInfoProvider } from '../common/health/health-info';
import { RealtimeStatus } from '../realtime/realtime-status';

/** A health check answers within this time even when the database does not. */
export const HEALTH_PROBE_TIMEOUT_MS = 2_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

@Injectable()
export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_HANDLE) private readonly db: DatabaseHandle,
    @InjectConnection() private readonly connection: Connection,
    @Optional() private readonly sde?: SdeInfoProvider,
    @Optional() private readonly realtime?: RealtimeStatus,
    @Optional() private readonly esiSync?: EsiSyncInfoProvider,
  ) {}

  async check(): Promise<HealthResponse> {
    let dbOk = false;
    try {
      const db = this.connection.db;
      if (db && this.connection.readyState === 1) {
        await within(db.admin().ping(), HEALTH_PROBE_TIMEOUT_MS);
        dbOk = true;
      }
    } catch {
      dbOk = false;
    }
    const sde = this.sde && dbOk ? await within(this.sde.current(), HEALTH_PROBE_TIMEOUT_MS).catch(() => null) : null;
    const esi = this.esiSync && dbOk ? await within(this.esiSync.current(), HEALTH_PROBE_TIMEOUT_MS).catch(() => []) : [];
    return {
      status: dbOk ? 'ok' : 'degraded',
      version: this.config.version,
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      demo: this.config.demo,
      database: { mode: this.db.mode, ok: dbOk },
      sde,
      esi,
      // Redis down does not make the instance unhealthy: it keeps serving HTTP and its own sockets.
      realtime: this.realtime?.current() ?? { adapter: 'local', redis: null },
    };
  }
}
