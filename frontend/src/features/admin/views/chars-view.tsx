import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Anchor, Avatar, Badge, Group, Stack, Table } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/page-header';
import { useChars } from '../api/admin.api';
import { ListState, Pager, SearchBox } from '../components/admin-ui';
import { CardTable } from '../../../shared/ui/card-table';
import AdminCharFlags from './char-flags-view';

/**
 * /best_admin/chars: linked characters, search from 2 characters, 10 per page (open flags of the
 * scheduled checks as a badge); `?view=flags`: the changes those checks found (char-flags-view).
 * One route for both keeps the admin area off the first load of every other page.
 */
export default function AdminCharsPage() {
  const [params] = useSearchParams();
  return params.get('view') === 'flags' ? <AdminCharFlags /> : <CharsList />;
}

function CharsList() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const chars = useChars(q, page);
  return (
    <Stack gap={0}>
      <PageHeader
        title="Персонажи"
        actions={
          <Anchor component={Link} to="/best_admin/chars?view=flags">
            Изменения персонажей
          </Anchor>
        }
      />
      <SearchBox
        label="Поиск по имени"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      <ListState isPending={chars.isPending} error={chars.error}>
        <CardTable striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Персонаж</Table.Th>
              <Table.Th>Корпорация</Table.Th>
              <Table.Th>Аккаунт</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {chars.data?.chars.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Avatar src={c.icon} alt="" size="sm" />
                    <Anchor component={Link} to={`/best_admin/chars/${c.id}`}>
                      {c.name}
                    </Anchor>
                    {c.banned && (
                      <Badge color="red" size="sm">
                        бан
                      </Badge>
                    )}
                    {c.open_flags > 0 && (
                      <Badge color="orange" size="sm" title="Новые изменения по плановым проверкам">
                        изменений: {c.open_flags}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td data-label="Корпорация">{c.corporation_name ?? c.corporation_id ?? '—'}</Table.Td>
                <Table.Td data-label="Аккаунт">{c.user?.username ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CardTable>
        {chars.data && <Pager total={chars.data.total} page={page} onChange={setPage} />}
      </ListState>
    </Stack>
  );
}
