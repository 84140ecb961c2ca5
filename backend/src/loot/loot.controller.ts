import { Controller, Get, HttpCode, Post, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import {
  lootPricesQuerySchema,
  type LootPostResponse,
  type LootPricesQuery,
  type LootPricesResponse,
} from '@eve-toolkit/shared-types';
import { ZodPipe } from '../common/validation/zod.pipe';
import { LootFileInterceptor } from './loot-file.interceptor';
import { LootService, type UploadedLootFile } from './loot.service';

/** The fleet loot split (spec §2 "Fleet split page", §5, §7 post_players). */
@Controller('data/loot')
export class LootController {
  constructor(private readonly loot: LootService) {}

  @Post('post_players')
  @HttpCode(200)
  @UseInterceptors(LootFileInterceptor)
  postPlayers(@UploadedFile() file: UploadedLootFile | undefined): Promise<LootPostResponse> {
    return this.loot.postPlayers(file);
  }

  @Get('prices')
  prices(@Query(new ZodPipe(lootPricesQuerySchema)) query: LootPricesQuery): Promise<LootPricesResponse> {
    return this.loot.typePrices(query);
  }
}
