import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { disablePingNotifications, enablePingNotifications, pingNotifyState, type PingNotifyState } from '../lib/ping-notify';

const HINT: Record<PingNotifyState, string> = {
  unsupported: 'Этот браузер не показывает уведомления.',
  insecure: 'Браузер показывает уведомления только сайтам, открытым по HTTPS.',
  denied: 'Уведомления запрещены в настройках браузера для этого сайта.',
  off: 'Уведомление о новом пинге, пока вкладка открыта в фоне.',
  on: 'Новые пинги придут уведомлением, пока эта вкладка открыта в фоне.',
};

/** The member's switch for system notifications of new pings (the browser asks once). */
export function PingNotifications() {
  const [state, setState] = useState<PingNotifyState>(pingNotifyState);
  return (
    <Group gap="sm" wrap="wrap" data-testid="ping-notifications">
      {state === 'off' && (
        <Button variant="light" size="compact-md" onClick={() => void enablePingNotifications().then(setState)}>
          Включить уведомления
        </Button>
      )}
      {state === 'on' && (
        <Button variant="default" size="compact-md" onClick={() => setState(disablePingNotifications())}>
          Выключить уведомления
        </Button>
      )}
      <Text size="sm" c="dimmed">
        {HINT[state]}
      </Text>
    </Group>
  );
}
