import { DynamicModule, Module, type Type } from '@nestjs/common';
import { AppInfoController } from './app-info.controller';
import { AppInfoService } from './app-info.service';

/**
 * GET api/client_config. `extras` are modules providing a ClientConfigExtra (the demo module in
 * demo mode). Exports AppInfoService (the server-rendered pages carry the same answer).
 */
@Module({})
export class AppInfoModule {
  static forRoot(extras: Type<unknown>[] = []): DynamicModule {
    return {
      module: AppInfoModule,
      imports: extras,
      controllers: [AppInfoController],
      providers: [AppInfoService],
      exports: [AppInfoService],
    };
  }
}
