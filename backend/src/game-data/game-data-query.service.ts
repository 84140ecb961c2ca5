import { Inject, Injectable } from '@nestjs/common';
import type { mongo } from 'mongoose';
import {
  GAME_DATA_MESSAGES,
  type BlueprintResponse,
  type BlueprintSearchResponse,
  type GameSearchQuery,
  type ItemResponse,
  type ItemSearchResponse,
  type PlanetTypesResponse,
  type RigsResponse,
  type SchematicResponse,
  type SchematicsResponse,
  type StructuresResponse,
  type SystemPlanetsResponse,
  type SystemResponse,
  type SystemSearchResponse,
} from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import { GameData } from './game-data.contract';
import { GameDataMapper, type NameLookup } from './game-data.mapper';
import { SdeReader, type SearchKind } from './sde-reader';
import { collectionName } from './sde/sde-store';
import type {
  BlueprintDoc,
  CategoryDoc,
  Dataset,
  GroupDoc,
  PlanetDoc,
  PlanetResourcesDoc,
  RigDoc,
  SchematicDoc,
  StructureDoc,
  SystemDoc,
  TypeDoc,
} from './sde/sde.types';

/** Use cases of the data/industry and data/universe endpoints. */
@Injectable()
export class GameDataQueryService {
  private readonly map: GameDataMapper;

  constructor(
    private readonly sde: SdeReader,
    private readonly gameData: GameData,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.map = new GameDataMapper(config.imageServerUrl);
  }

  /** The active import's collection; without game data, the guard's 503 (loading, or why it failed). */
  private async coll<T extends mongo.Document>(ds: Dataset): Promise<mongo.Collection<T>> {
    return this.sde.db.collection<T>(collectionName(ds, await this.gameData.requireData()));
  }

  private async search(kind: SearchKind, q: string, limit: number): Promise<number[]> {
    await this.gameData.requireData();
    const index = await this.sde.searchIndex(kind);
    // The active import cannot vanish once there (a new one replaces it); should it, it is loading.
    if (!index) throw apiError(503, GAME_DATA_MESSAGES.loading);
    return index.search(q, limit);
  }

  /** Documents by id, in the order of `ids`. */
  private async byIds<T extends { _id: number }>(ds: Dataset, ids: number[]): Promise<T[]> {
    if (!ids.length) return [];
    const docs = await (await this.coll<T>(ds)).find({ _id: { $in: ids } } as mongo.Filter<T>).toArray();
    const byId = new Map<number, T>(docs.map((d) => [(d as T)._id, d as T]));
    return ids.map((id) => byId.get(id)).filter((d): d is T => d !== undefined);
  }

  /** Russian (fallback English) names of the given types. */
  private async names(ids: Iterable<number>): Promise<NameLookup> {
    const unique = [...new Set(ids)];
    const docs = unique.length
      ? await (await this.coll<TypeDoc>('types')).find({ _id: { $in: unique } }, { projection: { nameRu: 1 } }).toArray()
      : [];
    const names = new Map(docs.map((d) => [d._id, d.nameRu]));
    return (id) => names.get(id) ?? `#${id}`;
  }

  async searchItems({ q, limit }: GameSearchQuery): Promise<ItemSearchResponse> {
    const docs = await this.byIds<TypeDoc>('types', await this.search('items', q, limit));
    return { items: docs.map((d) => this.map.item(d)) };
  }

  async item(id: number): Promise<ItemResponse> {
    const [doc] = await this.byIds<TypeDoc>('types', [id]);
    if (!doc) throw apiError(404, GAME_DATA_MESSAGES.itemNotFound);
    const [group] = await this.byIds<GroupDoc>('groups', [doc.groupId]);
    const [category] = await this.byIds<CategoryDoc>('categories', [doc.categoryId]);
    return { item: this.map.itemDetail(doc, group?.nameRu ?? '', category?.nameRu ?? '') };
  }

