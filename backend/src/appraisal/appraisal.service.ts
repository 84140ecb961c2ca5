import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import {
  APPRAISAL_HISTORY_PAGE_SIZE,
  APPRAISAL_MAX_CHARS,
  APPRAISAL_MAX_LINES,
  APPRAISAL_MESSAGES,
  APPRAISAL_TTL_DAYS,
  ERROR_CODES,
  HUBS,
  MARKET_MESSAGES,
  appraisalTotals,
  type AppraisalHistoryPage,
  type AppraisalLine,
  type AppraisalRequest,
  type AppraisalResponse,
  type SavedAppraisal,
} from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-exception.filter';
import { GameData } from '../game-data/game-data.contract';
import { gzippedJson, plainJson, type PreparedJson } from '../common/http/prepared-json';
import { newAppraisalId } from './appraisal-id';
import { AppraisalPrices } from './appraisal-prices';
import { AppraisalReader } from './appraisal-reader';
import { AppraisalSuggestions } from './appraisal-suggestions';
import { fromSavedRow, hubTotals, toAppraisalLine, withIconFrom, type SavedRow } from './appraisal.mapper';
import { APPRAISAL_MODEL, type AppraisalDoc, type AppraisalSummary } from './appraisal.schema';

const gunzipAsync = promisify(gunzip);
const TTL_MS = APPRAISAL_TTL_DAYS * 24 * 3600 * 1000;

/** Lines of a text without building them (`\r\n`, `\r` and `\n` each end one). */
function countLines(text: string): number {
  let n = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) n++;
    else if (c === 13) {
      n++;
      if (text.charCodeAt(i + 1) === 10) i++;
    }
  }
  return n;
}

