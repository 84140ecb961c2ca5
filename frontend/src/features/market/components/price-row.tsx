import { deltaPercent, formatDelta, formatPrice, NBSP } from '@eve-toolkit/shared-types';
import { UNKNOWN } from '../lib/book';
import classes from './market.module.css';

/**
 * "SELL  +1,25 %  5 012,40 ISK": delta against the median (red if negative, green otherwise) and
 * the price. Plain elements (one of these is on each of the market list's cards).
 */
export function PriceRow({
  label,
  price,
  median,
  size = 'sm',
}: {
  label: 'SELL' | 'BUY';
  price: number | null;
  median: number | null;
  size?: 'sm' | 'md';
}) {
  const delta = price !== null && median !== null ? deltaPercent(price, median) : null;
  const color = delta === null ? 'dimmed' : delta < 0 ? 'red' : 'green';
  return (
    <div className={classes.priceRow} data-size={size} data-testid={`price-row-${label}`}>
      <p className={classes.priceLabel}>{label}</p>
      <p
        style={{ color: color === 'dimmed' ? 'var(--mantine-color-dimmed)' : `var(--mantine-color-${color}-text)` }}
        data-testid="delta"
        data-color={color}
        title="Отклонение от медианы за 30 дней"
      >
        {formatDelta(delta)}
      </p>
      <p className={classes.price} data-testid="price">
        {price === null ? (
          UNKNOWN
        ) : (
          <>
            {formatPrice(price)}
            {NBSP}
            <span className={classes.unit}>ISK</span>
          </>
        )}
      </p>
    </div>
  );
}
