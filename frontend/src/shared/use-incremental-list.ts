import { startTransition, useEffect, useState } from 'react';
import { useHydrating } from './hydration';

/**
 * Renders a long list in steps: the first `first` entries at once (what the first screen shows),
 * then `step` more per commit, each as a transition in its own task, so neither React's render nor
 * the browser's style and layout of the new rows makes one long task (Lighthouse's total blocking
 * time). New items (a refetch) show at once once the list has been shown in full. A
 * server-rendered list is whole from the start: the server renders it all, and the browser
 * hydrates what is there rather than building it again.
 */
export function useIncrementalList<T>(items: readonly T[], first: number, step = Infinity): readonly T[] {
  const hydrating = useHydrating();
  const [count, setCount] = useState(() => (hydrating && items.length > 0 ? Infinity : first));
  const pending = count < items.length;
  useEffect(() => {
    const total = items.length;
    // Once every entry has been shown, later ones (a refetch) render at once.
    if (pending) startTransition(() => setCount((n) => (n + step >= total ? Infinity : n + step)));
  }, [pending, count, step, items.length]);
  return pending ? items.slice(0, count) : items;
}
