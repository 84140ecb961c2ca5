import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { EsiClient } from './esi.client';

/** The one ESI client of the backend, configured from APP_CONFIG (base URL, User-Agent, compatibility date). */
@Module({
  providers: [
    {
      provide: EsiClient,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new EsiClient({
          baseUrl: config.esi.baseUrl,
          userAgent: config.esi.userAgent,
          compatibilityDate: config.esi.compatibilityDate,
        }),
    },
  ],
  exports: [EsiClient],
})
export class EsiModule {}
