import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CorpModule } from '../corp/corp.module';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeListener } from './realtime.listener';
import { RealtimeStatus } from './realtime-status';

/**
 * The one Socket.IO gateway and the listener feeding it the domain events features map in their
 * `SocketEvents` providers (found through Nest's discovery); rooms by the corporation area's access rules.
 */
@Module({
  imports: [CorpModule, DiscoveryModule],
  providers: [RealtimeGateway, RealtimeListener, RealtimeStatus],
  exports: [RealtimeStatus],
})
export class RealtimeModule {}
