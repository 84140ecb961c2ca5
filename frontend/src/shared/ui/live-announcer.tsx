import { atom, useAtomValue, useSetAtom } from 'jotai';

/** The latest announcement; the id makes a repeated text count as new. */
const announcementAtom = atom<{ id: number; text: string } | null>(null);
let nextId = 0;

/**
 * Tells screen-reader users about something that changed on its own (a live update from another
 * member), politely: after what they are reading. `const announce = useAnnounce(); announce('…')`.
 */
export function useAnnounce(): (text: string) => void {
  const set = useSetAtom(announcementAtom);
  return (text) => set({ id: ++nextId, text });
}

/** The app's one polite live region (rendered once by the root layout), visually hidden. */
export function LiveAnnouncer() {
  const announcement = useAtomValue(announcementAtom);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden" data-testid="live-announcer">
      {announcement && <span key={announcement.id}>{announcement.text}</span>}
    </div>
  );
}
