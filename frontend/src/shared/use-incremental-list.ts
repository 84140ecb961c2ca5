import { startTransition, useEffect, useState } from 'react';

/**
 * Renders a long list in steps: the first `first` entries at once (what the first screen shows),
 * then `step` more per commit, each as a transition in its own task, so neither React's render nor
 * the browser's style and layout of the new rows makes one long task (Lighthouse's total blocking
 * time). New items (a refetch) show at once once the list has been shown in full. The server
 * renders the first entries too, and the browser hydrates them and adds the rest in the same steps:
 * a page whose HTML held the whole list (the market's 1 200 elements) was parsed, styled and laid
 * out in long tasks after its first paint, and what followed the list in the document (the cookie
 * banner, the page's largest text on a phone) painted only when all of it had arrived. (The market
 * list gives a browser without JavaScript the rest in a <noscript>.)
 */
export function useIncrementalList<T>(items: readonly T[], first: number, step = Infinity): readonly T[] {
  const [added, setAdded] = useState(first);
  // `first` may grow (it can depend on the items, which arrive later): never fewer than it.
  const count = Math.max(added, first);
  const pending = count < items.length;
  useEffect(() => {
    // Once every entry has been shown, later ones (a refetch) render at once.
    const next = count + step >= items.length ? Infinity : count + step;
    if (pending) startTransition(() => setAdded(next));
  }, [pending, count, step, items.length]);
  return pending ? items.slice(0, count) : items;
}
