import { Controller, Get, Inject } from '@nestjs/common';
import type { ClientConfigResponse } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { DEMO_ACCOUNTS } from '../demo/demo-accounts';

@Controller('api')
export class AppInfoController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get('client_config')
  clientConfig(): ClientConfigResponse {
    const base = { version: this.config.version, demo: this.config.demo, imageServerUrl: this.config.imageServerUrl };
    // Demo credentials are public by design, and exist only in demo mode.
    return this.config.demo
      ? { ...base, demoAccounts: DEMO_ACCOUNTS.map(({ username, password, role }) => ({ username, password, role })) }
      : base;
  }
}
