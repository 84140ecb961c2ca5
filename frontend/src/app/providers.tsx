import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useToastsWanted } from '../shared/notify';
import { retryDelay, shouldRetry } from '../shared/query-retry';
import { appStore, type AppStore } from '../shared/store';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

/** The toast container loads with the first toast (shared/notify.ts). */
const Toasts = lazy(() => import('./components/toasts'));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: shouldRetry, retryDelay },
    },
  });
}

export const appQueryClient = createQueryClient();

export interface ProvidersProps {
  children: ReactNode;
  store?: AppStore;
  queryClient?: QueryClient;
  /** 'test' disables Mantine transitions and portals (unit tests). */
  mantineEnv?: 'default' | 'test';
}

export function Providers({ children, store = appStore, queryClient = appQueryClient, mantineEnv = 'default' }: ProvidersProps) {
  const toasts = useToastsWanted();
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          cssVariablesResolver={cssVariablesResolver}
          // No choice saved yet: the system's (prefers-color-scheme), light when it has none (public/theme-init.js).
          defaultColorScheme="auto"
          env={mantineEnv}
        >
          {toasts && (
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
          )}
          {children}
        </MantineProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
