import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { Alert, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { isWarmingUp } from '../../../shared/query-retry';
import { PageHeader } from '../../../shared/ui/page-header';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { useIncrementalList } from '../../../shared/use-incremental-list';
import { useLiveMarketPrices, useMarketItems } from '../api/market.api';
import { HubSelect } from '../../../shared/ui/hub-select';
import { ItemCard } from '../components/item-card';
import { PricesAge } from '../components/prices-age';
import classes from '../components/market.module.css';

/** /market/list: categories of item cards with SELL/BUY and their delta against the median. */
export default function MarketListPage() {
  const hubId = useAtomValue(hubIdAtom);
  const { data, error, isPending, failureReason } = useMarketItems(hubId);
  useLiveMarketPrices(hubId);
  // The cards render as a transition once the prices are here (the answer comes through the query
  // cache's store, whose updates React would otherwise render in one piece): the first category,
  // then the other ~60 cards, in time slices.
  const shown = useDeferredValue(data);
  const categories = useIncrementalList(shown?.data ?? [], 1);

  return (
    <>
      <PageHeader
        title="Маркет"
        description={data ? <PricesAge updatedAt={data.updated_at} /> : undefined}
        actions={
          <Group align="flex-end" gap="sm">
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
        <div className={classes.grid} aria-busy>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height={118} radius="md" />
          ))}
        </div>
      )}
      <Stack gap="xl">
        {categories.map((category) => (
          <section key={category.name} aria-labelledby={`category-${category.name}`}>
            <Title order={2} fz={20} mb="sm" id={`category-${category.name}`}>
              {category.name}
            </Title>
            <div className={classes.grid}>
              {category.items.map((item) => (
                <ItemCard key={item.id} item={item} />
              ))}
            </div>
          </section>
        ))}
      </Stack>
    </>
  );
}
