import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// In the build: Mantine's global sheets only; each component's sheet comes with it (vite.config.ts).
import '@mantine/core/styles.layer.css';
import './app/global.css';
import { App } from './app/app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
