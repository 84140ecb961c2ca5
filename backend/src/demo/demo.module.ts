import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module';
import { ClientConfigExtra } from '../app-info/client-config-extra';
import { CharactersModule } from '../characters/characters.module';
import { CorpModule } from '../corp/corp.module';
import { CorporationsModule } from '../corporations/corporations.module';
import { GameDataModule } from '../game-data/game-data.module';
import { MarketModule } from '../market/market.module';
import { CorpDemoSeed } from './corp-demo.seed';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DemoMarketHistory } from './demo-market-history';
import { DemoSeedService } from './demo-seed.service';
import { SrpDemoSeed } from './srp-demo.seed';

/**
 * Demo mode, all of it (loaded only when APP_MODE=demo; see demo-mode.ts): the accounts for
 * every role and their characters, the demo corporation's projects, pings and buy list, the
 * market's first history, and the public demo credentials in the client config. It fills the
 * other modules through their own services; the stand-ins (tools/fake-esi) are started in
 * demo-stand-ins.ts.
 */
@Module({
  imports: [AccountsModule, CharactersModule, CorporationsModule, CorpModule, GameDataModule, MarketModule],
  providers: [
    DemoSeedService,
    CorpDemoSeed,
    SrpDemoSeed,
    DemoMarketHistory,
    {
      provide: ClientConfigExtra,
      // Demo credentials are public by design, and exist only in demo mode.
      useValue: {
        extra: () => ({ demoAccounts: DEMO_ACCOUNTS.map(({ username, password, role }) => ({ username, password, role })) }),
      },
    },
  ],
  exports: [ClientConfigExtra],
})
export class DemoModule {}
