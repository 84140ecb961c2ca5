import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeListener } from './realtime.listener';
import { RealtimeStatus } from './realtime-status';

@Global()
@Module({ providers: [RealtimeGateway, RealtimeListener, RealtimeStatus], exports: [RealtimeGateway, RealtimeStatus] })
export class RealtimeModule {}
