import { Controller, Get, Inject, Optional } from '@nestjs/common';
import type { ClientConfigResponse } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { ClientConfigExtra } from './client-config-extra';

@Controller('api')
export class AppInfoController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly extra?: ClientConfigExtra,
  ) {}

  @Get('client_config')
  clientConfig(): ClientConfigResponse {
    const base = { version: this.config.version, demo: this.config.demo, imageServerUrl: this.config.imageServerUrl };
    return { ...base, ...this.extra?.extra() };
  }
}
