import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Group, NativeSelect, Paper, Stack, Table, TextInput, Title } from '@mantine/core';
import { ADMIN_LIMITS, type ItemSearchResponse } from '@eve-toolkit/shared-types';
import { api } from '../../../shared/api-client';
import { PageHeader } from '../../../shared/ui/page-header';
import { useMarketCategories, useMarketItems, useSaveItem } from '../api/admin.api';
import { DeleteMark, ListState, Pager, SaveError, SearchBox } from '../components/admin-ui';

/** /best_admin/market_items: the market list's items by category; add (search from 2 characters) and remove. */
export default function AdminMarketItemsPage() {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const items = useMarketItems(q, page);
  const categories = useMarketCategories();
  const save = useSaveItem();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<{ id: number; name: string } | null>(null);
  const [categoryId, setCategoryId] = useState('');
  const term = search.trim();
  const found = useQuery({
    queryKey: ['admin', 'game-items', term],
    queryFn: ({ signal }) => api.get<ItemSearchResponse>(`data/industry/admin/items?q=${encodeURIComponent(term)}`, { signal }),
    enabled: term.length >= ADMIN_LIMITS.searchMinLength && picked?.name !== search,
  });
  const cats = categories.data?.categories ?? [];
  const category = categoryId || cats[0]?.id || '';
  return (
    <Stack gap={0}>
      <PageHeader title="Предметы маркета" description="Изменения сразу видны на странице маркета." />
      <Paper withBorder p="md" radius="md" mb="md">
        <Title order={2} fz={18} mb="sm">
          Добавить предмет
        </Title>
        <Group align="flex-end">
          <TextInput
            label="Предмет"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPicked(null);
            }}
          />
          <NativeSelect
            label="Категория"
            data={cats.map((c) => ({ value: c.id, label: c.name }))}
            value={category}
            onChange={(e) => setCategoryId(e.currentTarget.value)}
          />
          <Button
            disabled={!picked || !category}
            loading={save.isPending}
            onClick={() =>
              picked &&
              save.mutate(
                { type: 'new', id: picked.id, category_id: category },
                {
                  onSuccess: () => {
                    setPicked(null);
                    setSearch('');
                  },
                },
              )
            }
          >
            Добавить
          </Button>
        </Group>
        {!picked && found.data && (
          <Stack gap={2} mt="xs" role="listbox" aria-label="Найденные предметы">
            {found.data.items.slice(0, 10).map((it) => (
              <Button
                key={it.id}
                variant="subtle"
                justify="flex-start"
                size="compact-sm"
                role="option"
                onClick={() => {
                  setPicked({ id: it.id, name: it.name });
                  setSearch(it.name);
                }}
              >
                {it.name}
              </Button>
            ))}
          </Stack>
        )}
        <SaveError error={save.error} />
      </Paper>
      <SearchBox
        label="Поиск по названию"
        value={q}
        onChange={(v) => {
          setQ(v);
          setPage(1);
        }}
      />
      <ListState isPending={items.isPending} error={items.error}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Название</Table.Th>
              <Table.Th>Категория</Table.Th>
              <Table.Th>
                <span className="visually-hidden">Действия</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.data?.items.map((it) => (
              <Table.Tr key={`${it.category_id}-${it.id}`}>
                <Table.Td>{it.id}</Table.Td>
                <Table.Td>{it.name}</Table.Td>
                <Table.Td>{it.category_name}</Table.Td>
                <Table.Td>
                  <DeleteMark
                    label={`Убрать ${it.name} из ${it.category_name}`}
                    disabled={save.isPending}
                    onClick={() => save.mutate({ type: 'del', id: it.id, category_id: it.category_id })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {items.data && <Pager total={items.data.total} page={page} onChange={setPage} />}
      </ListState>
    </Stack>
  );
}
