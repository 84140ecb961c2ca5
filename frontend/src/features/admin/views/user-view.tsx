import { useParams } from 'react-router-dom';
import { Button, Group, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { ROLE_LABELS, ROLES_DISPLAY_ORDER } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { useUpdateUser, useUser } from '../api/admin.api';
import { ListState, SaveError, formatDateTime } from '../components/admin-ui';

/** /best_admin/users/{id}: roles to grant or revoke, characters, is_active, last_active. */
export default function AdminUserPage() {
  const id = useParams().id ?? '';
  const user = useUser(id);
  const update = useUpdateUser(id);
  const u = user.data?.user;
  return (
    <Stack>
      <PageHeader title={u ? `Пользователь ${u.username}` : 'Пользователь'} />
      <ListState isPending={user.isPending} error={user.error}>
        {u && (
          <>
            <Paper withBorder p="md" radius="md">
              <Text>Зарегистрирован: {formatDateTime(u.created_at)}</Text>
              <Text>Последний вход: {formatDateTime(u.last_active)}</Text>
              <Switch
                mt="sm"
                label="Аккаунт активен"
                checked={u.is_active}
                disabled={update.isPending}
                onChange={(e) => update.mutate({ type: 'active', is_active: e.currentTarget.checked })}
              />
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Text fw={600} mb="xs">
                Роли
              </Text>
              <Group gap="xs">
                {ROLES_DISPLAY_ORDER.map((role) => {
                  const has = u.roles.some((r) => r.name === role);
                  return (
                    <Button
                      key={role}
                      size="xs"
                      variant={has ? 'filled' : 'default'}
                      disabled={update.isPending}
                      onClick={() => update.mutate({ type: has ? 'del_role' : 'add_role', role })}
                      aria-pressed={has}
                    >
                      {ROLE_LABELS[role]}
                    </Button>
                  );
                })}
              </Group>
              <SaveError error={update.error} />
            </Paper>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>ID персонажа</Table.Th>
                  <Table.Th>Имя</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {u.chars.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.id}</Table.Td>
                    <Table.Td>{c.name}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </ListState>
    </Stack>
  );
}
