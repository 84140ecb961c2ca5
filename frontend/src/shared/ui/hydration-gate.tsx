import type { ReactNode } from 'react';
import { useHydrating } from '../hydration';
import classes from './hydration-gate.module.css';

/**
 * Every control of a server-rendered page is disabled until React has hydrated it: the server's
 * HTML paints before the app's scripts run, and until hydration nothing listens to it — a press
 * of a button would do nothing, text typed into a field would be dropped or ignored by the page's
 * state, and Enter in a form would submit it natively (its fields in the address). A disabled
 * fieldset disables them all at once, in the HTML itself, and they show as disabled (greyed,
 * out of the Tab order) until the page answers. Links stay links: pressed before, they load their
 * page. The app wraps its routes in it (app.tsx), and again inside the Suspense boundary of the
 * page (root-layout.tsx): React hydrates a server-rendered boundary in a later pass than the rest,
 * and each gate opens only once its own part has hydrated. No form or control needs code of its
 * own. On a page the browser renders itself it is never disabled.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const hydrating = useHydrating();
  return (
    // role="none": a wrapper, not a group of fields for assistive technology.
    <fieldset role="none" disabled={hydrating} className={classes.gate}>
      {children}
    </fieldset>
  );
}
