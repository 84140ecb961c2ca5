import { Injectable } from '@nestjs/common';
import { Rooms } from '../common/realtime/rooms';
import { SocketEvents, toRoom } from '../common/realtime/socket-events';
import { SRP_EVENTS, type SrpRequestChangedEvent } from './srp.events';

/**
 * SRP -> `corp:<id>` only: the request's id, status and revision, no pilot's data (a pilot may
 * read only their own requests; pages refetch through the filtered `srp_requests`).
 */
@Injectable()
export class SrpSocketEvents extends SocketEvents {
  readonly events = {
    [SRP_EVENTS.requestChanged]: (e: SrpRequestChangedEvent) =>
      toRoom(Rooms.corp(e.corporationId), 'srp:request-changed', {
        corporationId: e.corporationId,
        id: e.request.id,
        status: e.request.status,
        rev: e.request.rev,
      }),
  };
}
