/**
 * The cached ping list (GET auth/corp/events), patched in place by the caller's own answers and
 * by live events. A live ping is the shared view (`rsvp.mine` null, `can_edit` false): the page
 * keeps the viewer's own answer and decides `can_edit` with the same rule as the server.
 */
import { canManagePing, type Ping, type PingsResponse, type RsvpAnswer } from '@eve-toolkit/shared-types';

const byDate = (a: Ping, b: Ping) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id);

/** Whether `incoming` is at least as new as what the page has (the server's revision). */
const fresh = (incoming: Ping, known: Ping | undefined) => !known || (incoming.rev ?? 0) >= (known.rev ?? 0);

const put = (data: PingsResponse, event: Ping): PingsResponse => ({
  ...data,
  events: [...data.events.filter((e) => e.id !== event.id), event].sort(byDate),
});

/**
 * The caller's own answer (add/update/rsvp): the ping as the server sent it, added or replaced.
 * When a live event already brought a newer revision (someone answered meanwhile), that one stays,
 * with the caller's own answer and rights from this answer.
 */
export function putPing(data: PingsResponse | undefined, event: Ping): PingsResponse | undefined {
  if (!data) return data;
  const known = data.events.find((e) => e.id === event.id);
  if (fresh(event, known)) return put(data, event);
  return put(data, { ...known!, rsvp: { ...known!.rsvp, mine: event.rsvp.mine }, can_edit: event.can_edit });
}

/** A live ping (created or changed by anyone): the viewer's own answer kept, `can_edit` decided here. */
export function mergeLivePing(data: PingsResponse | undefined, live: Ping): PingsResponse | undefined {
  if (!data) return data;
  const known = data.events.find((e) => e.id === live.id);
  if (!fresh(live, known)) return data; // an older view arriving late
  const { viewer } = data;
  const event: Ping = {
    ...live,
    rsvp: { ...live.rsvp, mine: known?.rsvp.mine ?? null },
    can_edit: canManagePing(live, {
      isAuthor: live.author === viewer.username,
      admin: viewer.admin,
      characters: viewer.characters,
    }),
  };
  return put(data, event);
}

/** The viewer answered in another tab: the answer is theirs (the counts came with the room's event). */
export function markAnswer(data: PingsResponse | undefined, id: string, answer: RsvpAnswer): PingsResponse | undefined {
  if (!data) return data;
  return { ...data, events: data.events.map((e) => (e.id === id ? { ...e, rsvp: { ...e.rsvp, mine: answer } } : e)) };
}
