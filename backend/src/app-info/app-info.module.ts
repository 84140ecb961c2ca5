import { DynamicModule, Module, type Type } from '@nestjs/common';
import { AppInfoController } from './app-info.controller';

/** GET api/client_config. `extras` are modules providing a ClientConfigExtra (the demo module in demo mode). */
@Module({})
export class AppInfoModule {
  static forRoot(extras: Type<unknown>[] = []): DynamicModule {
    return { module: AppInfoModule, imports: extras, controllers: [AppInfoController] };
  }
}
