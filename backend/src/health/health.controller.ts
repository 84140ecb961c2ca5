import { Controller, Get } from '@nestjs/common';
import type { HealthResponse } from '@eve-toolkit/shared-types';
import { HealthService } from './health.service';

@Controller('api/health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  get(): Promise<HealthResponse> {
    return this.health.check();
  }
}
