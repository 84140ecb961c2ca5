#!/usr/bin/env node
/** embedded-mongo --port 27017 --dbpath ./data | --memory */
import { startEmbeddedMongo } from './index';

function usage(): never {
  process.stderr.write('usage: embedded-mongo [--port N] [--host H] (--dbpath DIR | --memory) [--quiet]\n');
  process.exit(2);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  let port = 27017;
  let host = '127.0.0.1';
  let dbPath: string | undefined = './data';
  let quiet = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const next = (): string => {
      const v = args[++i];
      if (v === undefined) usage();
      return v;
    };
    if (a === '--port') port = Number(next());
    else if (a === '--host' || a === '--bind_ip') host = next();
    else if (a === '--dbpath' || a === '--dbPath') dbPath = next();
    else if (a === '--memory') dbPath = undefined;
    else if (a === '--quiet') quiet = true;
    else if (a === '--help' || a === '-h') usage();
    else usage();
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) usage();
  const log = (m: string): void => {
    if (!quiet) process.stderr.write(`${m}\n`);
  };
  const server = await startEmbeddedMongo({
    port,
    host,
    dbPath,
    logger: { info: log, warn: log, error: (m) => process.stderr.write(`${m}\n`) },
  });
  process.stdout.write(`${server.uri}\n`);
  let stopping = false;
  const stop = (signal: string): void => {
    if (stopping) return;
    stopping = true;
    log(`embedded-mongo: ${signal}, shutting down`);
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`shutdown error: ${(e as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`embedded-mongo: ${(e as Error).message}\n`);
  process.exit(1);
});
