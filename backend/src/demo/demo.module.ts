import { Module } from '@nestjs/common';
import { DemoSeedService } from './demo-seed.service';

/** Demo mode's seeded data (accounts for every role). Does nothing outside demo mode. */
@Module({ providers: [DemoSeedService], exports: [DemoSeedService] })
export class DemoModule {}
