import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
// In the build: Mantine's global sheets only; each component's sheet comes with it (vite.config.ts).
import '@mantine/core/styles.layer.css';
import './app/global.css';
import { App } from './app/app';
import { PAGES } from './app/pages';
import { appQueryClient } from './app/providers';
import { pageAt, preloadPage } from './app/routes';
import { readServerState } from './shared/server-state';

const at = pageAt(window.location.pathname);
const pageReady = at ? preloadPage(PAGES[at.page]).catch(() => undefined) : Promise.resolve();
const container = document.getElementById('root')!;
const server = readServerState();
const app = (
  <StrictMode>
    <App renderTime={server?.renderTime ?? null} />
  </StrictMode>
);

if (server) {
  // A server-rendered page: its data into the query cache, and React adopts the markup at once —
  // from here on a click or a keystroke is not lost (React hydrates what it lands on first and
  // replays it). The page's own module may still be on its way: its part of the markup is
  // hydrated when it arrives. As a transition, hydration runs in slices of a few milliseconds
  // instead of one long task (at the default priority it would run in one piece).
  hydrate(appQueryClient, server.queries);
  startTransition(() => {
    hydrateRoot(container, app, {
      // A mismatch (the browser rendered something the server did not) is a bug: say it loudly.
      onRecoverableError: (error, info) => console.error('Hydration:', error, info.componentStack ?? ''),
    });
  });
} else {
  // Rendered here: the address's page module first, so the first render draws the page itself,
  // not the loading placeholder it would replace moments later (a chunk that fails to load is the
  // route's error page's business, as on any navigation). The render is a transition too: the
  // boot text stays painted and the page answers input while the app starts.
  void pageReady.then(() => startTransition(() => createRoot(container).render(app)));
}
