import { Inject, Injectable, Optional } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { HealthResponse } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { DATABASE_HANDLE, type DatabaseHandle } from '../common/database/database';

/** Other modules (game data) register what they know about the SDE here. */
export abstract class SdeInfoProvider {
  abstract current(): Promise<HealthResponse['sde']>;
}

@Injectable()
export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DATABASE_HANDLE) private readonly db: DatabaseHandle,
    @InjectConnection() private readonly connection: Connection,
    @Optional() private readonly sde?: SdeInfoProvider,
  ) {}

  async check(): Promise<HealthResponse> {
    let dbOk = false;
    try {
      await this.connection.db?.admin().ping();
      dbOk = true;
    } catch {
      dbOk = false;
    }
    const sde = this.sde ? await this.sde.current().catch(() => null) : null;
    return {
      status: dbOk ? 'ok' : 'degraded',
      version: this.config.version,
      uptimeSeconds: Math.round((Date.now() - this.startedAt) / 1000),
      demo: this.config.demo,
      database: { mode: this.db.mode, ok: dbOk },
      sde,
    };
  }
}
