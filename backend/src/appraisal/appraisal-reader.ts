import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  appraisePart,
  appraiseText,
  halvePaste,
  joinAppraisalParts,
  pasteKind,
  type AppraisalPart,
  type PastePart,
  type ResolvedAppraisal,
} from '@eve-toolkit/shared-types';
import { GameData, type GameType } from '../game-data/game-data.contract';
import type { LoadedAnswer, NamesMessage, PartAnswer, PartRequest } from './appraisal.worker';

/** Pastes of at least this many characters (~1 000 lines) are read in two halves at once; shorter ones take a few ms. */
export const HALVE_FROM_CHARS = 50_000;

/**
 * The worker's entry: the file beside this one with this one's extension, so the build starts the
 * compiled worker and an app running from source (tests, tsx) the TypeScript one, through the
 * source loader that maps the workspace packages to their sources (no build needed).
 */
function startWorkerThread(): Worker {
  const ext = extname(__filename);
  const entry = join(__dirname, `appraisal.worker${ext}`);
  if (ext === '.js') return new Worker(entry);
  const loader = join(__dirname, '../../register-ts.cjs');
  return new Worker(`require(${JSON.stringify(loader)});\nrequire(${JSON.stringify(entry)});`, { eval: true });
}

/** What the worker has, and the type objects of its ids. */
interface Loaded {
  names: ReadonlyMap<string, GameType>;
  byId: Map<number, GameType>;
}

/**
 * Reads and sums pastes against the game data's names (`appraisePart`). A large paste is cut in
 * two at a line break (`halvePaste`): this thread reads the first half while a worker thread reads
 * the second, which about halves the time of a 10 000-line paste on two cores. The worker gets the
 * name index on the first large paste after each game data import (that paste, and any while the
 * worker is busy loading, is read here whole); if the worker fails, the half is read here and the
 * next large paste starts a new worker. The answer is the same either way (shared-types fuzz test).
 */
@Injectable()
export class AppraisalReader implements OnModuleDestroy {
  private readonly logger = new Logger(AppraisalReader.name);
  private worker: Worker | null = null;
  private loaded: Loaded | null = null;
  private loading: Promise<void> | null = null;
  private readonly pending = new Map<number, { resolve: (a: PartAnswer) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  /** Pastes read in two halves so far (the bench and the tests look at it). */
  readInHalves = 0;

  constructor(private readonly gameData: GameData) {}

  async appraise(text: string): Promise<ResolvedAppraisal<GameType>> {
    const names = await this.gameData.typeNameIndex();
    const lookup = (key: string) => names.get(key);
    const halves = text.length >= HALVE_FROM_CHARS ? halvePaste(text) : null;
    const loaded = halves ? this.ready(names) : null;
    if (!halves || !loaded) return appraiseText(text, lookup);
    const kind = pasteKind(text);
    const options = (half: PastePart) => ({ ...kind, firstLine: half.firstLine });
    const second = this.read(halves[1].text, options(halves[1]));
    const first = appraisePart(halves[0].text, lookup, options(halves[0]));
    let rest: AppraisalPart<GameType>;
    try {
      rest = this.typed(await second, loaded);
      this.readInHalves++;
    } catch (err) {
      this.logger.warn(`Вторая половина оценки прочитана в основном потоке: ${String(err)}`);
      rest = appraisePart(halves[1].text, lookup, options(halves[1]));
    }
    return joinAppraisalParts([first, rest]);
  }

  /** Gives the worker the current name index and waits until it has it (tests; the app does this on its first large paste). */
  async prepare(): Promise<void> {
    const names = await this.gameData.typeNameIndex();
    if (!this.ready(names)) await this.loading;
  }

  /** Stops the worker (the app's shutdown; tests): large pastes are read here until the next one starts another. */
  async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.dropWorker(new Error('the appraisal worker was stopped'));
    await worker?.terminate();
  }

  onModuleDestroy(): Promise<void> {
    return this.stopWorker();
  }

  /** The worker's index when it holds these names; else starts loading them (once) and answers null. */
  private ready(names: ReadonlyMap<string, GameType>): Loaded | null {
    if (this.loaded?.names === names) return this.loaded;
    this.loading ??= this.load(names).finally(() => (this.loading = null));
    return null;
  }

  private async load(names: ReadonlyMap<string, GameType>): Promise<void> {
    const worker = this.startWorker();
    const keys: string[] = [];
    const ids = new Int32Array(names.size);
    const byId = new Map<number, GameType>();
    for (const [key, type] of names) {
      ids[keys.length] = type.id;
      keys.push(key);
      byId.set(type.id, type);
    }
    const loaded = new Promise<void>((resolve, reject) => {
      const onMessage = (m: Partial<LoadedAnswer>) => {
        if (!m.loaded) return;
        worker.off('message', onMessage);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('exit', () => reject(new Error('the appraisal worker stopped while loading names')));
    });
    worker.postMessage({ names: { keys, ids } } satisfies NamesMessage, [ids.buffer]);
    try {
      await loaded;
      if (this.worker === worker) this.loaded = { names, byId };
    } catch (err) {
      this.logger.warn(String(err));
    }
  }

  private startWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorkerThread();
    worker.unref();
    worker.on('message', (m: PartAnswer) => {
      const waiting = m.id === undefined ? undefined : this.pending.get(m.id);
      if (!waiting) return;
      this.pending.delete(m.id);
      waiting.resolve(m);
    });
    worker.on('error', (err) => {
      this.logger.warn(`Поток оценки остановлен: ${String(err)}`);
      this.dropWorker(err);
    });
    worker.on('exit', (code) => this.dropWorker(new Error(`the appraisal worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  /** Forgets a failed (or stopped) worker: what it was reading is read here; the next large paste starts another. */
  private dropWorker(err: Error): void {
    if (!this.worker) return;
    this.worker = null;
    this.loaded = null;
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }

  private read(text: string, options: PartRequest['options']): Promise<PartAnswer> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error('no appraisal worker'));
    const id = this.nextId++;
    return new Promise<PartAnswer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, text, options } satisfies PartRequest);
    });
  }

  /** The worker's half with the game's types in place of its ids. */
  private typed(answer: PartAnswer, loaded: Loaded): AppraisalPart<GameType> {
    const items: AppraisalPart<GameType>['items'] = [];
    for (let i = 0; i < answer.items.length; i += 4) {
      const type = loaded.byId.get(answer.items[i]);
      if (!type) throw new Error(`unknown type id ${answer.items[i]} from the worker`);
      const runs = answer.items[i + 3];
      items.push({ type, quantity: answer.items[i + 1], bpc: answer.items[i + 2] === 1, runs: runs < 0 ? null : runs });
    }
    return { items, errors: answer.errors, dropped: answer.dropped, unknown: answer.unknown };
  }
}
