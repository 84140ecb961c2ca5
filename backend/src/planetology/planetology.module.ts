import { Module } from '@nestjs/common';
import { GameDataModule } from '../game-data/game-data.module';
import { PlanetologyController } from './planetology.controller';
import { PlanetologyService } from './planetology.service';

/** Planetary-industry helper: the catalogue behind /planetology (planner and templates run in shared-types). */
@Module({
  imports: [GameDataModule],
  controllers: [PlanetologyController],
  providers: [PlanetologyService],
})
export class PlanetologyModule {}
