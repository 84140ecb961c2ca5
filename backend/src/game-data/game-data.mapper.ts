/** SDE documents -> GameData contract types and shared-types responses. */
import {
  displaySecurity,
  typeIconUrl,
  type BlueprintActivity,
  type BlueprintDetail,
  type BlueprintSummary,
  type IndustryRig,
  type IndustryStructure,
  type ItemDetail,
  type ItemSummary,
  type PlanetSummary,
  type SchematicSummary,
  type SystemSummary,
  type TypeQuantity,
} from '@eve-toolkit/shared-types';
import type {
  GameBlueprint,
  GameDecryptor,
  GameInvention,
  GameRig,
  GameStructure,
  GameSystem,
  GameType,
} from './game-data.contract';
import { ATTR } from './sde/dogma';
import type {
  ActivityDoc,
  BlueprintDoc,
  DogmaDoc,
  PlanetDoc,
  RigDoc,
  SchematicDoc,
  StructureDoc,
  SystemDoc,
  TypeDoc,
  TypeQuantityDoc,
} from './sde/sde.types';

export function toGameType(d: TypeDoc): GameType {
  return {
    id: d._id,
    name: d.nameRu,
    nameEn: d.nameEn,
    groupId: d.groupId,
    categoryId: d.categoryId,
    marketGroupId: d.marketGroupId,
    volume: d.volume,
    packagedVolume: d.packagedVolume,
    portionSize: d.portionSize,
    published: d.published,
  };
}

export function toGameSystem(d: SystemDoc): GameSystem {
  return { id: d._id, name: d.name, security: d.security, regionId: d.regionId, constellationId: d.constellationId };
}

export function toGameBlueprint(d: BlueprintDoc): GameBlueprint | null {
  if (!d.activity) return null;
  const a = d.activities[d.activity]!;
  return {
    id: d._id,
    name: d.nameRu,
    nameEn: d.nameEn,
    activity: d.activity,
    activityId: d.activity === 'reaction' ? 11 : 1,
    time: a.time,
    maxProductionLimit: d.maxProductionLimit,
    materials: a.materials.map(({ typeId, quantity }) => ({ typeId, quantity })),
    products: a.products.map(({ typeId, quantity }) => ({ typeId, quantity })),
    published: d.published,
    skills: (a.skills ?? []).map(({ typeId, level }) => ({ typeId, level })),
  };
}

/**
 * Where each wanted blueprint is invented from, among the blueprint (and relic) documents whose
 * invention lists it: published sources first, then the highest chance, then the lowest id.
 */
export function toGameInventions(docs: readonly BlueprintDoc[], blueprintIds: readonly number[]): Map<number, GameInvention> {
  const wanted = new Set(blueprintIds);
  const candidates = new Map<number, { doc: BlueprintDoc; probability: number; runs: number }[]>();
  for (const doc of docs) {
    for (const p of doc.activities.invention?.products ?? []) {
      if (!wanted.has(p.typeId)) continue;
      let list = candidates.get(p.typeId);
      if (!list) candidates.set(p.typeId, (list = []));
      list.push({ doc, probability: p.probability ?? 1, runs: p.quantity });
    }
  }
  const out = new Map<number, GameInvention>();
  for (const [blueprintId, list] of candidates) {
    list.sort(
      (a, b) => Number(b.doc.published) - Number(a.doc.published) || b.probability - a.probability || a.doc._id - b.doc._id,
    );
    const { doc, probability, runs } = list[0];
    const invention = doc.activities.invention!;
    const copying = doc.activities.copying;
    out.set(blueprintId, {
      blueprintId,
      sourceId: doc._id,
      sourceName: doc.nameRu,
      copying: copying
        ? {
            time: copying.time,
            materials: (doc.activities.manufacturing?.materials ?? []).map(({ typeId, quantity }) => ({ typeId, quantity })),
            consumes: copying.materials.map(({ typeId, quantity }) => ({ typeId, quantity })),
          }
        : null,
      time: invention.time,
      // A relic (no copying activity) is consumed by its reverse-engineering job, one per run.
      materials: [
        ...invention.materials.map(({ typeId, quantity }) => ({ typeId, quantity })),
        ...(copying ? [] : [{ typeId: doc._id, quantity: 1 }]),
      ],
      probability,
      runsPerCopy: runs,
      skills: (invention.skills ?? []).map((s) => s.typeId),
    });
  }
  return out;
}

/** A decryptor's dogma (1112 chance multiplier, 1113 ME, 1114 TE, 1124 runs); null when unpublished or without a multiplier. */
export function toGameDecryptor(d: DogmaDoc, type: Pick<GameType, 'name' | 'published'> | undefined): GameDecryptor | null {
  const attr = (id: number) => d.attributes[String(id)] ?? 0;
  if (!type?.published || !(attr(ATTR.inventionProbabilityMultiplier) > 0)) return null;
  return {
    id: d._id,
    name: type.name,
    probability: attr(ATTR.inventionProbabilityMultiplier),
    me: attr(ATTR.inventionMEModifier),
    te: attr(ATTR.inventionTEModifier),
    runs: attr(ATTR.inventionMaxRunModifier),
  };
}

