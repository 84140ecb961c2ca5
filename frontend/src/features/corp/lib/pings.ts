/**
 * The cached ping list (GET auth/corp/events), patched in place by the caller's own answers and
 * by live events. A live ping is the shared view (`rsvp.mine` null, `can_edit` false): the page
 * keeps the viewer's own answer and decides `can_edit` with the same rule as the server.
 */
import { canManagePing, type CorpEvent, type EventsResponse, type RsvpAnswer } from '@eve-toolkit/shared-types';

const byDate = (a: CorpEvent, b: CorpEvent) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id);

/** The caller's own answer (add/update/rsvp): the ping exactly as the server sent it, added or replaced. */
export function putEvent(data: EventsResponse | undefined, event: CorpEvent): EventsResponse | undefined {
  if (!data) return data;
  return { ...data, events: [...data.events.filter((e) => e.id !== event.id), event].sort(byDate) };
}

/** A live ping (created or changed by anyone): the viewer's own answer kept, `can_edit` decided here. */
export function mergeLiveEvent(data: EventsResponse | undefined, live: CorpEvent): EventsResponse | undefined {
  if (!data) return data;
  const known = data.events.find((e) => e.id === live.id);
  const { viewer } = data;
  const event: CorpEvent = {
    ...live,
    rsvp: { ...live.rsvp, mine: known?.rsvp.mine ?? null },
    can_edit: canManagePing(live, {
      isAuthor: live.author === viewer.username,
      admin: viewer.admin,
      characters: viewer.characters,
    }),
  };
  return putEvent(data, event);
}

/** A cancelled ping leaves the list. */
export function dropEvent(data: EventsResponse | undefined, id: string): EventsResponse | undefined {
  return data ? { ...data, events: data.events.filter((e) => e.id !== id) } : data;
}

/** The viewer answered in another tab: the answer is theirs (the counts came with the room's event). */
export function markAnswer(data: EventsResponse | undefined, id: string, answer: RsvpAnswer): EventsResponse | undefined {
  if (!data) return data;
  return { ...data, events: data.events.map((e) => (e.id === id ? { ...e, rsvp: { ...e.rsvp, mine: answer } } : e)) };
}