/** Use cases of data/market/appraisal: appraise and save a paste, open a saved one, a player's history. */
@Injectable()
export class AppraisalService {
  constructor(
    private readonly gameData: GameData,
    private readonly reader: AppraisalReader,
    private readonly prices: AppraisalPrices,
    private readonly suggestions: AppraisalSuggestions,
    @InjectModel(APPRAISAL_MODEL) private readonly appraisals: Model<AppraisalDoc>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Refuses texts over the stated limits with a 413 in Russian (before any parsing). */
  checkLimits(text: string): void {
    if (text.length > APPRAISAL_MAX_CHARS)
      throw apiError(413, APPRAISAL_MESSAGES.tooManyChars, ERROR_CODES.payloadTooLarge, [APPRAISAL_MESSAGES.tooManyChars]);
    if (countLines(text) > APPRAISAL_MAX_LINES)
      throw apiError(413, APPRAISAL_MESSAGES.tooManyLines, ERROR_CODES.payloadTooLarge, [APPRAISAL_MESSAGES.tooManyLines]);
  }

  /**
   * Parses, names the types, prices them at the hub (and totals them at every hub); suggests
   * names for the first lines that named nothing; saves the answer when anything was recognised
   * (with its owner when a player is signed in). The answer comes back serialised (and gzipped
   * when large): what is saved is those same bytes.
   */
  async appraise({ appraisal, hub, percent }: AppraisalRequest, ownerId: string | null = null): Promise<PreparedJson> {
    this.checkLimits(appraisal);
    if (!(await this.gameData.hasData())) throw apiError(503, MARKET_MESSAGES.gameDataLoading);
    const { items, errors, unknown } = await this.reader.appraise(appraisal);
    const suggestions = await this.suggestions.suggest(unknown);
    const ids = items.filter((i) => !i.bpc).map((i) => i.type.id);
    // The chosen hub's prices for the lines; the other hubs' totals only (one pass each when cached).
    const [priced, others] = await Promise.all([
      this.prices.get(hub, ids),
      Promise.all(HUBS.map((h) => (h.id === hub ? null : this.prices.totals(h.id, items)))),
    ]);
    const data = items.map((i) =>
      toAppraisalLine(i.type, i.quantity, i.bpc, i.runs, priced.get(i.type.id), this.config.imageServerUrl),
    );
    const hubs = others.map((t) => t ?? hubTotals(hub, items, priced));
    const createdAt = new Date();
    const answer: AppraisalResponse = {
      data,
      errors,
      id: null,
      hub,
      percent,
      created_at: createdAt.toISOString(),
      hubs,
      suggestions,
    };
    if (data.length === 0) {
      if (errors.length === 0) answer.errors = [APPRAISAL_MESSAGES.nothingRecognised];
      return plainJson(answer);
    }
    answer.id = newAppraisalId();
    const prepared = await gzippedJson(answer);
    // The answer as sent, gzipped: one binary field (a 10 000-line answer is ~200 kB), written and read whole.
    await this.appraisals.create({
      _id: answer.id,
      hub_id: hub,
      percent,
      answer: prepared.gzip,
      created_at: createdAt,
      ...(ownerId ? { owner_id: ownerId, summary: summaryOf(data) } : {}),
    });
    return prepared;
  }

  /** A saved appraisal with its prices as saved; `current` adds today's prices at the same hub. */
  async open(id: string, current: boolean, viewerId: string | null = null): Promise<SavedAppraisal> {
    const doc = await this.appraisals.findById(id).lean<AppraisalDoc>();
    // The TTL monitor runs about once a minute: an expired document may still be there.
    if (!doc || doc.created_at.getTime() + TTL_MS <= Date.now()) throw apiError(404, APPRAISAL_MESSAGES.notFound);
    const saved = await this.savedAnswer(doc);
    const out: SavedAppraisal = {
      id: doc._id,
      hub: doc.hub_id,
      percent: saved.percent ?? doc.percent ?? 100,
      data: saved.data,
      errors: saved.errors,
      hubs: saved.hubs ?? [],
      suggestions: saved.suggestions ?? [],
      created_at: doc.created_at.toISOString(),
      expires_at: new Date(doc.created_at.getTime() + TTL_MS).toISOString(),
      mine: viewerId !== null && doc.owner_id === viewerId,
    };
    if (current) out.current = await this.reprice(out.data, doc.hub_id);
    return out;
  }

  /** A player's own saved appraisals, newest first, APPRAISAL_HISTORY_PAGE_SIZE a page. */
  async history(ownerId: string, page: number): Promise<AppraisalHistoryPage> {
    const filter = { owner_id: ownerId, created_at: { $gt: new Date(Date.now() - TTL_MS) } };
    const size = APPRAISAL_HISTORY_PAGE_SIZE;
    const [total, docs] = await Promise.all([
      this.appraisals.countDocuments(filter),
      this.appraisals
        .find(filter, { hub_id: 1, percent: 1, summary: 1, created_at: 1 })
        .sort({ created_at: -1, _id: 1 })
        .skip((page - 1) * size)
        .limit(size)
        .lean<AppraisalDoc[]>(),
    ]);
    return {
      items: docs.map((d) => {
        const sum = d.summary ?? { lines: 0, names: [], sell: 0, buy: 0, sell_p5: 0, buy_p5: 0, volume: 0 };
        return {
          id: d._id,
          hub: d.hub_id,
          percent: d.percent ?? 100,
          created_at: d.created_at.toISOString(),
          expires_at: new Date(d.created_at.getTime() + TTL_MS).toISOString(),
          ...sum,
        };
      }),
      page,
      pages: Math.max(1, Math.ceil(total / size)),
      total,
    };
  }

  /** Deletes a player's own saved appraisal (its link stops working); anyone else's, or none: 404. */
  async remove(id: string, ownerId: string): Promise<void> {
    const { deletedCount } = await this.appraisals.deleteOne({ _id: id, owner_id: ownerId });
    if (deletedCount !== 1) throw apiError(404, APPRAISAL_MESSAGES.notFound);
  }

  /** The answer of a saved appraisal, in whichever form it was saved; icons from today's image server. */
  private async savedAnswer(doc: AppraisalDoc): Promise<Pick<AppraisalResponse, 'data' | 'errors'> & Partial<AppraisalResponse>> {
    const images = this.config.imageServerUrl;
    if (doc.answer) {
      const bytes = doc.answer instanceof Uint8Array ? doc.answer : doc.answer.read(0, doc.answer.length());
      const saved = JSON.parse((await gunzipAsync(bytes)).toString('utf8')) as AppraisalResponse;
      return { ...saved, data: saved.data.map((l) => withIconFrom(l, images)) };
    }
    // Saved before the answer was (until the evening of 2026-11-25): compact rows, or before those whole lines.
    const data = doc.rows
      ? (JSON.parse(doc.rows) as SavedRow[]).map((r) => fromSavedRow(r, images))
      : (JSON.parse(doc.lines ?? '[]') as AppraisalLine[]).map((l) => withIconFrom(l, images));
    return { data, errors: doc.problems ?? [] };
  }

  private async reprice(lines: readonly AppraisalLine[], hub: number): Promise<AppraisalLine[]> {
    const types = await this.gameData.typesByIds(lines.map((l) => l.type_id));
    const priced = await this.prices.get(
      hub,
      lines.filter((l) => !l.bpc).map((l) => l.type_id),
    );
    return lines.map((l) => {
      const type = types.get(l.type_id);
      if (!type) return l;
      return toAppraisalLine(type, l.quantity, l.bpc, l.runs, priced.get(l.type_id), this.config.imageServerUrl);
    });
  }
}

/** What the history shows of an appraisal: line count, first names, totals at 100 %. */
function summaryOf(data: readonly AppraisalLine[]): AppraisalSummary {
  const best = appraisalTotals(data, 'best');
  const p5 = appraisalTotals(data, 'p5');
  return {
    lines: data.length,
    names: data.slice(0, 3).map((l) => l.name),
    sell: best.sell,
    buy: best.buy,
    sell_p5: p5.sell,
    buy_p5: p5.buy,
    volume: best.volume,
  };
}
