import { Group, Text } from '@mantine/core';
import { deltaPercent, formatDelta, formatPrice, NBSP } from '@eve-toolkit/shared-types';

/** "SELL  +1,25 %  5 012,40 ISK": delta against the median (red if negative, green otherwise) and the price. */
export function PriceRow({
  label,
  price,
  median,
  size = 'sm',
}: {
  label: 'SELL' | 'BUY';
  price: number | null;
  median: number | null;
  size?: 'sm' | 'md' | 'lg';
}) {
  const delta = price !== null && median !== null ? deltaPercent(price, median) : null;
  const color = delta === null ? 'dimmed' : delta < 0 ? 'red' : 'green';
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" data-testid={`price-row-${label}`}>
      <Text fw={700} size={size} w={40}>
        {label}
      </Text>
      <Text size={size} c={color} data-testid="delta" data-color={color} title="Отклонение от медианы за 30 дней">
        {formatDelta(delta)}
      </Text>
      <Text size={size} ff="monospace" ta="right" data-testid="price" style={{ flex: 1, whiteSpace: 'nowrap' }}>
        {price === null ? (
          '—'
        ) : (
          <>
            {formatPrice(price)}
            {NBSP}
            <Text span size="xs" c="dimmed" ff="inherit">
              ISK
            </Text>
          </>
        )}
      </Text>
    </Group>
  );
}
