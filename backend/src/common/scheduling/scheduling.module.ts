import { Module } from '@nestjs/common';
import { LeaseService } from './lease.service';

/** Leases for scheduled jobs (one instance at a time); the schedule itself is @nestjs/schedule. Modules with scheduled jobs import it. */
@Module({ providers: [LeaseService], exports: [LeaseService] })
export class SchedulingModule {}
