import { Controller, Get } from '@nestjs/common';
import type { ClientConfigResponse } from '@eve-toolkit/shared-types';
import { AppInfoService } from './app-info.service';

@Controller('api')
export class AppInfoController {
  constructor(private readonly appInfo: AppInfoService) {}

  @Get('client_config')
  clientConfig(): ClientConfigResponse {
    return this.appInfo.clientConfig();
  }
}
