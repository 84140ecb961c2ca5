import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { readServerState } from '../shared/server-state';
import type { AppStore } from '../shared/store';
import { App } from './app';
import { PAGES, type PagePath } from './pages';
import { appQueryClient } from './providers';
import { pageAt, preloadPage } from './routes';

/**
 * Starts the app in the page (main.tsx): hydrates the server's HTML when the server rendered the
 * page (its state is in the page), renders it otherwise. `store` and `queryClient`: the app's own
 * by default (tests give fresh ones).
 */
export function startApp(container: HTMLElement, options: { store?: AppStore; queryClient?: QueryClient } = {}): Promise<Root> {
  const queryClient = options.queryClient ?? appQueryClient;
  const server = readServerState();
  // The server names the page it rendered; otherwise the route table is matched here.
  const page =
    (server && Object.hasOwn(PAGES, server.page) ? (server.page as PagePath) : undefined) ??
    pageAt(window.location.pathname)?.page;
  const pageReady = page ? preloadPage(PAGES[page]).catch(() => undefined) : Promise.resolve();
  const app = (
    <StrictMode>
      <App store={options.store} queryClient={queryClient} renderTime={server?.renderTime ?? null} />
    </StrictMode>
  );

  if (server) {
    // A server-rendered page: its data into the query cache, and React adopts the markup once the
    // page's module is here (its chunk is already on its way: the HTML names it). Hydrating before,
    // the page would suspend, and any render of the layout meanwhile would make React drop the
    // server's markup and render the page anew. From hydrateRoot on, a click or a keystroke is not
    // lost: React hydrates what it lands on first and replays it. As a transition, hydration runs
    // in slices of a few milliseconds instead of one long task (at the default priority it would
    // run in one piece).
    // The answers count as fetched when the page arrived, by this browser's clock: a phone's clock
    // minutes off the server's would otherwise find them stale and fetch them all again at once.
    const arrived = Date.now();
    hydrate(queryClient, {
      ...server.queries,
      queries: server.queries.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: arrived } })),
    });
    return pageReady.then(() => {
      let root: Root | undefined;
      startTransition(() => {
        root = hydrateRoot(container, app, {
          // A mismatch (the browser rendered something the server did not) is a bug: say it loudly.
          onRecoverableError: (error, info) => console.error('Hydration:', error, info.componentStack ?? ''),
        });
      });
      return root!;
    });
  } else {
    // Rendered here: the address's page module first, so the first render draws the page itself,
    // not the loading placeholder it would replace moments later (a chunk that fails to load is the
    // route's error page's business, as on any navigation). The render is a transition too: the
    // boot text stays painted and the page answers input while the app starts.
    return pageReady.then(() => {
      const root = createRoot(container);
      startTransition(() => root.render(app));
      return root;
    });
  }
}
