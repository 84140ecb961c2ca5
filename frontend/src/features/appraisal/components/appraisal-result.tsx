import { useState } from 'react';
import { Badge, Button, Group, Pagination, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import {
  appraisalTotals,
  formatIsk,
  formatNumber,
  formatPrice,
  formatVolume,
  type AppraisalLine,
} from '@eve-toolkit/shared-types';
import { CardTable } from '../../../shared/ui/card-table';
import { TypeIcon } from '../../../shared/ui/type-icon';
import { APPRAISAL_COLUMNS, appraisalCopyText, appraisalShareLink } from '../lib/appraisal-text';

export interface AppraisalResultProps {
  data: AppraisalLine[];
  /** Saved appraisal id (the 'Ссылка' button); null when nothing was saved. */
  id: string | null;
  /** When the prices were taken (ISO). */
  pricedAt: string;
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
 * took the browser ~25 s (and a second per scroll frame); a page of 100 renders at once. Totals
 * and the copy buttons always cover every line.
 */
export const APPRAISAL_PAGE_SIZE = 100;

/**
 * The priced table (spec §2): Type, Quantity, Volume, SELL and BUY per unit, SELL, BUY; totals;
 * copy buttons. The page renders it with a key per result: page and copy state start afresh.
 */
export function AppraisalResult({
  data,
  id,
  pricedAt,
  current,
  onToggleCurrent,
  showCurrent,
  currentLoading,
}: AppraisalResultProps) {
  const [copied, setCopied] = useState<CopyState>(null);
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(data.length / APPRAISAL_PAGE_SIZE));
  const from = (Math.min(page, pages) - 1) * APPRAISAL_PAGE_SIZE;
  const shown = data.slice(from, from + APPRAISAL_PAGE_SIZE);
  const totals = appraisalTotals(data);
  const now = showCurrent && current ? current : null;
  const nowTotals = now ? appraisalTotals(now) : null;
  const byType = new Map(now?.map((l) => [`${l.type_id}:${l.bpc}`, l]) ?? []);

  const copy = async (what: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ what, ok: true });
    } catch {
      setCopied({ what, ok: false });
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" data-testid="appraisal-result">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="lg" wrap="wrap">
            <Text fw={600} data-testid="total-sell">
              Итог SELL: {formatIsk(totals.sell)}
            </Text>
            <Text fw={600} data-testid="total-buy">
              Итог BUY: {formatIsk(totals.buy)}
            </Text>
            <Text c="dimmed" data-testid="total-volume">
              Объём: {formatVolume(totals.volume)}
            </Text>
          </Group>
          <Group gap="xs">
            <Button size="compact-sm" variant="light" onClick={() => void copy('Копировать', appraisalCopyText(data, false))}>
              Копировать
            </Button>
            <Button size="compact-sm" variant="light" onClick={() => void copy('С заголовком', appraisalCopyText(data, true))}>
              С заголовком
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              disabled={!id}
              onClick={() => id && void copy('Ссылка', appraisalShareLink(window.location.origin, id))}
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
          <Text size="sm" c="dimmed" data-testid="priced-at">
            Цены на {new Date(pricedAt).toLocaleString('ru-RU')}
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
        {nowTotals && (
          <Group gap="lg" data-testid="current-totals">
            <Text fw={600}>Итог SELL сейчас: {formatIsk(nowTotals.sell)}</Text>
            <Text fw={600}>Итог BUY сейчас: {formatIsk(nowTotals.buy)}</Text>
          </Group>
        )}
        <CardTable striped highlightOnHover verticalSpacing={4} minWidth={760} data-testid="appraisal-table">
          <Table.Thead>
            <Table.Tr>
              {APPRAISAL_COLUMNS.map((c, i) => (
                <Table.Th key={c} ta={i === 0 ? 'left' : 'right'}>
                  {c}
                </Table.Th>
              ))}
              {now && <Table.Th ta="right">SELL за ед. сейчас</Table.Th>}
              {now && <Table.Th ta="right">BUY за ед. сейчас</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((l) => {
              const today = byType.get(`${l.type_id}:${l.bpc}`);
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
                              копия
                            </Badge>
                          )}
                        </Text>
                        {l.note && (
                          <Text size="xs" c="dimmed">
                            {l.note}
                          </Text>
                        )}
                      </div>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" data-label={APPRAISAL_COLUMNS[1]}>
                    {formatNumber(l.quantity)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={APPRAISAL_COLUMNS[2]}>
                    {formatVolume(l.volume)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={APPRAISAL_COLUMNS[3]}>
                    {formatPrice(l.sell)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={APPRAISAL_COLUMNS[4]}>
                    {formatPrice(l.buy)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={APPRAISAL_COLUMNS[5]}>
                    {formatPrice(l.sell * l.quantity)}
                  </Table.Td>
                  <Table.Td ta="right" data-label={APPRAISAL_COLUMNS[6]}>
                    {formatPrice(l.buy * l.quantity)}
                  </Table.Td>
                  {now && (
                    <Table.Td ta="right" data-label="SELL за ед. сейчас">
                      {today ? formatPrice(today.sell) : '—'}
                    </Table.Td>
                  )}
                  {now && (
                    <Table.Td ta="right" data-label="BUY за ед. сейчас">
                      {today ? formatPrice(today.buy) : '—'}
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
              Строки {formatNumber(from + 1)}–{formatNumber(from + shown.length)} из {formatNumber(data.length)}
            </Text>
            <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" aria-label="Страницы оценки" />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
