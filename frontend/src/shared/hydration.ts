import { createContext, useContext, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * True while the server renders a page and while the browser hydrates that HTML; false in every
 * later render (and from the start on a page the browser renders itself). What depends on the
 * browser (its clock, its storage, chance) renders the server's way while true, so hydration
 * finds the same markup; React renders the component again with false right after it hydrated.
 */
export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}

/** When the server rendered the page (ms): the page's clock while hydrating. */
export const ServerRenderTimeContext = createContext<number | null>(null);

/**
 * The wall clock for what is shown as an age («5 мин назад»): the server's render time while
 * hydrating its HTML (the same text as the server wrote), the browser's clock afterwards.
 */
export function useRenderNow(): number {
  const hydrating = useHydrating();
  const serverTime = useContext(ServerRenderTimeContext);
  return hydrating && serverTime !== null ? serverTime : Date.now();
}
