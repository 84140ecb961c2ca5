import { useSyncExternalStore } from 'react';

/**
 * Page chunks being fetched (a lazy page's first render): the header shows a progress bar while
 * any is. Listeners are told in a microtask, since a lazy page starts its load while rendering.
 */
let loading = 0;
const listeners = new Set<() => void>();
const changed = () => queueMicrotask(() => listeners.forEach((listener) => listener()));

export function pageLoading<T>(load: Promise<T>): Promise<T> {
  loading++;
  changed();
  const done = () => {
    loading--;
    changed();
  };
  load.then(done, done);
  return load;
}

/** True while a page's chunk is on its way. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => loading > 0,
    // The server's HTML shows its page, never the progress bar.
    () => false,
  );
}
