import { DynamicModule, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from './config/config';
import { DATABASE_HANDLE, type DatabaseHandle } from './database/database';

/** The validated configuration and the database handle, visible to every module (global). */
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, db: DatabaseHandle): DynamicModule {
    return {
      module: CoreModule,
      global: true,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE_HANDLE, useValue: db },
      ],
      exports: [APP_CONFIG, DATABASE_HANDLE],
    };
  }
}
