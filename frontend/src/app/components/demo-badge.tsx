import { Badge } from '@mantine/core';
import { useClientConfig } from '../../shared/client-config';

export const DEMO_BADGE_TEXT = 'Демо-режим';
export const DEMO_TOOLTIP =
  'Приложение работает без подключения к игре: ESI и вход через EVE Online заменены локальными заглушками, цены и персонажи — демонстрационные.';

export function DemoBadge() {
  const { data } = useClientConfig();
  if (!data?.demo) return null;
  return (
    // A native title, not Mantine's Tooltip: the header is on every first render, and the tooltip
    // would bring its positioning library (floating-ui) into every page's first load.
    <Badge color="orange" variant="filled" radius="sm" tabIndex={0} style={{ cursor: 'help' }} title={DEMO_TOOLTIP}>
      {DEMO_BADGE_TEXT}
    </Badge>
  );
}
