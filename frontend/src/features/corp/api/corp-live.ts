import { useQueryClient } from '@tanstack/react-query';
import {
  PROJECT_STATUS_META,
  ROLE_LABELS,
  type EventsResponse,
  type RolesResponse,
  type SessionResponse,
} from '@eve-toolkit/shared-types';
import { notify } from '../../../shared/notify';
import { useAnnounce } from '../../../shared/ui/live-announcer';
import { localText } from '../lib/ping-time';
import { sessionQueryKey } from '../../../shared/session';
import { useSocketEvent } from '../../../shared/socket';
import { corpKeys, dropProject, patchProject, refetchRolesAndSession } from './corp.api';
import { markAnswer, mergeLiveEvent } from '../lib/pings';
import { notifyNewPing } from '../lib/ping-notify';

/**
 * Live corporation screens: the server sends each event only to the sockets of that
 * corporation's members (rooms `corp:<id>`, `user:<id>`); this patches the react-query caches in
 * place so every mounted corporation screen changes without a reload. After a reconnect that
 * did not recover the missed events, everything corporate is refetched.
 */
export function useCorpLive(): void {
  const client = useQueryClient();
  const refetchAll = () => void client.invalidateQueries({ queryKey: corpKeys.all });
  const options = { onReconnect: refetchAll };
  // What a member would want to hear while reading something else: new pings, projects, statuses.
  const announce = useAnnounce();

  useSocketEvent(
    'corp:project-created',
    ({ project }) => {
      patchProject(client, project);
      announce(`Новый проект «${project.name}»`);
    },
    options,
  );
  useSocketEvent('corp:project-updated', ({ project, reason }) => {
    patchProject(client, project);
    if (reason === 'status') announce(`Проект «${project.name}»: ${PROJECT_STATUS_META[project.status].label}`);
  });
  useSocketEvent('corp:project-deleted', ({ projectId }) => dropProject(client, projectId));
  const patchEvents = (patch: (d: EventsResponse | undefined) => EventsResponse | undefined) =>
    client.setQueryData<EventsResponse>(corpKeys.events, patch);
  useSocketEvent('corp:event-created', ({ event }) => {
    patchEvents((d) => mergeLiveEvent(d, event));
    notifyNewPing(event, client.getQueryData<SessionResponse>(sessionQueryKey)?.username ?? null);
    announce(`Новый пинг: ${event.name}, ${localText(event.date)} (ваше время)`);
  });
  useSocketEvent('corp:event-updated', ({ event, reason }) => {
    patchEvents((d) => mergeLiveEvent(d, event));
    if (reason === 'edit') announce(`Пинг «${event.name}» изменён`);
    // The card stays, struck through, with who cancelled it and when.
    if (reason === 'cancel') announce(`Пинг «${event.name}» отменён`);
  });
  // Follows the `cancel` update; should that one have been missed, the list is read again.
  useSocketEvent('corp:event-cancelled', ({ eventId }) => {
    const known = client.getQueryData<EventsResponse>(corpKeys.events)?.events.find((e) => e.id === eventId);
    if (known && !known.cancelled) void client.invalidateQueries({ queryKey: corpKeys.events });
  });
  useSocketEvent('corp:event-answered', ({ eventId, answer }) => patchEvents((d) => markAnswer(d, eventId, answer)));
  useSocketEvent('corp:buys-changed', () => void client.invalidateQueries({ queryKey: corpKeys.buys }));
  useSocketEvent('corp:access-changed', refetchAll);
  useSocketEvent('roles:request-decided', ({ role, granted }) => {
    // Admins also get every decision (their room): a toast only for one's own request.
    const mine =
      client.getQueryData<RolesResponse>(corpKeys.roles)?.roles.some((r) => r.name === role && r.pending) ||
      !client.getQueryData<SessionResponse>(sessionQueryKey)?.roles.includes('admin');
    refetchRolesAndSession(client);
    if (!mine) return;
    notify({
      color: granted ? 'green' : 'red',
      title: 'Запрос роли',
      message: granted ? `Роль «${ROLE_LABELS[role]}» выдана` : `В роли «${ROLE_LABELS[role]}» отказано`,
    });
  });
}
