import { useMemo, useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  APPRAISAL_PRICE_KINDS,
  appraisalTotals,
  formatIsk,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatPrice,
  formatVolume,
  HUBS,
  priceSourceLabel,
  type AppraisalLine,
  type AppraisalPriceChoice,
  type AppraisalPriceKind,
  type AppraisalResponse,
  type MissingPrice,
} from '@eve-toolkit/shared-types';
import { PriceChoices } from '../../../shared/ui/price-choices';
import { CardTable } from '../../../shared/ui/card-table';
import { TypeIcon } from '../../../shared/ui/type-icon';
import { appraisalColumns, appraisalCopyText, appraisalPercentNote } from '../lib/appraisal-text';
import {
  appraisalShareLink,
  nextSort,
  shownLines,
  sortLines,
  type AppraisalView,
  type Sort,
  type SortKey,
} from '../lib/appraisal-view';
import { HubComparison } from './hub-comparison';

export interface AppraisalResultProps {
  result: Pick<AppraisalResponse, 'data' | 'id' | 'created_at' | 'hub' | 'hubs' | 'percent' | 'missing_prices'>;
  view: AppraisalView;
  onKindChange: (kind: AppraisalPriceKind) => void;
  /** Appraise the same lines at another hub; absent: no switching. */
  onSwitchHub?: (hub: number) => void;
  switching?: boolean;
  /** Today's prices of the same lines, shown beside the saved ones. */
  current?: AppraisalLine[] | null;
  /** Shown only when opening a saved appraisal: the 'Текущие цены' toggle. */
  onToggleCurrent?: (on: boolean) => void;
  showCurrent?: boolean;
  currentLoading?: boolean;
}

type CopyState = { what: string; ok: boolean } | null;

/**
 * Rows per page of the table. A 10 000-line inventory prices ~8 000 types: rendered at once they
 * took the browser ~25 s (and a second per scroll frame); a page of 100 renders at once. Totals,
 * sorting and the copy buttons always cover every line.
 */
export const APPRAISAL_PAGE_SIZE = 100;

/** The columns; the price columns say at which percent they are (appraisalColumns). */
function columns(percent: number): { key: SortKey; label: string; title?: string }[] {
  const spec = appraisalColumns(percent);
  const market = percent === 100 ? '' : ' (рынок, 100 %)';
  return [
    { key: 'name', label: spec[0] },
    { key: 'quantity', label: spec[1] },
    { key: 'volume', label: spec[2] },
    { key: 'sell', label: spec[3], title: 'Цена SELL за единицу на рынке хаба' },
    { key: 'buy', label: spec[4], title: 'Цена BUY за единицу на рынке хаба' },
    { key: 'sellTotal', label: spec[5], title: `SELL за единицу × количество${percent === 100 ? '' : ` × ${percent} %`}` },
    { key: 'buyTotal', label: spec[6], title: `BUY за единицу × количество${percent === 100 ? '' : ` × ${percent} %`}` },
    { key: 'iskPerM3', label: `ISK/м³${market}`, title: 'Стоимость SELL на кубометр по рыночной цене' },
    { key: 'share', label: 'Доля', title: 'Доля в итоге SELL' },
    { key: 'orders', label: 'Ордера S / B', title: 'Ордеров на продажу / на покупку в хабе (глубина)' },
  ];
}

const percentText = (v: number | null) => (v === null ? '—' : formatPercent(v, 1));
/** A price or total that may be unknown: said, never shown as 0 or a partial sum. */
const priceText = (v: number | null) => (v === null ? 'нет цены' : formatPrice(v));
const totalText = (v: number | null) => (v === null ? 'неизвестно' : formatIsk(v));
const hubName = (id: number) => HUBS.find((h) => h.id === id)?.label ?? `#${id}`;

/**
 * The priced table (spec §2): Type, Quantity, Volume, SELL and BUY per unit, SELL, BUY, then ISK
 * per m³, the share of the total and the order depth; any column sorts. Totals at the buyback
 * percent, the price kind, the hubs compared, copy buttons. The page renders it with a key per
 * result: page, sort and copy state start afresh.
 */
