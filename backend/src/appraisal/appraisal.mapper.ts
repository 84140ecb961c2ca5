import { APPRAISAL_MESSAGES, typeIconUrl, type AppraisalLine } from '@eve-toolkit/shared-types';
import type { GameType } from '../game-data/game-data.contract';
import type { HubPrice } from '../market/market-prices.contract';

/** Why a line's price is 0, or null when both sides have orders. */
function priceNote(bpc: boolean, price: HubPrice | undefined): string | null {
  if (bpc) return APPRAISAL_MESSAGES.blueprintCopy;
  const sell = price?.sell ?? null;
  const buy = price?.buy ?? null;
  if (sell === null && buy === null) return APPRAISAL_MESSAGES.noOrders;
  if (sell === null) return APPRAISAL_MESSAGES.noSellOrders;
  if (buy === null) return APPRAISAL_MESSAGES.noBuyOrders;
  return null;
}

/**
 * One priced line. Blueprint copies are listed at 0 (no order book prices them); a type without
 * orders at the hub is listed at 0 with a note; volume is the packaged volume × quantity.
 *
 * One object literal with every field (no `{ ...base, ... }`): V8 turns a spread followed by more
 * properties into a slow dictionary object, which made mapping and serialising a 10 000-line
 * appraisal ten times slower (bench/appraisal.bench.ts).
 */
export function toAppraisalLine(
  type: GameType,
  quantity: number,
  bpc: boolean,
  price: HubPrice | undefined,
  imageServerUrl: string,
): AppraisalLine {
  const priced = bpc ? undefined : price;
  return {
    name: type.name,
    icon: typeIconUrl(imageServerUrl, type.id, 64, isBlueprintType(type) ? 'bp' : 'icon'),
    quantity,
    volume: type.packagedVolume * quantity,
    sell: priced?.sell ?? 0,
    buy: priced?.buy ?? 0,
    sell_quantity: priced?.sellVolume ?? 0,
    buy_quantity: priced?.buyVolume ?? 0,
    type_id: type.id,
    bpc,
    note: priceNote(bpc, price),
  };
}

/**
 * A priced line as saved on 2026-11-25, until the answer itself was saved (still read): type id,
 * name, quantity, volume, SELL, BUY, units on sale, units wanted, copy (1/0), blueprint icon (1/0),
 * note.
 */
export type SavedRow = [number, string, number, number, number, number, number, number, 0 | 1, 0 | 1, string | null];

/** Blueprints are shown with their blueprint picture. */
export const isBlueprintType = (type: GameType): boolean => type.categoryId === 9;

/** A saved row as the line it was (the icon from today's image server). */
export function fromSavedRow(r: SavedRow, imageServerUrl: string): AppraisalLine {
  return {
    name: r[1],
    icon: typeIconUrl(imageServerUrl, r[0], 64, r[9] ? 'bp' : 'icon'),
    quantity: r[2],
    volume: r[3],
    sell: r[4],
    buy: r[5],
    sell_quantity: r[6],
    buy_quantity: r[7],
    type_id: r[0],
    bpc: r[8] === 1,
    note: r[10],
  };
}

/** A saved line with its icon from today's image server (the image server's address may have changed). */
export function withIconFrom(l: AppraisalLine, imageServerUrl: string): AppraisalLine {
  const kind = l.icon.endsWith('/bp?size=64') ? 'bp' : 'icon';
  return { ...l, icon: typeIconUrl(imageServerUrl, l.type_id, 64, kind) };
}
