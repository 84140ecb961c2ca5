import { useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { DEFAULT_EVENT_TYPE, EVENT_TYPE_LABELS, EVENT_TYPES, type EventType } from '@eve-toolkit/shared-types';
import { lazyZodResolver } from '../../../shared/lazy-resolver';
import { errorText, isAuthError, useAddEvent } from '../api/corp.api';

interface EventFormValues {
  name: string;
  desc: string;
  type: EventType;
  date: string;
  time: string;
}

const EMPTY: EventFormValues = { name: '', desc: '', type: DEFAULT_EVENT_TYPE, date: '', time: '' };

/** The create-ping form (fc, admin): title, date and time required, time in ET, type (misc by default), optional description. */
export function EventForm() {
  const add = useAddEvent();
  const form = useForm<EventFormValues>({
    resolver: lazyZodResolver(() =>
      import('@eve-toolkit/shared-types/schemas').then(
        (m) => m.addEventSchema as unknown as ZodType<EventFormValues, EventFormValues>,
      ),
    ),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      form.reset(EMPTY);
    } catch {
      // shown from add.error
    }
  });

  return (
    <Paper withBorder radius="lg" p="md" component="form" noValidate onSubmit={submit} aria-label="Новый пинг">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          Новый пинг
        </Title>
        {add.isError && !isAuthError(add.error) && (
          <Alert color="red" variant="light" role="alert" title="Пинг не создан">
            {errorText(add.error)}
          </Alert>
        )}
        <TextInput label="Название" withAsterisk {...form.register('name')} error={errors.name?.message} />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Дата (ET)" type="date" withAsterisk {...form.register('date')} error={errors.date?.message} />
          <TextInput
            label="Время (ET)"
            description="Игровое время = UTC"
            type="time"
            withAsterisk
            {...form.register('time')}
            error={errors.time?.message}
          />
          <NativeSelect
            label="Тип"
            data={EVENT_TYPES.map((t) => ({ value: t, label: EVENT_TYPE_LABELS[t] }))}
            {...form.register('type')}
            error={errors.type?.message}
          />
        </SimpleGrid>
        <Textarea label="Описание" autosize minRows={2} {...form.register('desc')} error={errors.desc?.message} />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            Создать пинг
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
