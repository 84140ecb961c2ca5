import { Injectable } from '@nestjs/common';
import { SocketEvents } from '../common/realtime/socket-events';
import {
  CHARACTER_EVENTS,
  type CharacterCorporationChangedEvent,
  type CharacterLinkedEvent,
  type CharacterUnlinkedEvent,
} from './characters.events';

/** A character linked, unlinked or moved: its user's rooms are recomputed at once. */
@Injectable()
export class CharactersSocketEvents extends SocketEvents {
  readonly events = {
    [CHARACTER_EVENTS.linked]: (e: CharacterLinkedEvent) => ({ refreshAccess: e.userId }),
    [CHARACTER_EVENTS.unlinked]: (e: CharacterUnlinkedEvent) => ({ refreshAccess: e.userId }),
    [CHARACTER_EVENTS.corporationChanged]: (e: CharacterCorporationChangedEvent) => ({ refreshAccess: e.userId }),
  };
}
