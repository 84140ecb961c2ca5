/**
 * Corporation access changed (EventEmitter2): a corporation was registered, removed or had its
 * type changed, a character was banned or unbanned, a user's roles changed. Listeners recompute
 * corporation access (socket rooms) for `userIds` and for the members of `corporationIds`.
 */
export const ACCESS_EVENTS = {
  changed: 'access.changed',
} as const;

export interface AccessChangedEvent {
  userIds?: string[];
  corporationIds?: number[];
}
