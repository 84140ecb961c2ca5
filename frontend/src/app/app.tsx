import { BrowserRouter } from 'react-router-dom';
import { RouteErrorBoundary } from './components/route-error-boundary';
import { Providers } from './providers';
import { AppRoutes } from './routes';

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </Providers>
  );
}
