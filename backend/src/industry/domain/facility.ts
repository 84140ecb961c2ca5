/**
 * Facility choices -> the maths' inputs (pure). Structures and rigs come from the game data
 * (dogma + the SDE's industry tables); these helpers only reshape them, so the server and the
 * tests build exactly the same FacilitySetup.
 */
import {
  facilityOf,
  NO_STRUCTURE_BONUS,
  type FacilityKind,
  type FacilitySetup,
  type RigEffect,
  type RigSecurityModifiers,
  type RigSpec,
} from '@eve-toolkit/shared-types';
import type { TreeBlueprint } from './job-tree';

export interface StructureLike {
  id: number;
  name: string;
  groupId: number;
  rigSize: number | null;
  activities: readonly FacilityKind[];
  bonuses: { material: number; time: number; cost: number; reactionTime: number };
}

export interface RigLike {
  id: number;
  name: string;
  rigSize: number | null;
  fitsGroups: readonly number[];
  securityModifiers: { hiSec: number | null; lowSec: number | null; nullSec: number | null };
  effects: readonly RigEffect[];
}

export interface BlueprintLike {
  id: number;
  activity: 'manufacturing' | 'reaction';
  time: number;
  materials: readonly { typeId: number; quantity: number }[];
  products: readonly { typeId: number; quantity: number }[];
  skills: readonly { typeId: number; level: number }[];
}

/** Security multipliers by the spec's class index [0 null, 1 low, 2 high]. */
export function rigSecurityModifiers(rig: Pick<RigLike, 'securityModifiers'>): RigSecurityModifiers {
  const m = rig.securityModifiers;
  return [m.nullSec, m.lowSec, m.hiSec];
}

export function rigSpec(rig: RigLike): RigSpec {
  return { id: rig.id, effects: rig.effects, securityModifiers: rigSecurityModifiers(rig) };
}

/** The structure's role bonuses (none for an NPC station) and its rigs. */
export function facilitySetup(structure: StructureLike | null, rigs: readonly RigLike[]): FacilitySetup {
  return { structure: structure ? { ...structure.bonuses } : { ...NO_STRUCTURE_BONUS }, rigs: rigs.map(rigSpec) };
}

/**
 * The facility a rig is for: the one its bonuses are for (reactor rigs 'reaction', laboratory and
 * invention rigs 'science'), null when it has none the calculator uses.
 */
export function rigFacility(rig: Pick<RigLike, 'effects'>): FacilityKind | null {
  const first = rig.effects[0];
  return first ? facilityOf(first.activity) : null;
}

/** A rig fits a structure when the sizes match and the structure's group is one it can be fitted to. */
export function rigFits(
  rig: Pick<RigLike, 'rigSize' | 'fitsGroups'>,
  structure: Pick<StructureLike, 'rigSize' | 'groupId'>,
): boolean {
  return rig.rigSize !== null && rig.rigSize === structure.rigSize && rig.fitsGroups.includes(structure.groupId);
}

/** Level assumed for required skills (the calculator's skills default to V). */
export const REQUIRED_SKILL_LEVEL = 5;

export function treeBlueprint(bp: BlueprintLike, skillTimeBonus: (skillId: number) => number | undefined): TreeBlueprint {
  const requiredSkillTimeBonuses: { percentPerLevel: number; level: number }[] = [];
  for (const s of bp.skills) {
    const v = skillTimeBonus(s.typeId);
    if (v) requiredSkillTimeBonuses.push({ percentPerLevel: v, level: REQUIRED_SKILL_LEVEL });
  }
  return {
    id: bp.id,
    activity: bp.activity,
    time: bp.time,
    materials: bp.materials,
    product: bp.products[0],
    requiredSkillTimeBonuses,
  };
}
