import { useForm } from 'react-hook-form';
import { NativeSelect, Stack, Table, TextInput } from '@mantine/core';
import { ADMIN_MESSAGES, CORP_TYPE_LABELS, DEFAULT_CORP_TYPE, type CorpType } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { useCorporations, useSaveCorporation } from '../api/admin.api';
import { CreateForm, DeleteMark, ListState } from '../components/admin-ui';

const TYPES = ([0, 1, 2] as const).map((t) => ({ value: String(t), label: CORP_TYPE_LABELS[t] }));

interface Form {
  id: string;
  name: string;
  corp_type: string;
}

/** /best_admin/corps: table (name, type, delete mark) and the create form (ID, name, type; default 2). */
export default function AdminCorpsPage() {
  const corps = useCorporations();
  const save = useSaveCorporation();
  const form = useForm<Form>({ defaultValues: { id: '', name: '', corp_type: String(DEFAULT_CORP_TYPE) } });
  const submit = form.handleSubmit((v) =>
    save.mutate(
      { type: 'new', id: Number(v.id), name: v.name.trim(), corp_type: Number(v.corp_type) as CorpType },
      { onSuccess: () => form.reset() },
    ),
  );
  return (
    <Stack>
      <PageHeader title="Корпорации" />
      <ListState isPending={corps.isPending} error={corps.error} listError={corps.data?.error}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Название</Table.Th>
              <Table.Th>Тип</Table.Th>
              <Table.Th>
                <span className="visually-hidden">Действия</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {corps.data?.corps.map((c) => (
              <Table.Tr key={c.id} data-testid={`corp-${c.id}`}>
                <Table.Td>{c.id}</Table.Td>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={`Тип корпорации ${c.name}`}
                    data={TYPES}
                    value={String(c.corp_type)}
                    disabled={save.isPending}
                    onChange={(e) =>
                      save.mutate({ type: 'type', id: c.id, corp_type: Number(e.currentTarget.value) as CorpType })
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <DeleteMark
                    label={`Удалить ${c.name}`}
                    disabled={save.isPending}
                    onClick={() => save.mutate({ type: 'del', id: c.id })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ListState>
      <CreateForm title="Новая корпорация" onSubmit={submit} pending={save.isPending} error={save.error}>
        <TextInput
          label="ID корпорации"
          inputMode="numeric"
          {...form.register('id', {
            validate: (v) => /^[1-9]\d{0,15}$/.test(v.trim()) || ADMIN_MESSAGES.corpIdRequired,
          })}
          error={form.formState.errors.id?.message}
        />
        <TextInput
          label="Название корпорации"
          {...form.register('name', { validate: (v) => v.trim().length > 0 || ADMIN_MESSAGES.corpNameRequired })}
          error={form.formState.errors.name?.message}
        />
        <NativeSelect label="Тип" data={TYPES} {...form.register('corp_type')} />
      </CreateForm>
    </Stack>
  );
}
