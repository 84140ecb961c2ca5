#!/usr/bin/env node
/**
 * fake-esi --port 8701 [--host 127.0.0.1] [--seed 1] [--orders 20000] [--data-dir <eve-data>] [--static]
 * Serves a living market by default (the book changes every 5 minutes, like ESI's cache).
 */
import { startFakeEsi } from './server';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  if (process.argv.includes('--help')) {
    console.log('fake-esi --port 8701 [--host 127.0.0.1] [--seed 1] [--orders 20000] [--data-dir DIR] [--static]');
    return;
  }
  const orders = arg('orders');
  const fake = await startFakeEsi({
    port: Number(arg('port') ?? 8701),
    host: arg('host') ?? '127.0.0.1',
    seed: Number(arg('seed') ?? 1),
    ordersPerRegion: orders ? Number(orders) : undefined,
    dataDir: arg('data-dir'),
    live: !process.argv.includes('--static'),
  });
  console.log(`fake ESI: ${fake.url} (${fake.catalog.types.length} типов, данные: ${fake.catalog.source})`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
