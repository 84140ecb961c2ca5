import { DynamicModule, Module } from '@nestjs/common';
import { PageRenderer } from '../common/http/spa.middleware';
import { MarketModule } from '../market/market.module';
import { PageDataService } from './page-data.service';
import { ServerPageRenderer } from './server-page-renderer';

/**
 * Server rendering of the SPA's public pages (docs/architecture.md, «Server-rendered pages»):
 * provides the SPA middleware's PageRenderer (wired by bootstrap). `appInfo` is the app's
 * AppInfoModule (its demo extras), whose client config a rendered page carries.
 */
@Module({})
export class SsrModule {
  static forRoot(appInfo: DynamicModule): DynamicModule {
    return {
      module: SsrModule,
      imports: [appInfo, MarketModule],
      providers: [PageDataService, { provide: PageRenderer, useClass: ServerPageRenderer }],
      exports: [PageRenderer],
    };
  }
}
