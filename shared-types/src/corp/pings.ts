/**
 * Ping answers and who may manage a ping (issue 27), zod-free: every corporation page loads these
 * on first render (the schemas stay in api/corp.ts).
 */

/** A member's answer to a ping. */
export const RSVP_ANSWERS = ['yes', 'no', 'maybe'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];
export const RSVP_LABELS: Record<RsvpAnswer, string> = { yes: 'Буду', no: 'Не буду', maybe: 'Может быть' };

/** Where the fleet forms up: a solar system of the game data (security as in the SDE, e.g. 0.946). */
export interface PingSystem {
  id: number;
  name: string;
  security: number;
}

/** Answers to a ping: how many members said each, and the viewer's own answer (null: none yet). */
export interface PingRsvp {
  yes: number;
  no: number;
  maybe: number;
  mine: RsvpAnswer | null;
}

/**
 * Who may edit and cancel a ping: its author, the pilot named as its FC (one of the viewer's own
 * characters, names compared case-insensitively) and admins of its corporation. The server
 * enforces it (with the author's account id and the characters in the ping's corporation); pages
 * use it only to show the buttons for a ping that arrived live.
 */
export function canManagePing(
  ping: { fc: string },
  viewer: { isAuthor: boolean; admin: boolean; characters: readonly string[] },
): boolean {
  if (viewer.isAuthor || viewer.admin) return true;
  const fc = ping.fc.trim().toLowerCase();
  return fc !== '' && viewer.characters.some((c) => c.toLowerCase() === fc);
}
