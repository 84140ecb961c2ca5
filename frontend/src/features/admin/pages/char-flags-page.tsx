import { lazy, Suspense } from 'react';
import { LoadingView } from '../../../shared/ui/loading-view';

/** A thin shell: the page body (tables, forms, queries) is its own lazy chunk, off the first load. */
const Body = lazy(() => import('../views/char-flags-view'));

export default function AdminCharFlagsPage() {
  return (
    <Suspense fallback={<LoadingView fullScreen={false} />}>
      <Body />
    </Suspense>
  );
}
