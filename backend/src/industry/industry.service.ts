import { Inject, Injectable } from '@nestjs/common';
import {
  exceedsRunLength,
  INDUSTRY_MESSAGES,
  MARKET_MESSAGES,
  maxRunsPerJob,
  roundHalfAway,
  SCIENCE_COST_PERCENTAGE,
  SCIENCE_MAX_RUNS,
  scienceModifiers,
  securityClass,
  typeIconUrl,
  type FacilityKind,
  type IndustryInventionParams,
  type IndustryInventionResponse,
  type IndustryJobParams,
  type IndustryJobResponse,
  type IndustryJobSimpleResponse,
  type IndustryNodeSettings,
  type IndustrySkills,
  type IndustryStaticData,
  type JobNode,
  type MissingPrice,
  type PriceOverride,
  type RigsUse,
  type SkillLevels,
  HUBS,
  MoneyTally,
} from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import {
  GameData,
  type GameBlueprint,
  type GameDecryptor,
  type GameInvention,
  type GameRig,
  type GameStructure,
} from '../game-data/game-data.contract';
import { MarketPrices, type CostIndex } from '../market/market-prices.contract';
import { countedPrice, overrideHubs, type HubQuote, type QuotesByHub } from './domain/prices';
import { facilitySetup, rigFacility, rigFits, treeBlueprint } from './domain/facility';
import { planInvention } from './domain/invention';
import { buildJobTree, JobTreeError, TREE_LIMITS, type NodeSettings, type TreeCatalog, type TreeType } from './domain/job-tree';
import { industryJobError } from './industry.errors';
import {
  DEFAULT_REACTION_STATION,
  NPC_STATION_KEY,
  NPC_STATION_NAME,
  SKILL_KEY_IDS,
  stationKey,
  toStaticData,
} from './industry.mapper';

interface Facilities {
  importId: string;
  structures: Map<number, GameStructure>;
  rigs: Map<number, GameRig>;
  decryptors: GameDecryptor[];
  staticData: IndustryStaticData;
}

const ACTIVITY_NAMES: Record<string, string> = {
  manufacturing: 'производство',
  reaction: 'реакции',
  invention: 'изобретение',
  copying: 'копирование',
};

/** The request's skills as the formulas take them. */
export function skillLevels(s: IndustrySkills): SkillLevels {
  const invention: Record<number, number> = {};
  for (const [id, level] of Object.entries(s.invention)) invention[Number(id)] = level;
  return { industry: s.industry, advancedIndustry: s.advanced_industry, reactions: s.reactions, science: s.science, invention };
}

