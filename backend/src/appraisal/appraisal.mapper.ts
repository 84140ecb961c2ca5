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
    icon: typeIconUrl(imageServerUrl, type.id, 64, type.categoryId === 9 ? 'bp' : 'icon'),
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
