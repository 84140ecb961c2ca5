import { useState } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { SrpRequest } from '@eve-toolkit/shared-types';
import { CardTable } from '../../../shared/ui/card-table';
import { errorText, useFileSrp, useSrpLosses } from '../api/srp.api';
import { et, FleetCell, LossValue, payoutText, SrpStatusBadge } from './srp-parts';

/** The pilot's characters' recent losses (ESI), each filed with one click, and a kill link form. */
export function LossesPanel() {
  const losses = useSrpLosses();
  const file = useFileSrp();
  const [link, setLink] = useState('');
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="srp-losses-title">
      <Stack gap="sm">
        <Title order={2} fz={18} id="srp-losses-title">
          Мои потери
        </Title>
        <Text size="sm" c="dimmed">
          Последние потери ваших персонажей из ESI. Заявка проверяется по киллмейлу, оценивается по рынку корпорации и
          привязывается к флоту, во время которого корабль погиб.
        </Text>
        {file.isError && (
          <Alert color="red" variant="light" role="alert" title="Заявка не подана">
            {errorText(file.error)}
          </Alert>
        )}
        {losses.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(losses.error)}
          </Alert>
        )}
        {losses.data?.unreadable.map((u) => (
          <Alert key={u.character.id} color="orange" variant="light" title={u.character.name}>
            {u.reason}
          </Alert>
        ))}
        {losses.isPending && <Skeleton height={120} radius="md" />}
        {losses.data && losses.data.losses.length === 0 && <Text c="dimmed">Потерь за последнее время нет</Text>}
        {losses.data && losses.data.losses.length > 0 && (
          <CardTable minWidth={640} data-testid="srp-losses">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Когда</Table.Th>
                <Table.Th>Пилот</Table.Th>
                <Table.Th>Корабль</Table.Th>
                <Table.Th>Система</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {losses.data.losses.map((l) => (
                <Table.Tr key={l.killmail_id} data-testid={`loss-${l.killmail_id}`}>
                  <Table.Td data-label="Когда">{et(l.time)}</Table.Td>
                  <Table.Td data-label="Пилот">{l.character.name}</Table.Td>
                  <Table.Td data-label="Корабль">{l.ship.name}</Table.Td>
                  <Table.Td data-label="Система">{l.system.name}</Table.Td>
                  <Table.Td>
                    {l.filed ? (
                      <Text size="sm" c="dimmed">
                        Подана
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        aria-label={`Подать на СРП: ${l.ship.name}, ${et(l.time)}`}
                        loading={file.isPending && file.variables?.killmail_id === l.killmail_id}
                        onClick={() => file.mutate({ killmail_id: l.killmail_id, killmail_hash: l.killmail_hash })}
                      >
                        Подать
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </CardTable>
        )}
        <form
          aria-label="Заявка по ссылке"
          onSubmit={(e) => {
            e.preventDefault();
            file.mutate({ link }, { onSuccess: () => setLink('') });
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Ссылка на килл"
              description="В игре: правый клик по киллмейлу → «Copy External Kill Link»"
              placeholder="https://esi.evetech.net/…/killmails/…/…/"
              value={link}
              onChange={(e) => setLink(e.currentTarget.value)}
              style={{ flex: '1 1 320px' }}
            />
            <Button
              type="submit"
              variant="light"
              disabled={!link.trim()}
              loading={file.isPending && file.variables?.link !== undefined}
            >
              Подать по ссылке
            </Button>
          </Group>
        </form>
      </Stack>
    </Paper>
  );
}

/** The pilot's own requests with their status (live). */
export function MyRequestsPanel({ requests }: { requests: SrpRequest[] }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="srp-mine-title">
      <Stack gap="sm">
        <Title order={2} fz={18} id="srp-mine-title">
          Мои заявки
        </Title>
        {requests.length === 0 ? (
          <Text c="dimmed">Заявок пока нет</Text>
        ) : (
          <CardTable minWidth={720} data-testid="srp-mine" aria-live="polite">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Потеря</Table.Th>
                <Table.Th>Стоимость</Table.Th>
                <Table.Th>Выплата</Table.Th>
                <Table.Th>Флот</Table.Th>
                <Table.Th>Статус</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.map((r) => (
                <Table.Tr key={r.id} data-testid={`mine-${r.killmail_id}`}>
                  <Table.Td data-label="Потеря">
                    <div>
                      {r.ship.name} — {r.character.name}
                      <Text size="xs" c="dimmed">
                        {r.system.name}, {et(r.time)}
                      </Text>
                    </div>
                  </Table.Td>
                  <Table.Td data-label="Стоимость">
                    <LossValue r={r} />
                  </Table.Td>
                  <Table.Td data-label="Выплата">{payoutText(r)}</Table.Td>
                  <Table.Td data-label="Флот">
                    <FleetCell r={r} />
                  </Table.Td>
                  <Table.Td data-label="Статус">
                    <div>
                      <SrpStatusBadge status={r.status} />
                      {r.status === 'denied' && r.decision?.reason && (
                        <Text size="xs" c="dimmed">
                          {r.decision.reason}
                        </Text>
                      )}
                    </div>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </CardTable>
        )}
      </Stack>
    </Paper>
  );
}
