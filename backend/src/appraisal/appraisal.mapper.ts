import { APPRAISAL_MESSAGES, typeIconUrl, type AppraisalLine } from '@eve-toolkit/shared-types';
import type { GameType } from '../game-data/game-data.contract';
import type { HubPrice } from '../market/market-prices.contract';

/**
 * One priced line. Blueprint copies are listed at 0 (no order book prices them); a type without
 * orders at the hub is listed at 0 with a note; volume is the packaged volume × quantity.
 */
export function toAppraisalLine(
  type: GameType,
  quantity: number,
  bpc: boolean,
  price: HubPrice | undefined,
  imageServerUrl: string,
): AppraisalLine {
  const isBlueprint = type.categoryId === 9;
  const icon = typeIconUrl(imageServerUrl, type.id, 64, isBlueprint ? 'bp' : 'icon');
  const base = { name: type.name, icon, quantity, volume: type.packagedVolume * quantity, type_id: type.id, bpc };
  if (bpc) return { ...base, sell: 0, buy: 0, sell_quantity: 0, buy_quantity: 0, note: APPRAISAL_MESSAGES.blueprintCopy };
  const sell = price?.sell ?? null;
  const buy = price?.buy ?? null;
  const note =
    sell === null && buy === null
      ? APPRAISAL_MESSAGES.noOrders
      : sell === null
        ? APPRAISAL_MESSAGES.noSellOrders
        : buy === null
          ? APPRAISAL_MESSAGES.noBuyOrders
          : null;
  return {
    ...base,
    sell: sell ?? 0,
    buy: buy ?? 0,
    sell_quantity: price?.sellVolume ?? 0,
    buy_quantity: price?.buyVolume ?? 0,
    note,
  };
}
