import { Injectable } from '@nestjs/common';
import { ERROR_CODES, GAME_DATA_MESSAGES, type GameDataStatus } from '@eve-toolkit/shared-types';
import { apiError } from '../common/errors/api-error';
import {
  GameData,
  type GameBlueprint,
  type GameDecryptor,
  type GameInvention,
  type GamePiPin,
  type GameRig,
  type GameSchematic,
  type GameStructure,
  type GameSystem,
  type GameType,
  type SdeBuildInfo,
} from './game-data.contract';
import {
  toGameBlueprint,
  toGameDecryptor,
  toGameInventions,
  toGameRig,
  toGameStructure,
  toGameSystem,
  toGameType,
} from './game-data.mapper';
import { SdeReader } from './sde-reader';
import { ATTR, GROUP } from './sde/dogma';
import { readStatus } from './sde/sde-store';
import type {
  BlueprintDoc,
  DogmaDoc,
  RequiredSkillsDoc,
  PlanetDoc,
  PlanetResourcesDoc,
  RigDoc,
  SchematicDoc,
  StructureDoc,
  SystemDoc,
  TypeDoc,
} from './sde/sde.types';

/** Planetary structure groups: command centres, processors, storage, launchpads, links, ECUs. */
const PI_STRUCTURE_GROUPS = [GROUP.commandCenters, GROUP.processors, GROUP.storage, GROUP.spaceports, GROUP.links, GROUP.ecus];

/** The GameData contract over the active SDE import (other modules inject `GameData`). */
@Injectable()
export class GameDataService extends GameData {
  constructor(private readonly sde: SdeReader) {
    super();
  }

  async typesByIds(ids: readonly number[]): Promise<Map<number, GameType>> {
    const out = new Map<number, GameType>();
    const coll = await this.sde.collection<TypeDoc>('types');
    const unique = [...new Set(ids)].filter((id) => Number.isInteger(id));
    if (!coll || unique.length === 0) return out;
    for (const doc of await coll.find({ _id: { $in: unique } }).toArray()) out.set(doc._id, toGameType(doc));
    return out;
  }

  async type(id: number): Promise<GameType | null> {
    return (await this.typesByIds([id])).get(id) ?? null;
  }

