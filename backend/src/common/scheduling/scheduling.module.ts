import { Global, Module } from '@nestjs/common';
import { LeaseService } from './lease.service';

/** Leases for scheduled jobs (one instance at a time); the schedule itself is @nestjs/schedule. */
@Global()
@Module({ providers: [LeaseService], exports: [LeaseService] })
export class SchedulingModule {}
