import { Injectable } from '@nestjs/common';
import {
  exceedsRunLength,
  INDUSTRY_JOB_MESSAGES,
  INDUSTRY_MESSAGES,
  maxRunsPerJob,
  MoneyTally,
  roundHalfAway,
  SCIENCE_COST_PERCENTAGE,
  SCIENCE_MAX_RUNS,
  scienceModifiers,
  securityClass,
  type IndustryInventionParams,
  type IndustryInventionResponse,
} from '@eve-toolkit/shared-types';
import { GameData } from '../game-data/game-data.contract';
import { MarketPrices, type CostIndex } from '../market/market-prices.contract';
import { facilitySetup } from './domain/facility';
import { planInvention } from './domain/invention';
import { countedPrice, overrideHubs, type HubQuote } from './domain/prices';
import { IndustryFacilities } from './industry-facilities.service';
import { IndustryPrices } from './industry-prices.service';
import { industryJobError } from './industry.errors';
import { NPC_STATION_NAME, skillLevels } from './industry.mapper';

/** POST data/industry/invention: `runs` attempts at inventing a T2 blueprint. */
@Injectable()
export class IndustryInventionService {
  constructor(
    private readonly gameData: GameData,
    private readonly prices: MarketPrices,
    private readonly facilities: IndustryFacilities,
    private readonly industryPrices: IndustryPrices,
  ) {}

  /** `runs` attempts at inventing the T2 blueprint `product_id`. */
  async invention(p: IndustryInventionParams): Promise<IndustryInventionResponse> {
    const facilities = await this.facilities.load();
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
    const lab = this.facilities.station(labKey, 'science', INDUSTRY_MESSAGES.unknownScienceStation, facilities, errors);
    const labRigs = this.facilities.checkRigs(
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
      throw industryJobError([INDUSTRY_JOB_MESSAGES.tooManyInventionRuns(p.runs, max)]);
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
      this.industryPrices.quotesAt(overrideHubs(p.price_overrides), materialIds),
    ]);
    const indexOf = (activity: string) => costIndices.find((c) => c.activity === activity)?.cost_index;
    settings.costIndex = { invention: indexOf('invention') ?? 0, copying: indexOf('copying') ?? 0 };
    const plan = planInvention(source, product.materials, p.runs, decryptor, settings, (id) => adjusted.get(id));

    const warnings: string[] = [];
    for (const activity of ['invention', ...(source.copying ? ['copying'] : [])]) {
      if (indexOf(activity) === undefined) warnings.push(INDUSTRY_JOB_MESSAGES.noCostIndex(activity, system.name));
    }
    const noAdjusted = product.materials
      .filter((m) => !adjusted.has(m.typeId))
      .map((m) => types.get(m.typeId)?.name ?? `#${m.typeId}`);
    if (noAdjusted.length) warnings.push(INDUSTRY_JOB_MESSAGES.noAdjustedPrices(noAdjusted.length));
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
    if (unpriced.length) warnings.push(INDUSTRY_JOB_MESSAGES.noHubSell(unpriced));
    if (labRigs.ignored.length) warnings.push(INDUSTRY_JOB_MESSAGES.ignoredRigs(labRigs.ignored.map((r) => r.name)));
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
      missing_prices: await this.industryPrices.missingPrices(
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
}
