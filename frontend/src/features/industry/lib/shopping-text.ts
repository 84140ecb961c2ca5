import { roundUp2, toSpreadsheetNumber, type ShoppingItem } from '@eve-toolkit/shared-types';

export const SHOPPING_SHEET_COLUMNS = ['Предмет', 'Количество', 'Объём, м³', 'SELL, ISK', 'BUY, ISK'] as const;

/**
 * The shopping list for a Russian spreadsheet (Excel, LibreOffice, Google Таблицы): a header and
 * one tab-separated row per item, numbers with a decimal comma and no grouping; SELL and BUY are
 * the whole quantity's cost, empty without a price.
 */
export function shoppingSheetText(items: readonly ShoppingItem[]): string {
  const cost = (price: number | null, quantity: number) =>
    price === null ? '' : toSpreadsheetNumber(roundUp2(price * quantity), 2);
  const rows = items.map((i) =>
    [
      i.name,
      toSpreadsheetNumber(i.quantity),
      toSpreadsheetNumber(i.volume, 2),
      cost(i.market_sell, i.quantity),
      cost(i.market_buy, i.quantity),
    ].join('\t'),
  );
  return [SHOPPING_SHEET_COLUMNS.join('\t'), ...rows].join('\n');
}
