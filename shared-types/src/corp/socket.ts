import type { Ping, Project, RsvpAnswer } from './api';
import type { Doctrine } from './doctrines';

/** The corporation area's socket events (joined into `ServerToClientEvents` by socket.ts). */
export interface CorpServerToClientEvents {
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
  /**
   * A doctrine added or edited (issue 38): the whole doctrine priced at every hub (`price` at Jita;
   * pages take theirs from `hubs` with `doctrineAtHub`).
   */
  'corp:doctrine-saved': (payload: { corporationId: number; doctrine: Doctrine }) => void;
  'corp:doctrine-deleted': (payload: { corporationId: number; doctrineId: string }) => void;
  /** The user's corporation access changed (joined, left, blocked): refetch the corporation screens. */
  'corp:access-changed': (payload: { corporationIds: number[] }) => void;
}
