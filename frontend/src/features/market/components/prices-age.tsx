import { Text } from '@mantine/core';
import { formatDateTime } from '@eve-toolkit/shared-types';
import { formatAge, STALE_AFTER_MS } from '../lib/price-history';

/** How old the hub's prices are; flagged when older than 30 minutes (ESI unreachable: the last stored prices are shown). */
export function PricesAge({ updatedAt, now = Date.now() }: { updatedAt: string | null; now?: number }) {
  const age = formatAge(updatedAt, now);
  if (!age || !updatedAt) {
    return (
      <Text component="span" size="sm" c="dimmed" data-testid="prices-age">
        Цены ещё не загружены из игры
      </Text>
    );
  }
  const stale = now - Date.parse(updatedAt) > STALE_AFTER_MS;
  return (
    <Text component="span" size="sm" c={stale ? 'orange' : 'dimmed'} data-testid="prices-age" title={formatDateTime(updatedAt)}>
      Цены обновлены {age}
      {stale ? ' — данные игры сейчас недоступны, показаны последние сохранённые цены' : ''}
    </Text>
  );
}
