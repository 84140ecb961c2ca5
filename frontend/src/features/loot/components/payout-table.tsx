import { Group, Paper, SegmentedControl, Table, Text, Title } from '@mantine/core';
import { formatIsk, payoutText, type PayoutBasis, type PayoutRow } from '@eve-toolkit/shared-types';
import { CopyButton } from '../../../shared/ui/copy-button';

interface Props {
  rows: PayoutRow[];
  basis: PayoutBasis;
  onBasis: (basis: PayoutBasis) => void;
  /** Cents left over after the even shares, summed over the groups. */
  remainder: number;
}

/** Who gets how much: one row per pilot, the even share of its group at the chosen price. */
export function PayoutTable({ rows, basis, onBasis, remainder }: Props) {
  return (
    <Paper withBorder radius="lg" p="md" data-testid="payout-table">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} fz={18}>
          Выплаты
        </Title>
        <Group gap="sm">
          <SegmentedControl
            size="xs"
            value={basis}
            onChange={(v) => onBasis(v as PayoutBasis)}
            data={[
              { value: 'buy', label: 'По BUY' },
              { value: 'sell', label: 'По SELL' },
            ]}
            aria-label="Цены для выплат"
          />
          <CopyButton
            label="Копировать выплаты"
            title="Для Excel или Google Таблиц на русском: суммы с запятой, без пробелов"
            text={() => payoutText(rows)}
          />
        </Group>
      </Group>
      <Table striped verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Пилот</Table.Th>
            <Table.Th>Группа</Table.Th>
            <Table.Th ta="right">Доля, ISK</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.pilot} data-testid="payout-row">
              <Table.Td>{r.pilot}</Table.Td>
              <Table.Td>{r.group}</Table.Td>
              <Table.Td ta="right">{r.share === null ? 'неизвестно' : formatIsk(r.share)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {remainder > 0 && (
        <Text size="xs" c="dimmed" mt="xs">
          Остаток от деления поровну: {formatIsk(remainder)} (остаётся у того, кто выплачивает).
        </Text>
      )}
    </Paper>
  );
}
