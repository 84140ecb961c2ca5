import { CORP_PERMISSIONS } from '@eve-toolkit/shared-types';
import { Stack } from '@mantine/core';
import { hasAnyRole, useSession } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/page-header';
import { CalendarLink } from '../components/calendar-link';
import { WebhooksPanel } from '../components/webhooks-panel';

/**
 * /corp/alerts «Оповещения»: pings outside the page. Every member takes a personal calendar link;
 * moderators (industrialists, admins) configure the corporation's webhooks (Discord) and see
 * their delivery log. The server enforces both; the page only hides what a member cannot use.
 */
export default function CorpAlertsPage() {
  const { data } = useSession();
  const moderator = hasAnyRole(data, CORP_PERMISSIONS.moderate);
  return (
    <>
      <PageHeader title="Оповещения" description="Пинги корпорации там, где пилоты: в календаре и в Discord." />
      <Stack gap="lg">
        <CalendarLink />
        {moderator && <WebhooksPanel />}
      </Stack>
    </>
  );
}
