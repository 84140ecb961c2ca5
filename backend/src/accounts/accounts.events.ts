/** Domain events of the accounts module (EventEmitter2). */
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
