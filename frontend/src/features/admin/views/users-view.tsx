import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Group, Stack, Table } from '@mantine/core';
import { ROLE_LABELS } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { useUsers } from '../api/admin.api';
import { ListState, Pager, SearchBox, formatDateTime } from '../components/admin-ui';
import { CardTable } from '../../../shared/ui/card-table';

/** /best_admin/users: search from 2 characters, 10 per page. */
export default function AdminUsersPage() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const users = useUsers(q, page);
  return (
    <Stack gap={0}>
      <PageHeader title="Пользователи" />
      <SearchBox
        label="Поиск по логину"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      <ListState isPending={users.isPending} error={users.error}>
        <CardTable striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Логин</Table.Th>
              <Table.Th>Роли</Table.Th>
              <Table.Th>Персонажи</Table.Th>
              <Table.Th>Активен</Table.Th>
              <Table.Th>Последний вход</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data?.users.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/best_admin/users/${u.id}`}>
                    {u.username}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {u.roles.map((r) => (
                      <Badge key={r.name} variant="light" size="sm">
                        {ROLE_LABELS[r.name]}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td data-label="Персонажи">{u.chars.map((c) => c.name).join(', ') || '—'}</Table.Td>
                <Table.Td data-label="Активен">{u.is_active ? 'Да' : 'Нет'}</Table.Td>
                <Table.Td data-label="Последний вход">{formatDateTime(u.last_active)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CardTable>
        {users.data && <Pager total={users.data.total} page={page} onChange={setPage} />}
      </ListState>
    </Stack>
  );
}