/** Use cases of data/industry/static_industry_data, job, invention and job_simple. */
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
      const [{ structures, rigs }, systems, decryptors, inventionSkills] = await Promise.all([
        this.gameData.industryFacilities(),
        this.gameData.knownSpaceSystems(),
        this.gameData.decryptors(),
        this.gameData.inventionSkills(),
      ]);
      const names = new Map(inventionSkills.map((s) => [s.id, s.name]));
      for (const [id, t] of await this.gameData.typesByIds(Object.values(SKILL_KEY_IDS))) names.set(id, t.name);
      return {
        importId,
        structures: new Map(structures.map((s) => [s.id, s])),
        rigs: new Map(rigs.map((r) => [r.id, r])),
        decryptors,
        staticData: toStaticData(
          systems,
          structures,
          rigs,
          decryptors,
          { names, invention: inventionSkills.map((s) => s.id) },
          this.config.imageServerUrl,
        ),
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

    // Facilities: the main station (NPC or a structure hosting manufacturing), the refinery for
    // reactions, the laboratory for T1 copies and invention.
    const station = this.station(p.station_key, 'manufacturing', INDUSTRY_MESSAGES.unknownStation, facilities, errors);
    const reactionKey = p.reaction_station ?? stationKey(DEFAULT_REACTION_STATION);
    const refinery = facilities.structures.get(Number(reactionKey));
    if (!refinery || stationKey(refinery.id) !== reactionKey || !refinery.activities.includes('reaction')) {
      errors.push(INDUSTRY_MESSAGES.unknownReactionStation);
    }
    const lab = this.station(p.science_station, 'science', INDUSTRY_MESSAGES.unknownScienceStation, facilities, errors);
    const stationRigs = this.checkRigs(p.station_rig, station, 'manufacturing', facilities, errors);
    const reactionRigsUse = this.checkRigs(p.reaction_rig, refinery ?? null, 'reaction', facilities, errors);
    const scienceRigsUse = this.checkRigs(p.science_rig, lab, 'science', facilities, errors);
    const rigs = stationRigs.applied;
    const reactionRigs = reactionRigsUse.applied;
    const scienceRigs = scienceRigsUse.applied;
    const decryptors = facilities.decryptors;
    for (const s of Object.values(p.nodes)) {
      if (typeof s.decryptor_id === 'number' && !decryptors.some((d) => d.id === s.decryptor_id)) {
        errors.push(`${INDUSTRY_MESSAGES.unknownDecryptor}: ${s.decryptor_id}`);
      }
    }
    if (errors.length || !bp || !system || !refinery) throw industryJobError([...new Set(errors)]);

    const catalog = await this.loadCatalog(bp, p.reactions, p.hub, decryptors, p.price_overrides);
    const nodes = this.nodeSettings(p.nodes, bp, catalog);
    const costIndices = await this.prices.costIndices(system.id);
    const indexOf = (activity: string) => costIndices.find((c) => c.activity === activity)?.cost_index;
    const secClass = securityClass(system.security);
    let built;
    try {
      built = buildJobTree(treeBlueprint(bp, catalog.skillTimeBonus), p.quantity, catalog.tree, {
        me: p.me,
        te: p.te,
        componentMe: p.component_me,
        componentTe: p.component_te,
        facilityTax: p.tax / 100,
        manufacturing: facilitySetup(station, rigs),
        reaction: facilitySetup(refinery, reactionRigs),
        science: facilitySetup(lab, scienceRigs),
        secClass,
        skills: skillLevels(p.skills),
        costIndex: {
          manufacturing: indexOf('manufacturing') ?? 0,
          reaction: indexOf('reaction') ?? 0,
          invention: indexOf('invention') ?? 0,
          copying: indexOf('copying') ?? 0,
        },
        decryptors,
        nodes: nodes.settings,
      });
    } catch (err) {
      if (err instanceof JobTreeError) throw industryJobError([err.message]);
      throw err;
    }

    const warnings: string[] = [];
    const activities = usedActivities(built.root);
    for (const activity of activities) {
      if (indexOf(activity) === undefined) warnings.push(noIndexWarning(activity, system.name));
    }
    if (activities.has('reaction') && secClass === 2) {
      warnings.push(`Реакции запускаются только в системах с уровнем безопасности 0.4 и ниже: в ${system.name} их не запустить`);
    }
    const rigsWithoutData = [...rigs, ...reactionRigs, ...scienceRigs].filter((r) => r.effects.length === 0);
    if (rigsWithoutData.length) {
      warnings.push(
        `Нет данных о группах предметов для ригов (${rigsWithoutData.map((r) => r.name).join(', ')}): их бонусы не учтены`,
      );
    }
    warnings.push(...built.warnings);
    const ignored = [...stationRigs.ignored, ...reactionRigsUse.ignored, ...scienceRigsUse.ignored];
    if (ignored.length) warnings.push(ignoredRigsWarning(ignored));

    return {
      job: built.root,
      missing_prices: await this.missingPrices(
        treeItems(built.root),
        p.hub,
        catalog.ownQuote,
        catalog.adjusted,
        catalog.typeName,
      ),
      system_indexes: { cost_indices: costIndices.map((c) => ({ activity: c.activity, cost_index: c.cost_index })) },
      warnings,
      context: {
        hub_id: p.hub,
        system: { id: system.id, name: system.name, security: system.security, security_class: secClass },
        station: station?.name ?? NPC_STATION_NAME,
        reaction_station: refinery.name,
        rigs: rigs.map((r) => r.name),
        reaction_rigs: reactionRigs.map((r) => r.name),
        science_station: lab?.name ?? NPC_STATION_NAME,
        science_rigs: scienceRigs.map((r) => r.name),
        rigs_use: { station: rigsUse(stationRigs), reaction: rigsUse(reactionRigsUse), science: rigsUse(scienceRigsUse) },
        me: p.me,
        te: p.te,
        component_me: p.component_me,
        component_te: p.component_te,
        root_source: built.root.blueprint_source,
        tax: p.tax,
        reactions: p.reactions,
        skills: p.skills,
        node_settings: nodes.applied,
        nodes: built.nodes,
      },
    };
  }

  /** POST data/industry/invention: `runs` attempts at inventing the T2 blueprint `product_id`. */
  async invention(p: IndustryInventionParams): Promise<IndustryInventionResponse> {
    const facilities = await this.loadFacilities();
    const errors: string[] = [];
    const [inventions, product, system] = await Promise.all([
      this.gameData.inventionsFor([p.product_id]),
      this.gameData.blueprint(p.product_id),
      this.gameData.system(p.system_id),
    ]);
    const source = inventions.get(p.product_id);
    if (!source || !product || product.activity !== 'manufacturing') errors.push(INDUSTRY_MESSAGES.notInvented);
    if (!system) errors.push(INDUSTRY_MESSAGES.systemNotFound);
    // The laboratory: `science_station` when given (as in the job endpoint), else the structure described by `station_key`.
    const labKey = p.science_station ?? p.station_key;
    const lab = this.station(labKey, 'science', INDUSTRY_MESSAGES.unknownScienceStation, facilities, errors);
    const labRigs = this.checkRigs(
      p.science_station === undefined ? p.station_rig : p.science_rig,
      lab,
      'science',
      facilities,
      errors,
    );
    const rigs = labRigs.applied;
    const decryptor = p.decryptor_id === null ? null : (facilities.decryptors.find((d) => d.id === p.decryptor_id) ?? null);
    if (p.decryptor_id !== null && !decryptor) errors.push(INDUSTRY_MESSAGES.unknownDecryptor);
    if (errors.length || !source || !product || !system) throw industryJobError(errors);

    const secClass = securityClass(system.security);
    const settings = {
      facility: facilitySetup(lab, rigs),
      secClass,
      skills: skillLevels(p.skills),
      facilityTax: p.tax / 100,
      costIndex: { invention: 0, copying: 0 },
    };
    const timeMods = scienceModifiers({ activity: 'invention', ...settings }).time;
    if (exceedsRunLength(source.time, p.runs, timeMods)) {
      const max = Math.min(SCIENCE_MAX_RUNS, maxRunsPerJob(source.time, timeMods));
      throw industryJobError([
        `Слишком много попыток для одной работы: ${p.runs}. Не больше ${max}: все прогоны, кроме последнего, должны начаться в течение 30 дней`,
      ]);
    }
    const materialIds = [
      ...source.materials.map((m) => m.typeId),
      ...(decryptor ? [decryptor.id] : []),
      ...(source.copying?.consumes.map((m) => m.typeId) ?? []),
    ];
    const valued = [...product.materials, ...(source.copying?.materials ?? [])].map((m) => m.typeId);
    const [costIndices, adjusted, hub, types, others] = await Promise.all([
      this.prices.costIndices(system.id),
      this.prices.adjustedPrices([...new Set([...valued, ...materialIds])]),
      this.prices.hubPrices(p.hub, materialIds),
      this.gameData.typesByIds(materialIds),
      this.quotesAt(overrideHubs(p.price_overrides), materialIds),
    ]);
    const indexOf = (activity: string) => costIndices.find((c) => c.activity === activity)?.cost_index;
    settings.costIndex = { invention: indexOf('invention') ?? 0, copying: indexOf('copying') ?? 0 };
    const plan = planInvention(source, product.materials, p.runs, decryptor, settings, (id) => adjusted.get(id));

    const warnings: string[] = [];
    for (const activity of ['invention', ...(source.copying ? ['copying'] : [])]) {
      if (indexOf(activity) === undefined) warnings.push(noIndexWarning(activity, system.name));
    }
    const noAdjusted = product.materials
      .filter((m) => !adjusted.has(m.typeId))
      .map((m) => types.get(m.typeId)?.name ?? `#${m.typeId}`);
    if (noAdjusted.length)
      warnings.push(`Нет скорректированной цены CCP (adjusted price), пошлина посчитана без них: ${noAdjusted.length} шт.`);
    const materials = plan.materials.map((m) => {
      const price = countedPrice(hub.get(m.typeId), p.price_overrides[m.typeId], others, adjusted.get(m.typeId), m.typeId);
      return {
        id: m.typeId,
        name: types.get(m.typeId)?.name ?? `#${m.typeId}`,
        quantity: m.quantity * p.runs,
        price: price.sell,
        price_source: price.source,
      };
    });
    const unpriced = materials.filter((m) => m.price === null).map((m) => m.name);
    if (unpriced.length)
      warnings.push(`Нет цены SELL в хабе: ${unpriced.join(', ')} — стоимость материалов и попытки неизвестна`);
    if (labRigs.ignored.length) warnings.push(ignoredRigsWarning(labRigs.ignored));
    const materialsCost = new MoneyTally();
    for (const m of materials) materialsCost.addPriced(m.id, m.quantity, m.price);
    const jobCost = plan.fee.total;
    const ownSell = (id: number): HubQuote | undefined => {
      const q = hub.get(id);
      // only SELL prices are used here: a missing BUY does not count
      return { sell: p.price_overrides[id] ? 0 : (q?.sell ?? null), buy: 0 };
    };
    return {
      invention: {
        blueprint_id: source.sourceId,
        product_id: p.product_id,
        runs: p.runs,
        probability: plan.probability,
        runs_per_copy: plan.runsPerCopy,
        me: plan.me,
        te: plan.te,
        time: plan.time,
        decryptor: decryptor ? { id: decryptor.id, name: decryptor.name } : null,
        materials,
        expected_copies: plan.expectedCopies,
        expected_runs: plan.expectedRuns,
        estimated_item_value: roundHalfAway(plan.fee.eiv / SCIENCE_COST_PERCENTAGE),
        job_cost: jobCost,
        job_cost_parts: {
          job_value: roundHalfAway(plan.fee.eiv),
          index: plan.fee.systemCost,
          tax: plan.fee.facilityTax,
          scc: plan.fee.scc,
        },
        materials_cost: materialsCost.total,
        cost_per_run:
          materialsCost.total === null ? null : plan.expectedRuns > 0 ? (jobCost + materialsCost.total) / plan.expectedRuns : 0,
        copy: plan.copyFee ? { time: plan.copyTime, job_cost: plan.copyFee.total } : null,
      },
      missing_prices: await this.missingPrices(
        materials.map((m) => m.id),
        p.hub,
        ownSell,
        (id) => adjusted.get(id),
        (id) => types.get(id)?.name ?? `#${id}`,
      ),
      system_indexes: { cost_indices: costIndices.map((c: CostIndex) => ({ activity: c.activity, cost_index: c.cost_index })) },
      warnings,
      context: {
        hub_id: p.hub,
        system: { id: system.id, name: system.name, security: system.security, security_class: secClass },
        station: lab?.name ?? NPC_STATION_NAME,
        rigs: rigs.map((r) => r.name),
        rigs_ignored: labRigs.ignored.map((r) => r.name),
        tax: p.tax,
        skills: p.skills,
      },
    };
  }

  /** A station of the form: the NPC station ('npc') or a structure hosting the facility's activity; null for the NPC station. */
  private station(
    key: string,
    kind: FacilityKind,
    unknown: string,
    facilities: Facilities,
    errors: string[],
  ): GameStructure | null {
    if (key === NPC_STATION_KEY) return null;
    const s = facilities.structures.get(Number(key));
    if (!s || stationKey(s.id) !== key || !s.activities.includes(kind)) {
      errors.push(unknown);
      return null;
    }
    return s;
  }

  /**
   * Rigs of one structure as the player describes it fitted: each must exist and fit the structure
   * (else a Russian error); those whose bonuses are for another activity (a manufacturing rig on
   * the laboratory's list) are not an error but ignored, and listed as such.
   */
  private checkRigs(
    ids: readonly number[],
    structure: GameStructure | null,
    kind: FacilityKind,
    facilities: Facilities,
    errors: string[],
  ): { applied: GameRig[]; ignored: GameRig[] } {
    const applied: GameRig[] = [];
    const ignored: GameRig[] = [];
    for (const id of ids) {
      const rig = facilities.rigs.get(id);
      if (!rig) {
        errors.push(`Риг не найден: ${id}`);
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
      if (rig.effects.length && rigFacility(rig) !== kind) ignored.push(rig);
      else applied.push(rig);
    }
    return { applied, ignored };
  }

  /**
   * The request's per-node settings for types in the tree (others are ignored: the page may keep
   * settings of an earlier item). A blueprint that can be invented takes its source: 'owned' with
   * ME/TE, or 'invent' with a decryptor (a decryptor alone means invention, ME/TE alone a
   * blueprint of one's own); reaction formulas have no ME/TE; other blueprints take ME/TE only.
   */
  private nodeSettings(
    requested: IndustryNodeSettings,
    root: GameBlueprint,
    catalog: {
      blueprintOf(typeId: number): GameBlueprint | undefined;
      inventions: Map<number, GameInvention>;
      typeName(id: number): string;
    },
  ): { settings: Map<number, NodeSettings>; applied: IndustryNodeSettings } {
    const settings = new Map<number, NodeSettings>();
    const applied: IndustryNodeSettings = {};
    const errors: string[] = [];
    for (const [key, s] of Object.entries(requested)) {
      const typeId = Number(key);
      const bp = typeId === root.products[0].typeId ? root : catalog.blueprintOf(typeId);
      if (!bp) continue;
      const name = catalog.typeName(typeId);
      const inventable = catalog.inventions.has(bp.id);
      const hasMeTe = s.me !== undefined || s.te !== undefined;
      const hasDecryptor = s.decryptor_id !== undefined;
      let source = s.source;
      if (!inventable) {
        if (source !== undefined) errors.push(`Этот чертёж не изобретают, источник не выбирается: «${name}»`);
        if (hasDecryptor) errors.push(`Декриптор задаётся только изобретаемым чертежам (T2): «${name}»`);
      } else {
        if (source === undefined && hasMeTe && hasDecryptor)
          errors.push(`Укажите источник чертежа (owned — свой чертёж с ME/TE, invent — изобретение с декриптором): «${name}»`);
        source ??= hasDecryptor ? 'invent' : hasMeTe ? 'owned' : undefined;
        if (source === 'invent' && hasMeTe) errors.push(`ME и TE изобретённой копии задаёт декриптор: «${name}»`);
        if (source === 'owned' && hasDecryptor) errors.push(`Декриптор нужен только для изобретения, а чертёж свой: «${name}»`);
      }
      if (hasMeTe && bp.activity === 'reaction') errors.push(`У формул реакций нет ME и TE: «${name}»`);
      settings.set(typeId, { source, me: s.me, te: s.te, decryptorId: s.decryptor_id });
      applied[key] = source === undefined ? s : { ...s, source };
    }
    if (errors.length) throw industryJobError(errors);
    return { settings, applied };
  }

  /** Best orders of `typeIds` at each of `hubs`. */
  private async quotesAt(hubs: readonly number[], typeIds: readonly number[]): Promise<QuotesByHub> {
    const out = new Map<number, Map<number, HubQuote>>();
    if (!typeIds.length) return out;
    await Promise.all(
      hubs.map(async (h) => {
        const prices = await this.prices.hubPrices(h, typeIds);
        out.set(h, new Map([...prices].map(([id, q]) => [id, { sell: q.sell, buy: q.buy }])));
      }),
    );
    return out;
  }

  /**
   * The items without a price on a side at the hub (and no price chosen instead), with the
   * alternatives a player has: CCP's adjusted price and the other hubs' orders.
   */
  private async missingPrices(
    ids: readonly number[],
    hubId: number,
    own: (id: number) => HubQuote | undefined,
    adjusted: (id: number) => number | undefined,
    name: (id: number) => string,
  ): Promise<MissingPrice[]> {
    const missing = [...new Set(ids)].filter((id) => {
      const q = own(id);
      return q?.sell == null || q?.buy == null;
    });
    if (!missing.length) return [];
    const others = HUBS.map((h) => h.id).filter((h) => h !== hubId);
    const quotes = await this.quotesAt(others, missing);
    return missing.map((id) => ({
      type_id: id,
      name: name(id),
      sell: own(id)?.sell == null,
      buy: own(id)?.buy == null,
      adjusted: adjusted(id) ?? null,
      hubs: others.flatMap((h) => {
        const q = quotes.get(h)?.get(id);
        return q && (q.sell !== null || q.buy !== null) ? [{ hub_id: h, sell: q.sell, buy: q.buy }] : [];
      }),
    }));
  }

  /**
   * Loads every blueprint, type and price the tree can touch, level by level (one query per
   * level and kind), and how each of its blueprints is invented, then hands the pure tree builder
   * a synchronous catalogue.
   */
  private async loadCatalog(
    root: GameBlueprint,
    reactions: boolean,
    hubId: number,
    decryptors: readonly GameDecryptor[],
    overrides: Readonly<Record<string, PriceOverride>>,
  ): Promise<{
    tree: TreeCatalog;
    /** The hub's own orders, or a side counted as known when the player chose a price for it. */
    ownQuote(id: number): HubQuote | undefined;
    adjusted(id: number): number | undefined;
    skillTimeBonus: (skillId: number) => number | undefined;
    blueprintOf(typeId: number): GameBlueprint | undefined;
    inventions: Map<number, GameInvention>;
    typeName(id: number): string;
  }> {
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
      this.quotesAt(overrideHubs(overrides), ids),
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
        icon: (id) => this.icon(id),
        inventionFor: (blueprintId) => inventions.get(blueprintId),
      },
    };
  }
}

