/**
 * Shared by the app's auto-import, the scheduled check and the CLI: where the SDE comes from and
 * whether a start needs to import. In order: SDE_PATH (a folder or zip); SDE_URL (one archive,
 * downloaded once into DATA_DIR/sde); else CCP's latest build from SDE_BASE_URL (CCP's address by
 * default), downloaded into DATA_DIR/sde when that build is not cached there yet.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { AppConfig } from '../../common/config/config';
import {
  buildZipName,
  buildZipUrl,
  CCP_SDE_BASE_URL,
  cachedZips,
  downloadSdeZip,
  fetchLatestBuild,
  latestBuildUrl,
  latestZipUrl,
  pruneCachedZips,
} from './sde-download';
import { SDE_FILES } from './sde-importer';
import { SdeSourceError } from './sde-source';
import { SDE_FORMAT_VERSION } from './sde-store';
import type { SdeActiveMeta, SdeBuild } from './sde.types';

/** CCP's "latest" JSON Lines archive (the CLI's --url without a value). */
export const CCP_LATEST_SDE_URL = latestZipUrl(CCP_SDE_BASE_URL);

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

export interface ResolveOptions {
  /** SDE_URL: download again even when the archive is cached. */
  download?: boolean;
  fetchImpl?: typeof fetch;
  /** Download tuning (tests). */
  retryDelayMs?: number;
  attempts?: number;
  progress?: 'bar' | 'lines' | 'none';
}

/** True when the source is CCP's published SDE (neither SDE_PATH nor SDE_URL): the one the schedule checks. */
export function usesCcpSource(config: Pick<AppConfig, 'sde'>): boolean {
  return !config.sde.path && !config.sde.url;
}

/**
 * The source to import (a folder or a zip file). Offline with CCP's archive already cached, the
 * newest cached build is used; with nothing cached the error names the address tried and what to set.
 */
export async function resolveSdeSource(
  config: Pick<AppConfig, 'sde' | 'dataDir'>,
  log: (msg: string) => void,
  options: ResolveOptions = {},
): Promise<string> {
  const { path, url } = config.sde;
  const baseUrl = config.sde.baseUrl ?? CCP_SDE_BASE_URL;
  const dir = downloadDir(config);
  const download = { log, requiredFiles: SDE_FILES, fetchImpl: options.fetchImpl, ...pick(options) };
  if (path) {
    if (existsSync(path)) return path;
    throw new SdeSourceError(`Источник SDE не найден: ${path} не существует (SDE_PATH)`);
  }
  if (url) {
    const fromUrl = basename(new URL(url).pathname);
    const name = /\.zip$/.test(fromUrl) ? fromUrl : 'eve-online-static-data-latest-jsonl.zip';
    const cached = join(dir, name);
    if (existsSync(cached) && !options.download) return cached;
    return downloadSdeZip(url, dir, name, download);
  }
  let latest: SdeBuild;
  try {
    latest = await fetchLatestBuild(baseUrl, options.fetchImpl);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const cached = cachedZips(dir)[0];
    if (cached) {
      log(`Проверка новой сборки SDE не удалась (${reason}); используется сохранённый архив ${cached.file}`);
      return cached.file;
    }
    throw new SdeSourceError(
      `Источник SDE не найден: ${reason}. Нужен доступ к ${latestBuildUrl(baseUrl)} (SDE_BASE_URL), ` +
        'или задайте SDE_PATH (папка с файлами .jsonl или архив .zip) либо SDE_URL (адрес архива SDE в формате JSON Lines)',
    );
  }
  const name = buildZipName(latest.buildNumber);
  const target = join(dir, name);
  if (!existsSync(target)) {
    log(`SDE: последняя сборка CCP ${latest.buildNumber}${latest.releaseDate ? ` от ${latest.releaseDate.slice(0, 10)}` : ''}`);
    await downloadSdeZip(buildZipUrl(baseUrl, latest.buildNumber), dir, name, download);
  }
  pruneCachedZips(dir, target);
  return target;
}

function pick(o: ResolveOptions): Pick<ResolveOptions, 'retryDelayMs' | 'attempts' | 'progress'> {
  const out: Pick<ResolveOptions, 'retryDelayMs' | 'attempts' | 'progress'> = {};
  if (o.retryDelayMs !== undefined) out.retryDelayMs = o.retryDelayMs;
  if (o.attempts !== undefined) out.attempts = o.attempts;
  if (o.progress !== undefined) out.progress = o.progress;
  return out;
}
