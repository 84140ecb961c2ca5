/**
 * The calculator's inputs read straight from the game data files, in memory, through the
 * importer's own transforms (so the rules match what the app imports): CCP's SDE in JSON Lines
 * and the rig tables the app ships (backend/data/sde-industry). Used by the golden tests beside
 * this file and by `bench/industry.bench.ts`; the app itself reads the imported database.
 *
 *   const sde = await loadSdeIndustry();      // the repository's SDE subset (tools/sde-subset)
 *   const sde = await loadSdeIndustry(dir);   // any folder of CCP's .jsonl files (a full SDE)
 *   const catalog = sde.catalog({ reactions: true, adjusted, hub });
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { typeIconUrl } from '@eve-toolkit/shared-types';
import { toGameBlueprint, toGameDecryptor, toGameInventions } from '../../game-data/game-data.mapper';
import type { GameBlueprint, GameDecryptor, GameInvention } from '../../game-data/game-data.contract';
import { ATTR, deriveRigs, deriveStructures, GROUP, keepDogma, toDogmaDoc } from '../../game-data/sde/dogma';
import { deriveRigEffects, readRigEffectFiles } from '../../game-data/sde/rig-effects';
import { openSdeSource, readJsonl } from '../../game-data/sde/sde-source';
import type { BlueprintDoc, DogmaDoc, Names } from '../../game-data/sde/sde.types';
import { toBlueprint, toDogmaAttributes, toGroup, toType } from '../../game-data/sde/transforms';
import { treeBlueprint, type RigLike, type StructureLike } from '../domain/facility';
import type { TreeBlueprint, TreeCatalog, TreeType } from '../domain/job-tree';
import { testSdeDir } from '../../../../tools/sde-subset/paths';

export interface SdeIndustry {
  /** Manufacturing and reaction blueprints by id. */
  blueprints: Map<number, GameBlueprint>;
  /** The blueprint making each product (published preferred, then the lowest id), as the app picks it. */
  byProduct: Map<number, GameBlueprint>;
  types: Map<number, TreeType>;
  structures: Map<number, StructureLike>;
  rigs: Map<number, RigLike>;
  skillTimeBonus: Map<number, number>;
  /** Invented blueprint id -> where it is invented from (as the app picks it). */
  inventions: Map<number, GameInvention>;
  decryptors: GameDecryptor[];
  treeBlueprint(bp: GameBlueprint): TreeBlueprint;
  catalog(options: {
    reactions: boolean;
    adjusted?: (typeId: number) => number | undefined;
    hub?: (typeId: number) => { sell: number | null; buy: number | null } | undefined;
  }): TreeCatalog;
}

