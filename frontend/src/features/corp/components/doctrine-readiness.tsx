import { Alert, Badge, Skeleton, Stack, Table, Text } from '@mantine/core';
import { countRu, type Doctrine, type DoctrinePilot } from '@eve-toolkit/shared-types';
import { CardTable } from '../../../shared/ui/card-table';
import { errorText } from '../api/corp.api';
import { useDoctrineReadiness } from '../api/doctrines.api';

const ROMAN = ['0', 'I', 'II', 'III', 'IV', 'V'];
/** Missing skills shown at once (the rest as «и ещё N», the whole list in the tooltip). */
const SHOWN = 4;

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
  const all = pilot.missing.map((m) => `${m.skill.name}: нужно ${ROMAN[m.level]}, есть ${ROMAN[m.have]}`);
  const more = all.length - SHOWN;
  return (
    <Text size="xs" data-testid="pilot-missing" title={all.join('\n')}>
      {all.slice(0, SHOWN).join('; ')}
      {more > 0 ? `; и ещё ${countRu(more, ['навык', 'навыка', 'навыков'])}` : ''}
    </Text>
  );
}

/**
 * Who can fly the doctrine's fits: for those who manage doctrines every pilot of the
 * corporation (a table pilot × fit), for the others their own characters (a line per character
 * and fit, which fits a phone). Skills come from ESI through each character's own token; a
 * character without the scope says so.
 */
export function DoctrineReadiness({ doctrine, everyone }: { doctrine: Doctrine; everyone: boolean }) {
  const q = useDoctrineReadiness(doctrine.id);
  if (q.isPending) return <Skeleton height={80} radius="md" />;
  if (q.isError)
    return (
      <Alert color="red" variant="light" role="alert" p="xs">
        {errorText(q.error)}
      </Alert>
    );
  const pilots = q.data.fits[0]?.pilots ?? [];
  const cellOf = (fitId: string, row: number) => q.data.fits.find((x) => x.fit_id === fitId)?.pilots[row];
  if (pilots.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {everyone ? 'Нет привязанных персонажей в корпорации' : 'У вас нет персонажей в этой корпорации'}
      </Text>
    );
  if (!everyone)
    return (
      <Stack gap={8} data-testid={`readiness-${doctrine.id}`} aria-label={`Мои персонажи: ${doctrine.name}`}>
        {pilots.map((p, row) => (
          <Stack key={p.character.id} gap={4} data-testid={`pilot-${p.character.id}`}>
            {doctrine.fits.map((f) => {
              const cell = cellOf(f.id, row);
              return (
                cell && (
                  <Stack key={f.id} gap={2}>
                    <Text size="sm">
                      <b>{p.character.name}</b> · {f.ship.name} «{f.name}» <CanFly pilot={cell} />
                    </Text>
                    <MissingText pilot={cell} />
                  </Stack>
                )
              );
            })}
          </Stack>
        ))}
      </Stack>
    );
  // On a phone a card per pilot, each fit labelled (no table scrolling sideways inside the doctrine's card).
  return (
    <CardTable
      minWidth={420}
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
              {f.name}
              <Text size="xs" c="dimmed" fw={400}>
                {f.ship.name}
              </Text>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {pilots.map((p, row) => (
          <Table.Tr key={p.character.id} data-testid={`pilot-${p.character.id}`}>
            <Table.Td data-label="Пилот">
              <Text size="sm" fw={p.mine ? 600 : undefined}>
                {p.character.name}
                {p.mine ? ' (вы)' : ''}
              </Text>
            </Table.Td>
            {doctrine.fits.map((f) => {
              const cell = cellOf(f.id, row);
              return (
                <Table.Td key={f.id} data-label={`${f.ship.name} «${f.name}»`}>
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
    </CardTable>
  );
}
