import { lazy, Suspense } from 'react';
import { Skeleton, Stack, Text } from '@mantine/core';
import { CORP_MESSAGES } from '@eve-toolkit/shared-types';
import { PageHeader } from '../../../shared/ui/page-header';
import { isAuthError, usePings } from '../api/corp.api';
import { useCorpLive } from '../api/corp-live';
import { CorpError } from '../components/corp-error';
import { PingCard } from '../components/ping-card';
import { PingNotifications } from '../components/ping-notifications';

// The form (react-hook-form, its resolver) is a chunk of its own: most members only read pings.
const PingForm = lazy(() => import('../components/ping-form').then((m) => ({ default: m.PingForm })));

/** /corp/events 'Пинги': upcoming pings in local time and ET; fc and admins create them. */
export default function CorpPingsPage() {
  useCorpLive();
  const events = usePings();

  return (
    <>
      <PageHeader title="Пинги" description="События корпорации. Время указано по игровому времени (ET = UTC) и по вашему." />
      {events.isPending || isAuthError(events.error) ? (
        <Skeleton height={200} radius="lg" />
      ) : events.isError ? (
        <CorpError error={events.error} />
      ) : (
        <Stack gap="lg">
          <PingNotifications />
          {events.data.can_create && (
            <Suspense fallback={<Skeleton height={240} radius="lg" />}>
              <PingForm mode="create" viewer={events.data.viewer} />
            </Suspense>
          )}
          {events.data.events.length === 0 ? (
            <Text c="dimmed" data-testid="events-empty">
              {CORP_MESSAGES.emptyPings}
            </Text>
          ) : (
            <Stack gap="sm" data-testid="events">
              {events.data.events.map((e) => (
                <PingCard key={e.id} event={e} />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </>
  );
}
