import { Inject, Injectable, Optional } from '@nestjs/common';
import type { ClientConfigResponse } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { ClientConfigExtra } from './client-config-extra';

/** The deployment's facts for the browser (version, demo mode, image server, the demo's extras). */
@Injectable()
export class AppInfoService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly extra?: ClientConfigExtra,
  ) {}

  clientConfig(): ClientConfigResponse {
    const base = { version: this.config.version, demo: this.config.demo, imageServerUrl: this.config.imageServerUrl };
    return { ...base, ...this.extra?.extra() };
  }
}
