import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ActionIcon, Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import {
  countRu,
  formatIsk,
  formatNumber,
  lootAppraisalLink,
  lootItemsText,
  type LootPriceChoice,
  type MoveDirection,
} from '@eve-toolkit/shared-types';
import { NumberField } from '../../../shared/ui/number-field';
import type { GroupView } from '../lib/view';
import { CopyButton } from '../../../shared/ui/copy-button';

/** A long price choice wraps on a phone instead of running off the screen. */
const WRAP = { root: { height: 'auto', paddingBlock: 4 }, label: { whiteSpace: 'normal' as const, textAlign: 'left' as const } };

const PILOT_FORMS = ['пилот', 'пилота', 'пилотов'] as const;
const TYPE_FORMS = ['тип', 'типа', 'типов'] as const;

interface Props {
  group: GroupView;
  index: number;
  onMove: (pilot: number, direction: MoveDirection) => void;
  /** A price counted instead of a missing one (null: drop it). */
  onChoose?: (typeId: number, choice: LootPriceChoice | null) => void;
}

const isk = (v: number | null) => (v === null ? 'неизвестно' : formatIsk(v));

/** One group: its pilots with arrows, the summed items, its value and share, 'В маркет' and 'Копировать'. */
export function GroupCard({ group, index, onMove, onChoose }: Props) {
  const names = new Map(group.items.map((i) => [i.type_id, i.name]));
  const unpriced = [...new Set([...group.value.unpricedSell, ...group.value.unpricedBuy])];
  return (
    <Paper withBorder radius="lg" p="md" data-testid={`loot-group-${index + 1}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz={18}>
            Группа {index + 1}
          </Title>
          <Badge variant="light">{countRu(group.pilots.length, PILOT_FORMS)}</Badge>
        </Group>
        <Stack gap={4}>
          {group.pilots.map((p) => (
            <Group key={p.index} justify="space-between" wrap="nowrap" data-testid="loot-pilot">
              <ActionIcon variant="subtle" aria-label={`Влево: ${p.name}`} onClick={() => onMove(p.index, 'left')}>
                ←
              </ActionIcon>
              <Text size="sm" fw={500} style={{ flex: 1 }} ta="center" truncate>
                {p.name}
              </Text>
              <ActionIcon variant="subtle" aria-label={`Вправо: ${p.name}`} onClick={() => onMove(p.index, 'right')}>
                →
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <ScrollArea.Autosize mah={320}>
          <Table striped verticalSpacing={2} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Предмет</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  Кол-во
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.items.map((i) => (
                <Table.Tr key={i.type_id} data-testid="loot-item">
                  <Table.Td>
                    {i.name}
                    {i.blueprint_copy && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (копия, не оценивается)
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{formatNumber(i.quantity)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Stack gap={2}>
          <Text size="sm" data-testid="group-sell">
            Итог SELL: <b>{isk(group.value.sell)}</b>
          </Text>
          <Text size="sm" data-testid="group-buy">
            Итог BUY: <b>{isk(group.value.buy)}</b>
          </Text>
          <Text size="sm" c="dimmed" data-testid="group-share">
            На пилота: {isk(group.share.sell)} (SELL) / {isk(group.share.buy)} (BUY)
          </Text>
          {unpriced.length > 0 && (
            <Text size="xs" data-testid="group-unpriced">
              Нет цены в хабе ({countRu(unpriced.length, TYPE_FORMS)}):{' '}
              {unpriced.map((id) => names.get(id) ?? `#${id}`).join(', ')} — итог и доли с ними неизвестны. Выберите другой хаб
              выше или цену вместо недостающей:
            </Text>
          )}
          {onChoose &&
            group.items
              .filter((i) => unpriced.includes(i.type_id) || i.chosen)
              .map((i) => <PriceChoice key={i.type_id} item={i} onChoose={onChoose} />)}
        </Stack>
        <Group gap="xs">
          <Button size="compact-sm" variant="light" component={Link} to={lootAppraisalLink(group.items)}>
            В маркет
          </Button>
          <CopyButton
            label="Копировать"
            title="Для игры (окно Multibuy) и для оценки: английское название и количество через табуляцию"
            text={() => lootItemsText(group.items)}
          />
        </Group>
      </Stack>
    </Paper>
  );
}

/** An item without a price: CCP's adjusted price or one typed in, counted instead and labelled. */
function PriceChoice({
  item,
  onChoose,
}: {
  item: GroupView['items'][number];
  onChoose: (typeId: number, choice: LootPriceChoice | null) => void;
}) {
  const [typed, setTyped] = useState<number | null>(null);
  if (item.chosen)
    return (
      <Group gap="xs" data-testid="loot-chosen">
        <Text size="xs">
          {item.name}: {item.chosen.source.kind === 'adjusted' ? 'средняя цена CCP (adjusted)' : 'цена введена вручную'}{' '}
          {formatIsk(item.chosen.price)}
        </Text>
        <Button size="compact-xs" variant="subtle" onClick={() => onChoose(item.type_id, null)}>
          Убрать
        </Button>
      </Group>
    );
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid={`loot-missing-${item.type_id}`}>
      <Text size="xs" w="100%">
        {item.name}:
      </Text>
      {item.adjusted !== null && (
        <Button
          size="compact-xs"
          variant="light"
          styles={WRAP}
          onClick={() => onChoose(item.type_id, { price: item.adjusted!, source: { kind: 'adjusted' } })}
        >
          Средняя цена CCP (adjusted): {formatIsk(item.adjusted)}
        </Button>
      )}
      <NumberField size="xs" w={130} label="Своя цена за шт." min={0} decimals={2} allowEmpty value={typed} onChange={setTyped} />
      <Button
        size="compact-xs"
        variant="light"
        disabled={typed === null}
        onClick={() => typed !== null && onChoose(item.type_id, { price: typed, source: { kind: 'manual' } })}
      >
        Применить
      </Button>
    </Group>
  );
}