export function toGameStructure(d: StructureDoc): GameStructure {
  return { id: d._id, name: d.nameRu, groupId: d.groupId, rigSize: d.rigSize, activities: d.activities, bonuses: d.bonuses };
}

export function toGameRig(d: RigDoc): GameRig {
  return {
    id: d._id,
    name: d.nameRu,
    rigSize: d.rigSize,
    fitsGroups: d.fitsGroups,
    securityModifiers: d.securityModifiers,
    effects: (d.effects ?? []).map((e) => ({ ...e, groups: e.groups === null ? null : [...e.groups] })),
  };
}

/** Names of the types a response mentions, resolved in one query. */
export type NameLookup = (typeId: number) => string;

export class GameDataMapper {
  constructor(private readonly imageBase: string) {}

  icon(typeId: number, kind: 'icon' | 'bp' = 'icon'): string {
    return typeIconUrl(this.imageBase, typeId, 64, kind);
  }

  item(d: TypeDoc): ItemSummary {
    return {
      id: d._id,
      name: d.nameRu,
      nameEn: d.nameEn,
      icon: this.icon(d._id),
      groupId: d.groupId,
      categoryId: d.categoryId,
      marketGroupId: d.marketGroupId,
      volume: d.volume,
      packagedVolume: d.packagedVolume,
      portionSize: d.portionSize,
      published: d.published,
    };
  }

  itemDetail(d: TypeDoc, groupName: string, categoryName: string): ItemDetail {
    return { ...this.item(d), groupName, categoryName };
  }

  typeQuantity(q: TypeQuantityDoc, name: NameLookup): TypeQuantity {
    return { id: q.typeId, name: name(q.typeId), icon: this.icon(q.typeId), quantity: q.quantity };
  }

  blueprint(d: BlueprintDoc, name: NameLookup): BlueprintSummary {
    const activity = d.activity ?? 'manufacturing';
    return {
      id: d._id,
      name: d.nameRu,
      nameEn: d.nameEn,
      icon: this.icon(d._id, 'bp'),
      activity,
      activity_id: activity === 'reaction' ? 11 : 1,
      product: this.typeQuantity({ typeId: d.productTypeId ?? 0, quantity: d.productQuantity ?? 0 }, name),
    };
  }

  private activity(a: ActivityDoc, name: NameLookup): BlueprintActivity {
    return {
      time: a.time,
      materials: a.materials.map((m) => this.typeQuantity(m, name)),
      products: a.products.map((p) => this.typeQuantity(p, name)),
    };
  }

  blueprintDetail(d: BlueprintDoc, name: NameLookup): BlueprintDetail {
    const activities: BlueprintDetail['activities'] = {};
    if (d.activities.manufacturing) activities.manufacturing = this.activity(d.activities.manufacturing, name);
    if (d.activities.reaction) activities.reaction = this.activity(d.activities.reaction, name);
    return { ...this.blueprint(d, name), maxProductionLimit: d.maxProductionLimit, activities };
  }

  system(d: SystemDoc): SystemSummary {
    return {
      id: d._id,
      name: d.name,
      security: d.security,
      securityDisplay: displaySecurity(d.security),
      regionId: d.regionId,
      regionName: d.regionName,
      constellationId: d.constellationId,
      constellationName: d.constellationName,
    };
  }

  planet(d: PlanetDoc, name: NameLookup): PlanetSummary {
    return {
      id: d._id,
      name: d.name,
      type_id: d.typeId,
      typeName: name(d.typeId),
      icon: this.icon(d.typeId),
      diameter: d.radius ? (d.radius * 2) / 1000 : null,
    };
  }

  schematic(d: SchematicDoc, name: NameLookup): SchematicSummary {
    return {
      id: d._id,
      name: d.nameRu,
      cycleTime: d.cycleTime,
      inputs: d.inputs.map((i) => this.typeQuantity(i, name)),
      output: this.typeQuantity(d.output, name),
      pins: d.pins,
    };
  }

  structure(d: StructureDoc): IndustryStructure {
    return {
      id: d._id,
      name: d.nameRu,
      icon: this.icon(d._id),
      groupId: d.groupId,
      rigSize: d.rigSize,
      activities: d.activities,
      bonuses: d.bonuses,
    };
  }

  rig(d: RigDoc): IndustryRig {
    return {
      id: d._id,
      name: d.nameRu,
      icon: this.icon(d._id),
      groupId: d.groupId,
      groupName: d.groupNameRu,
      rigSize: d.rigSize,
      bonuses: d.bonuses,
      securityModifiers: d.securityModifiers,
    };
  }
}
