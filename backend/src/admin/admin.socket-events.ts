import { Injectable } from '@nestjs/common';
import { Rooms } from '../common/realtime/rooms';
import { SocketEvents, toRoom } from '../common/realtime/socket-events';
import { ADMIN_EVENTS, type CharacterChecksFinishedEvent, type SessionsKilledEvent, type UpdateLibsEvent } from './admin.events';

/** Admin area, to `admins`; a sessions reset ends every other session's sockets (they reconnect as guests). */
@Injectable()
export class AdminSocketEvents extends SocketEvents {
  readonly events = {
    [ADMIN_EVENTS.updateLibs]: (e: UpdateLibsEvent) => toRoom(Rooms.admins, 'admin:update-libs', { job: e.job }),
    [ADMIN_EVENTS.characterChecksFinished]: (e: CharacterChecksFinishedEvent) =>
      toRoom(Rooms.admins, 'admin:char-checks', { runId: e.runId, checked: e.checked, flagged: e.flagged }),
    [ADMIN_EVENTS.sessionsKilled]: (e: SessionsKilledEvent) => ({ disconnectOtherSessions: e.keepSessionId }),
  };
}
