import { lazy, Suspense } from 'react';
import { Alert, Skeleton, Stack } from '@mantine/core';
import { SRP_STATUS_LABELS } from '@eve-toolkit/shared-types';
import { notify } from '../../../shared/notify';
import { useSession } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/page-header';
import { useAnnounce } from '../../../shared/ui/live-announcer';
import { errorText, useSrpLive, useSrpRequests } from '../api/srp.api';
import { LossesPanel, MyRequestsPanel } from '../components/pilot-section';

// The managers' panels (queue, payments, reports, the rule) are a chunk of their own: most members only file.
const ManagerPanels = lazy(() => import('../components/manager-section').then((m) => ({ default: m.ManagerPanels })));

/**
 * /corp/srp «СРП»: a pilot files a lost ship from their recent losses (or a kill link) and follows
 * their requests; SRP managers (the server says who: `can_manage`) work the queue, pay, read the
 * reports and set the rule. Everything changes live through the corporation's room.
 */
export default function SrpPage() {
  const session = useSession();
  const requests = useSrpRequests();
  const announce = useAnnounce();
  const username = session.data?.isAuthenticated ? session.data.username : null;
  useSrpLive((p) => {
    const mine = requests.data?.requests.find((r) => r.id === p.id && r.filed_by === username);
    if (mine && mine.status !== p.status) {
      const text = `Заявка СРП (${mine.ship.name}): ${SRP_STATUS_LABELS[p.status]}`;
      announce(text);
      notify({ message: text });
    }
  });
  const all = requests.data?.requests ?? [];
  const mine = all.filter((r) => r.filed_by === username);
  return (
    <>
      <PageHeader
        title="СРП"
        description="Возмещение потерянных кораблей: подайте потерю, менеджер СРП одобрит выплату по правилу корпорации."
      />
      <Stack gap="lg">
        {requests.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorText(requests.error)}
          </Alert>
        )}
        <LossesPanel />
        {requests.isPending ? <Skeleton height={160} radius="lg" /> : <MyRequestsPanel requests={mine} />}
        {requests.data?.can_manage && (
          <Suspense fallback={<Skeleton height={240} radius="lg" />}>
            <ManagerPanels requests={all} />
          </Suspense>
        )}
      </Stack>
    </>
  );
}
