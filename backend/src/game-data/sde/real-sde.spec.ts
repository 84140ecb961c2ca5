/**
 * The real, full types.jsonl streams through the reader and the transform (≈50 MB, a few seconds).
 * Needs ../shared/eve-data beside the repository, like every other test that reads game data:
 * without it this test fails, it is never skipped.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openSdeSource, readJsonl } from './sde-source';
import { toGroup, toType } from './transforms';

const SDE = resolve(__dirname, '..', '..', '..', '..', '..', 'shared', 'eve-data', 'sde-jsonl');

it('every line of the real types.jsonl parses into a type document', async () => {
  if (!existsSync(join(SDE, 'types.jsonl'))) {
    throw new Error(`The game data is missing: ${SDE}/types.jsonl (put ../shared/eve-data beside the repository)`);
  }
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
