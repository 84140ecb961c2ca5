import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import {
  APPRAISAL_MAX_CHARS,
  APPRAISAL_MAX_LINES,
  APPRAISAL_MESSAGES,
  APPRAISAL_TTL_DAYS,
  ERROR_CODES,
  MARKET_MESSAGES,
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
import { fromSavedRow, toAppraisalLine, withIconFrom, type SavedRow } from './appraisal.mapper';
import { APPRAISAL_MODEL, type AppraisalDoc } from './appraisal.schema';

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

/** Use cases of data/market/appraisal: appraise and save a paste, open a saved one. */
@Injectable()
export class AppraisalService {
  constructor(
    private readonly gameData: GameData,
    private readonly reader: AppraisalReader,
    private readonly prices: AppraisalPrices,
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
   * Parses, names the types, prices them at the hub; saves the answer when anything was recognised.
   * The answer comes back serialised (and gzipped when large): what is saved is those same bytes.
   */
  async appraise({ appraisal, hub }: AppraisalRequest): Promise<PreparedJson> {
    this.checkLimits(appraisal);
    if (!(await this.gameData.hasData())) throw apiError(503, MARKET_MESSAGES.gameDataLoading);
    const { items, errors } = await this.reader.appraise(appraisal);
    const priced = await this.prices.get(
      hub,
      items.filter((i) => !i.bpc).map((i) => i.type.id),
    );
    const data = items.map((i) => toAppraisalLine(i.type, i.quantity, i.bpc, priced.get(i.type.id), this.config.imageServerUrl));
    const createdAt = new Date();
    if (data.length === 0) {
      return plainJson({
        data,
        errors: errors.length ? errors : [APPRAISAL_MESSAGES.nothingRecognised],
        id: null,
        hub,
        created_at: createdAt.toISOString(),
      } satisfies AppraisalResponse);
    }
    const id = newAppraisalId();
    const answer = await gzippedJson({ data, errors, id, hub, created_at: createdAt.toISOString() } satisfies AppraisalResponse);
    // The answer as sent, gzipped: one binary field (a 10 000-line answer is ~200 kB), written and read whole.
    await this.appraisals.create({ _id: id, hub_id: hub, answer: answer.gzip, created_at: createdAt });
    return answer;
  }

  /** A saved appraisal with its prices as saved; `current` adds today's prices at the same hub. */
  async open(id: string, current: boolean): Promise<SavedAppraisal> {
    const doc = await this.appraisals.findById(id).lean<AppraisalDoc>();
    // The TTL monitor runs about once a minute: an expired document may still be there.
    if (!doc || doc.created_at.getTime() + TTL_MS <= Date.now()) throw apiError(404, APPRAISAL_MESSAGES.notFound);
    const { data, errors } = await this.savedLines(doc);
    const out: SavedAppraisal = {
      id: doc._id,
      hub: doc.hub_id,
      data,
      errors,
      created_at: doc.created_at.toISOString(),
      expires_at: new Date(doc.created_at.getTime() + TTL_MS).toISOString(),
    };
    if (current) out.current = await this.reprice(out.data, doc.hub_id);
    return out;
  }

  /** The lines and errors of a saved appraisal, in whichever form it was saved; icons from today's image server. */
  private async savedLines(doc: AppraisalDoc): Promise<{ data: AppraisalLine[]; errors: string[] }> {
    const images = this.config.imageServerUrl;
    if (doc.answer) {
      const bytes = doc.answer instanceof Uint8Array ? doc.answer : doc.answer.read(0, doc.answer.length());
      const saved = JSON.parse((await gunzipAsync(bytes)).toString('utf8')) as AppraisalResponse;
      return { data: saved.data.map((l) => withIconFrom(l, images)), errors: saved.errors };
    }
    // Saved before the answer was (until the evening of 2026-11-25): compact rows, or before those whole lines.
    const data = doc.rows
      ? (JSON.parse(doc.rows) as SavedRow[]).map((r) => fromSavedRow(r, images))
      : (JSON.parse(doc.lines ?? '[]') as AppraisalLine[]);
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
      return toAppraisalLine(type, l.quantity, l.bpc, priced.get(l.type_id), this.config.imageServerUrl);
    });
  }
}
