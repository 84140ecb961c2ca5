import { Module } from '@nestjs/common';
import { PlanetologyController } from './planetology.controller';
import { PlanetologyService } from './planetology.service';

/** Planetary-industry helper: the catalogue behind /planetology (planner and templates run in shared-types). */
@Module({
  controllers: [PlanetologyController],
  providers: [PlanetologyService],
})
export class PlanetologyModule {}
