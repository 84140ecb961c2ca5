import type { Role } from './enums';
import type { AdminRoleRequest, UpdateLibsJob } from './api/admin';
import type { Ping, Project, RsvpAnswer } from './corp/api';
/**
 * Typed Socket.IO event maps. Every emit and listener uses these; no string literals at call
 * sites. Later features add their events here.
 */
export interface ServerToClientEvents {
  'market:prices-updated': (payload: { hubId: number; updatedAt: string }) => void;
  /** An admin changed the market list's categories or items: every hub's list is stale. */
  'market:list-changed': (payload: { changedAt: string }) => void;
  /** Corporation area, to `corp:<id>` only. Projects carry the whole project (clients patch in place). */
  'corp:project-created': (payload: { corporationId: number; project: Project }) => void;
  'corp:project-updated': (payload: { corporationId: number; project: Project; reason: 'status' | 'jobs' }) => void;
  'corp:project-deleted': (payload: { corporationId: number; projectId: string }) => void;
  /**
   * Pings carry the shared view (`rsvp.mine` null, `can_edit` false): pages keep their own values
   * for a ping they have, and decide `can_edit` of a new one with `canManagePing`.
   */
  'corp:ping-created': (payload: { corporationId: number; ping: Ping }) => void;
  /**
   * Edited (`edit`), answered by someone (`rsvp`: the counts changed) or cancelled (`cancel`: the
   * ping marked cancelled, who and when; `corp:ping-cancelled` follows).
   */
  'corp:ping-updated': (payload: { corporationId: number; ping: Ping; reason: 'edit' | 'rsvp' | 'cancel' }) => void;
  /** Cancelled by its author, its FC or an admin (after the `cancel` update that carries the marked ping). */
  'corp:ping-cancelled': (payload: { corporationId: number; pingId: string }) => void;
  /** To the member's own sockets (`user:<id>`): their answer, so their other tabs show it as theirs. */
  'corp:ping-answered': (payload: { corporationId: number; pingId: string; answer: RsvpAnswer }) => void;
  'corp:buys-changed': (payload: { corporationId: number }) => void;
  /** The user's corporation access changed (joined, left, blocked): refetch the corporation screens. */
  'corp:access-changed': (payload: { corporationIds: number[] }) => void;
  /** Admin area, to `admins`: a new role request. */
  'roles:request-created': (payload: { request: AdminRoleRequest }) => void;
  /** To the requester (`user:<id>`): an admin granted or refused the request. */
  'roles:request-decided': (payload: { requestId: string; role: Role; granted: boolean }) => void;
  /** Admin area, to `admins`: the update_libs job moved (started, a step, finished). */
  'admin:update-libs': (payload: { job: UpdateLibsJob }) => void;
  /** Admin area, to `admins`: a run of the scheduled character checks finished (flags may be new). */
  'admin:char-checks': (payload: { runId: string; checked: number; flagged: number }) => void;
}

export type ClientToServerEvents = Record<string, never>;

/** What the server knows about a socket, from its handshake's session (never from the client). */
export interface SocketData {
  userId?: string;
  username?: string;
  roles?: Role[];
  /** The handshake's session id (an admin's sessions reset disconnects every other session's sockets). */
  sessionId?: string;
  /** Corporations whose rooms the socket is in (recomputed by the server when access changes). */
  corporationIds?: number[];
}
