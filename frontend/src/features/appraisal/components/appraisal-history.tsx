import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Button, Group, Pagination, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { HUBS, formatIsk, formatDateTime, formatNumber } from '@eve-toolkit/shared-types';
import { useAppraisalHistory, useDeleteAppraisal } from '../api/appraisal.api';
import type { LocalAppraisal } from '../lib/appraisal-view';

const hubLabel = (id: number) => HUBS.find((h) => h.id === id)?.label ?? String(id);
const when = (iso: string) => formatDateTime(iso);

interface Row {
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

function HistoryTable({
  rows,
  onDelete,
  deleting,
  removeLabel,
}: {
  rows: Row[];
  onDelete: (id: string) => void;
  deleting: string | null;
  removeLabel: string;
}) {
  return (
    <ScrollArea>
      <Table verticalSpacing={4} miw={680} data-testid="appraisal-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Когда</Table.Th>
            <Table.Th>Что</Table.Th>
            <Table.Th>Хаб</Table.Th>
            <Table.Th ta="right">Итог SELL</Table.Th>
            <Table.Th ta="right">Итог BUY</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Действия</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>
                <Anchor component={Link} to={`/market/appraisal?id=${encodeURIComponent(r.id)}`} size="sm">
                  {when(r.created_at)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1}>
                  {r.names.join(', ')}
                  {r.lines > r.names.length ? ` и ещё ${formatNumber(r.lines - r.names.length)}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                {hubLabel(r.hub)}
                {r.percent !== 100 ? `, ${r.percent} %` : ''}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {r.sell === null ? 'неизвестно' : formatIsk((r.sell * r.percent) / 100)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {r.buy === null ? 'неизвестно' : formatIsk((r.buy * r.percent) / 100)}
              </Table.Td>
              <Table.Td ta="right">
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  loading={deleting === r.id}
                  onClick={() => onDelete(r.id)}
                  aria-label={`${removeLabel} оценку от ${when(r.created_at)}`}
                >
                  {removeLabel}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** A signed-in player's own appraisals (server, paged; deleting removes the link too). */
export function ServerHistory() {
  const [page, setPage] = useState(1);
  const history = useAppraisalHistory(page, true);
  const remove = useDeleteAppraisal();
  if (!history.data || history.data.total === 0) return null;
  const { items, pages } = history.data;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Мои оценки
        </Title>
        <HistoryTable
          rows={items}
          onDelete={(id) => remove.mutate(id)}
          deleting={remove.isPending ? (remove.variables ?? null) : null}
          removeLabel="Удалить"
        />
        {remove.isError && (
          <Text size="sm" c="red" role="alert">
            {remove.error.message}
          </Text>
        )}
        {pages > 1 && (
          <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} size="sm" aria-label="Страницы истории" />
        )}
      </Stack>
    </Paper>
  );
}

/** An anonymous visitor's last appraisals, kept in this browser only. */
export function LocalHistory({ items, onRemove }: { items: LocalAppraisal[]; onRemove: (id: string) => void }) {
  if (items.length === 0) return null;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Последние оценки
          </Title>
          <Text size="xs" c="dimmed">
            хранятся только в этом браузере; войдите, чтобы видеть их везде
          </Text>
        </Group>
        <HistoryTable rows={items} onDelete={onRemove} deleting={null} removeLabel="Убрать" />
      </Stack>
    </Paper>
  );
}
