/** Game data -> the calculator's static data (spec §3 "Industry static data"). */
import {
  ENCRYPTION_SKILL_IDS,
  INDUSTRY_SKILLS,
  TRADE_SKILLS,
  typeIconUrl,
  type IndustrySkillKey,
  type IndustrySkills,
  type IndustryStaticData,
  type IndustryStaticRig,
  type IndustryStation,
  type RigBonusSummary,
  type SkillLevels,
  type StationBonus,
} from '@eve-toolkit/shared-types';
import type { GameDecryptor, GameRig, GameRigEffect, GameStructure, GameSystem } from '../game-data/game-data.contract';
import { rigFacility, rigFits, rigSecurityModifiers } from './domain/facility';

export const NPC_STATION_KEY = 'npc';
export const NPC_STATION_NAME = 'NPC-станция';
/** Athanor: the reaction station when none is chosen (reactions need a refinery). */
export const DEFAULT_REACTION_STATION = 35835;

/** The named skills of the request's `skills` and their type ids. */
export const SKILL_KEY_IDS: Record<IndustrySkillKey, number> = {
  industry: INDUSTRY_SKILLS.industry.typeId,
  advanced_industry: INDUSTRY_SKILLS.advancedIndustry.typeId,
  reactions: INDUSTRY_SKILLS.reactions.typeId,
  science: INDUSTRY_SKILLS.science.typeId,
  accounting: TRADE_SKILLS.accounting,
  broker_relations: TRADE_SKILLS.brokerRelations,
};

/** Capital-component targets of the Thukker rigs carry the larger material bonus (see game-data/sde/rig-effects.ts). */
const CAPITAL_COMPONENT_GROUPS = new Set([873, 913]);

export function stationKey(structureId: number): string {
  return String(structureId);
}

function station(s: GameStructure, imageBase: string): IndustryStation {
  return { key: stationKey(s.id), name: s.name, icon: typeIconUrl(imageBase, s.id), structure_id: s.id, rig_size: s.rigSize };
}

const byRigSizeThenName = (a: GameStructure, b: GameStructure) =>
  (a.rigSize ?? 0) - (b.rigSize ?? 0) || a.name.localeCompare(b.name) || a.id - b.id;

/**
 * A rig's bonuses as positive percent reductions. Thukker rigs carry two material bonuses: the
 * larger one on capital components (`me_capital`) and the normal one on everything else (`me`).
 */
export function rigBonusSummary(rig: GameRig): RigBonusSummary {
  const pct = (e: GameRigEffect | undefined) => (e ? -e.amount : null);
  const material = rig.effects.filter((e) => e.bonus === 'material');
  const capital =
    material.length > 1
      ? material.find((e) => e.groups !== null && e.groups.every((g) => CAPITAL_COMPONENT_GROUPS.has(g)))
      : undefined;
  return {
    me: pct(material.find((e) => e !== capital)),
    te: pct(rig.effects.find((e) => e.bonus === 'time')),
    isk: pct(rig.effects.find((e) => e.bonus === 'cost')),
    me_capital: pct(capital),
  };
}

export interface StaticSkills {
  /** Names of the named skills' types and of every invention skill, by type id. */
  names: ReadonlyMap<number, string>;
  /** Every skill some invention requires. */
  invention: readonly number[];
}

