import {
  APPRAISAL_LOCAL_HISTORY,
  APPRAISAL_MAX_PERCENT,
  APPRAISAL_MIN_PERCENT,
  appraisalTotals,
  linePrices,
  type AppraisalLine,
  type AppraisalPriceChoice,
  type AppraisalPriceKind,
  type PriceSource,
  type AppraisalResponse,
} from '@eve-toolkit/shared-types';

/**
 * How the page shows a result (pure, table-tested): which price, the buyback percent, the sort,
 * each line's derived figures, the share link that keeps the view, the text a saved appraisal is
 * appraised again from at another hub, and an anonymous visitor's last appraisals.
 */

export interface AppraisalView {
  kind: AppraisalPriceKind;
  percent: number;
}

/** A result line with what the table shows of it at a view. */
export interface ShownLine {
  line: AppraisalLine;
  /** Unit prices of the view's kind (or the price chosen instead of a missing one); null: no price. */
  sell: number | null;
  buy: number | null;
  /** Where a chosen price comes from; null: the hub's orders. */
  source: PriceSource | null;
  /** Line totals at the view's percent; null without a price. */
  sellTotal: number | null;
  buyTotal: number | null;
  /** SELL value per m³ (null without volume or price). */
  iskPerM3: number | null;
  /** Share of the SELL total, percent (null when the total is 0 or unknown). */
  share: number | null;
}

export type SortKey =
  'name' | 'quantity' | 'volume' | 'sell' | 'buy' | 'sellTotal' | 'buyTotal' | 'iskPerM3' | 'share' | 'orders';
export interface Sort {
  key: SortKey;
  desc: boolean;
}

export function shownLines(
  lines: readonly AppraisalLine[],
  view: AppraisalView,
  choices?: ReadonlyMap<number, AppraisalPriceChoice>,
): ShownLine[] {
  const sellTotal = appraisalTotals(lines, view.kind, view.percent, choices).sell;
  const factor = view.percent / 100;
  return lines.map((line) => {
    const p = linePrices(line, view.kind, choices);
    const sell = p.sell === null ? null : p.sell * line.quantity * factor;
    return {
      line,
      sell: p.sell,
      buy: p.buy,
      source: p.source,
      sellTotal: sell,
      buyTotal: p.buy === null ? null : p.buy * line.quantity * factor,
      iskPerM3: line.volume > 0 && p.sell !== null ? (p.sell * line.quantity) / line.volume : null,
      share: sell !== null && sellTotal !== null && sellTotal > 0 ? (sell / sellTotal) * 100 : null,
    };
  });
}

const sortValue = (s: ShownLine, key: SortKey): number | string => {
  switch (key) {
    case 'name':
      return s.line.name.toLowerCase();
    case 'quantity':
      return s.line.quantity;
    case 'volume':
      return s.line.volume;
    case 'orders':
      return s.line.sell_orders + s.line.buy_orders;
    default:
      return s[key] ?? -1;
  }
};

/** Sorted copy (stable: equal values keep the paste's order); no sort = the paste's order. */
export function sortLines(lines: readonly ShownLine[], sort: Sort | null): ShownLine[] {
  if (!sort) return [...lines];
  const dir = sort.desc ? -1 : 1;
  return lines
    .map((s, i) => ({ s, i, v: sortValue(s, sort.key) }))
    .sort((a, b) => {
      const c = typeof a.v === 'string' ? a.v.localeCompare(String(b.v), 'ru') : (a.v as number) - (b.v as number);
      return c !== 0 ? c * dir : a.i - b.i;
    })
    .map((x) => x.s);
}

/** A header click: a new column sorts descending first (names ascending), the same column flips. */
export function nextSort(current: Sort | null, key: SortKey): Sort {
  if (current?.key === key) return { key, desc: !current.desc };
  return { key, desc: key !== 'name' };
}

/** `?percent=` and `?price=` of the address; absent or wrong: null (the saved / default view). */
export function viewFromParams(params: URLSearchParams): { percent: number | null; kind: AppraisalPriceKind | null } {
  const raw = params.get('percent');
  const n = raw !== null && /^\d{1,3}$/.test(raw) ? Number(raw) : NaN;
  const price = params.get('price');
  return {
    percent: n >= APPRAISAL_MIN_PERCENT && n <= APPRAISAL_MAX_PERCENT ? n : null,
    kind: price === 'p5' || price === 'best' ? price : null,
  };
}

