import { useState } from 'react';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { ROLE_LABELS, type AdminRoleRequest } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { useDecideRoleRequest, useLiveAdmin, useRoleRequests } from '../api/admin.api';
import { ListState, SaveError } from '../components/admin-ui';

/** /best_admin/roles: 'Дать' or 'Отказать'; a decided row shows 'Ок' (spec §4). New requests arrive live. */
export default function AdminRolesPage() {
  useLiveAdmin();
  const requests = useRoleRequests();
  // Rows decided here stay visible with 'Ок' and the decision even after the list refetches without them.
  const [decided, setDecided] = useState<Map<string, { request: AdminRoleRequest; type: Decision }>>(new Map());
  const rows = [...(requests.data?.requests ?? [])];
  for (const { request: r } of decided.values()) if (!rows.some((x) => x.id === r.id)) rows.push(r);
  rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
  return (
    <Stack gap={0}>
      <PageHeader title="Запросы ролей" />
      <ListState isPending={requests.isPending} error={requests.error}>
        {rows.length === 0 ? (
          <Text>Новых запросов не найдено</Text>
        ) : (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Пользователь</Table.Th>
                <Table.Th>Роль</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Действия</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <RequestRow
                  key={r.id}
                  request={r}
                  decision={decided.get(r.id)?.type ?? null}
                  onDone={(type) => setDecided((m) => new Map(m).set(r.id, { request: r, type }))}
                />
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ListState>
    </Stack>
  );
}

type Decision = 'add' | 'del';

function RequestRow({
  request,
  decision,
  onDone,
}: {
  request: AdminRoleRequest;
  decision: Decision | null;
  onDone: (type: Decision) => void;
}) {
  const decide = useDecideRoleRequest();
  const send = (type: Decision) => decide.mutate({ req_id: request.id, type }, { onSuccess: () => onDone(type) });
  return (
    <Table.Tr data-testid={`role-request-${request.user.username}`}>
      <Table.Td>{request.user.username}</Table.Td>
      <Table.Td>{ROLE_LABELS[request.role]}</Table.Td>
      <Table.Td>
        {decision ? (
          <Text fw={600} c={decision === 'add' ? 'green.8' : 'red.8'} data-testid="role-decision">
            {decision === 'add' ? 'Ок — роль выдана' : 'Ок — отказано'}
          </Text>
        ) : (
          <Group gap="xs">
            <Button size="xs" color="green" loading={decide.isPending} onClick={() => send('add')}>
              Дать
            </Button>
            <Button size="xs" color="red" variant="light" disabled={decide.isPending} onClick={() => send('del')}>
              Отказать
            </Button>
          </Group>
        )}
        <SaveError error={decide.error} />
      </Table.Td>
    </Table.Tr>
  );
}
