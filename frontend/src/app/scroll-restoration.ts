import { useEffect, useLayoutEffect } from 'react';
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
const positions = typeof window === 'undefined' ? {} : readPositions();

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
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
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
    const record = () => void (positions[location.key] = window.scrollY);
    window.addEventListener('scroll', record, { passive: true });
    return () => window.removeEventListener('scroll', record);
  }, [location.key]);

  useLayoutEffect(() => {
    if (type === 'POP') {
      const y = positions[location.key];
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
