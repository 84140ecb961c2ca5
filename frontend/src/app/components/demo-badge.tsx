import { Badge, Tooltip } from '@mantine/core';
import { useClientConfig } from '../../shared/client-config';

export const DEMO_BADGE_TEXT = 'Демо-режим';
export const DEMO_TOOLTIP =
  'Приложение работает без подключения к игре: ESI и вход через EVE Online заменены локальными заглушками, цены и персонажи — демонстрационные.';

export function DemoBadge() {
  const { data } = useClientConfig();
  if (!data?.demo) return null;
  return (
    <Tooltip label={DEMO_TOOLTIP} position="bottom">
      <Badge color="orange" variant="filled" radius="sm" tabIndex={0} style={{ cursor: 'help' }}>
        {DEMO_BADGE_TEXT}
      </Badge>
    </Tooltip>
  );
}
