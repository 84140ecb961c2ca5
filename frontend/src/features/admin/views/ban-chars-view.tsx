import { useForm } from 'react-hook-form';
import { Stack, Table, Text, TextInput } from '@mantine/core';
import { ADMIN_MESSAGES } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { useBannedChars, useSaveBanned } from '../api/admin.api';
import { CreateForm, DeleteMark, ListState } from '../components/admin-ui';

interface Form {
  id: string;
  name: string;
  reason: string;
}

/** /best_admin/ban_chars: table (name, reason, delete mark) and the create form (ID, name, reason; all required). */
export default function AdminBanCharsPage() {
  const banned = useBannedChars();
  const save = useSaveBanned();
  const form = useForm<Form>({ defaultValues: { id: '', name: '', reason: '' } });
  const submit = form.handleSubmit((v) =>
    save.mutate(
      { type: 'new', id: Number(v.id), name: v.name.trim(), reason: v.reason.trim() },
      { onSuccess: () => form.reset() },
    ),
  );
  return (
    <Stack>
      <PageHeader title="Бан лист персонажей" />
      <ListState isPending={banned.isPending} error={banned.error} listError={banned.data?.error}>
        {banned.data?.banned_chars.length === 0 ? (
          <Text c="dimmed" data-testid="banned-empty">
            Бан лист пуст: заблокированных персонажей нет.
          </Text>
        ) : (
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>Имя</Table.Th>
                <Table.Th>Причина</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">Действия</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {banned.data?.banned_chars.map((b) => (
                <Table.Tr key={b.id} data-testid={`banned-${b.id}`}>
                  <Table.Td>{b.id}</Table.Td>
                  <Table.Td>{b.name}</Table.Td>
                  <Table.Td>{b.reason}</Table.Td>
                  <Table.Td>
                    <DeleteMark
                      label={`Удалить ${b.name}`}
                      disabled={save.isPending}
                      onClick={() => save.mutate({ type: 'del', id: b.id })}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </ListState>
      <CreateForm title="Добавить в бан лист" onSubmit={submit} pending={save.isPending} error={save.error}>
        <TextInput
          label="ID персонажа"
          inputMode="numeric"
          {...form.register('id', { validate: (v) => /^[1-9]\d{0,15}$/.test(v.trim()) || ADMIN_MESSAGES.charIdRequired })}
          error={form.formState.errors.id?.message}
        />
        <TextInput
          label="Имя"
          {...form.register('name', { validate: (v) => v.trim().length > 0 || ADMIN_MESSAGES.charNameRequired })}
          error={form.formState.errors.name?.message}
        />
        <TextInput
          label="Причина"
          {...form.register('reason', { validate: (v) => v.trim().length > 0 || ADMIN_MESSAGES.reasonRequired })}
          error={form.formState.errors.reason?.message}
        />
      </CreateForm>
    </Stack>
  );
}
