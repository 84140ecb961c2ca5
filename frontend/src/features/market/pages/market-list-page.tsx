import { lazy, memo, useDeferredValue, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import type { MarketCategory } from '@eve-toolkit/shared-types';
import { Alert, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { isWarmingUp } from '../../../shared/query-retry';
import { PageHeader } from '../../../shared/ui/page-header';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { useHydrating } from '../../../shared/hydration';
import { useIncrementalList } from '../../../shared/use-incremental-list';
import { useLiveMarketPrices, useMarketItems } from '../api/market.api';
import { HubSelect } from '../../../shared/ui/hub-select';
import { LaterSuspense } from '../../../shared/ui/later-suspense';
import { ItemCard } from '../components/item-card';
import { PricesAge } from '../components/prices-age';
import classes from '../components/market.module.css';

/** The search (a combobox, with the positioning library): its own chunk, after the page's first paint. */
const MarketSearch = lazy(() => import('../components/market-search'));
const SEARCH_WIDTH = 300;

/** The search's place while its chunk loads: its label and a field of its size. */
function SearchPlaceholder() {
  return (
    <div aria-hidden>
      <Skeleton height={20} width={140} mb={4} />
      <Skeleton height={36} width={SEARCH_WIDTH} maw="100%" />
    </div>
  );
}

const NO_CATEGORIES: MarketCategory[] = [];
/** Categories in the server's HTML (whole), and cards added per commit after that. */
const FIRST_CATEGORIES = 2;
const CARDS_PER_STEP = 2;
const cardsIn = (categories: readonly MarketCategory[]) => categories.reduce((n, c) => n + c.items.length, 0);

/**
 * The categories holding the first `count` cards: those shown whole are the answer's own objects
 * (their sections, memoised, are not rendered again), the one being filled a copy with its first cards.
 */
export function firstCards(categories: readonly MarketCategory[], count: number): MarketCategory[] {
  const shown: MarketCategory[] = [];
  let left = count;
  for (const category of categories) {
    if (left <= 0) break;
    shown.push(left >= category.items.length ? category : { ...category, items: category.items.slice(0, left) });
    left -= category.items.length;
  }
  return shown;
}

/** /market/list: categories of item cards with SELL/BUY and their delta against the median. */
export default function MarketListPage() {
  const hubId = useAtomValue(hubIdAtom);
  const { data, error, isPending, failureReason } = useMarketItems(hubId);
  useLiveMarketPrices(hubId);
  // The cards render as a transition once the prices are here (the answer comes through the query
  // cache's store, whose updates React would otherwise render in one piece): the first two
  // categories (a phone's first screen and more; what the server's HTML holds), then two cards
  // more per commit, each in its own task (a category of 32 cards in one commit was a long task).
  const shown = useDeferredValue(data);
  const all = shown?.data ?? NO_CATEGORIES;
  const cards = useMemo(() => all.flatMap((c) => c.items), [all]);
  const shownCards = useIncrementalList(cards, cardsIn(all.slice(0, FIRST_CATEGORIES)), CARDS_PER_STEP).length;
  const categories = useMemo(() => firstCards(all, shownCards), [all, shownCards]);
  const hydrating = useHydrating();

  return (
    <>
      <PageHeader
        title="Маркет"
        // The line is there from the first paint, so the prices' age arriving moves nothing below it.
        description={data ? <PricesAge updatedAt={data.updated_at} /> : error ? 'Цены недоступны' : 'Загружаем цены…'}
        actions={
          <Group align="flex-end" gap="sm">
            <LaterSuspense fallback={<SearchPlaceholder />}>
              <MarketSearch w={SEARCH_WIDTH} />
            </LaterSuspense>
            <HubSelect />
            <Button component={Link} to="/market/appraisal">
              Расчет цен
            </Button>
          </Group>
        }
      />
      {error && (
        <Alert color="red" title="Не удалось загрузить цены">
          {error.message}
        </Alert>
      )}
      {isPending && isWarmingUp(failureReason) && (
        <Alert color="blue" title="Подождите немного">
          {failureReason?.message}
        </Alert>
      )}
      {(isPending || shown !== data) && !shown && (
        // The first category's shape: its heading, then its cards (the cards take their place).
        <div aria-busy>
          <Skeleton height={26} width={180} mb="sm" />
          <div className={classes.grid}>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} height={118} radius="md" />
            ))}
          </div>
        </div>
      )}
      <Stack gap="xl">
        {categories.map((category) => (
          <CategorySection key={category.name} category={category} />
        ))}
        {/* The rest of the server's list for a browser without JavaScript. A browser that runs
            the app reads a <noscript> as text (nothing to lay out, React leaves its content
            alone) and adds these categories itself after hydrating; the element goes then. */}
        {hydrating && categories.length < all.length && (
          <noscript>
            {all.slice(categories.length).map((category) => (
              <CategorySection key={category.name} category={category} />
            ))}
          </noscript>
        )}
      </Stack>
    </>
  );
}

/**
 * One category: its heading and cards. Memoised: while the list grows one category per commit, the
 * categories already shown are not rendered again (the same objects from the same answer).
 */
const CategorySection = memo(function CategorySection({ category }: { category: MarketCategory }) {
  return (
    <section className={classes.category} aria-labelledby={`category-${category.name}`}>
      <Title order={2} fz={20} mb="sm" id={`category-${category.name}`}>
        {category.name}
      </Title>
      <div className={classes.grid}>
        {category.items.map((item) => (
          <ItemCard key={item.id} item={item} />
        ))}
      </div>
    </section>
  );
});
