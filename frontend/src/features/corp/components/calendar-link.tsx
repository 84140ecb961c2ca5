import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorText, isAuthError } from '../api/corp.api';
import { useCalendarLink, useRevokeCalendarLink, useTakeCalendarLink } from '../api/delivery.api';
import { localText } from '../lib/ping-time';

/**
 * A member's personal calendar link (iCalendar feed of the corporation's pings for Google,
 * Outlook, a phone): take it, copy it, revoke it. The link is shown once, when taken; the server
 * keeps only its hash, so a lost link is replaced by a new one.
 */
export function CalendarLink() {
  const state = useCalendarLink();
  const take = useTakeCalendarLink();
  const revoke = useRevokeCalendarLink();
  const url = take.data && state.data?.active ? `${window.location.origin}${take.data.path}` : null;
  const failed = [take.error, revoke.error, state.error].find((e): e is Error => !!e && !isAuthError(e));

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="calendar-title">
      <Stack gap="sm">
        <Title order={2} fz={18} id="calendar-title">
          Календарь
        </Title>
        <Text size="sm" c="dimmed">
          Личная ссылка на ленту пингов корпорации (iCalendar): добавьте её в Google Календарь («Добавить по URL»), Outlook
          («Подписаться из интернета») или календарь телефона — пинги появятся там и будут обновляться сами. Ссылка секретная: не
          публикуйте её; если она попала не туда, отзовите её или получите новую.
        </Text>
        {failed !== undefined && (
          <Alert color="red" variant="light" role="alert" title="Не получилось">
            {errorText(failed)}
          </Alert>
        )}
        {url ? (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Ваша ссылка на календарь"
              description="Показывается один раз: скопируйте её сейчас"
              value={url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: '1 1 320px' }}
              data-testid="calendar-url"
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button onClick={copy} variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined}>
                  {copied ? 'Скопировано' : 'Копировать'}
                </Button>
              )}
            </CopyButton>
          </Group>
        ) : (
          state.data?.active && (
            <Text size="sm" data-testid="calendar-active">
              Ссылка выдана {localText(state.data.created_at!)}. Её саму показать нельзя (мы храним только её отпечаток): чтобы
              скопировать её снова, получите новую — старая перестанет работать.
            </Text>
          )
        )}
        <Group gap="sm">
          <Button onClick={() => take.mutate({})} loading={take.isPending} disabled={state.isPending}>
            {state.data?.active ? 'Получить новую ссылку' : 'Получить ссылку'}
          </Button>
          {state.data?.active && (
            <Button variant="light" color="red" onClick={() => revoke.mutate({})} loading={revoke.isPending}>
              Отозвать ссылку
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
