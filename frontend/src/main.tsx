import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// In the build: Mantine's global sheets only; each component's sheet comes with it (vite.config.ts).
import '@mantine/core/styles.layer.css';
import './app/global.css';
import { App } from './app/app';

// The first render as a transition: React renders it in slices of a few milliseconds, so the
// page answers input (and the boot text stays painted) while the app starts, instead of one
// long task on a phone.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
