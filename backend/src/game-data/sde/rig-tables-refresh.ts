/**
 * `npm run sde:rig-tables -- <folder | base URL> [--source <text>] [--date YYYY-MM-DD]` — refreshes
 * the rig tables shipped in `backend/data/sde-industry` (which product groups each rig affects)
 * from a Fuzzwork-style CSV conversion of a newer SDE: a folder holding
 * `rigIndustryModifierSources.csv` and `rigAffectedProductGroups.csv`, or the web address of a
 * folder that serves them. Both files are parsed with the importer's own parser (a wrong header or
 * an empty table is refused, nothing is written), then copied byte for byte and `source.json`
 * (source, date, size, rows and sha256 of each file) is rewritten. Run `npm run sde:import` after.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRigGroups, parseRigSources, RIG_CSV_FILES, SHIPPED_RIG_TABLES_DIR } from './rig-effects';

export interface RigTablesSource {
  /** Where the tables came from (repository and commit, or address). */
  source: string;
  /** Date of the SDE the tables were converted from (YYYY-MM-DD). */
  date: string;
  files: Record<string, { bytes: number; rows: number; sha256: string }>;
}

export const RIG_TABLES_SOURCE_FILE = 'source.json';

/** Checks both tables and describes them; throws (in Russian) on a bad header or an empty table. */
export function describeRigTables(texts: Record<string, string>, source: string, date: string): RigTablesSource {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`--date: ожидается YYYY-MM-DD, получено ${date}`);
  const rows = {
    [RIG_CSV_FILES.sources]: parseRigSources(texts[RIG_CSV_FILES.sources] ?? '').length,
    [RIG_CSV_FILES.groups]: parseRigGroups(texts[RIG_CSV_FILES.groups] ?? '').length,
  };
  const files: RigTablesSource['files'] = {};
  for (const [name, n] of Object.entries(rows)) {
    if (n === 0) throw new Error(`${name}: таблица пуста`);
    const text = texts[name];
    files[name] = {
      bytes: Buffer.byteLength(text),
      rows: n,
      sha256: createHash('sha256').update(text).digest('hex'),
    };
  }
  return { source, date, files };
}

async function readTable(from: string, name: string): Promise<string> {
  if (/^https?:\/\//.test(from)) {
    const url = `${from.replace(/\/$/, '')}/${name}`;
    const res = await fetch(url);
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    return res.text();
  }
  const file = join(from, name);
  if (!existsSync(file)) throw new Error(`нет файла ${file}`);
  return readFileSync(file, 'utf8');
}

/** Reads, checks and writes the tables into `dir`; returns the new description. */
export async function refreshRigTables(
  from: string,
  options: { source?: string; date?: string; dir?: string } = {},
): Promise<RigTablesSource> {
  const names = [RIG_CSV_FILES.sources, RIG_CSV_FILES.groups];
  const texts: Record<string, string> = {};
  for (const name of names) texts[name] = await readTable(from, name);
  const described = describeRigTables(texts, options.source ?? from, options.date ?? new Date().toISOString().slice(0, 10));
  const dir = options.dir ?? SHIPPED_RIG_TABLES_DIR;
  for (const name of names) writeFileSync(join(dir, name), texts[name]);
  writeFileSync(join(dir, RIG_TABLES_SOURCE_FILE), `${JSON.stringify(described, null, 2)}\n`);
  return described;
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  const opt = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv.splice(i, 2)[1] : undefined;
  };
  const source = opt('--source');
  const date = opt('--date');
  const from = argv[0];
  if (!from) {
    console.error('Использование: npm run sde:rig-tables -- <папка | адрес> [--source <откуда>] [--date YYYY-MM-DD]');
    process.exit(1);
  }
  refreshRigTables(from, { source, date }).then(
    (d) => {
      for (const [name, f] of Object.entries(d.files))
        console.log(`${name}: ${f.rows} строк, ${f.bytes} байт, sha256 ${f.sha256}`);
      console.log(`Таблицы ригов обновлены в ${SHIPPED_RIG_TABLES_DIR}; выполните npm run sde:import`);
    },
    (err: unknown) => {
      console.error(`Таблицы ригов не обновлены: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
