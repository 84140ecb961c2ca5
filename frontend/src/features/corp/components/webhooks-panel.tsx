import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { Alert, Badge, Button, Group, Paper, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { DELIVERY_LIMITS, formatTime, type WebhookDelivery, type WebhookDeliveryKind } from '@eve-toolkit/shared-types';
import { lazyZodResolver } from '../../../shared/lazy-resolver';
import { CardTable } from '../../../shared/ui/card-table';
import { errorText, isAuthError } from '../api/corp.api';
import { inFlight, useAddWebhook, useDeleteWebhook, useSetWebhook, useTestWebhook, useWebhooks } from '../api/delivery.api';
import { localText } from '../lib/ping-time';

interface WebhookFormValues {
  name: string;
  url: string;
}
const EMPTY: WebhookFormValues = { name: '', url: '' };

const KIND: Record<WebhookDeliveryKind, string> = {
  created: 'Новый пинг',
  updated: 'Изменение',
  cancelled: 'Отмена',
  test: 'Проверка',
  'srp-filed': 'Заявка СРП',
  'srp-decided': 'Решение СРП',
};

function StatusBadge({ d }: { d: WebhookDelivery }) {
  if (d.status === 'sent') return <Badge color="teal">Доставлено</Badge>;
  if (d.status === 'failed') return <Badge color="red">Ошибка</Badge>;
  if (d.status === 'retrying')
    return (
      <Badge color="yellow" title={d.next_at ? `Следующая попытка: ${localText(d.next_at)}` : undefined}>
        Повтор{d.next_at ? ` в ${formatTime(d.next_at)}` : ''}
      </Badge>
    );
  return <Badge color="gray">В очереди</Badge>;
}

function AddWebhookForm() {
  const add = useAddWebhook();
  const form = useForm<WebhookFormValues>({
    resolver: lazyZodResolver(() =>
      import('@eve-toolkit/shared-types/schemas').then(
        (m) => m.addWebhookSchema as unknown as ZodType<WebhookFormValues, WebhookFormValues>,
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
    <form noValidate onSubmit={submit} aria-label="Новый вебхук">
      <Stack gap="sm">
        <Title order={3} fz={16}>
          Добавить вебхук
        </Title>
        {add.isError && !isAuthError(add.error) && (
          <Alert color="red" variant="light" role="alert" title="Вебхук не добавлен">
            {errorText(add.error)}
          </Alert>
        )}
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Название"
            placeholder="Discord: #пинги"
            withAsterisk
            maxLength={DELIVERY_LIMITS.webhookName}
            style={{ flex: '1 1 200px' }}
            {...form.register('name')}
            error={errors.name?.message}
          />
          <TextInput
            label="Адрес вебхука"
            description="В Discord: настройки канала → Интеграции → Вебхуки → «Копировать URL вебхука»"
            placeholder="https://discord.com/api/webhooks/…"
            withAsterisk
            autoComplete="off"
            style={{ flex: '3 1 360px' }}
            {...form.register('url')}
            error={errors.url?.message}
          />
        </Group>
        <Group>
          <Button type="submit" loading={add.isPending}>
            Добавить
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The moderators' section: the corporation's outgoing webhooks in Discord's format (add, test,
 * switch on/off, delete) and the delivery log. URLs come back masked: the full one is a secret.
 */
export function WebhooksPanel() {
  const hooks = useWebhooks(true);
  const set = useSetWebhook();
  const del = useDeleteWebhook();
  const test = useTestWebhook();
  const pending = hooks.data?.deliveries.some(inFlight) ?? false;
  // Deliveries in flight: the log is refreshed until they settle.
  useRefreshWhile(pending, hooks.refetch);
  const failed = [set.error, del.error, test.error, hooks.error].find((e): e is Error => !!e && !isAuthError(e));

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="webhooks-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz={18} id="webhooks-title">
            Вебхуки пингов
          </Title>
          <Text size="sm" c="dimmed">
            Новые, изменённые и отменённые пинги отправляются в Discord (и всё, что принимает его формат). Видят и меняют
            производственники и админы.
          </Text>
        </Stack>
        {failed !== undefined && (
          <Alert color="red" variant="light" role="alert" title="Не получилось">
            {errorText(failed)}
          </Alert>
        )}
        {hooks.data && hooks.data.webhooks.length === 0 && <Text c="dimmed">Вебхуков пока нет</Text>}
        {hooks.data && hooks.data.webhooks.length > 0 && (
          <CardTable minWidth={640} data-testid="webhooks">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Название</Table.Th>
                <Table.Th>Адрес</Table.Th>
                <Table.Th>Включён</Table.Th>
                <Table.Th>Действия</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {hooks.data.webhooks.map((h) => (
                <Table.Tr key={h.id} data-testid={`webhook-${h.id}`}>
                  <Table.Td data-label="Название">{h.name}</Table.Td>
                  <Table.Td data-label="Адрес">
                    <Text ff="monospace" size="sm">
                      {h.url}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="Включён">
                    <Switch
                      checked={h.enabled}
                      aria-label={`Вебхук «${h.name}» включён`}
                      disabled={set.isPending}
                      onChange={(e) => set.mutate({ id: h.id, enabled: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td data-label="Действия">
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={`Проверить вебхук «${h.name}»`}
                        loading={test.isPending && test.variables?.id === h.id}
                        onClick={() => test.mutate({ id: h.id })}
                      >
                        Проверить
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Удалить вебхук «${h.name}»`}
                        loading={del.isPending && del.variables?.id === h.id}
                        onClick={() => {
                          if (window.confirm(`Удалить вебхук «${h.name}»?`)) del.mutate({ id: h.id });
                        }}
                      >
                        Удалить
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </CardTable>
        )}
        <AddWebhookForm />
        <Stack gap="xs">
          <Title order={3} fz={16}>
            Журнал доставки
          </Title>
          {hooks.data && hooks.data.deliveries.length === 0 ? (
            <Text c="dimmed" size="sm">
              Отправок пока не было
            </Text>
          ) : (
            hooks.data && (
              <CardTable minWidth={720} data-testid="deliveries" aria-live="polite">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Когда</Table.Th>
                    <Table.Th>Вебхук</Table.Th>
                    <Table.Th>Пинг</Table.Th>
                    <Table.Th>Что</Table.Th>
                    <Table.Th>Статус</Table.Th>
                    <Table.Th>Попыток</Table.Th>
                    <Table.Th>Ответ</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {hooks.data.deliveries.map((d) => (
                    <Table.Tr key={d.id} data-testid={`delivery-${d.id}`}>
                      <Table.Td data-label="Когда">{localText(d.created_at)}</Table.Td>
                      <Table.Td data-label="Вебхук">{d.webhook_name}</Table.Td>
                      <Table.Td data-label="Пинг">{d.event_name}</Table.Td>
                      <Table.Td data-label="Что">{KIND[d.kind]}</Table.Td>
                      <Table.Td data-label="Статус">
                        <StatusBadge d={d} />
                      </Table.Td>
                      <Table.Td data-label="Попыток">{d.attempts}</Table.Td>
                      <Table.Td data-label="Ответ">
                        <Text size="sm">
                          {d.code ?? '—'}
                          {d.error ? ` · ${d.error}` : ''}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </CardTable>
            )
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Calls `refresh` every 2 s while `active`. */
function useRefreshWhile(active: boolean, refresh: () => unknown) {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(refresh, 2000);
    return () => clearInterval(timer);
  }, [active, refresh]);
}
