import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { PageHeader } from '../../../shared/ui/page-header';
import { useMarketCategories, useSaveCategory } from '../api/admin.api';
import { DeleteMark, ListState, SaveError } from '../components/admin-ui';

/** /best_admin/market_categories: create, rename, reorder and delete the market list's categories. */
export default function AdminMarketCategoriesPage() {
  const categories = useMarketCategories();
  const save = useSaveCategory();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const list = categories.data?.categories ?? [];
  return (
    <Stack>
      <PageHeader title="Категории маркета" description="Изменения сразу видны на странице маркета." />
      <Group
        component="form"
        align="flex-end"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ type: 'new', name: name.trim() }, { onSuccess: () => setName('') });
        }}
      >
        <TextInput label="Новая категория" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Button type="submit" disabled={name.trim().length === 0} loading={save.isPending}>
          Добавить
        </Button>
      </Group>
      <SaveError error={save.error} />
      <ListState isPending={categories.isPending} error={categories.error}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Название</Table.Th>
              <Table.Th>Предметов</Table.Th>
              <Table.Th>
                <span className="visually-hidden">Действия</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((c, i) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  {editing?.id === c.id ? (
                    <Group
                      component="form"
                      gap="xs"
                      onSubmit={(e) => {
                        e.preventDefault();
                        save.mutate(
                          { type: 'rename', id: c.id, name: editing.name.trim() },
                          { onSuccess: () => setEditing(null) },
                        );
                      }}
                    >
                      <TextInput
                        size="xs"
                        aria-label="Новое название"
                        value={editing.name}
                        onChange={(e) => setEditing({ id: c.id, name: e.currentTarget.value })}
                      />
                      <Button size="xs" type="submit">
                        Сохранить
                      </Button>
                    </Group>
                  ) : (
                    c.name
                  )}
                </Table.Td>
                <Table.Td>{c.items.length}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Выше: ${c.name}`}
                      disabled={i === 0 || save.isPending}
                      onClick={() => save.mutate({ type: 'move', id: c.id, direction: 'up' })}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Ниже: ${c.name}`}
                      disabled={i === list.length - 1 || save.isPending}
                      onClick={() => save.mutate({ type: 'move', id: c.id, direction: 'down' })}
                    >
                      ↓
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Переименовать: ${c.name}`}
                      onClick={() => setEditing({ id: c.id, name: c.name })}
                    >
                      ✎
                    </ActionIcon>
                    <DeleteMark
                      label={`Удалить: ${c.name}`}
                      disabled={save.isPending}
                      onClick={() => save.mutate({ type: 'del', id: c.id })}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListState>
    </Stack>
  );
}