  async searchBlueprints({ q, limit }: GameSearchQuery): Promise<BlueprintSearchResponse> {
    const docs = await this.byIds<BlueprintDoc>('blueprints', await this.search('blueprints', q, limit));
    const name = await this.names(docs.map((d) => d.productTypeId ?? 0));
    // Blueprints some other blueprint invents (T2, T3): the form offers invention or one's own.
    const inventors = docs.length
      ? await (
          await this.coll<BlueprintDoc>('blueprints')
        )
          .find({ 'activities.invention.products.typeId': { $in: docs.map((d) => d._id) } } as mongo.Filter<BlueprintDoc>, {
            projection: { 'activities.invention.products': 1 },
          })
          .toArray()
      : [];
    const invented = new Set(inventors.flatMap((i) => (i.activities.invention?.products ?? []).map((p) => p.typeId)));
    return { blueprints: docs.map((d) => ({ ...this.map.blueprint(d, name), inventable: invented.has(d._id) })) };
  }

  async blueprint(id: number): Promise<BlueprintResponse> {
    const [doc] = await this.byIds<BlueprintDoc>('blueprints', [id]);
    if (!doc || !doc.activity) throw apiError(404, GAME_DATA_MESSAGES.blueprintNotFound);
    const ids = [doc.productTypeId ?? 0];
    for (const a of [doc.activities.manufacturing, doc.activities.reaction]) {
      for (const m of [...(a?.materials ?? []), ...(a?.products ?? [])]) ids.push(m.typeId);
    }
    return { blueprint: this.map.blueprintDetail(doc, await this.names(ids)) };
  }

  async structures(): Promise<StructuresResponse> {
    const docs = await (await this.coll<StructureDoc>('structures')).find().sort({ _id: 1 }).toArray();
    return { structures: docs.map((d) => this.map.structure(d)) };
  }

  async rigs(): Promise<RigsResponse> {
    const docs = await (await this.coll<RigDoc>('rigs')).find().sort({ _id: 1 }).toArray();
    return { rigs: docs.map((d) => this.map.rig(d)) };
  }

  async searchSystems({ q, limit }: GameSearchQuery): Promise<SystemSearchResponse> {
    const docs = await this.byIds<SystemDoc>('systems', await this.search('systems', q, limit));
    return { systems: docs.map((d) => this.map.system(d)) };
  }

  private async systemDoc(id: number): Promise<SystemDoc> {
    const [doc] = await this.byIds<SystemDoc>('systems', [id]);
    if (!doc) throw apiError(404, GAME_DATA_MESSAGES.systemNotFound);
    return doc;
  }

  async system(id: number): Promise<SystemResponse> {
    return { system: this.map.system(await this.systemDoc(id)) };
  }

  async systemPlanets(id: number): Promise<SystemPlanetsResponse> {
    await this.systemDoc(id);
    const planets = await (await this.coll<PlanetDoc>('planets')).find({ systemId: id }).toArray();
    planets.sort((a, b) => a.celestialIndex - b.celestialIndex || a._id - b._id);
    const name = await this.names(planets.map((p) => p.typeId));
    return { planets: planets.map((p) => this.map.planet(p, name)) };
  }

  async planetTypes(): Promise<PlanetTypesResponse> {
    const docs = await (await this.coll<PlanetResourcesDoc>('planetResources')).find().sort({ _id: 1 }).toArray();
    const name = await this.names(docs.flatMap((d) => [d._id, ...d.resourceTypeIds]));
    return {
      planetTypes: docs.map((d) => ({
        id: d._id,
        name: name(d._id),
        icon: this.map.icon(d._id),
        resources: d.resourceTypeIds.map((r) => ({ id: r, name: name(r), icon: this.map.icon(r) })),
      })),
    };
  }

  async schematics(): Promise<SchematicsResponse> {
    const docs = await (await this.coll<SchematicDoc>('schematics')).find().sort({ _id: 1 }).toArray();
    const name = await this.names(docs.flatMap((d) => [d.output.typeId, ...d.inputs.map((i) => i.typeId)]));
    return { schematics: docs.map((d) => this.map.schematic(d, name)) };
  }

  async schematic(id: number): Promise<SchematicResponse> {
    const [doc] = await this.byIds<SchematicDoc>('schematics', [id]);
    if (!doc) throw apiError(404, GAME_DATA_MESSAGES.schematicNotFound);
    const name = await this.names([doc.output.typeId, ...doc.inputs.map((i) => i.typeId)]);
    return { schematic: this.map.schematic(doc, name) };
  }
}
