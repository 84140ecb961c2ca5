import { Text } from '@mantine/core';
import { formatDateTime } from '@eve-toolkit/shared-types';
import { useHydrating, useRenderNow } from '../../../shared/hydration';
import { formatAge, STALE_AFTER_MS } from '../lib/price-history';

/**
 * How old the hub's prices are; flagged when older than 30 minutes (ESI unreachable: the last
 * stored prices are shown). Server-rendered, the age is the server's; the local time in the title
 * (the browser's time zone) comes once the page is hydrated.
 */
export function PricesAge({ updatedAt, now: nowProp }: { updatedAt: string | null; now?: number }) {
  const renderNow = useRenderNow();
  const hydrating = useHydrating();
  const now = nowProp ?? renderNow;
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
    <Text
      component="span"
      size="sm"
      c={stale ? 'orange' : 'dimmed'}
      data-testid="prices-age"
      title={hydrating ? undefined : formatDateTime(updatedAt)}
    >
      Цены обновлены {age}
      {stale ? ' — данные игры сейчас недоступны, показаны последние сохранённые цены' : ''}
    </Text>
  );
}
