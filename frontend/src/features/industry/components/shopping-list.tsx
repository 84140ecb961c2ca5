import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Group, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { appraisalLink, formatIsk, formatNumber, formatVolume, multibuyText, type ShoppingItem } from '@eve-toolkit/shared-types';
import { TypeIcon } from '../../../shared/ui/type-icon';

/** Everything to buy under the current choices, copyable in the game's multibuy format and openable in the appraisal. */
export function ShoppingList({ items }: { items: ShoppingItem[] }) {
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(multibuyText(items));
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <Paper withBorder radius="lg" p="md" data-testid="shopping-list">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} fz={18}>
          Список покупок
        </Title>
        <Group gap="xs">
          {copied === 'ok' && (
            <Text size="sm" c="teal" role="status">
              Скопировано
            </Text>
          )}
          {copied === 'failed' && (
            <Text size="sm" c="red" role="status">
              Не удалось скопировать
            </Text>
          )}
          <Button size="compact-sm" variant="light" onClick={copy} disabled={!items.length}>
            Копировать (multibuy)
          </Button>
          <Button size="compact-sm" variant="light" component={Link} to={appraisalLink(items)}>
            Открыть в оценке
          </Button>
        </Group>
      </Group>
      {items.length === 0 ? (
        <Text c="dimmed">Покупать нечего.</Text>
      ) : (
        <ScrollArea.Autosize mah={420}>
          <Table striped highlightOnHover verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Предмет</Table.Th>
                <Table.Th ta="right">Количество</Table.Th>
                <Table.Th ta="right">Объём</Table.Th>
                <Table.Th ta="right">SELL</Table.Th>
                <Table.Th ta="right">BUY</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((i) => (
                <Table.Tr key={i.id} data-testid={`shop-${i.id}`}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <TypeIcon src={i.icon} size={20} />
                      <Text size="sm">{i.name}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(i.quantity)}</Table.Td>
                  <Table.Td ta="right">{formatVolume(i.volume)}</Table.Td>
                  <Table.Td ta="right">{i.market_sell === null ? '—' : formatIsk(i.quantity * i.market_sell)}</Table.Td>
                  <Table.Td ta="right">{i.market_buy === null ? '—' : formatIsk(i.quantity * i.market_buy)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
