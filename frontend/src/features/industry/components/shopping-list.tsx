import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { appraisalLink, formatIsk, formatNumber, formatVolume, multibuyText, type ShoppingItem } from '@eve-toolkit/shared-types';
import { CardTable } from '../../../shared/ui/card-table';
import { TypeIcon } from '../../../shared/ui/type-icon';
import { shoppingSheetText } from '../lib/shopping-text';

type Copied = { ok: boolean; what: string } | null;

/**
 * Everything to buy under the current choices: copied for the game (its multibuy window: English
 * names and whole quantities) or for a Russian spreadsheet, and openable in the appraisal.
 */
export function ShoppingList({ items }: { items: ShoppingItem[] }) {
  const [copied, setCopied] = useState<Copied>(null);
  const copy = async (what: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied({ ok: true, what });
    } catch {
      setCopied({ ok: false, what });
    }
  };
  return (
    <Paper withBorder radius="lg" p="md" data-testid="shopping-list">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} fz={18}>
          Список покупок
        </Title>
        <Group gap="xs">
          {copied && (
            <Text size="sm" c={copied.ok ? 'teal' : 'red'} role="status">
              {copied.ok ? `Скопировано ${copied.what}` : 'Не удалось скопировать'}
            </Text>
          )}
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void copy('для игры', multibuyText(items))}
            disabled={!items.length}
            title="Для окна Multibuy на рынке в игре: английское название и количество через табуляцию"
          >
            Копировать для игры
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => void copy('для таблицы', shoppingSheetText(items))}
            disabled={!items.length}
            title="Для Excel или Google Таблиц на русском: числа с запятой"
          >
            Копировать для таблицы
          </Button>
          <Button size="compact-sm" variant="light" component={Link} to={appraisalLink(items)}>
            Открыть в оценке
          </Button>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        «Для игры» — вставьте в окно Multibuy на рынке; «для таблицы» — в Excel или Google Таблицы (числа с запятой).
      </Text>
      {items.length === 0 ? (
        <Text c="dimmed">Покупать нечего.</Text>
      ) : (
        <CardTable striped highlightOnHover verticalSpacing={4}>
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
                <Table.Td ta="right" data-label="Количество">
                  {formatNumber(i.quantity)}
                </Table.Td>
                <Table.Td ta="right" data-label="Объём">
                  {formatVolume(i.volume)}
                </Table.Td>
                <Table.Td ta="right" data-label="SELL">
                  {i.market_sell === null ? '—' : formatIsk(i.quantity * i.market_sell)}
                </Table.Td>
                <Table.Td ta="right" data-label="BUY">
                  {i.market_buy === null ? '—' : formatIsk(i.quantity * i.market_buy)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CardTable>
      )}
    </Paper>
  );
}
