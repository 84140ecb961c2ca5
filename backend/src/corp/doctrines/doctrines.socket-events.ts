import { Injectable } from '@nestjs/common';
import { Rooms } from '../../common/realtime/rooms';
import { SocketEvents, toRoom } from '../../common/realtime/socket-events';
import { DOCTRINE_EVENTS, type DoctrineDeletedEvent, type DoctrineSavedEvent } from './doctrines.events';

/** Doctrines -> `corp:<id>` only (no other corporation's socket is in that room). */
@Injectable()
export class DoctrineSocketEvents extends SocketEvents {
  readonly events = {
    [DOCTRINE_EVENTS.saved]: (e: DoctrineSavedEvent) =>
      toRoom(Rooms.corp(e.corporationId), 'corp:doctrine-saved', { corporationId: e.corporationId, doctrine: e.doctrine }),
    [DOCTRINE_EVENTS.deleted]: (e: DoctrineDeletedEvent) =>
      toRoom(Rooms.corp(e.corporationId), 'corp:doctrine-deleted', { corporationId: e.corporationId, doctrineId: e.doctrineId }),
  };
}
