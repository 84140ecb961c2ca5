import { Link } from 'react-router-dom';
import { ActionIcon, Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import {
  countRu,
  formatIsk,
  formatNumber,
  lootAppraisalLink,
  lootItemsText,
  type MoveDirection,
} from '@eve-toolkit/shared-types';
import type { GroupView } from '../lib/view';
import { CopyButton } from './copy-button';

const PILOT_FORMS = ['пилот', 'пилота', 'пилотов'] as const;
const TYPE_FORMS = ['тип', 'типа', 'типов'] as const;

interface Props {
  group: GroupView;
  index: number;
  onMove: (pilot: number, direction: MoveDirection) => void;
}

/** One group: its pilots with arrows, the summed items, its value and share, 'В маркет' and 'Копировать'. */
export function GroupCard({ group, index, onMove }: Props) {
  const names = new Map(group.items.map((i) => [i.type_id, i.name]));
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
            Итог SELL: <b>{formatIsk(group.value.sell)}</b>
          </Text>
          <Text size="sm" data-testid="group-buy">
            Итог BUY: <b>{formatIsk(group.value.buy)}</b>
          </Text>
          <Text size="sm" c="dimmed" data-testid="group-share">
            На пилота: {formatIsk(group.share.sell)} (SELL) / {formatIsk(group.share.buy)} (BUY)
          </Text>
          {group.value.unpricedSell.length > 0 && (
            <Text size="xs" data-testid="group-unpriced">
              Без цены SELL в хабе ({countRu(group.value.unpricedSell.length, TYPE_FORMS)}, в итог не вошли):{' '}
              {group.value.unpricedSell.map((id) => names.get(id) ?? `#${id}`).join(', ')}
            </Text>
          )}
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
