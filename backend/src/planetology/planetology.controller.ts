import { Controller, Get } from '@nestjs/common';
import type { PlanetologyCatalogueResponse } from '@eve-toolkit/shared-types';
import { PlanetologyService } from './planetology.service';

/** Planetology (spec §2, §7 "GET blueprints"): the planetary catalogue the page plans and builds templates from. */
@Controller('data/universe')
export class PlanetologyController {
  constructor(private readonly planetology: PlanetologyService) {}

  @Get('blueprints')
  blueprints(): Promise<PlanetologyCatalogueResponse> {
    return this.planetology.catalogue();
  }
}
