import { Inject, Injectable } from '@nestjs/common';
import {
  INDUSTRY_MESSAGES,
  MARKET_MESSAGES,
  securityClass,
  typeIconUrl,
  type IndustryJobParams,
  type IndustryJobResponse,
  type IndustryJobSimpleResponse,
  type IndustryStaticData,
  type JobNode,
} from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-exception.filter';
import { GameData, type GameBlueprint, type GameRig, type GameStructure } from '../game-data/game-data.contract';
import { MarketPrices } from '../market/market-prices.contract';
import { facilitySetup, rigActivity, rigFits, treeBlueprint } from './domain/facility';
import { buildJobTree, JobTreeError, TREE_LIMITS, type TreeCatalog, type TreeType } from './domain/job-tree';
import { industryJobError } from './industry.errors';
import { DEFAULT_REACTION_STATION, NPC_STATION_KEY, NPC_STATION_NAME, stationKey, toStaticData } from './industry.mapper';

interface Facilities {
  importId: string;
  structures: Map<number, GameStructure>;
  rigs: Map<number, GameRig>;
  staticData: IndustryStaticData;
}

/** Use cases of data/industry/static_industry_data, job and job_simple. */
@Injectable()
export class IndustryService {
  private facilities: Promise<Facilities> | null = null;

