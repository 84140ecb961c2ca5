import { Link } from 'react-router-dom';
import { Anchor, Button, Table, Text } from '@mantine/core';
import { CHECK_FLAG_LABELS, type CharacterFlag } from '@eve-toolkit/shared-types';
import { CardTable } from '../../../shared/ui/card-table';
import { formatFlagValue } from '../lib/check-flags';
import { formatDateTime } from './admin-ui';

/**
 * Changes found by the scheduled character checks: who, what changed (from -> to), when, and
 * «Отметить» (acknowledge) for an open one (or who acknowledged it). `withCharacter`: the character column
 * (left out on the character's own page).
 */
export function FlagsTable({
  flags,
  withCharacter,
  onAck,
  pending,
}: {
  flags: readonly CharacterFlag[];
  withCharacter: boolean;
  onAck: (ids: string[]) => void;
  pending: boolean;
}) {
  return (
    <CardTable striped withTableBorder aria-label="Изменения персонажей">
      <Table.Thead>
        <Table.Tr>
          {withCharacter && <Table.Th>Персонаж</Table.Th>}
          <Table.Th>Что изменилось</Table.Th>
          <Table.Th>Было</Table.Th>
          <Table.Th>Стало</Table.Th>
          <Table.Th>Когда</Table.Th>
          <Table.Th>Отметка</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {flags.map((f) => (
          <Table.Tr key={f.id} data-testid={`flag-${f.character.id}-${f.kind}`}>
            {withCharacter && (
              <Table.Td>
                <Anchor component={Link} to={`/best_admin/chars/${f.character.id}`}>
                  {f.character.name}
                </Anchor>
              </Table.Td>
            )}
            <Table.Td data-label="Что изменилось">{CHECK_FLAG_LABELS[f.kind]}</Table.Td>
            <Table.Td data-label="Было">{formatFlagValue(f.kind, f.from)}</Table.Td>
            <Table.Td data-label="Стало">
              <Text span fw={600} fz="sm">
                {formatFlagValue(f.kind, f.to)}
              </Text>
            </Table.Td>
            <Table.Td data-label="Когда">{formatDateTime(f.at)}</Table.Td>
            <Table.Td data-label="Отметка">
              {f.acknowledged ? (
                <Text fz="sm" c="dimmed">
                  {f.acknowledged.by}, {formatDateTime(f.acknowledged.at)}
                </Text>
              ) : (
                <Button
                  size="xs"
                  variant="light"
                  loading={pending}
                  aria-label={`Отметить просмотренным: ${f.character.name}, ${CHECK_FLAG_LABELS[f.kind]}`}
                  onClick={() => onAck([f.id])}
                >
                  Отметить
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CardTable>
  );
}
