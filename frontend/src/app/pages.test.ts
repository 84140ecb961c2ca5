import type { RouteObject } from 'react-router-dom';
import { PAGES } from './pages';
import { routes } from './routes';

/** Every route of the tree with its full address. */
function flatten(tree: RouteObject[], parent = ''): { full: string; route: RouteObject }[] {
  return tree.flatMap((route) => {
    const full = route.index
      ? parent || '/'
      : route.path?.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`;
    return [{ full, route }, ...flatten(route.children ?? [], full)];
  });
}

describe('the page table (pages.ts) and the route tree (routes.tsx)', () => {
  const all = flatten(routes);
  const pages = all.filter(({ route }) => route.id?.startsWith('page:'));

  it('each page sits on the route its pattern names (the server preloads its chunk for that address)', () => {
    expect(pages.map(({ full, route }) => [full.replace('/*', '*'), route.id])).toEqual(
      pages.map(({ full }) => [full.replace('/*', '*'), `page:${full.replace('/*', '*')}`]),
    );
  });

  it('every page of the table is on a route', () => {
    expect(pages.map(({ route }) => route.id?.slice('page:'.length)).sort()).toEqual(Object.keys(PAGES).sort());
  });
});
