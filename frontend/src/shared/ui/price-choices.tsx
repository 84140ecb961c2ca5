import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { HUBS } from '@eve-toolkit/shared-types';
import { NumberField } from './number-field';

/** A long price choice wraps on a phone instead of running off the screen. */
const WRAP = { root: { height: 'auto', paddingBlock: 4 }, label: { whiteSpace: 'normal' as const, textAlign: 'left' as const } };

const hubName = (id: number) => HUBS.find((h) => h.id === id)?.label ?? `#${id}`;

export interface PriceChoicesProps {
  /** Hubs where the item has orders (the server's alternatives). */
  hubs: readonly { hub_id: number; sell: number | null; buy: number | null }[];
  /** CCP's adjusted price, when there is one. */
  adjusted: number | null;
  /** How a price reads (a side with no orders is null). */
  format: (value: number | null) => string;
  onHub: (hubId: number, sell: number | null, buy: number | null) => void;
  onAdjusted: (price: number) => void;
  onManual: (price: number) => void;
  manualLabel: string;
  applyLabel: string;
  busy?: boolean;
}

/**
 * The choices for an item without a price at the hub (appraisal and industry): another hub's prices,
 * CCP's adjusted price, or a price typed by the player.
 */
export function PriceChoices({
  hubs,
  adjusted,
  format,
  onHub,
  onAdjusted,
  onManual,
  manualLabel,
  applyLabel,
  busy,
}: PriceChoicesProps) {
  const [typed, setTyped] = useState<number | null>(null);
  return (
    <Group gap="xs" wrap="wrap" align="flex-end">
      {hubs.map((h) => (
        <Button
          key={h.hub_id}
          size="compact-xs"
          variant="light"
          styles={WRAP}
          onClick={() => onHub(h.hub_id, h.sell, h.buy)}
          disabled={busy}
        >
          Цена хаба {hubName(h.hub_id)}: SELL {format(h.sell)} · BUY {format(h.buy)}
        </Button>
      ))}
      {adjusted !== null && (
        <Button size="compact-xs" variant="light" styles={WRAP} onClick={() => onAdjusted(adjusted)} disabled={busy}>
          Средняя цена CCP (adjusted): {format(adjusted)}
        </Button>
      )}
      <NumberField size="xs" w={150} label={manualLabel} min={0} decimals={2} allowEmpty value={typed} onChange={setTyped} />
      <Button
        size="compact-xs"
        variant="light"
        styles={WRAP}
        disabled={typed === null || busy}
        onClick={() => typed !== null && onManual(typed)}
      >
        {applyLabel}
      </Button>
    </Group>
  );
}
