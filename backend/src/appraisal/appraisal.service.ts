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
  type AppraisalHistoryPage,
  type AppraisalHubTotals,
  type AppraisalLine,
  type AppraisalRequest,
  type AppraisalResponse,
  type MissingPrice,
  type ResolvedItem,
  type SavedAppraisal,
} from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import { apiError } from '../common/errors/api-error';
import { GameData, type GameType } from '../game-data/game-data.contract';
import { gzippedJson, plainJson, type PreparedJson } from '../common/http/prepared-json';
import { newAppraisalId } from './appraisal-id';
import { AppraisalJson } from './appraisal-json';
import { AppraisalPrices } from './appraisal-prices';
import { AppraisalReader } from './appraisal-reader';
import { AppraisalSuggestions } from './appraisal-suggestions';
import type { HubPrice } from '../market/market-prices.contract';
import { fromSavedRow, noTotals, toAppraisalLine, withIconFrom, type SavedRow } from './appraisal.mapper';
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
    private readonly json: AppraisalJson,
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
    await this.gameData.requireData();
    const { items, errors, unknown } = await this.reader.appraise(appraisal);
    const suggestions = await this.suggestions.suggest(unknown);
    const createdAt = new Date();
    if (items.length === 0) {
      const none: AppraisalResponse = {
        data: [],
        errors: errors.length === 0 ? [APPRAISAL_MESSAGES.nothingRecognised] : errors,
        id: null,
        hub,
        percent,
        created_at: createdAt.toISOString(),
        hubs: HUBS.map((h) => noTotals(h.id)),
        suggestions,
      };
      return plainJson(none);
    }
    // Every hub's prices and totals in one pass; the lines at the chosen hub.
    const { prices, totals: hubs } = await this.prices.everyHub(items);
    const at = HUBS.findIndex((h) => h.id === hub);
    const id = newAppraisalId();
    const missing = await this.missingPrices(items, at, prices);
    const json = this.json.answer(items, hub, prices[at], {
      errors,
      id,
      hub,
      percent,
      created_at: createdAt.toISOString(),
      hubs,
      suggestions,
      missing_prices: missing,
    });
    const prepared = await gzippedJson(json);
    // The answer as sent, gzipped: one binary field (a 10 000-line answer is ~200 kB), written and read whole.
    await this.appraisals.create({
      _id: id,
      hub_id: hub,
      percent,
      answer: prepared.gzip,
      created_at: createdAt,
      ...(ownerId ? { owner_id: ownerId, summary: summaryOf(items, hubs[at]) } : {}),
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
      missing_prices: saved.missing_prices ?? [],
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

  /**
   * The lines (not blueprint copies) without a price on a side at the chosen hub, with CCP's
   * adjusted price and the other hubs' best orders as the alternatives.
   */
  private async missingPrices(
    items: readonly ResolvedItem<GameType>[],
    at: number,
    prices: readonly ReadonlyMap<number, HubPrice | null>[],
  ): Promise<MissingPrice[]> {
    const seen = new Set<number>();
    const missing: ResolvedItem<GameType>[] = [];
    for (const it of items) {
      if (it.bpc || seen.has(it.type.id)) continue;
      const p = prices[at].get(it.type.id);
      if (p?.sell == null || p?.buy == null) {
        seen.add(it.type.id);
        missing.push(it);
      }
    }
    if (!missing.length) return [];
    const adjusted = await this.prices.adjusted(missing.map((it) => it.type.id));
    return missing.map((it) => {
      const p = prices[at].get(it.type.id);
      return {
        type_id: it.type.id,
        name: it.type.name,
        sell: p?.sell == null,
        buy: p?.buy == null,
        adjusted: adjusted.get(it.type.id) ?? null,
        hubs: HUBS.flatMap((h, i) => {
          const q = i === at ? null : prices[i].get(it.type.id);
          return q && (q.sell !== null || q.buy !== null) ? [{ hub_id: h.id, sell: q.sell, buy: q.buy }] : [];
        }),
      };
    });
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

/** What the history shows of an appraisal: line count, first names, totals at its hub at 100 % (its lines' sums). */
function summaryOf(items: readonly ResolvedItem<GameType>[], atHub: AppraisalHubTotals): AppraisalSummary {
  let volume = 0;
  for (const it of items) volume += it.type.packagedVolume * it.quantity;
  return {
    lines: items.length,
    names: items.slice(0, 3).map((it) => it.type.name),
    sell: atHub.sell,
    buy: atHub.buy,
    sell_p5: atHub.sell_p5,
    buy_p5: atHub.buy_p5,
    volume,
  };
}
