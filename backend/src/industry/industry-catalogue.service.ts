import { Inject, Injectable } from '@nestjs/common';
import { typeIconUrl, type PriceOverride } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { GameData, type GameBlueprint, type GameDecryptor, type GameInvention } from '../game-data/game-data.contract';
import { MarketPrices } from '../market/market-prices.contract';
import { treeBlueprint } from './domain/facility';
import { TREE_LIMITS, type TreeCatalog, type TreeType } from './domain/job-tree';
import { countedPrice, overrideHubs, type HubQuote } from './domain/prices';
import { IndustryPrices } from './industry-prices.service';

/** Everything a job tree can touch, loaded: the pure tree builder's synchronous catalogue and what the job answers with. */
export interface IndustryCatalogue {
  tree: TreeCatalog;
  /** The hub's own orders, or a side counted as known when the player chose a price for it. */
  ownQuote(id: number): HubQuote | undefined;
  adjusted(id: number): number | undefined;
  skillTimeBonus: (skillId: number) => number | undefined;
  blueprintOf(typeId: number): GameBlueprint | undefined;
  inventions: Map<number, GameInvention>;
  typeName(id: number): string;
}

/** Loads the catalogue of one job tree from game data and the market. */
@Injectable()
export class IndustryCatalogueLoader {
  constructor(
    private readonly gameData: GameData,
    private readonly prices: MarketPrices,
    private readonly industryPrices: IndustryPrices,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Loads every blueprint, type and price the tree can touch, level by level (one query per
   * level and kind), and how each of its blueprints is invented, then hands the pure tree builder
   * a synchronous catalogue.
   */
  async load(
    root: GameBlueprint,
    reactions: boolean,
    hubId: number,
    decryptors: readonly GameDecryptor[],
    overrides: Readonly<Record<string, PriceOverride>>,
  ): Promise<IndustryCatalogue> {
    const makers = new Map<number, GameBlueprint>();
    let frontier = [...new Set(root.materials.map((m) => m.typeId))];
    const seen = new Set<number>(frontier);
    const usable = (bp: GameBlueprint) => bp.published && (reactions || bp.activity !== 'reaction');
    for (let level = 0; frontier.length && level <= TREE_LIMITS.maxDepth + 1; level++) {
      const found = await this.gameData.blueprintsForProducts(frontier);
      const next: number[] = [];
      for (const [productId, bp] of found) {
        if (!usable(bp)) continue;
        makers.set(productId, bp);
        for (const m of bp.materials) {
          if (seen.has(m.typeId)) continue;
          seen.add(m.typeId);
          next.push(m.typeId);
        }
      }
      frontier = next;
    }
    const blueprints = [root, ...makers.values()];
    const inventions = await this.gameData.inventionsFor(
      blueprints.filter((bp) => bp.activity === 'manufacturing').map((bp) => bp.id),
    );
    const inventionIds = [...inventions.values()].flatMap((i) => [
      i.sourceId,
      ...i.materials.map((m) => m.typeId),
      ...(i.copying?.materials.map((m) => m.typeId) ?? []),
      ...(i.copying?.consumes.map((m) => m.typeId) ?? []),
    ]);
    const ids = [...new Set([root.products[0].typeId, ...seen, ...inventionIds, ...decryptors.map((d) => d.id)])];
    const skillIds = [...new Set(blueprints.flatMap((bp) => bp.skills.map((s) => s.typeId)))];
    const [types, adjusted, hub, skills, others] = await Promise.all([
      this.gameData.typesByIds(ids),
      this.prices.adjustedPrices(ids),
      this.prices.hubPrices(hubId, ids),
      this.gameData.skillTimeBonuses(skillIds),
      this.industryPrices.quotesAt(overrideHubs(overrides), ids),
    ]);
    const counted = (id: number) => countedPrice(hub.get(id), overrides[id], others, adjusted.get(id), id);
    const treeTypes = new Map<number, TreeType>();
    for (const [id, t] of types)
      treeTypes.set(id, { id, name: t.name, nameEn: t.nameEn, groupId: t.groupId, volume: t.packagedVolume });
    const skillTimeBonus = (id: number) => skills.get(id);
    const trees = new Map<number, ReturnType<typeof treeBlueprint>>();
    return {
      ownQuote: (id) => (overrides[id] ? { sell: 0, buy: 0 } : hub.get(id)),
      adjusted: (id) => adjusted.get(id),
      skillTimeBonus,
      blueprintOf: (typeId) => makers.get(typeId),
      inventions,
      typeName: (id) => types.get(id)?.name ?? `#${id}`,
      tree: {
        blueprintFor: (productId) => {
          const bp = makers.get(productId);
          if (!bp) return undefined;
          let t = trees.get(productId);
          if (!t) trees.set(productId, (t = treeBlueprint(bp, skillTimeBonus)));
          return t;
        },
        type: (id) => treeTypes.get(id),
        adjustedPrice: (id) => adjusted.get(id),
        hubPrice: counted,
        icon: (id) => typeIconUrl(this.config.imageServerUrl, id, 64, 'icon'),
        inventionFor: (blueprintId) => inventions.get(blueprintId),
      },
    };
  }
}
