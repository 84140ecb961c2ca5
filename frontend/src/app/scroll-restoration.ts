import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'eve-toolkit-scroll';

/** Scroll positions by history entry (location.key), kept for the tab's session (reloads included). */
function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}
/**
 * Read on first need, not at load: the first access to sessionStorage in a tab costs milliseconds
 * on a phone (part of the app's start-up task), and a page opened anew has nothing saved to restore.
 */
let saved: Record<string, number> | null = null;
const positions = (): Record<string, number> => (saved ??= readPositions());

/** The document was reloaded or reached by Back/Forward: its entry may have a saved position. */
function documentRestored(): boolean {
  const entries = typeof performance.getEntriesByType === 'function' ? performance.getEntriesByType('navigation') : [];
  const entry = entries[0] as PerformanceNavigationTiming | undefined;
  return entry === undefined || entry.type !== 'navigate';
}

/**
 * The browser's scroll behaviour for a single-page app: a new page starts at its top (or at the
 * element its #fragment names); Back and Forward return to where the page was left.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        if (saved) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
      } catch {
        // storage full or blocked: positions are kept for this page's life only
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Remember the position of the entry being shown.
  useEffect(() => {
    const record = () => void (positions()[location.key] = window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [location.key]);

  const first = useRef(true);
  useLayoutEffect(() => {
    const documentLoad = first.current;
    first.current = false;
    if (type === 'POP') {
      // The first render's POP is the document's own load: a new page has no position to go back to.
      if (documentLoad && !documentRestored()) return;
      const y = positions()[location.key];
      if (y !== undefined) window.scrollTo(0, y);
      return;
    }
    const target = location.hash && document.getElementById(safeDecode(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location.key, location.hash, type]);
}

function safeDecode(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
