import { Module } from '@nestjs/common';
import { CorpModule } from '../corp/corp.module';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeListener } from './realtime.listener';
import { RealtimeStatus } from './realtime-status';

/** The one Socket.IO gateway and the listener feeding it domain events; rooms by the corporation area's access rules. */
@Module({
  imports: [CorpModule],
  providers: [RealtimeGateway, RealtimeListener, RealtimeStatus],
  exports: [RealtimeStatus],
})
export class RealtimeModule {}
