import { Injectable } from '@nestjs/common';
import {
  aggregateLoot,
  decodeLootText,
  LOOT_LIMITS,
  LOOT_MESSAGES,
  lootLookupName,
  parseLootHistory,
  sumLootItems,
  unparsedIssues,
  type LootPostResponse,
  type LootPricesQuery,
  type LootPricesResponse,
  type LootTypeInfo,
  type LootTypePrice,
} from '@eve-toolkit/shared-types';
import { apiError } from '../common/errors/api-error';
import { GameData, type GameType } from '../game-data/game-data.contract';
import { MarketPrices } from '../market/market-prices.contract';

/** The SDE's Blueprint category. */
const BLUEPRINT_CATEGORY = 9;

/** What post_players is handed: multer's file in memory (only the fields used). */
export interface UploadedLootFile {
  originalname: string;
  size: number;
  buffer: Buffer;
}

function typeInfo(t: GameType): LootTypeInfo {
  return { type_id: t.id, name: t.name, name_en: t.nameEn, blueprint: t.categoryId === BLUEPRINT_CATEGORY };
}

function typePrice(t: GameType, sell: number | null, buy: number | null, adjusted: number | null): LootTypePrice {
  return {
    type_id: t.id,
    name: t.name,
    name_en: t.nameEn,
    sell,
    buy,
    blueprint_copy: t.categoryId === BLUEPRINT_CATEGORY,
    adjusted,
  };
}

/** Use cases of data/loot/post_players and data/loot/prices. */
@Injectable()
export class LootService {
  constructor(
    private readonly gameData: GameData,
    private readonly prices: MarketPrices,
  ) {}

  async postPlayers(file: UploadedLootFile | undefined): Promise<LootPostResponse> {
    if (!file) throw apiError(400, LOOT_MESSAGES.noFile);
    if (!/\.txt$/i.test(file.originalname)) throw apiError(415, LOOT_MESSAGES.wrongType);
    const decoded = decodeLootText(new Uint8Array(file.buffer.buffer, file.buffer.byteOffset, file.buffer.byteLength));
    if (!decoded.ok) {
      throw decoded.reason === 'empty' ? apiError(400, LOOT_MESSAGES.empty) : apiError(415, LOOT_MESSAGES.binary);
    }
    const parsed = parseLootHistory(decoded.text);
    if (parsed.entries.length === 0) {
      const sample = unparsedIssues(parsed.unparsed.slice(0, 5)).map((i) => `Строка ${i.line}: ${i.text.slice(0, 120)}`);
      throw apiError(400, LOOT_MESSAGES.noLoot, undefined, [LOOT_MESSAGES.noLoot, ...sample]);
    }
    if (parsed.entries.length > LOOT_LIMITS.maxLines) throw apiError(413, LOOT_MESSAGES.tooManyLines);
    await this.gameData.requireData();

    const names = [...new Set(parsed.entries.map((e) => lootLookupName(e.item)))];
    const types = await this.gameData.typesByNames(names);
    const loot = aggregateLoot(parsed.entries, (name) => {
      const t = types.get(name);
      return t ? typeInfo(t) : undefined;
    });
    const issues = [...unparsedIssues(parsed.unparsed), ...loot.unknown].sort((a, b) => a.line - b.line);
    if (loot.counted === 0) {
      const list = issues.slice(0, 5).map((i) => `Строка ${i.line}: ${i.message}`);
      throw apiError(400, LOOT_MESSAGES.noKnownItems, undefined, [LOOT_MESSAGES.noKnownItems, ...list]);
    }
    if (loot.pilots.length > LOOT_LIMITS.maxPilots) throw apiError(400, LOOT_MESSAGES.tooManyPilots);
    return {
      // Initial grouping: every pilot in one group (see groups.ts).
      data: [{ pilots: loot.pilots, items: sumLootItems(loot.pilots.map((p) => p.items)) }],
      errors: issues.slice(0, LOOT_LIMITS.maxIssues).map((i) => ({ ...i, text: i.text.slice(0, 200) })),
      skipped: issues.length,
      lines: loot.counted,
    };
  }

  async typePrices(query: LootPricesQuery): Promise<LootPricesResponse> {
    await this.gameData.requireData();
    const [types, prices, adjusted] = await Promise.all([
      this.gameData.typesByIds(query.ids),
      this.prices.hubPrices(query.hub, query.ids),
      this.prices.adjustedPrices(query.ids),
    ]);
    return {
      hub: query.hub,
      types: query.ids.flatMap((id) => {
        const t = types.get(id);
        if (!t) return [];
        const p = prices.get(id);
        return [typePrice(t, p?.sell ?? null, p?.buy ?? null, adjusted.get(id) ?? null)];
      }),
    };
  }
}
