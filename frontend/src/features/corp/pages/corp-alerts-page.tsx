import { lazy, Suspense } from 'react';
import { Skeleton, Stack } from '@mantine/core';
import { hasAnyRole, useSession } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/page-header';
import { CalendarLink } from '../components/calendar-link';
import { CORP_MODERATOR_ROLES } from '../lib/moderators';

// The moderators' webhooks (a form, a table, switches) are a chunk of their own: most members only take a calendar link.
const WebhooksPanel = lazy(() => import('../components/webhooks-panel').then((m) => ({ default: m.WebhooksPanel })));

/**
 * /corp/alerts «Оповещения»: pings outside the page. Every member takes a personal calendar link;
 * moderators (industrialists, admins) configure the corporation's webhooks (Discord) and see
 * their delivery log. The server enforces both; the page only hides what a member cannot use.
 */
export default function CorpAlertsPage() {
  const { data } = useSession();
  const moderator = hasAnyRole(data, CORP_MODERATOR_ROLES);
  return (
    <>
      <PageHeader title="Оповещения" description="Пинги корпорации там, где пилоты: в календаре и в Discord." />
      <Stack gap="lg">
        <CalendarLink />
        {moderator && (
          <Suspense fallback={<Skeleton height={240} radius="lg" />}>
            <WebhooksPanel />
          </Suspense>
        )}
      </Stack>
    </>
  );
}
