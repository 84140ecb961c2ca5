import { useQueryClient } from '@tanstack/react-query';
import {
  PROJECT_STATUS_META,
  ROLE_LABELS,
  type PingsResponse,
  type RolesResponse,
  type SessionResponse,
} from '@eve-toolkit/shared-types';
import { notify } from '../../../shared/notify';
import { useAnnounce } from '../../../shared/ui/live-announcer';
import { localText } from '../lib/ping-time';
import { sessionQueryKey } from '../../../shared/session';
import { useSocketEvent } from '../../../shared/socket';
import { corpKeys, dropProject, patchProject, refetchRolesAndSession } from './corp.api';
import { dropDoctrine, patchDoctrine } from './doctrines.api';
import { markAnswer, mergeLivePing } from '../lib/pings';
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
  const patchPings = (patch: (d: PingsResponse | undefined) => PingsResponse | undefined) =>
    client.setQueryData<PingsResponse>(corpKeys.pings, patch);
  useSocketEvent('corp:ping-created', ({ ping }) => {
    patchPings((d) => mergeLivePing(d, ping));
    notifyNewPing(ping, client.getQueryData<SessionResponse>(sessionQueryKey)?.username ?? null);
    announce(`Новый пинг: ${ping.name}, ${localText(ping.date)} (ваше время)`);
  });
  useSocketEvent('corp:ping-updated', ({ ping, reason }) => {
    patchPings((d) => mergeLivePing(d, ping));
    if (reason === 'edit') announce(`Пинг «${ping.name}» изменён`);
    // The card stays, struck through, with who cancelled it and when.
    if (reason === 'cancel') announce(`Пинг «${ping.name}» отменён`);
  });
  // Follows the `cancel` update; should that one have been missed, the list is read again.
  useSocketEvent('corp:ping-cancelled', ({ pingId }) => {
    const known = client.getQueryData<PingsResponse>(corpKeys.pings)?.events.find((e) => e.id === pingId);
    if (known && !known.cancelled) void client.invalidateQueries({ queryKey: corpKeys.pings });
  });
  useSocketEvent('corp:ping-answered', ({ pingId, answer }) => patchPings((d) => markAnswer(d, pingId, answer)));
  useSocketEvent('corp:doctrine-saved', ({ doctrine }) => patchDoctrine(client, doctrine));
  useSocketEvent('corp:doctrine-deleted', ({ doctrineId }) => dropDoctrine(client, doctrineId));
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
