import { lazy, Suspense } from 'react';
import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { CORP_MESSAGES, EVENT_TYPE_LABELS } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { TypeIcon } from '../../../shared/ui/type-icon';
import { isAuthError, useEvents } from '../api/corp.api';
import { useCorpLive } from '../api/corp-live';
import { CorpError } from '../components/corp-error';
import { etText, localText } from '../lib/event-time';

// The form (react-hook-form, its resolver) is a chunk of its own: most members only read pings.
const EventForm = lazy(() => import('../components/event-form').then((m) => ({ default: m.EventForm })));

/** /corp/events 'Пинги': upcoming pings in local time and ET; fc and admins create them. */
export default function CorpEventsPage() {
  useCorpLive();
  const events = useEvents();

  return (
    <>
      <PageHeader title="Пинги" description="События корпорации. Время указано по игровому времени (ET = UTC) и по вашему." />
      {events.isPending || isAuthError(events.error) ? (
        <Skeleton height={200} radius="lg" />
      ) : events.isError ? (
        <CorpError error={events.error} />
      ) : (
        <Stack gap="lg">
          {events.data.can_create && (
            <Suspense fallback={<Skeleton height={240} radius="lg" />}>
              <EventForm />
            </Suspense>
          )}
          {events.data.events.length === 0 ? (
            <Text c="dimmed" data-testid="events-empty">
              {CORP_MESSAGES.emptyEvents}
            </Text>
          ) : (
            <Stack gap="sm" data-testid="events">
              {events.data.events.map((e) => (
                <Paper key={e.id} withBorder radius="md" p="sm" data-testid={`event-${e.id}`}>
                  <Group align="flex-start" wrap="nowrap" gap="sm">
                    <TypeIcon src={e.icon} size={40} />
                    <Stack gap={2} style={{ flex: 1 }}>
                      <Group gap="xs">
                        <Text fw={600}>{e.name}</Text>
                        <Badge variant="light" tt="none">
                          {EVENT_TYPE_LABELS[e.type] ?? e.type}
                        </Badge>
                      </Group>
                      <Text size="sm">
                        {/* A date and time never split across lines. */}
                        <span data-testid="event-local" style={{ whiteSpace: 'nowrap' }}>
                          {localText(e.date)}
                        </span>{' '}
                        (ваше время) ·{' '}
                        <span data-testid="event-et" style={{ whiteSpace: 'nowrap' }}>
                          {etText(e.date)}
                        </span>
                      </Text>
                      {e.desc && (
                        <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                          {e.desc}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </>
  );
}
