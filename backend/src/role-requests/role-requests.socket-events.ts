import { Injectable } from '@nestjs/common';
import { Rooms } from '../common/realtime/rooms';
import { SocketEvents, toRoom } from '../common/realtime/socket-events';
import { ROLE_REQUEST_EVENTS, type RoleRequestCreatedEvent, type RoleRequestDecidedEvent } from './role-requests.events';
import { toAdminRoleRequest } from './role-requests.mapper';

/** New role requests to admins; the decision to the requester and to admins (their lists drop it). */
@Injectable()
export class RoleRequestsSocketEvents extends SocketEvents {
  readonly events = {
    [ROLE_REQUEST_EVENTS.created]: (e: RoleRequestCreatedEvent) =>
      toRoom(Rooms.admins, 'roles:request-created', { request: toAdminRoleRequest(e.request) }),
    [ROLE_REQUEST_EVENTS.decided]: (e: RoleRequestDecidedEvent) => {
      const payload = { requestId: e.requestId, role: e.role, granted: e.granted };
      return [
        toRoom(Rooms.user(e.userId), 'roles:request-decided', payload),
        toRoom(Rooms.admins, 'roles:request-decided', payload),
      ];
    },
  };
}
