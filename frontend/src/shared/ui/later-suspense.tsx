import { Suspense, type ReactNode } from 'react';
import { useStages } from '../use-stages';

/**
 * A Suspense boundary for a lazy part of a page that is first mounted in the page's second commit:
 * the first commit shows the fallback beside the rest of the page. Mounted in the same commit, the
 * lazy part's chunks (a planner, a calculator, a history table: dozens of requests) held the whole
 * page back — the first render of the app is a transition, and React keeps the previous screen
 * rather than reveal new boundaries in it while something suspends — so the page's own text
 * painted only after all of them (Lighthouse's LCP).
 */
export function LaterSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const stage = useStages(2);
  return stage === 1 ? fallback : <Suspense fallback={fallback}>{children}</Suspense>;
}
