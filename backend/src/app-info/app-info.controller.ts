import { Controller, Get, Inject } from '@nestjs/common';
import type { ClientConfigResponse } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';

@Controller('api')
export class AppInfoController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('client_config')
  clientConfig(): ClientConfigResponse {
    return { version: this.config.version, demo: this.config.demo, imageServerUrl: this.config.imageServerUrl };
  }
}
