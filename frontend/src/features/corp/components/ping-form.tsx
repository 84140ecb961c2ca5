import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CORP_LIMITS,
  DEFAULT_PING_TYPE,
  PING_TYPE_LABELS,
  PING_TYPES,
  SRP_LABEL,
  type Ping,
  type PingType,
  type PingViewer,
} from '@eve-toolkit/shared-types';
import { lazyZodResolver } from '../../../shared/lazy-resolver';
import { DateTimeField } from '../../../shared/ui/date-time-field';
import { SystemSelect, type ChosenSystem } from '../../../shared/ui/system-select';
import { errorText, isAuthError, useAddPing, useUpdatePing } from '../api/corp.api';
import { useDoctrineLibrary } from '../api/doctrines.api';
import { defaultPingStart } from '../lib/ping-time';

interface PingFormValues {
  name: string;
  desc: string;
  type: PingType;
  date: string;
  time: string;
  formup: number | null;
  doctrine: string;
  comms: string;
  srp: boolean;
  fc: string;
}

/** A new ping: the next full hour (ET), misc, the author's first character as FC, no SRP. */
function freshValues(viewer: PingViewer): PingFormValues {
  return {
    name: '',
    desc: '',
    type: DEFAULT_PING_TYPE,
    ...defaultPingStart(Date.now()),
    formup: null,
    doctrine: '',
    comms: '',
    srp: false,
    fc: viewer.characters[0] ?? '',
  };
}

function valuesOf(e: Ping): PingFormValues {
  return {
    name: e.name,
    desc: e.desc,
    type: e.type,
    date: e.date.slice(0, 10),
    time: e.date.slice(11, 16),
    formup: e.formup?.id ?? null,
    doctrine: e.doctrine,
    comms: e.comms,
    srp: e.srp,
    fc: e.fc,
  };
}

type Props = { mode: 'create'; viewer: PingViewer } | { mode: 'edit'; event: Ping; onDone: () => void };

/**
 * The ping form: create (fc, admin) or edit (author, its FC, admins). Title, date and time
 * required, time in ET; type (misc by default), formup system, doctrine, comms, SRP, FC and a
 * description optional. The same schema as the server's, so the messages are the same.
 */
export function PingForm(props: Props) {
  const editing = props.mode === 'edit' ? props.event : null;
  const add = useAddPing();
  const update = useUpdatePing();
  const mutation = editing ? update : add;
  const [formup, setFormup] = useState<ChosenSystem | null>(editing?.formup ?? null);
  // The corporation's doctrine library (the doctrines page's cache); none: the free text only.
  const library = useDoctrineLibrary();
  const initialDoctrine = editing?.doctrine_ref?.id ?? '';
  const [doctrineId, setDoctrineId] = useState(initialDoctrine);
  const doctrines = library.data?.doctrines ?? [];
  const form = useForm<PingFormValues>({
    resolver: lazyZodResolver(() =>
      import('@eve-toolkit/shared-types/schemas').then(
        (m) => m.addPingSchema as unknown as ZodType<PingFormValues, PingFormValues>,
      ),
    ),
    defaultValues: props.mode === 'edit' ? valuesOf(props.event) : freshValues(props.viewer),
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (parsed) => {
    // The schema's default `doctrine_id: null` is not the form's: the select below decides it.
    const { doctrine_id: _schemaDefault, ...values } = parsed as PingFormValues & { doctrine_id?: unknown };
    try {
      // The library's doctrine only when chosen or changed (a ping keeps one deleted since).
      const chosen = doctrineId === initialDoctrine ? {} : { doctrine_id: doctrineId || null };
      if (props.mode === 'edit') {
        await update.mutateAsync({ id: props.event.id, ...values, ...chosen });
        props.onDone();
      } else {
        await add.mutateAsync({ ...values, ...chosen });
        form.reset(freshValues(props.viewer));
        setFormup(null);
        setDoctrineId('');
      }
    } catch {
      // shown from the mutation's error
    }
  });
  const title = editing ? 'Изменить пинг' : 'Новый пинг';

  return (
    <Paper
      withBorder={!editing}
      radius="lg"
      p={editing ? 0 : 'md'}
      component="form"
      noValidate
      onSubmit={submit}
      aria-label={title}
    >
      <Stack gap="sm">
        {!editing && (
          <Title order={2} fz={18}>
            {title}
          </Title>
        )}
        {mutation.isError && !isAuthError(mutation.error) && (
          <Alert color="red" variant="light" role="alert" title={editing ? 'Пинг не изменён' : 'Пинг не создан'}>
            {errorText(mutation.error)}
          </Alert>
        )}
        <TextInput
          label="Название"
          withAsterisk
          maxLength={CORP_LIMITS.eventName}
          {...form.register('name')}
          error={errors.name?.message}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateTimeField
            label="Начало (ET)"
            description="Игровое время = UTC, 24 часа"
            withAsterisk
            value={{ date: form.watch('date'), time: form.watch('time') }}
            onChange={({ date, time }) => {
              const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
              form.setValue('date', date, opts);
              form.setValue('time', time, opts);
            }}
            error={errors.date?.message ?? errors.time?.message}
            data-testid="event-start"
          />
          <NativeSelect
            label="Тип"
            data={PING_TYPES.map((t) => ({ value: t, label: PING_TYPE_LABELS[t] }))}
            {...form.register('type')}
            error={errors.type?.message}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <SystemSelect
            label="Сбор (система)"
            placeholder="Jita"
            value={formup}
            onChange={(s) => {
              setFormup(s);
              form.setValue('formup', s?.id ?? null, { shouldDirty: true });
            }}
            error={errors.formup?.message}
          />
          <TextInput
            label="Доктрина"
            placeholder="Ферроксы"
            description={doctrineId ? 'Пинг назовёт доктрину из библиотеки' : undefined}
            disabled={!!doctrineId}
            maxLength={CORP_LIMITS.eventDoctrine}
            {...form.register('doctrine')}
            error={errors.doctrine?.message}
          />
          <TextInput
            label="ФК"
            placeholder="Имя персонажа"
            maxLength={CORP_LIMITS.eventFc}
            {...form.register('fc')}
            error={errors.fc?.message}
          />
        </SimpleGrid>
        {(doctrines.length > 0 || doctrineId) && (
          <NativeSelect
            label="Доктрина из библиотеки"
            description="Фиты, цены и кто из пилотов может лететь — на карточке пинга"
            data={[
              { value: '', label: '— не из библиотеки —' },
              ...doctrines.map((d) => ({ value: d.id, label: d.name })),
              ...(doctrineId && !doctrines.some((d) => d.id === doctrineId)
                ? [{ value: doctrineId, label: editing?.doctrine_ref?.name ?? doctrineId }]
                : []),
            ]}
            value={doctrineId}
            onChange={(e) => setDoctrineId(e.currentTarget.value)}
            data-testid="ping-doctrine-select"
          />
        )}
        <TextInput
          label="Связь"
          placeholder="Mumble: канал «Флот 1»"
          maxLength={CORP_LIMITS.eventComms}
          {...form.register('comms')}
          error={errors.comms?.message}
        />
        <Checkbox size="md" label={`${SRP_LABEL} (возмещение потерь)`} {...form.register('srp')} />
        <Textarea label="Описание" autosize minRows={2} {...form.register('desc')} error={errors.desc?.message} />
        <Group justify="flex-end">
          {props.mode === 'edit' && (
            <Button variant="default" onClick={props.onDone}>
              Отмена
            </Button>
          )}
          <Button type="submit" loading={mutation.isPending}>
            {editing ? 'Сохранить' : 'Создать пинг'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
