/**
 * Domain events of an account (EventEmitter2), emitted by the accounts module. They live in the
 * session layer because features below accounts react to them (characters delete an account's
 * characters, realtime closes its sockets), and a lower folder never imports a higher one.
 */
export const ACCOUNT_EVENTS = {
  deleted: 'account.deleted',
  loggedOut: 'account.logged-out',
} as const;

export interface AccountDeletedEvent {
  userId: string;
}

export interface AccountLoggedOutEvent {
  userId: string;
}
