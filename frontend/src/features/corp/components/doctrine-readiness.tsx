import { Alert, Badge, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Doctrine, DoctrinePilot } from '@eve-toolkit/shared-types';
import { errorText } from '../api/corp.api';
import { useDoctrineReadiness } from '../api/doctrines.api';

const ROMAN = ['0', 'I', 'II', 'III', 'IV', 'V'];

/** «Может» / «Не может» / «Неизвестно» for one pilot and fit. */
export function CanFly({ pilot }: { pilot: DoctrinePilot }) {
  if (pilot.can_fly === null)
    return (
      <Badge color="gray" variant="light" tt="none" title={pilot.problem ?? undefined}>
        Неизвестно
      </Badge>
    );
  return pilot.can_fly ? (
    <Badge color="green" variant="light" tt="none">
      Может
    </Badge>
  ) : (
    <Badge color="red" variant="light" tt="none">
      Не может
    </Badge>
  );
}

/** What a pilot misses: «Skill: нужно V, есть IV», or why it is unknown. */
export function MissingText({ pilot }: { pilot: DoctrinePilot }) {
  if (pilot.problem)
    return (
      <Text size="xs" c="dimmed">
        {pilot.problem}
      </Text>
    );
  if (pilot.missing.length === 0) return null;
  return (
    <Text size="xs" data-testid="pilot-missing">
      {pilot.missing.map((m) => `${m.skill.name}: нужно ${ROMAN[m.level]}, есть ${ROMAN[m.have]}`).join('; ')}
    </Text>
  );
}

/**
 * Who can fly the doctrine's fits: for those who manage doctrines every pilot of the
 * corporation (a table pilot × fit), for the others their own characters. Skills come from ESI
 * through each character's own token; a character without the scope says so.
 */
export function DoctrineReadiness({ doctrine }: { doctrine: Doctrine }) {
  const q = useDoctrineReadiness(doctrine.id);
  if (q.isPending) return <Skeleton height={80} radius="md" />;
  if (q.isError)
    return (
      <Alert color="red" variant="light" role="alert" p="xs">
        {errorText(q.error)}
      </Alert>
    );
  const pilots = q.data.fits[0]?.pilots ?? [];
  if (pilots.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Нет привязанных персонажей в корпорации
      </Text>
    );
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={420}>
        <Table
          striped
          withTableBorder
          verticalSpacing={6}
          data-testid={`readiness-${doctrine.id}`}
          aria-label={`Кто может лететь: ${doctrine.name}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Пилот</Table.Th>
              {doctrine.fits.map((f) => (
                <Table.Th key={f.id}>
                  {f.ship.name} · {f.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pilots.map((p, row) => (
              <Table.Tr key={p.character.id} data-testid={`pilot-${p.character.id}`}>
                <Table.Td>
                  <Text size="sm" fw={p.mine ? 600 : undefined}>
                    {p.character.name}
                    {p.mine ? ' (вы)' : ''}
                  </Text>
                </Table.Td>
                {doctrine.fits.map((f) => {
                  const cell = q.data.fits.find((x) => x.fit_id === f.id)?.pilots[row];
                  return (
                    <Table.Td key={f.id}>
                      {cell && (
                        <Stack gap={2}>
                          <CanFly pilot={cell} />
                          <MissingText pilot={cell} />
                        </Stack>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
