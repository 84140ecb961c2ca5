/**
 * `npm run sde:import` — imports CCP's SDE (JSON Lines folder or zip) into the database the app
 * uses: MONGODB_URI, or the embedded server on DATA_DIR like `npm start`.
 *
 *   node backend/dist/game-data/sde/cli.js [--path <folder|zip>] [--url [<zip url>]] [--if-needed]
 *
 * --path       source (default SDE_PATH; else SDE_URL; else CCP's latest build from SDE_BASE_URL,
 *              downloaded into DATA_DIR/sde when not cached; demo mode on the team's machines uses
 *              ../shared/eve-data/sde-jsonl when present)
 * --url        download this zip first (without a value: CCP's "latest" JSON Lines archive) into DATA_DIR/sde
 * --if-needed  import only when the start would (no data, other build, new format)
 */
import mongoose from 'mongoose';
import { ConfigError, loadConfig } from '../../common/config/config';
import { openDatabase } from '../../common/database/database';
import { defaultProgress } from './progress';
import { readSourceBuild, SdeImporter } from './sde-importer';
import { readActive, writeStatus } from './sde-store';
import { CCP_LATEST_SDE_URL, reimportReason, resolveSdeSource } from './sde-runner';
import { SdeFormatError, SdeSourceError } from './sde-source';

interface CliArgs {
  path?: string;
  url?: string;
  ifNeeded: boolean;
}

export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { ifNeeded: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--path') args.path = argv[++i];
    else if (a === '--url') args.url = argv[i + 1] && !argv[i + 1].startsWith('--') ? argv[++i] : CCP_LATEST_SDE_URL;
    else if (a === '--if-needed') args.ifNeeded = true;
    else
      throw new SdeSourceError(
        `Неизвестный аргумент: ${a}. Использование: sde:import [--path <папка|zip>] [--url [<адрес zip>]] [--if-needed]`,
      );
  }
  return args;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const base = loadConfig();
  const config = {
    ...base,
    sde: { ...base.sde, path: args.path ?? (args.url ? undefined : base.sde.path), url: args.url ?? base.sde.url },
  };
  const log = (m: string) => console.log(m);
  const sourcePath = await resolveSdeSource(config, log, { download: !!args.url });
  const db = await openDatabase(config, log);
  const conn = await mongoose.createConnection(db.uri, { dbName: db.dbName, serverSelectionTimeoutMS: 10_000 }).asPromise();
  try {
    const mdb = conn.db!;
    if (args.ifNeeded) {
      const reason = reimportReason(await readActive(mdb), await readSourceBuild(sourcePath));
      if (!reason) {
        const active = await readActive(mdb);
        log(`Импорт не нужен: в базе уже сборка SDE ${active?.buildNumber} (${active?.importedAt.toISOString()})`);
        return 0;
      }
      log(`Импорт SDE: ${reason}`);
    }
    log(`Источник SDE: ${sourcePath}`);
    await new SdeImporter(mdb).run({ sourcePath, industryPath: config.sde.industryPath, progress: defaultProgress(log), log });
    // The app's instances (and its admin page) then no longer show an earlier failed import as the last word.
    await writeStatus(mdb, { state: 'ready' });
    return 0;
  } finally {
    await conn.close();
    await db.close();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof ConfigError || err instanceof SdeSourceError || err instanceof SdeFormatError)
        console.error(err.message);
      else console.error('Импорт SDE не выполнен:', err);
      process.exit(1);
    },
  );
}
