import { Global, Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { RealtimeListener } from './realtime.listener';

@Global()
@Module({ providers: [RealtimeGateway, RealtimeListener], exports: [RealtimeGateway] })
export class RealtimeModule {}
