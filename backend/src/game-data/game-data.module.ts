import { Module } from '@nestjs/common';
import { SdeInfoProvider } from '../health/health.service';
import { GameData } from './game-data.contract';
import { IndustryDataController, UniverseDataController } from './game-data.controller';
import { GameDataQueryService } from './game-data-query.service';
import { GameDataService } from './game-data.service';
import { SdeImportService } from './sde-import.service';
import { SdeReader } from './sde-reader';

/** Static game data (SDE): import, the GameData contract for other modules, search endpoints. */
@Module({
  controllers: [IndustryDataController, UniverseDataController],
  providers: [
    SdeReader,
    GameDataService,
    GameDataQueryService,
    SdeImportService,
    { provide: GameData, useExisting: GameDataService },
    {
      provide: SdeInfoProvider,
      useFactory: (data: GameDataService): SdeInfoProvider => ({ current: () => data.buildInfo() }),
      inject: [GameDataService],
    },
  ],
  exports: [GameData, SdeImportService, SdeInfoProvider],
})
export class GameDataModule {}
