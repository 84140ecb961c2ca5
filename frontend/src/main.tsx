// In the build: Mantine's global sheets only; each component's sheet comes with it (vite.config.ts).
import '@mantine/core/styles.layer.css';
import './app/global.css';

// The app's code runs in separate tasks, not one: React and the router, then the app (Mantine, the
// shell, the data layer), then the page (start.tsx loads it). A module and everything it imports
// is evaluated in one piece, and on a phone one piece of all of it is a long task (Lighthouse's
// total blocking time); between these the browser paints and answers input. The HTML asks for all
// of their files at once (the server's preload hints), so the split costs no round trip.
// The start itself (reading the server's state, loading the page) runs in a task of its own too,
// not on the tail of the app's evaluation.
const nextTask = <T,>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));
void import('react-dom/client')
  .then(() => import('./app/start'))
  .then(nextTask)
  .then(({ startApp }) => startApp(document.getElementById('root')!));