  constructor(
    private readonly gameData: GameData,
    private readonly prices: MarketPrices,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private icon(typeId: number, kind: 'icon' | 'bp' = 'icon'): string {
    return typeIconUrl(this.config.imageServerUrl, typeId, 64, kind);
  }

  /** Structures, rigs, systems and the static data built from them, once per game-data import. */
  private async loadFacilities(): Promise<Facilities> {
    const importId = await this.gameData.importId();
    if (!importId) throw apiError(503, MARKET_MESSAGES.gameDataLoading);
    const cached = await this.facilities?.catch(() => null);
    if (cached && cached.importId === importId) return cached;
    this.facilities = (async () => {
      const [{ structures, rigs }, systems] = await Promise.all([
        this.gameData.industryFacilities(),
        this.gameData.knownSpaceSystems(),
      ]);
      return {
        importId,
        structures: new Map(structures.map((s) => [s.id, s])),
        rigs: new Map(rigs.map((r) => [r.id, r])),
        staticData: toStaticData(systems, structures, rigs, this.config.imageServerUrl),
      };
    })();
    return this.facilities;
  }

  async staticData(): Promise<IndustryStaticData> {
    return (await this.loadFacilities()).staticData;
  }

  async jobSimple(blueprintId: number): Promise<IndustryJobSimpleResponse> {
    if (!(await this.gameData.hasData())) throw apiError(503, MARKET_MESSAGES.gameDataLoading);
    const bp = await this.gameData.blueprint(blueprintId);
    if (!bp || !bp.products.length) throw apiError(404, INDUSTRY_MESSAGES.blueprintNotFound);
    const product = bp.products[0];
    const ids = [product.typeId, ...bp.materials.map((m) => m.typeId)];
    const [types, makers] = await Promise.all([
      this.gameData.typesByIds(ids),
      this.gameData.blueprintsForProducts(bp.materials.map((m) => m.typeId)),
    ]);
    const name = (id: number) => types.get(id)?.name ?? `#${id}`;
    return {
      job: {
        blueprint_id: bp.id,
        id: product.typeId,
        name: name(product.typeId),
        icon: this.icon(product.typeId),
        activity_id: bp.activityId,
        quantity_per_run: product.quantity,
        time: bp.time,
        max_production_limit: bp.maxProductionLimit,
        materials: bp.materials.map((m) => {
          const maker = makers.get(m.typeId);
          const usable = maker && maker.published ? maker : undefined;
          return {
            id: m.typeId,
            name: name(m.typeId),
            icon: this.icon(m.typeId),
            quantity: m.quantity,
            volume: types.get(m.typeId)?.packagedVolume ?? 0,
            blueprint_id: usable?.id ?? null,
            activity_id: usable?.activityId ?? null,
          };
        }),
      },
    };
  }

  async job(p: IndustryJobParams): Promise<IndustryJobResponse> {
    const facilities = await this.loadFacilities();
    const errors: string[] = [];
    const [bp, system] = await Promise.all([this.gameData.blueprint(p.blueprint_id), this.gameData.system(p.system_id)]);
    if (!bp || !bp.products.length) errors.push(INDUSTRY_MESSAGES.blueprintNotFound);
    if (!system) errors.push(INDUSTRY_MESSAGES.systemNotFound);

    // Facilities: the main station (NPC or a structure hosting manufacturing) and the refinery for reactions.
    let station: GameStructure | null = null;
    if (p.station_key !== NPC_STATION_KEY) {
      const s = facilities.structures.get(Number(p.station_key));
      if (!s || stationKey(s.id) !== p.station_key || !s.activities.includes('manufacturing'))
        errors.push(INDUSTRY_MESSAGES.unknownStation);
      else station = s;
    }
    const reactionKey = p.reaction_station ?? stationKey(DEFAULT_REACTION_STATION);
    const refinery = facilities.structures.get(Number(reactionKey));
    if (!refinery || stationKey(refinery.id) !== reactionKey || !refinery.activities.includes('reaction')) {
      errors.push(INDUSTRY_MESSAGES.unknownReactionStation);
    }
    const rigs = this.checkRigs(p.station_rig, station, 'manufacturing', facilities, errors);
    const reactionRigs = this.checkRigs(p.reaction_rig, refinery ?? null, 'reaction', facilities, errors);
    if (errors.length || !bp || !system || !refinery) throw industryJobError(errors);

    const catalog = await this.loadCatalog(bp, p.reactions, p.hub);
    const costIndices = await this.prices.costIndices(system.id);
    const indexOf = (activity: string) => costIndices.find((c) => c.activity === activity)?.cost_index;
    const secClass = securityClass(system.security);
    let built;
    try {
      built = buildJobTree(treeBlueprint(bp, catalog.skillTimeBonus), p.quantity, catalog.tree, {
        me: p.me,
        te: p.te,
        facilityTax: p.tax / 100,
        manufacturing: facilitySetup(station, rigs),
        reaction: facilitySetup(refinery, reactionRigs),
        secClass,
        skills: { industry: p.skills.industry, advancedIndustry: p.skills.advanced_industry, reactions: p.skills.reactions },
        costIndex: { manufacturing: indexOf('manufacturing') ?? 0, reaction: indexOf('reaction') ?? 0 },
      });
    } catch (err) {
      if (err instanceof JobTreeError) throw industryJobError([err.message]);
      throw err;
    }

    const warnings: string[] = [];
    const activities = usedActivities(built.root);
    for (const activity of activities) {
      if (indexOf(activity) === undefined) {
        warnings.push(
          `Нет индекса стоимости работ (${activity === 'reaction' ? 'реакции' : 'производство'}) для системы ${system.name}: ` +
            'стоимость работ посчитана без него (индексы ещё не загружены из ESI)',
        );
      }
    }
    if (activities.has('reaction') && secClass === 2) {
      warnings.push(`Реакции запускаются только в системах с уровнем безопасности 0.4 и ниже: в ${system.name} их не запустить`);
    }
    const rigsWithoutData = [...rigs, ...reactionRigs].filter((r) => r.effects.length === 0);
    if (rigsWithoutData.length) {
      warnings.push(
        `Нет данных о группах предметов для ригов (${rigsWithoutData.map((r) => r.name).join(', ')}): их бонусы не учтены`,
      );
    }
    warnings.push(...built.warnings);

    return {
      job: built.root,
      system_indexes: { cost_indices: costIndices.map((c) => ({ activity: c.activity, cost_index: c.cost_index })) },
      warnings,
      context: {
        hub_id: p.hub,
        system: { id: system.id, name: system.name, security: system.security, security_class: secClass },
        station: station?.name ?? NPC_STATION_NAME,
        reaction_station: refinery.name,
        rigs: rigs.map((r) => r.name),
        reaction_rigs: reactionRigs.map((r) => r.name),
        me: p.me,
        te: p.te,
        tax: p.tax,
        reactions: p.reactions,
        skills: p.skills,
        nodes: built.nodes,
      },
    };
  }

  /** Rigs of one structure: known, for the activity, fitting the structure; each problem becomes a Russian error. */
  private checkRigs(
    ids: readonly number[],
    structure: GameStructure | null,
    activity: 'manufacturing' | 'reaction',
    facilities: Facilities,
    errors: string[],
  ): GameRig[] {
    const out: GameRig[] = [];
    for (const id of ids) {
      const rig = facilities.rigs.get(id);
      if (!rig) {
        errors.push(`Риг не найден: ${id}`);
        continue;
      }
      if (rig.effects.length && rigActivity(rig) !== activity) {
        errors.push(`Риг «${rig.name}» не для ${activity === 'reaction' ? 'реакций' : 'производства'}`);
        continue;
      }
      if (!structure) {
        errors.push(`Риги ставятся только на структуры, не на NPC-станцию: «${rig.name}»`);
        continue;
      }
      if (!rigFits(rig, structure)) {
        errors.push(`Риг «${rig.name}» не подходит к структуре «${structure.name}»`);
        continue;
      }
      out.push(rig);
    }
    return out;
  }

  /**
   * Loads every blueprint, type and price the tree can touch, level by level (one query per
   * level and kind), then hands the pure tree builder a synchronous catalogue.
   */
  private async loadCatalog(
    root: GameBlueprint,
    reactions: boolean,
    hubId: number,
  ): Promise<{ tree: TreeCatalog; skillTimeBonus: (skillId: number) => number | undefined }> {
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
    const ids = [...new Set([root.products[0].typeId, ...seen])];
    const skillIds = [...new Set([root, ...makers.values()].flatMap((bp) => bp.skills.map((s) => s.typeId)))];
    const [types, adjusted, hub, skills] = await Promise.all([
      this.gameData.typesByIds(ids),
      this.prices.adjustedPrices(ids),
      this.prices.hubPrices(hubId, ids),
      this.gameData.skillTimeBonuses(skillIds),
    ]);
    const treeTypes = new Map<number, TreeType>();
    for (const [id, t] of types)
      treeTypes.set(id, { id, name: t.name, nameEn: t.nameEn, groupId: t.groupId, volume: t.packagedVolume });
    const skillTimeBonus = (id: number) => skills.get(id);
    const trees = new Map<number, ReturnType<typeof treeBlueprint>>();
    return {
      skillTimeBonus,
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
        hubPrice: (id) => {
          const h = hub.get(id);
          return h ? { sell: h.sell, buy: h.buy } : undefined;
        },
        icon: (id) => this.icon(id),
      },
    };
  }
}

function usedActivities(root: JobNode): Set<'manufacturing' | 'reaction'> {
  const out = new Set<'manufacturing' | 'reaction'>();
  const visit = (n: JobNode) => {
    if (n.activity_id === 1) out.add('manufacturing');
    if (n.activity_id === 11) out.add('reaction');
    n.materials.forEach(visit);
  };
  visit(root);
  return out;
}