/** `sdeDir`: a folder of CCP's JSON Lines SDE; by default the tests' (the subset, or SDE_PATH under test:full-sde). */
export async function loadSdeIndustry(sdeDir = testSdeDir()): Promise<SdeIndustry> {
  if (!existsSync(join(sdeDir, 'types.jsonl'))) throw new Error(`No SDE at ${sdeDir}`);
  const source = await openSdeSource(sdeDir);
  try {
    const groups = new Map<number, { categoryId: number; names: Names }>();
    for await (const { record } of readJsonl(source, 'groups.jsonl')) {
      const g = toGroup(record);
      groups.set(g._id, { categoryId: g.categoryId, names: { en: g.nameEn, ru: g.nameRu } });
    }
    const typeInfo = new Map<number, { groupId: number; published: boolean; en: string; ru: string; volume: number }>();
    for await (const { record } of readJsonl(source, 'types.jsonl')) {
      const t = toType(record, (g) => groups.get(g)?.categoryId);
      typeInfo.set(t._id, { groupId: t.groupId, published: t.published, en: t.nameEn, ru: t.nameRu, volume: t.packagedVolume });
    }
    const dogma: DogmaDoc[] = [];
    for await (const { record } of readJsonl(source, 'typeDogma.jsonl')) {
      const id = record._key as number;
      const info = typeInfo.get(id);
      const attrs = toDogmaAttributes(record);
      if (keepDogma(id, info, attrs)) dogma.push(toDogmaDoc(id, info?.groupId ?? 0, attrs));
    }
    const docs: BlueprintDoc[] = [];
    for await (const { record } of readJsonl(source, 'blueprints.jsonl')) {
      docs.push(
        toBlueprint(record, (id) => {
          const t = typeInfo.get(id);
          return t ? { names: { en: t.en, ru: t.ru }, published: t.published } : undefined;
        }),
      );
    }

    const blueprints = new Map<number, GameBlueprint>();
    const byProduct = new Map<number, GameBlueprint>();
    docs.sort((a, b) => Number(b.published) - Number(a.published) || a._id - b._id);
    for (const d of docs) {
      const bp = toGameBlueprint(d);
      if (!bp) continue;
      blueprints.set(bp.id, bp);
      if (d.productTypeId !== null && !byProduct.has(d.productTypeId)) byProduct.set(d.productTypeId, bp);
    }
    const types = new Map<number, TreeType>();
    for (const [id, t] of typeInfo) types.set(id, { id, name: t.ru, nameEn: t.en, groupId: t.groupId, volume: t.volume });

    const typeOf = (id: number) => {
      const t = typeInfo.get(id);
      return t ? { en: t.en, ru: t.ru, published: t.published } : undefined;
    };
    const structures = new Map<number, StructureLike>(
      deriveStructures(dogma, typeOf).map((s) => [
        s._id,
        { id: s._id, name: s.nameRu, groupId: s.groupId, rigSize: s.rigSize, activities: s.activities, bonuses: s.bonuses },
      ]),
    );
    const files = readRigEffectFiles();
    if (typeof files === 'string') throw new Error(files);
    const effects = deriveRigEffects(files.sources, files.groups, new Map(dogma.map((d) => [d._id, d])));
    const rigs = new Map<number, RigLike>(
      deriveRigs(dogma, typeOf, (g) => groups.get(g)?.names).map((r) => [
        r._id,
        {
          id: r._id,
          name: r.nameRu,
          rigSize: r.rigSize,
          fitsGroups: r.fitsGroups,
          securityModifiers: r.securityModifiers,
          effects: effects.get(r._id) ?? [],
        },
      ]),
    );
    const skillTimeBonus = new Map<number, number>();
    for (const d of dogma) {
      const v = d.attributes[String(ATTR.manufactureTimePerLevel)];
      if (v) skillTimeBonus.set(d._id, v);
    }

    const invented = docs.flatMap((d) => (d.activities.invention?.products ?? []).map((p) => p.typeId));
    const inventions = toGameInventions(docs, invented);
    const decryptors = dogma
      .filter((d) => d.groupId === GROUP.decryptors)
      .sort((a, b) => a._id - b._id)
      .map((d) => {
        const t = typeInfo.get(d._id);
        return toGameDecryptor(d, t && { name: t.ru, published: t.published });
      })
      .filter((d): d is GameDecryptor => d !== null);

    const toTree = (bp: GameBlueprint) => treeBlueprint(bp, (id) => skillTimeBonus.get(id));
    return {
      blueprints,
      byProduct,
      types,
      structures,
      rigs,
      skillTimeBonus,
      inventions,
      decryptors,
      treeBlueprint: toTree,
      catalog: ({ reactions, adjusted = () => undefined, hub = () => undefined }) => {
        const cache = new Map<number, TreeBlueprint | undefined>();
        return {
          blueprintFor: (productTypeId) => {
            if (cache.has(productTypeId)) return cache.get(productTypeId);
            const bp = byProduct.get(productTypeId);
            const ok = bp && bp.published && (reactions || bp.activity !== 'reaction') ? toTree(bp) : undefined;
            cache.set(productTypeId, ok);
            return ok;
          },
          type: (id) => types.get(id),
          adjustedPrice: adjusted,
          hubPrice: hub,
          icon: (id) => typeIconUrl('https://images.evetech.net', id),
          inventionFor: (blueprintId) => inventions.get(blueprintId),
        };
      },
    };
  } finally {
    await source.close();
  }
}
