import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingView } from '../../../shared/ui/loading-view';

/**
 * An admin page as a thin shell: the page body (tables, forms, queries) is its own lazy chunk,
 * off the first load. Each page module is one line: `export default adminPageShell(() => import('../views/…'))`.
 */
export function adminPageShell(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Body = lazy(load);
  return function AdminPageShell() {
    return (
      <Suspense fallback={<LoadingView fullScreen={false} />}>
        <Body />
      </Suspense>
    );
  };
}
