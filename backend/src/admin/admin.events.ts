import type { UpdateLibsJob } from '@eve-toolkit/shared-types';

/** Domain events of the admin area (EventEmitter2); the realtime listener maps them to sockets. */
export const ADMIN_EVENTS = {
  /** Every session but `keepSessionId` was ended: their sockets are disconnected. */
  sessionsKilled: 'admin.sessions-killed',
  /** The update_libs job moved (started, a step, finished). */
  updateLibs: 'admin.update-libs',
  /** A run of the scheduled character checks finished (every linked character checked). */
  characterChecksFinished: 'admin.character-checks-finished',
} as const;

export interface SessionsKilledEvent {
  keepSessionId: string;
}

export interface UpdateLibsEvent {
  job: UpdateLibsJob;
}

export interface CharacterChecksFinishedEvent {
  runId: string;
  checked: number;
  flagged: number;
}