function rigsUse(r: { applied: GameRig[]; ignored: GameRig[] }): RigsUse {
  return { applied: r.applied.map((x) => x.name), ignored: r.ignored.map((x) => x.name) };
}

function ignoredRigsWarning(rigs: readonly GameRig[]): string {
  return `Риги не влияют на эту работу и не учтены: ${rigs.map((r) => r.name).join(', ')}`;
}

/** Every item of the tree that can be priced: each node's item and what invention consumes. */
function treeItems(root: JobNode): number[] {
  const out = new Set<number>();
  const visit = (n: JobNode) => {
    out.add(n.id);
    for (const m of n.invention?.materials ?? []) out.add(m.id);
    n.materials.forEach(visit);
  };
  visit(root);
  return [...out];
}

function noIndexWarning(activity: string, systemName: string): string {
  return (
    `Нет индекса стоимости работ (${ACTIVITY_NAMES[activity] ?? activity}) для системы ${systemName}: ` +
    'стоимость работ посчитана без него (индексы ещё не загружены из ESI)'
  );
}

/** Activities of the built jobs (with the invention and copying of invented nodes). */
function usedActivities(root: JobNode): Set<'manufacturing' | 'reaction' | 'invention' | 'copying'> {
  const out = new Set<'manufacturing' | 'reaction' | 'invention' | 'copying'>();
  const visit = (n: JobNode) => {
    if (n.activity_id === 1) out.add('manufacturing');
    if (n.activity_id === 11) out.add('reaction');
    if (n.invention) {
      out.add('invention');
      if (n.invention.copy) out.add('copying');
    }
    n.materials.forEach(visit);
  };
  visit(root);
  return out;
}
