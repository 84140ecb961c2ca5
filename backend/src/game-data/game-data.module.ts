import { Module } from '@nestjs/common';
import { SchedulingModule } from '../common/scheduling/scheduling.module';
import { SdeInfoProvider } from '../common/health/health-info';
import { GameData } from './game-data.contract';
import { IndustryDataController, UniverseDataController } from './game-data.controller';
import { GameDataQueryService } from './game-data-query.service';
import { GameDataService } from './game-data.service';
import { SdeImportService } from './sde-import.service';
import { SdeReader } from './sde-reader';

/** Static game data (SDE): import (and the scheduled check for a new build), the GameData contract for other modules, search endpoints. */
@Module({
  imports: [SchedulingModule],
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
