import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { matchPath } from 'react-router-dom';
// In the build: Mantine's global sheets only; each component's sheet comes with it (vite.config.ts).
import '@mantine/core/styles.layer.css';
import './app/global.css';
import { App } from './app/app';
import { PAGES, type PagePath } from './app/pages';
import { preloadPage } from './app/routes';

// The address's page module first (the server's HTML already asks for its chunks): the first
// render then draws the page itself, not the loading placeholder it would replace moments later.
// A chunk that fails to load is the route's error page's business, as on any navigation.
const page = (Object.keys(PAGES) as PagePath[]).find((path) => path !== '*' && matchPath(path, window.location.pathname));
const pageReady = page ? preloadPage(PAGES[page]).catch(() => undefined) : Promise.resolve();

// The first render as a transition: React renders it in slices of a few milliseconds, so the
// page answers input (and the boot text stays painted) while the app starts, instead of one
// long task on a phone.
void pageReady.then(() =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