export function AppraisalResult({
  result,
  view,
  onKindChange,
  onSwitchHub,
  switching,
  current,
  onToggleCurrent,
  showCurrent,
  currentLoading,
}: AppraisalResultProps) {
  const { data, id } = result;
  const [copied, setCopied] = useState<CopyState>(null);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort | null>(null);
  /** Prices the player counts instead of missing ones (this page only, not saved). */
  const [choices, setChoices] = useState<ReadonlyMap<number, AppraisalPriceChoice>>(new Map());
  const rows = useMemo(() => sortLines(shownLines(data, view, choices), sort), [data, view, sort, choices]);
  const pages = Math.max(1, Math.ceil(rows.length / APPRAISAL_PAGE_SIZE));
  const from = (Math.min(page, pages) - 1) * APPRAISAL_PAGE_SIZE;
  const shown = rows.slice(from, from + APPRAISAL_PAGE_SIZE);
  const totals = appraisalTotals(data, view.kind, view.percent, choices);
  const now = showCurrent && current ? current : null;
  const nowTotals = now ? appraisalTotals(now, view.kind, view.percent) : null;
  const byType = new Map(now?.map((l) => [`${l.type_id}:${l.bpc}`, l]) ?? []);
  const at = view.percent === 100 ? '' : ` (${view.percent} %)`;
  const COLUMNS = columns(view.percent);
  const percentNote = appraisalPercentNote(view.percent);

  const copy = async (what: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ what, ok: true });
    } catch {
      setCopied({ what, ok: false });
    }
  };
  const sortBy = (key: SortKey) => {
    setSort((s) => nextSort(s, key));
    setPage(1);
  };

  return (
    <Paper withBorder radius="lg" p="md" data-testid="appraisal-result">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="lg" wrap="wrap">
            <Text fw={600} data-testid="total-sell">
              Итог SELL{at}: {totalText(totals.sell)}
            </Text>
            <Text fw={600} data-testid="total-buy">
              Итог BUY{at}: {totalText(totals.buy)}
            </Text>
            {totals.copies > 0 && (
              <Text size="sm" c="dimmed" data-testid="total-copies">
                без копий чертежей ({formatNumber(totals.copies)})
              </Text>
            )}
            <Text c="dimmed" data-testid="total-volume">
              Объём: {formatVolume(totals.volume)}
            </Text>
          </Group>
          <Group gap="xs">
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => void copy('Копировать', appraisalCopyText(data, false, view.kind, view.percent))}
            >
              Копировать
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => void copy('С заголовком', appraisalCopyText(data, true, view.kind, view.percent))}
            >
              С заголовком
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              disabled={!id}
              onClick={() => id && void copy('Ссылка', appraisalShareLink(window.location.origin, id, view, result.percent))}
            >
              Ссылка
            </Button>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          «Копировать» и «С заголовком» — строки для таблицы (Excel, Google Таблицы на русском): числа с запятой, без пробелов;
          вставляются и обратно в оценку.
        </Text>
        {copied && (
          <Text size="sm" c={copied.ok ? 'teal' : 'red'} role="status">
            {copied.ok ? `Скопировано: ${copied.what}` : 'Не удалось скопировать'}
          </Text>
        )}
        <Group gap="md" wrap="wrap">
          <SegmentedControl
            size="xs"
            aria-label="Какая цена"
            value={view.kind}
            onChange={(v) => onKindChange(v as AppraisalPriceKind)}
            data={APPRAISAL_PRICE_KINDS.map((k) => ({ value: k.value, label: k.label }))}
          />
          <Text size="sm" c="dimmed" data-testid="priced-at">
            Цены на {formatDateTime(result.created_at)}
          </Text>
          {onToggleCurrent && (
            <Switch
              label="Показать текущие цены рядом"
              checked={!!showCurrent}
              onChange={(e) => onToggleCurrent(e.currentTarget.checked)}
            />
          )}
          {currentLoading && <Text size="sm">Загружаем текущие цены…</Text>}
        </Group>
        {(totals.missing_sell.length > 0 || totals.missing_buy.length > 0 || choices.size > 0) && (
          <MissingLines
            data={data}
            missing={result.missing_prices ?? []}
            missingSell={totals.missing_sell}
            missingBuy={totals.missing_buy}
            hub={result.hub}
            choices={choices}
            onChange={setChoices}
          />
        )}
        {nowTotals && (
          <Group gap="lg" data-testid="current-totals">
            <Text fw={600}>Итог SELL сейчас: {totalText(nowTotals.sell)}</Text>
            <Text fw={600}>Итог BUY сейчас: {totalText(nowTotals.buy)}</Text>
          </Group>
        )}
        {result.hubs.length > 0 && <HubComparison result={result} view={view} onSwitch={onSwitchHub} switching={switching} />}
        {percentNote && (
          <Text size="sm" data-testid="appraisal-percent-note">
            {percentNote}
          </Text>
        )}
        <CardTable striped highlightOnHover verticalSpacing={4} minWidth={980} data-testid="appraisal-table">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c, i) => (
                <Table.Th
                  key={c.key}
                  ta={i === 0 ? 'left' : 'right'}
                  title={c.title}
                  aria-sort={sort?.key === c.key ? (sort.desc ? 'descending' : 'ascending') : undefined}
                >
                  <UnstyledButton onClick={() => sortBy(c.key)} fz="sm" fw={700}>
                    {c.label}
                    {sort?.key === c.key && <span aria-hidden="true">{sort.desc ? ' ↓' : ' ↑'}</span>}
                  </UnstyledButton>
                </Table.Th>
              ))}
              {now && <Table.Th ta="right">SELL за ед. сейчас</Table.Th>}
              {now && <Table.Th ta="right">BUY за ед. сейчас</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((s) => {
              const l = s.line;
              const today = byType.get(`${l.type_id}:${l.bpc}`);
              const todayPrices = today ? (view.kind === 'p5' ? [today.sell_p5, today.buy_p5] : [today.sell, today.buy]) : null;
              return (
                <Table.Tr key={`${l.type_id}:${l.bpc}`}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <TypeIcon src={l.icon} size={24} />
                      <div>
                        <Text size="sm">
                          {l.name}
                          {l.bpc && (
                            <Badge size="xs" ml={6}>
                              {l.runs === null ? 'копия' : `копия, ${formatNumber(l.runs)} прог.`}
                            </Badge>
                          )}
                        </Text>
                        {l.note && (
                          <Text size="xs" c="dimmed">
                            {l.note}
                          </Text>
                        )}
                        {s.source && (
                          <Text size="xs" c="blue" data-testid="line-source">
                            Вместо недостающей: {priceSourceLabel(s.source, hubName)}
                          </Text>
                        )}
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" data-label={COLUMNS[1].label}>
                    {formatNumber(l.quantity)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={COLUMNS[2].label}>
                    {formatVolume(l.volume)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={COLUMNS[3].label}>
                    {priceText(s.sell)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={COLUMNS[4].label}>
                    {priceText(s.buy)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={COLUMNS[5].label}>
                    {priceText(s.sellTotal)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={COLUMNS[6].label}>
                    {priceText(s.buyTotal)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={COLUMNS[7].label}>
                    {s.iskPerM3 === null ? '—' : formatPrice(s.iskPerM3)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={COLUMNS[8].label}>
                    {percentText(s.share)}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    data-label={COLUMNS[9].label}
                    title={`На продажу: ${formatNumber(l.sell_quantity)} шт., на покупку: ${formatNumber(l.buy_quantity)} шт.`}
                  >
                    {formatNumber(l.sell_orders)} / {formatNumber(l.buy_orders)}
                  </Table.Td>
                  {now && (
                    <Table.Td ta="right" data-label="SELL за ед. сейчас">
                      {todayPrices ? priceText(todayPrices[0]) : '—'}
                    </Table.Td>
                  )}
                  {now && (
                    <Table.Td ta="right" data-label="BUY за ед. сейчас">
                      {todayPrices ? priceText(todayPrices[1]) : '—'}
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </CardTable>
        {pages > 1 && (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed" data-testid="appraisal-rows">
              Строки {formatNumber(from + 1)}–{formatNumber(from + shown.length)} из {formatNumber(rows.length)}
            </Text>
            <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" aria-label="Страницы оценки" />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The lines without a price: said by name, the totals unknown until a price is chosen for each —
 * another hub's orders, CCP's adjusted (average) price, or one typed in — each labelled where it
 * is used. The choice stays on this page (it is not saved with the appraisal).
 */
function MissingLines({
  data,
  missing,
  missingSell,
  missingBuy,
  hub,
  choices,
  onChange,
}: {
  data: readonly AppraisalLine[];
  missing: readonly MissingPrice[];
  missingSell: readonly number[];
  missingBuy: readonly number[];
  hub: number;
  choices: ReadonlyMap<number, AppraisalPriceChoice>;
  onChange: (choices: ReadonlyMap<number, AppraisalPriceChoice>) => void;
}) {
  const names = new Map(data.map((l) => [l.type_id, l.name]));
  const byId = new Map(missing.map((m) => [m.type_id, m]));
  const ids = [...new Set([...missingSell, ...missingBuy])];
  const set = (id: number, choice: AppraisalPriceChoice | null) => {
    const next = new Map(choices);
    if (choice) next.set(id, choice);
    else next.delete(id);
    onChange(next);
  };
  return (
    <Stack
      gap={6}
      data-testid="missing-prices"
      p="xs"
      style={{ border: '1px solid var(--mantine-color-orange-4)', borderRadius: 8 }}
    >
      {ids.length > 0 && (
        <Text size="sm" fw={600}>
          Нет цены в хабе {hubName(hub)}: {ids.map((id) => names.get(id) ?? `#${id}`).join(', ')} — итог с ними неизвестен (не как
          0). Выберите цену вместо недостающей:
        </Text>
      )}
      {ids.map((id) => (
        <MissingLine
          key={id}
          id={id}
          name={names.get(id) ?? `#${id}`}
          sides={[missingSell.includes(id) && 'SELL', missingBuy.includes(id) && 'BUY'].filter(Boolean).join(' и ')}
          alt={byId.get(id)}
          onPick={(c) => set(id, c)}
        />
      ))}
      {[...choices].map(([id, c]) => (
        <Group key={id} gap="xs">
          <Text size="sm">
            {names.get(id) ?? `#${id}`}: {priceSourceLabel(c.source, hubName)}
          </Text>
          <Button size="compact-xs" variant="subtle" onClick={() => set(id, null)}>
            Убрать
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

function MissingLine({
  id,
  name,
  sides,
  alt,
  onPick,
}: {
  id: number;
  name: string;
  sides: string;
  alt: MissingPrice | undefined;
  onPick: (c: AppraisalPriceChoice) => void;
}) {
  return (
    <Stack gap={4} data-testid={`missing-${id}`}>
      <Text size="sm" fw={600}>
        {name}: нет {sides}
      </Text>
      <PriceChoices
        hubs={alt?.hubs ?? []}
        adjusted={alt?.adjusted ?? null}
        format={priceText}
        onHub={(hub_id, sell, buy) => onPick({ sell, buy, source: { kind: 'hub', hub_id } })}
        onAdjusted={(price) => onPick({ sell: price, buy: price, source: { kind: 'adjusted' } })}
        onManual={(price) => onPick({ sell: price, buy: price, source: { kind: 'manual' } })}
        manualLabel="Своя цена за шт."
        applyLabel="Применить"
      />
    </Stack>
  );
}