export function toStaticData(
  systems: readonly GameSystem[],
  structures: readonly GameStructure[],
  rigs: readonly GameRig[],
  decryptors: readonly GameDecryptor[],
  skills: StaticSkills,
  imageBase: string,
): IndustryStaticData {
  const main = structures.filter((s) => s.activities.includes('manufacturing')).sort(byRigSizeThenName);
  const reaction = structures.filter((s) => s.activities.includes('reaction')).sort(byRigSizeThenName);
  const science = structures.filter((s) => s.activities.includes('science')).sort(byRigSizeThenName);
  const stationMainBonuses: Record<string, StationBonus> = { [NPC_STATION_KEY]: { me: 1, te: 1, isk: 1 } };
  for (const s of main)
    stationMainBonuses[stationKey(s.id)] = { me: s.bonuses.material, te: s.bonuses.time, isk: s.bonuses.cost };
  const stationReactionBonuses: Record<string, StationBonus> = {};
  for (const s of reaction) stationReactionBonuses[stationKey(s.id)] = { me: 1, te: s.bonuses.reactionTime, isk: 1 };
  const stationScienceBonuses: Record<string, StationBonus> = { [NPC_STATION_KEY]: { me: 1, te: 1, isk: 1 } };
  for (const s of science) stationScienceBonuses[stationKey(s.id)] = { me: 1, te: s.bonuses.time, isk: s.bonuses.cost };

  const staticRigs: IndustryStaticRig[] = [];
  const rigsBonuses: IndustryStaticData['static']['rigsBonuses'] = {};
  const rigsBonusMod: IndustryStaticData['static']['rigsBonusMod'] = {};
  for (const rig of rigs) {
    const activity = rigFacility(rig);
    if (!activity) continue;
    const hosts = activity === 'reaction' ? reaction : activity === 'science' ? science : main;
    const fits = hosts.filter((s) => rigFits(rig, s)).map((s) => stationKey(s.id));
    if (!fits.length) continue;
    staticRigs.push({
      id: rig.id,
      name: rig.name,
      icon: typeIconUrl(imageBase, rig.id),
      rig_size: rig.rigSize,
      activity,
      stations: fits,
      groups: new Set(rig.effects.flatMap((e) => e.groups ?? [])).size,
    });
    rigsBonuses[String(rig.id)] = rigBonusSummary(rig);
    rigsBonusMod[String(rig.id)] = rigSecurityModifiers(rig);
  }
  staticRigs.sort((a, b) => (a.rig_size ?? 0) - (b.rig_size ?? 0) || a.name.localeCompare(b.name));

  return {
    systems: systems.map((s) => ({ id: s.id, name: s.name, security: s.security })),
    static: {
      stationsMain: [
        { key: NPC_STATION_KEY, name: NPC_STATION_NAME, icon: null, structure_id: null, rig_size: null },
        ...main.map((s) => station(s, imageBase)),
      ],
      stationsReactions: reaction.map((s) => station(s, imageBase)),
      rigs: staticRigs,
      stationMainBonuses,
      stationReactionBonuses,
      rigsBonuses,
      rigsBonusMod,
      stationsScience: [
        { key: NPC_STATION_KEY, name: NPC_STATION_NAME, icon: null, structure_id: null, rig_size: null },
        ...science.map((s) => station(s, imageBase)),
      ],
      stationScienceBonuses,
      decryptors: decryptors.map((d) => ({
        id: d.id,
        name: d.name,
        icon: typeIconUrl(imageBase, d.id),
        probability: d.probability,
        me: d.me,
        te: d.te,
        runs: d.runs,
      })),
      skills: {
        base: (Object.entries(SKILL_KEY_IDS) as [IndustrySkillKey, number][]).map(([key, id]) => ({
          key,
          id,
          name: skills.names.get(id) ?? `#${id}`,
        })),
        invention: skills.invention
          .filter((id) => id !== INDUSTRY_SKILLS.science.typeId)
          .map((id) => ({ id, name: skills.names.get(id) ?? `#${id}`, encryption: ENCRYPTION_SKILL_IDS.has(id) })),
      },
    },
  };
}

/** The request's skills as the formulas take them. */
export function skillLevels(s: IndustrySkills): SkillLevels {
  const invention: Record<number, number> = {};
  for (const [id, level] of Object.entries(s.invention)) invention[Number(id)] = level;
  return { industry: s.industry, advancedIndustry: s.advanced_industry, reactions: s.reactions, science: s.science, invention };
}