  /**
   * Keys of the result are the names as given. When several types share a name, the published
   * one with a market group wins, then the lowest id.
   */
  async typesByNames(names: readonly string[]): Promise<Map<string, GameType>> {
    const out = new Map<string, GameType>();
    const coll = await this.sde.collection<TypeDoc>('types');
    const keys = [...new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => n.length > 0))];
    if (!coll || keys.length === 0) return out;
    const docs = await coll.find({ nameKeys: { $in: keys } }).toArray();
    const score = (d: TypeDoc) => (d.published ? 2 : 0) + (d.marketGroupId !== null ? 1 : 0);
    docs.sort((a, b) => score(b) - score(a) || a._id - b._id);
    const byKey = new Map<string, TypeDoc>();
    for (const d of docs) for (const k of d.nameKeys) if (!byKey.has(k)) byKey.set(k, d);
    for (const name of names) {
      const doc = byKey.get(name.trim().toLowerCase());
      if (doc) out.set(name, toGameType(doc));
    }
    return out;
  }

  private nameIndex: { importId: string; value: Promise<ReadonlyMap<string, GameType>> } | null = null;

  async typeNameIndex(): Promise<ReadonlyMap<string, GameType>> {
    const importId = await this.importId();
    if (!importId) return new Map();
    if (this.nameIndex?.importId !== importId) {
      const value = this.buildNameIndex();
      this.nameIndex = { importId, value };
      value.catch(() => {
        if (this.nameIndex?.value === value) this.nameIndex = null;
      });
    }
    return this.nameIndex.value;
  }

  private async buildNameIndex(): Promise<ReadonlyMap<string, GameType>> {
    const out = new Map<string, GameType>();
    const coll = await this.sde.collection<TypeDoc>('types');
    if (!coll) return out;
    const docs = await coll.find().toArray();
    const score = (d: TypeDoc) => (d.published ? 2 : 0) + (d.marketGroupId !== null ? 1 : 0);
    docs.sort((a, b) => score(b) - score(a) || a._id - b._id);
    for (const d of docs) {
      const type = toGameType(d);
      for (const k of d.nameKeys) if (!out.has(k)) out.set(copyOf(k), type);
    }
    return out;
  }

  async system(id: number): Promise<GameSystem | null> {
    const coll = await this.sde.collection<SystemDoc>('systems');
    const doc = coll ? await coll.findOne({ _id: id }) : null;
    return doc ? toGameSystem(doc) : null;
  }

  async hasData(): Promise<boolean> {
    return (await this.sde.active()) !== null;
  }

  async requireData(): Promise<string> {
    const active = await this.sde.active();
    if (active) return active.importId;
    const status = await this.status();
    if (status?.state === 'failed') throw apiError(503, GAME_DATA_MESSAGES.failed, ERROR_CODES.gameDataUnavailable);
    throw apiError(503, GAME_DATA_MESSAGES.loading);
  }

  status(): Promise<GameDataStatus | null> {
    return readStatus(this.sde.db);
  }

  async blueprint(id: number): Promise<GameBlueprint | null> {
    const coll = await this.sde.collection<BlueprintDoc>('blueprints');
    const doc = coll ? await coll.findOne({ _id: id }) : null;
    return doc ? toGameBlueprint(doc) : null;
  }

  async blueprintForProduct(productTypeId: number): Promise<GameBlueprint | null> {
    const coll = await this.sde.collection<BlueprintDoc>('blueprints');
    if (!coll) return null;
    const docs = await coll.find({ productTypeId, activity: { $ne: null } }).toArray();
    docs.sort((a, b) => Number(b.published) - Number(a.published) || a._id - b._id);
    return docs.length ? toGameBlueprint(docs[0]) : null;
  }

  async blueprintsForProducts(productTypeIds: readonly number[]): Promise<Map<number, GameBlueprint>> {
    const out = new Map<number, GameBlueprint>();
    const coll = await this.sde.collection<BlueprintDoc>('blueprints');
    const ids = [...new Set(productTypeIds)].filter((id) => Number.isInteger(id));
    if (!coll || ids.length === 0) return out;
    const docs = await coll.find({ productTypeId: { $in: ids }, activity: { $ne: null } }).toArray();
    docs.sort((a, b) => Number(b.published) - Number(a.published) || a._id - b._id);
    for (const d of docs) {
      if (d.productTypeId === null || out.has(d.productTypeId)) continue;
      const bp = toGameBlueprint(d);
      if (bp) out.set(d.productTypeId, bp);
    }
    return out;
  }

  async industryFacilities(): Promise<{ structures: GameStructure[]; rigs: GameRig[] }> {
    const structures = await this.sde.collection<StructureDoc>('structures');
    const rigs = await this.sde.collection<RigDoc>('rigs');
    if (!structures || !rigs) return { structures: [], rigs: [] };
    return {
      structures: (await structures.find().sort({ _id: 1 }).toArray()).map(toGameStructure),
      rigs: (await rigs.find().sort({ _id: 1 }).toArray()).map(toGameRig),
    };
  }

  async inventionsFor(blueprintIds: readonly number[]): Promise<Map<number, GameInvention>> {
    const coll = await this.sde.collection<BlueprintDoc>('blueprints');
    const ids = [...new Set(blueprintIds)].filter((id) => Number.isInteger(id));
    if (!coll || ids.length === 0) return new Map();
    const docs = await coll.find({ 'activities.invention.products.typeId': { $in: ids } }).toArray();
    return toGameInventions(docs, ids);
  }

  async decryptors(): Promise<GameDecryptor[]> {
    const dogma = await this.sde.collection<DogmaDoc>('dogma');
    if (!dogma) return [];
    const docs = await dogma.find({ groupId: GROUP.decryptors }).sort({ _id: 1 }).toArray();
    const types = await this.typesByIds(docs.map((d) => d._id));
    return docs.map((d) => toGameDecryptor(d, types.get(d._id))).filter((d): d is GameDecryptor => d !== null);
  }

  private inventionSkillList: { importId: string; value: Promise<{ id: number; name: string }[]> } | null = null;

  async inventionSkills(): Promise<{ id: number; name: string }[]> {
    const importId = await this.importId();
    if (!importId) return [];
    if (this.inventionSkillList?.importId !== importId) {
      const value = this.readInventionSkills();
      this.inventionSkillList = { importId, value };
      value.catch(() => {
        if (this.inventionSkillList?.value === value) this.inventionSkillList = null;
      });
    }
    return this.inventionSkillList.value;
  }

  private async readInventionSkills(): Promise<{ id: number; name: string }[]> {
    const coll = await this.sde.collection<BlueprintDoc>('blueprints');
    if (!coll) return [];
    const ids = new Set<number>();
    const cursor = coll.find(
      { 'activities.invention.skills.0': { $exists: true } },
      { projection: { 'activities.invention.skills': 1 } },
    );
    for await (const d of cursor) for (const s of d.activities.invention?.skills ?? []) ids.add(s.typeId);
    const types = await this.typesByIds([...ids]);
    return [...ids]
      .filter((id) => types.get(id)?.published)
      .sort((a, b) => a - b)
      .map((id) => ({ id, name: types.get(id)!.name }));
  }

  async skillTimeBonuses(skillIds: readonly number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    const coll = await this.sde.collection<DogmaDoc>('dogma');
    const ids = [...new Set(skillIds)].filter((id) => Number.isInteger(id));
    if (!coll || ids.length === 0) return out;
    const key = String(ATTR.manufactureTimePerLevel);
    for (const d of await coll.find({ _id: { $in: ids } }).toArray()) {
      const v = d.attributes[key];
      if (v) out.set(d._id, v);
    }
    return out;
  }

  async requiredSkills(typeIds: readonly number[]): Promise<Map<number, { typeId: number; level: number }[]>> {
    const out = new Map<number, { typeId: number; level: number }[]>();
    const ids = [...new Set(typeIds)].filter((id) => Number.isInteger(id));
    const coll = await this.sde.collection<RequiredSkillsDoc>('requiredSkills');
    if (!coll || ids.length === 0) return out;
    for (const d of await coll.find({ _id: { $in: ids } }).toArray())
      out.set(
        d._id,
        d.skills.map(({ typeId, level }) => ({ typeId, level })),
      );
    return out;
  }

  async knownSpaceSystems(): Promise<GameSystem[]> {
    const coll = await this.sde.collection<SystemDoc>('systems');
    if (!coll) return [];
    const docs = await coll.find({ knownSpace: true }).toArray();
    docs.sort((a, b) => a.nameLower.localeCompare(b.nameLower) || a._id - b._id);
    return docs.map(toGameSystem);
  }

  async schematics(): Promise<GameSchematic[]> {
    const coll = await this.sde.collection<SchematicDoc>('schematics');
    if (!coll) return [];
    return (await coll.find().sort({ _id: 1 }).toArray()).map((d) => ({
      id: d._id,
      name: d.nameRu,
      cycleTime: d.cycleTime,
      inputs: d.inputs.map(({ typeId, quantity }) => ({ typeId, quantity })),
      output: { typeId: d.output.typeId, quantity: d.output.quantity },
      pins: [...d.pins],
    }));
  }

  async piPins(): Promise<GamePiPin[]> {
    const dogma = await this.sde.collection<DogmaDoc>('dogma');
    if (!dogma) return [];
    const docs = await dogma
      .find({ groupId: { $in: PI_STRUCTURE_GROUPS } })
      .sort({ _id: 1 })
      .toArray();
    const types = await this.typesByIds(docs.map((d) => d._id));
    return docs.map((d) => ({
      id: d._id,
      name: types.get(d._id)?.name ?? `#${d._id}`,
      groupId: d.groupId,
      published: types.get(d._id)?.published ?? false,
      attributes: Object.fromEntries(Object.entries(d.attributes).map(([k, v]) => [Number(k), v])),
    }));
  }

  async planetResources(): Promise<Map<number, number[]>> {
    const coll = await this.sde.collection<PlanetResourcesDoc>('planetResources');
    if (!coll) return new Map();
    return new Map((await coll.find().sort({ _id: 1 }).toArray()).map((d) => [d._id, [...d.resourceTypeIds]]));
  }

  private diameters: { importId: string; value: Promise<Map<number, number>> } | null = null;

  async planetTypeDiameters(): Promise<Map<number, number>> {
    const importId = await this.importId();
    if (!importId) return new Map();
    if (this.diameters?.importId !== importId) {
      const value = this.computeDiameters();
      this.diameters = { importId, value };
      value.catch(() => {
        if (this.diameters?.value === value) this.diameters = null;
      });
    }
    return this.diameters.value;
  }

  private async computeDiameters(): Promise<Map<number, number>> {
    const coll = await this.sde.collection<PlanetDoc>('planets');
    const byType = new Map<number, number[]>();
    if (!coll) return new Map();
    for await (const d of coll.find({ radius: { $gt: 0 } }, { projection: { typeId: 1, radius: 1 } })) {
      let list = byType.get(d.typeId);
      if (!list) byType.set(d.typeId, (list = []));
      list.push(d.radius);
    }
    const out = new Map<number, number>();
    for (const [typeId, radii] of byType) {
      radii.sort((a, b) => a - b);
      out.set(typeId, (radii[Math.floor((radii.length - 1) / 2)] * 2) / 1000);
    }
    return out;
  }

  async importId(): Promise<string | null> {
    return (await this.sde.active())?.importId ?? null;
  }

  async buildInfo(): Promise<SdeBuildInfo | null> {
    const meta = await this.sde.active();
    return meta
      ? { buildNumber: meta.buildNumber, releaseDate: meta.releaseDate, importedAt: new Date(meta.importedAt).toISOString() }
      : null;
  }
}

/**
 * A fresh copy of a string, for the name index's keys: the strings the driver decoded (scattered
 * among the 50 000 type documents) made an appraisal's lookups — mostly misses — slower than keys
 * copied one after another: reading the 10 000-line bench paste against the index took ~15 % longer
 * (bench/appraisal.bench.ts).
 */
const copyOf = (s: string): string => Buffer.from(s, 'utf8').toString('utf8');
