import { startTransition, useEffect, useState } from 'react';

/**
 * Mounts a heavy form in steps: returns how many of `count` stages to render, 1 at first, then one
 * more per commit, each as a transition. Every stage commits in its own task, so a form of many
 * Mantine inputs never lands as one long task (Lighthouse's total blocking time); the first stage
 * (what the first screen shows) paints at once.
 */
export function useStages(count: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown < count) startTransition(() => setShown((n) => n + 1));
  }, [shown, count]);
  return Math.min(shown, count);
}
