import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { ServerRenderTimeContext } from '../shared/hydration';
import { HydrationGate } from '../shared/ui/hydration-gate';
import { RouteErrorBoundary } from './components/route-error-boundary';
import { Providers, type ProvidersProps } from './providers';
import { AppRoutes } from './routes';

export interface AppProps extends Pick<ProvidersProps, 'store' | 'queryClient'> {
  /** The router: the browser's by default; the server renders with a static one at the address asked. */
  router?: ComponentType<{ children: ReactNode }>;
  /** A server-rendered page: when the server rendered it (its clock while the page hydrates). */
  renderTime?: number | null;
}

/** The whole app. The server (entry-server.tsx) and the browser (main.tsx) render the same tree. */
export function App({ router: Router = BrowserRouter, store, queryClient, renderTime = null }: AppProps) {
  return (
    <ServerRenderTimeContext value={renderTime}>
      <Providers store={store} queryClient={queryClient}>
        <Router>
          {/* Every control disabled until a server-rendered page has hydrated (its input would be lost). */}
          <HydrationGate>
            <RouteErrorBoundary>
              <AppRoutes />
            </RouteErrorBoundary>
          </HydrationGate>
        </Router>
      </Providers>
    </ServerRenderTimeContext>
  );
}
