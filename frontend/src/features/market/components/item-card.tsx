import { Link } from 'react-router-dom';
import type { MarketItem } from '@eve-toolkit/shared-types';
import { TypeIcon } from '../../../shared/ui/type-icon';
import { PriceRow } from './price-row';
import classes from './market.module.css';

/**
 * A 250 px card linking to the item page: icon, name, SELL and BUY rows (its accessible name reads
 * them all). Plain elements drawn like Mantine's bordered Card: the list shows some seventy of
 * them, and a dozen Mantine components each made its render the page's longest task on a phone.
 */
export function ItemCard({ item }: { item: MarketItem }) {
  return (
    <Link to={`/market/detail/${item.id}`} className={classes.card}>
      <div className={classes.cardHead}>
        <TypeIcon src={item.icon} size={40} />
        <p className={classes.cardName}>{item.name}</p>
      </div>
      <PriceRow label="SELL" price={item.sell} median={item.median_sell} />
      <PriceRow label="BUY" price={item.buy} median={item.median_buy} />
    </Link>
  );
}
