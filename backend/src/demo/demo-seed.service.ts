import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { hashPassword } from '../accounts/domain/password';
import { USER_MODEL, type UserDoc } from '../accounts/user.schema';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { DEMO_ACCOUNTS } from './demo-accounts';

/** Creates the demo accounts (demo mode, not under tests); idempotent across restarts. */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Demo');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectModel(USER_MODEL) private readonly users: Model<UserDoc>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.demo || this.config.nodeEnv === 'test') return;
    await this.seed();
  }

  async seed(): Promise<number> {
    let created = 0;
    for (const a of DEMO_ACCOUNTS) {
      const res = await this.users.updateOne(
        { username_lower: a.username.toLowerCase() },
        {
          $setOnInsert: {
            username: a.username,
            username_lower: a.username.toLowerCase(),
            email: null,
            password_hash: await hashPassword(a.password),
            roles: a.role === 'user' ? ['user'] : [a.role, 'user'],
            is_active: true,
            created_at: new Date(),
            last_active: null,
          },
        },
        { upsert: true },
      );
      created += res.upsertedCount;
    }
    this.logger.log(
      `Демо-аккаунты (логин / пароль): ${DEMO_ACCOUNTS.map((a) => `${a.username} / ${a.password}`).join(', ')}${created ? ` — создано ${created}` : ''}`,
    );
    return created;
  }
}
