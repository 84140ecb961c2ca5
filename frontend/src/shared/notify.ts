import { useSyncExternalStore } from 'react';
import type { NotificationData } from '@mantine/notifications';

/**
 * Toasts. The toast container (Mantine's Notifications: its store, transitions and drag handling,
 * ~10 KB gzipped) is loaded and mounted with the first toast, not with every page.
 */
let mounted = false;
const listeners = new Set<() => void>();

export function notify(data: NotificationData): void {
  if (!mounted) {
    mounted = true;
    listeners.forEach((listener) => listener());
  }
  void import('@mantine/notifications').then(({ notifications }) => notifications.show(data));
}

/** True once a toast was asked for: the providers then mount the container. */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    () => mounted,
    // No toast in the server's HTML (nor while the browser hydrates it).
    () => false,
  );
}
