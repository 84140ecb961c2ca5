import { Link } from 'react-router-dom';
import { Card, Group, Stack, Text } from '@mantine/core';
import type { MarketItem } from '@eve-toolkit/shared-types';
import { ItemIcon } from './item-icon';
import { PriceRow } from './price-row';
import classes from './market.module.css';

/** A 250 px card linking to the item page: icon, name, SELL and BUY rows (its accessible name reads them all). */
export function ItemCard({ item }: { item: MarketItem }) {
  return (
    <Card component={Link} to={`/market/detail/${item.id}`} withBorder padding="sm" radius="md" className={classes.card}>
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap">
          <ItemIcon src={item.icon} size={40} />
          <Text fw={600} lineClamp={2}>
            {item.name}
          </Text>
        </Group>
        <PriceRow label="SELL" price={item.sell} median={item.median_sell} />
        <PriceRow label="BUY" price={item.buy} median={item.median_buy} />
      </Stack>
    </Card>
  );
}
