import { Inject, Injectable } from '@nestjs/common';
import {
  INDUSTRY_JOB_MESSAGES,
  INDUSTRY_MESSAGES,
  securityClass,
  typeIconUrl,
  type IndustryJobParams,
  type IndustryJobResponse,
  type IndustryJobSimpleResponse,
  type IndustryNodeSettings,
  type JobNode,
} from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import { GameData, type GameBlueprint } from '../game-data/game-data.contract';
import { MarketPrices } from '../market/market-prices.contract';
import { facilitySetup, treeBlueprint } from './domain/facility';
import { buildJobTree, JobTreeError, type NodeSettings } from './domain/job-tree';
import { IndustryCatalogueLoader, type IndustryCatalogue } from './industry-catalogue.service';
import { IndustryFacilities, rigsUse } from './industry-facilities.service';
import { IndustryPrices } from './industry-prices.service';
import { industryJobError } from './industry.errors';
import { DEFAULT_REACTION_STATION, NPC_STATION_NAME, skillLevels, stationKey } from './industry.mapper';

/** The calculator's jobs: data/industry/job (the whole tree) and data/industry/job_simple (one level of materials). */
@Injectable()
export class IndustryJobService {
  constructor(
    private readonly gameData: GameData,
    private readonly prices: MarketPrices,
    private readonly facilities: IndustryFacilities,
    private readonly catalogue: IndustryCatalogueLoader,
    private readonly industryPrices: IndustryPrices,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private icon(typeId: number): string {
    return typeIconUrl(this.config.imageServerUrl, typeId, 64, 'icon');
  }

  async jobSimple(blueprintId: number): Promise<IndustryJobSimpleResponse> {
    await this.gameData.requireData();
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
    const facilities = await this.facilities.load();
    const errors: string[] = [];
    const [bp, system] = await Promise.all([this.gameData.blueprint(p.blueprint_id), this.gameData.system(p.system_id)]);
    if (!bp || !bp.products.length) errors.push(INDUSTRY_MESSAGES.blueprintNotFound);
    if (!system) errors.push(INDUSTRY_MESSAGES.systemNotFound);

    // Facilities: the main station (NPC or a structure hosting manufacturing), the refinery for
    // reactions, the laboratory for T1 copies and invention.
    const check = this.facilities;
    const station = check.station(p.station_key, 'manufacturing', INDUSTRY_MESSAGES.unknownStation, facilities, errors);
    const reactionKey = p.reaction_station ?? stationKey(DEFAULT_REACTION_STATION);
    const refinery = facilities.structures.get(Number(reactionKey));
    if (!refinery || stationKey(refinery.id) !== reactionKey || !refinery.activities.includes('reaction')) {
      errors.push(INDUSTRY_MESSAGES.unknownReactionStation);
    }
    const lab = check.station(p.science_station, 'science', INDUSTRY_MESSAGES.unknownScienceStation, facilities, errors);
    const stationRigs = check.checkRigs(p.station_rig, station, 'manufacturing', facilities, errors);
    const reactionRigsUse = check.checkRigs(p.reaction_rig, refinery ?? null, 'reaction', facilities, errors);
    const scienceRigsUse = check.checkRigs(p.science_rig, lab, 'science', facilities, errors);
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

    const catalog = await this.catalogue.load(bp, p.reactions, p.hub, decryptors, p.price_overrides);
    const nodes = nodeSettings(p.nodes, bp, catalog);
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
      if (indexOf(activity) === undefined) warnings.push(INDUSTRY_JOB_MESSAGES.noCostIndex(activity, system.name));
    }
    if (activities.has('reaction') && secClass === 2) warnings.push(INDUSTRY_JOB_MESSAGES.reactionsInHighsec(system.name));
    const rigsWithoutData = [...rigs, ...reactionRigs, ...scienceRigs].filter((r) => r.effects.length === 0);
    if (rigsWithoutData.length) warnings.push(INDUSTRY_JOB_MESSAGES.rigsWithoutData(rigsWithoutData.map((r) => r.name)));
    warnings.push(...built.warnings);
    const ignored = [...stationRigs.ignored, ...reactionRigsUse.ignored, ...scienceRigsUse.ignored];
    if (ignored.length) warnings.push(INDUSTRY_JOB_MESSAGES.ignoredRigs(ignored.map((r) => r.name)));

    return {
      job: built.root,
      missing_prices: await this.industryPrices.missingPrices(
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
}

/**
 * The request's per-node settings for types in the tree (others are ignored: the page may keep
 * settings of an earlier item). A blueprint that can be invented takes its source: 'owned' with
 * ME/TE, or 'invent' with a decryptor (a decryptor alone means invention, ME/TE alone a
 * blueprint of one's own); reaction formulas have no ME/TE; other blueprints take ME/TE only.
 */
function nodeSettings(
  requested: IndustryNodeSettings,
  root: GameBlueprint,
  catalog: Pick<IndustryCatalogue, 'blueprintOf' | 'inventions' | 'typeName'>,
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
      if (source !== undefined) errors.push(INDUSTRY_JOB_MESSAGES.notInventedNoSource(name));
      if (hasDecryptor) errors.push(INDUSTRY_JOB_MESSAGES.decryptorOnlyInvented(name));
    } else {
      if (source === undefined && hasMeTe && hasDecryptor) errors.push(INDUSTRY_JOB_MESSAGES.sourceAmbiguous(name));
      source ??= hasDecryptor ? 'invent' : hasMeTe ? 'owned' : undefined;
      if (source === 'invent' && hasMeTe) errors.push(INDUSTRY_JOB_MESSAGES.inventedMeTe(name));
      if (source === 'owned' && hasDecryptor) errors.push(INDUSTRY_JOB_MESSAGES.ownedDecryptor(name));
    }
    if (hasMeTe && bp.activity === 'reaction') errors.push(INDUSTRY_JOB_MESSAGES.reactionNoMeTe(name));
    settings.set(typeId, { source, me: s.me, te: s.te, decryptorId: s.decryptor_id });
    applied[key] = source === undefined ? s : { ...s, source };
  }
  if (errors.length) throw industryJobError(errors);
  return { settings, applied };
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
