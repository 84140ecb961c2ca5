import { startTransition, useEffect, useState } from 'react';

/**
 * Renders a long list in two steps: the first `first` entries at once (what the first screen
 * shows), the rest right after as a transition, which React renders in slices of a few
 * milliseconds, so the page stays responsive (no long task; Lighthouse's total blocking time).
 */
export function useIncrementalList<T>(items: readonly T[], first: number): readonly T[] {
  const [all, setAll] = useState(false);
  const pending = !all && items.length > first;
  useEffect(() => {
    if (pending) startTransition(() => setAll(true));
  }, [pending]);
  return pending ? items.slice(0, first) : items;
}
