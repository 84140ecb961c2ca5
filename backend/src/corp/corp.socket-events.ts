import { Injectable } from '@nestjs/common';
import { Rooms } from '../common/realtime/rooms';
import { SocketEvents, toRoom, type SocketAction } from '../common/realtime/socket-events';
import {
  CORP_EVENTS,
  type BuysChangedEvent,
  type PingCancelledEvent,
  type PingCreatedEvent,
  type PingUpdatedEvent,
  type ProjectCreatedEvent,
  type ProjectDeletedEvent,
  type ProjectUpdatedEvent,
} from './corp.events';

/** Corporation area -> `corp:<id>` only (no other corporation's socket is in that room). */
@Injectable()
export class CorpSocketEvents extends SocketEvents {
  readonly events = {
    [CORP_EVENTS.projectCreated]: (e: ProjectCreatedEvent) =>
      toRoom(Rooms.corp(e.corporationId), 'corp:project-created', { corporationId: e.corporationId, project: e.project }),
    [CORP_EVENTS.projectUpdated]: (e: ProjectUpdatedEvent) =>
      toRoom(Rooms.corp(e.corporationId), 'corp:project-updated', {
        corporationId: e.corporationId,
        project: e.project,
        reason: e.reason,
      }),
    [CORP_EVENTS.projectDeleted]: (e: ProjectDeletedEvent) =>
      toRoom(Rooms.corp(e.corporationId), 'corp:project-deleted', { corporationId: e.corporationId, projectId: e.projectId }),
    [CORP_EVENTS.pingCreated]: (e: PingCreatedEvent) =>
      toRoom(Rooms.corp(e.corporationId), 'corp:ping-created', { corporationId: e.corporationId, ping: e.ping }),
    [CORP_EVENTS.pingUpdated]: (e: PingUpdatedEvent): SocketAction[] => [
      toRoom(Rooms.corp(e.corporationId), 'corp:ping-updated', {
        corporationId: e.corporationId,
        ping: e.ping,
        reason: e.reason,
      }),
      // After the room's event: the member's own tabs then mark the answer as theirs.
      ...(e.answer
        ? [
            toRoom(Rooms.user(e.answer.userId), 'corp:ping-answered', {
              corporationId: e.corporationId,
              pingId: e.ping.id,
              answer: e.answer.answer,
            }),
          ]
        : []),
    ],
    [CORP_EVENTS.pingCancelled]: (e: PingCancelledEvent) =>
      toRoom(Rooms.corp(e.corporationId), 'corp:ping-cancelled', { corporationId: e.corporationId, pingId: e.ping.id }),
    [CORP_EVENTS.buysChanged]: (e: BuysChangedEvent) =>
      toRoom(Rooms.corp(e.corporationId), 'corp:buys-changed', { corporationId: e.corporationId }),
  };
}
