import { Injectable } from '@nestjs/common';
import { SocketEvents } from '../common/realtime/socket-events';
import { ACCOUNT_EVENTS, type AccountDeletedEvent, type AccountLoggedOutEvent } from '../common/auth/account.events';

/** A user who logs out or is deleted keeps no socket in any room (clients reconnect as guests). */
@Injectable()
export class AccountsSocketEvents extends SocketEvents {
  readonly events = {
    [ACCOUNT_EVENTS.loggedOut]: (e: AccountLoggedOutEvent) => ({ disconnectUser: e.userId }),
    [ACCOUNT_EVENTS.deleted]: (e: AccountDeletedEvent) => ({ disconnectUser: e.userId }),
  };
}
