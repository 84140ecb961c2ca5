/**
 * Full-data check (`SDE_PATH=… npm run test:full-sde`): the real, full types.jsonl streams through
 * the reader and the transform (≈50 MB, a few seconds). The counts are those of the team's data
 * folder (../shared/eve-data/sde-jsonl, build record 0 of 2025-06-24).
 */
import { openSdeSource, readJsonl } from './sde-source';
import { toGroup, toType } from './transforms';
import { fullSdeDir } from '../../../../tools/sde-subset/paths';

it('every line of the real types.jsonl parses into a type document', async () => {
  const SDE = fullSdeDir();
  const source = await openSdeSource(SDE);
  try {
    const categoryOf = new Map<number, number>();
    for await (const { record } of readJsonl(source, 'groups.jsonl')) {
      const g = toGroup(record);
      categoryOf.set(g._id, g.categoryId);
    }
    let total = 0;
    let published = 0;
    let withoutRu = 0;
    let bytes = 0;
    for await (const { record } of readJsonl(source, 'types.jsonl', (n) => (bytes += n))) {
      const t = toType(record, (g) => categoryOf.get(g));
      total++;
      if (t.published) published++;
      if (!(record.name as { ru?: string }).ru) withoutRu++;
    }
    expect({ total, published, withoutRu, bytes }).toEqual({ total: 50199, published: 25848, withoutRu: 40, bytes: 48720872 });
  } finally {
    await source.close();
  }
}, 20_000);
