import { Inject, Injectable } from '@nestjs/common';
import type { AppraisalResponse, ResolvedItem } from '@eve-toolkit/shared-types';
import { APP_CONFIG, type AppConfig } from '../common/config/config';
import type { GameType } from '../game-data/game-data.contract';
import type { HubPrice } from '../market/market-prices.contract';
import { toAppraisalLine } from './appraisal.mapper';

/** A type's line at a hub price as `JSON.stringify` writes it, cut where the quantity and the volume go. */
interface KeptLine {
  /** The type and price it was written from (an import brings new type objects, a refresh new prices: written again). */
  type: GameType;
  price: HubPrice | null | undefined;
  /** `{"name":…,"icon":…,"quantity":` */
  head: Buffer;
  /** `,"sell":…,"note":null}` */
  tail: Buffer;
}

/** Between a line's quantity and its volume. */
const VOLUME = ',"volume":';
const VOLUME_BYTES = Buffer.from(VOLUME, 'latin1');
const DATA = Buffer.from('{"data":[', 'latin1');
/** Where a template line (quantity 0) is cut. */
const MIDDLE = `"quantity":0${VOLUME}0,`;
/** Room for `<quantity>,"volume":<volume>` (two numbers of at most 24 characters) and a comma. */
const NUMBERS_ROOM = 60;

/**
 * Writes a number at `at` as `JSON.stringify` writes it and answers where it ends: a whole
 * number's digits directly (quantities, most volumes), any other through `String` (`null` when
 * not finite, as JSON has it).
 */
function writeNumber(out: Buffer, at: number, n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) return at + out.write(Number.isFinite(n) ? String(n) : 'null', at, 'latin1');
  let end = at + 1;
  for (let m = n; m >= 10; m = Math.floor(m / 10)) end++;
  for (let i = end - 1; i >= at; i--) {
    out[i] = 0x30 + (n % 10);
    n = Math.floor(n / 10);
  }
  return end;
}

/**
 * Writes an appraisal's answer as the UTF-8 bytes of its JSON, exactly as
 * `JSON.stringify({ data, ...rest })` would with `data` the lines `toAppraisalLine` makes — without
 * making them: every line but its quantity and volume is the same for a type at a hub price, so
 * those bytes are kept per type (the game data's object) and hub (the cached price object they
 * were written from, so a new price writes them again). A 10 000-line answer is then a copy of
 * kept bytes and two numbers a line (~4–5 ms idle), not 8 000 objects stringified and the 2.6 MB
 * string encoded to UTF-8 (~25–35 ms; bench/appraisal.bench.ts).
 */
@Injectable()
export class AppraisalJson {
  /** Per hub, by type id, the kept lines of the types seen there (at most one per type). */
  private readonly hubs = new Map<number, Map<number, KeptLine>>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** `{"data":[lines],…meta}` as UTF-8: the lines of these items priced at the hub from `prices`. */
  answer(
    items: readonly ResolvedItem<GameType>[],
    hub: number,
    prices: ReadonlyMap<number, HubPrice | null>,
    meta: Omit<AppraisalResponse, 'data'>,
  ): Buffer {
    // Per line its kept line, or for a copy (not priced from the book, with its runs; rare) its whole JSON.
    const lines: (KeptLine | Buffer)[] = new Array(items.length);
    let kept = this.hubs.get(hub);
    if (!kept) this.hubs.set(hub, (kept = new Map()));
    let size = 0;
    for (let i = 0; i < items.length; i++) {
      const it = items[i];
      if (it.bpc) {
        const whole = Buffer.from(
          JSON.stringify(toAppraisalLine(it.type, it.quantity, true, it.runs, undefined, this.config.imageServerUrl)),
        );
        lines[i] = whole;
        size += whole.length + 1;
      } else {
        const price = prices.get(it.type.id);
        let line = kept.get(it.type.id);
        if (line?.type !== it.type || line.price !== price) kept.set(it.type.id, (line = this.keptLine(it.type, price)));
        lines[i] = line;
        size += line.head.length + line.tail.length + NUMBERS_ROOM;
      }
    }
    const rest = Buffer.from(`],${JSON.stringify(meta).slice(1)}`);
    const out = Buffer.allocUnsafe(size + DATA.length + rest.length);
    out.set(DATA, 0);
    let at = DATA.length;
    for (let i = 0; i < items.length; i++) {
      if (i > 0) out[at++] = 0x2c; // ,
      const line = lines[i];
      if (Buffer.isBuffer(line)) {
        out.set(line, at);
        at += line.length;
        continue;
      }
      const { quantity, type } = items[i];
      out.set(line.head, at);
      at = writeNumber(out, at + line.head.length, quantity);
      out.set(VOLUME_BYTES, at);
      at = writeNumber(out, at + VOLUME_BYTES.length, type.packagedVolume * quantity);
      out.set(line.tail, at);
      at += line.tail.length;
    }
    out.set(rest, at);
    return out.subarray(0, at + rest.length);
  }

  /** A type's line at a hub price, cut around its quantity and volume. */
  private keptLine(type: GameType, price: HubPrice | null | undefined): KeptLine {
    const line = JSON.stringify(toAppraisalLine(type, 0, false, null, price, this.config.imageServerUrl));
    // Inside a JSON string every quote is escaped: `,"quantity":0,"volume":0,` is the keys themselves.
    const cut = line.indexOf(`,${MIDDLE}`) + 1;
    return {
      type,
      price,
      head: Buffer.from(line.slice(0, cut + MIDDLE.indexOf('0'))),
      tail: Buffer.from(line.slice(cut + MIDDLE.length - 1)),
    };
  }
}
