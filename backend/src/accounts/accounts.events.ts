/** Domain events of the accounts module (EventEmitter2). */
export const ACCOUNT_EVENTS = {
  deleted: 'account.deleted',
} as const;

export interface AccountDeletedEvent {
  userId: string;
}
