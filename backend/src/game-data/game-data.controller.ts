import { Controller, Get, Param, Query } from '@nestjs/common';
import {
  gameAdminSearchQuerySchema,
  gameIdParamSchema,
  gameSearchQuerySchema,
  type BlueprintResponse,
  type BlueprintSearchResponse,
  type GameSearchQuery,
  type ItemResponse,
  type ItemSearchResponse,
  type PlanetTypesResponse,
  type RigsResponse,
  type SchematicResponse,
  type SchematicsResponse,
  type StructuresResponse,
  type SystemPlanetsResponse,
  type SystemResponse,
  type SystemSearchResponse,
} from '@eve-toolkit/shared-types';
import { ZodPipe } from '../common/validation/zod.pipe';
import { Roles } from '../common/auth/auth.decorators';
import { GameDataQueryService } from './game-data-query.service';

const search = new ZodPipe(gameSearchQuerySchema);
/** Admin list searches (from 2 characters): admins only. */
const adminSearch = new ZodPipe(gameAdminSearchQuerySchema);
const id = new ZodPipe(gameIdParamSchema);

@Controller('data/industry')
export class IndustryDataController {
  constructor(private readonly query: GameDataQueryService) {}

  @Get('items')
  items(@Query(search) q: GameSearchQuery): Promise<ItemSearchResponse> {
    return this.query.searchItems(q);
  }

  @Get('admin/items')
  @Roles('admin')
  adminItems(@Query(adminSearch) q: GameSearchQuery): Promise<ItemSearchResponse> {
    return this.query.searchItems(q);
  }

  @Get('items/:id')
  item(@Param('id', id) itemId: number): Promise<ItemResponse> {
    return this.query.item(itemId);
  }

  @Get('blueprints')
  blueprints(@Query(search) q: GameSearchQuery): Promise<BlueprintSearchResponse> {
    return this.query.searchBlueprints(q);
  }

  @Get('blueprints/:id')
  blueprint(@Param('id', id) blueprintId: number): Promise<BlueprintResponse> {
    return this.query.blueprint(blueprintId);
  }

  @Get('structures')
  structures(): Promise<StructuresResponse> {
    return this.query.structures();
  }

  @Get('rigs')
  rigs(): Promise<RigsResponse> {
    return this.query.rigs();
  }
}

@Controller('data/universe')
export class UniverseDataController {
  constructor(private readonly query: GameDataQueryService) {}

  @Get('systems')
  systems(@Query(search) q: GameSearchQuery): Promise<SystemSearchResponse> {
    return this.query.searchSystems(q);
  }

  @Get('admin/systems')
  @Roles('admin')
  adminSystems(@Query(adminSearch) q: GameSearchQuery): Promise<SystemSearchResponse> {
    return this.query.searchSystems(q);
  }

  @Get('systems/:id')
  system(@Param('id', id) systemId: number): Promise<SystemResponse> {
    return this.query.system(systemId);
  }

  @Get('systems/:id/planets')
  planets(@Param('id', id) systemId: number): Promise<SystemPlanetsResponse> {
    return this.query.systemPlanets(systemId);
  }

  @Get('planet-types')
  planetTypes(): Promise<PlanetTypesResponse> {
    return this.query.planetTypes();
  }

  @Get('schematics')
  schematics(): Promise<SchematicsResponse> {
    return this.query.schematics();
  }

  @Get('schematics/:id')
  schematic(@Param('id', id) schematicId: number): Promise<SchematicResponse> {
    return this.query.schematic(schematicId);
  }
}
