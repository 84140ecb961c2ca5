/**
 * Shared by the app's auto-import and the CLI: where the SDE comes from (SDE_PATH, or SDE_URL
 * downloaded into DATA_DIR/sde) and whether a start needs to import.
 */
import { createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { AppConfig } from '../../common/config/config';
import { SdeSourceError } from './sde-source';
import { SDE_FORMAT_VERSION } from './sde-store';
import type { SdeActiveMeta, SdeBuild } from './sde.types';

/** CCP's "latest" JSON Lines export (used by the CLI's --url without a value). */
export const CCP_LATEST_SDE_URL = 'https://developers.eveonline.com/static-data/eve-online-static-data-latest-jsonl.zip';

/**
 * Why a start must import, or null when the active import is current. Re-import when there
 * is no data yet, when this importer's document format changed, or when the source's build
 * number differs from the imported one (a newer — or older — CCP export was dropped in).
 */
export function reimportReason(
  active: Pick<SdeActiveMeta, 'buildNumber' | 'formatVersion'> | null,
  source: SdeBuild,
): string | null {
  if (!active) return 'игровых данных в базе ещё нет';
  if (active.formatVersion !== SDE_FORMAT_VERSION)
    return `формат данных изменился (${active.formatVersion} -> ${SDE_FORMAT_VERSION})`;
  if (active.buildNumber !== source.buildNumber) return `сборка SDE изменилась (${active.buildNumber} -> ${source.buildNumber})`;
  return null;
}

export function downloadDir(config: Pick<AppConfig, 'dataDir'>): string {
  return join(config.dataDir, 'sde');
}

/** Downloads CCP's zip into `dir` (atomic rename); returns the file path. */
export async function downloadSde(url: string, dir: string, log: (msg: string) => void): Promise<string> {
  mkdirSync(dir, { recursive: true });
  const name = basename(new URL(url).pathname).endsWith('.zip')
    ? basename(new URL(url).pathname)
    : 'eve-online-static-data-latest-jsonl.zip';
  const target = join(dir, name);
  const part = `${target}.part`;
  log(`Загрузка SDE: ${url}`);
  let res: Response;
  try {
    res = await fetch(url);
  } catch (err) {
    throw new SdeSourceError(`Не удалось скачать SDE с ${url}: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!res.ok || !res.body) throw new SdeSourceError(`Не удалось скачать SDE с ${url}: HTTP ${res.status}`);
  try {
    await pipeline(Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>), createWriteStream(part));
    renameSync(part, target);
  } catch (err) {
    rmSync(part, { force: true });
    throw new SdeSourceError(`Не удалось сохранить SDE в ${target}: ${err instanceof Error ? err.message : String(err)}`);
  }
  log(`SDE сохранён: ${target}`);
  return target;
}

/**
 * The source to import: SDE_PATH when it exists; else SDE_URL (downloaded once into
 * DATA_DIR/sde, again with `download: true`); else a clear error.
 */
export async function resolveSdeSource(
  config: Pick<AppConfig, 'sde' | 'dataDir'>,
  log: (msg: string) => void,
  options: { download?: boolean } = {},
): Promise<string> {
  const { path, url } = config.sde;
  if (path && existsSync(path) && !options.download) return path;
  if (url) {
    const dir = downloadDir(config);
    const have = existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.zip'));
    if (!have || options.download) await downloadSde(url, dir, log);
    return dir;
  }
  if (path) throw new SdeSourceError(`Источник SDE не найден: ${path} не существует (SDE_PATH), SDE_URL не задан`);
  throw new SdeSourceError('Источник SDE не найден: задайте SDE_PATH (папка с файлами .jsonl или архив .zip) или SDE_URL');
}
