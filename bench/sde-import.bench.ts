/**
 * Full SDE import into a fresh in-memory embedded server: time, peak RSS, counts per dataset,
 * and full-data checks against ../shared/eve-data (target: < 2 min, < 1 GB RSS).
 *
 *   npx tsx bench/sde-import.bench.ts [sdePath]      (MONGODB_URI=... to use a real MongoDB)
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import mongoose from 'mongoose';
import { startEmbeddedMongo } from '../packages/embedded-mongo/src/index';
import { SdeImporter } from '../backend/src/game-data/sde/sde-importer';
import { defaultProgress } from '../backend/src/game-data/sde/progress';
import { collectionName } from '../backend/src/game-data/sde/sde-store';
import type { PlanetResourcesDoc } from '../backend/src/game-data/sde/sde.types';

const SDE = resolve(process.argv[2] ?? resolve(__dirname, '..', '..', 'shared', 'eve-data', 'sde-jsonl'));
const REFERENCE = resolve(__dirname, '..', '..', 'shared', 'eve-data', 'reference', 'piPlanetResources.json');

async function main(): Promise<void> {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);

  const server = process.env.MONGODB_URI ? null : await startEmbeddedMongo({ port: 0 });
  const uri = process.env.MONGODB_URI ?? server!.uri;
  const conn = await mongoose.createConnection(uri, { dbName: `bench_sde_${Date.now()}` }).asPromise();
  const db = conn.db!;

  const started = Date.now();
  const summary = await new SdeImporter(db).run({
    sourcePath: SDE,
    progress: defaultProgress(console.log),
    log: () => undefined,
  });
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  console.log(`\n## sde-import (${server ? 'embedded in-memory server, same process' : 'MONGODB_URI'})`);
  console.log(`source:    ${SDE}`);
  console.log(`build:     ${summary.buildNumber} (${summary.releaseDate ?? '—'})`);
  console.log(`time:      ${seconds.toFixed(1)} s   (target < 120 s)`);
  console.log(`peak RSS:  ${(peakRss / 1024 / 1024).toFixed(0)} MB   (target < 1024 MB; includes the in-process server)`);
  console.log('counts:');
  for (const [ds, n] of Object.entries(summary.counts)) console.log(`  ${ds.padEnd(16)} ${String(n).padStart(7)}`);

  // Full-data check: planet type -> raw resources equals the reference table.
  const ref = JSON.parse(readFileSync(REFERENCE, 'utf8')) as Record<string, { resources: { typeID: number }[] }>;
  const got = await db.collection<PlanetResourcesDoc>(collectionName('planetResources', summary.importId)).find().toArray();
  const mismatches = Object.entries(ref).filter(([planet, r]) => {
    const mine = got.find((g) => g._id === Number(planet))?.resourceTypeIds ?? [];
    const theirs = r.resources.map((x) => x.typeID).sort((a, b) => a - b);
    return JSON.stringify(mine) !== JSON.stringify(theirs);
  });
  console.log(
    `planet resources vs reference/piPlanetResources.json: ${mismatches.length === 0 ? 'identical' : `DIFFER for ${mismatches.map(([p]) => p).join(', ')}`} (${got.length} planet types)`,
  );

  await conn.dropDatabase();
  await conn.close();
  await server?.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