/** The saved appraisal's address parameters, with the view when it is not the saved one (percent) or the default (best order). */
export function appraisalAddressParams(id: string, view?: AppraisalView, savedPercent = 100): URLSearchParams {
  const params = new URLSearchParams({ id });
  if (view && view.percent !== savedPercent) params.set('percent', String(view.percent));
  if (view && view.kind !== 'best') params.set('price', view.kind);
  return params;
}

/** 'Ссылка': the saved appraisal's address (the page's own address shows the same from the moment it is computed). */
export function appraisalShareLink(origin: string, id: string, view?: AppraisalView, savedPercent = 100): string {
  return `${origin}/market/appraisal?${appraisalAddressParams(id, view, savedPercent).toString()}`;
}

/** The hubs with the highest SELL and BUY totals of a view (none when nothing is priced). */
export function bestHubs(
  result: Pick<AppraisalResponse, 'hubs'>,
  kind: AppraisalPriceKind,
): { sell: number | null; buy: number | null } {
  let sell: { hub: number; v: number } | null = null;
  let buy: { hub: number; v: number } | null = null;
  for (const h of result.hubs) {
    const s = kind === 'p5' ? h.sell_p5 : h.sell;
    const b = kind === 'p5' ? h.buy_p5 : h.buy;
    // an unknown total (a line without a price there) is never the best
    if (s !== null && s > 0 && (!sell || s > sell.v)) sell = { hub: h.hub, v: s };
    if (b !== null && b > 0 && (!buy || b > buy.v)) buy = { hub: h.hub, v: b };
  }
  return { sell: sell?.hub ?? null, buy: buy?.hub ?? null };
}

/**
 * The text a result is appraised again from (another hub, for a saved appraisal whose paste is not
 * in the box): one `name<TAB>quantity` row per line, copies marked `(Copy)` — rows the parser reads
 * back as the same types.
 */
export function linesAsText(lines: readonly AppraisalLine[]): string {
  return lines.map((l) => `${l.name}${l.bpc ? ' (Copy)' : ''}\t${l.quantity}`).join('\n');
}

/** «Возможно, вы имели в виду …» taken: the line's name replaced by the chosen one (null when the line no longer holds it). */
export function replaceInLine(text: string, line: number, from: string, to: string): string | null {
  const lines = text.split(/\r\n|\r|\n/);
  const at = line - 1;
  if (at < 0 || at >= lines.length || !lines[at].includes(from)) return null;
  lines[at] = lines[at].replace(from, to);
  return lines.join('\n');
}

/** An anonymous visitor's appraisal, as kept in the browser. */
export interface LocalAppraisal {
  id: string;
  hub: number;
  percent: number;
  created_at: string;
  lines: number;
  names: string[];
  /** null: a line had no price. */
  sell: number | null;
  buy: number | null;
}

export const LOCAL_HISTORY_KEY = 'appraisal_history';

export function localEntry(r: AppraisalResponse & { id: string }): LocalAppraisal {
  const t = appraisalTotals(r.data);
  return {
    id: r.id,
    hub: r.hub,
    percent: r.percent,
    created_at: r.created_at,
    lines: r.data.length,
    names: r.data.slice(0, 3).map((l) => l.name),
    sell: t.sell,
    buy: t.buy,
  };
}

/** The newest first, one entry per id, at most APPRAISAL_LOCAL_HISTORY. */
export function addLocal(list: readonly LocalAppraisal[], entry: LocalAppraisal): LocalAppraisal[] {
  return [entry, ...list.filter((e) => e.id !== entry.id)].slice(0, APPRAISAL_LOCAL_HISTORY);
}

/** What the browser keeps (anything unreadable counts as nothing). */
export function readLocal(storage: Pick<Storage, 'getItem'>): LocalAppraisal[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(LOCAL_HISTORY_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (e): e is LocalAppraisal =>
          typeof e === 'object' &&
          e !== null &&
          typeof e.id === 'string' &&
          /^[0-9A-Za-z]{10}$/.test(e.id) &&
          typeof e.created_at === 'string',
      )
      .slice(0, APPRAISAL_LOCAL_HISTORY);
  } catch {
    return [];
  }
}

export function writeLocal(storage: Pick<Storage, 'setItem'>, list: readonly LocalAppraisal[]): void {
  try {
    storage.setItem(LOCAL_HISTORY_KEY, JSON.stringify(list));
  } catch {
    // A full or disabled storage: the history is only a convenience.
  }
}
