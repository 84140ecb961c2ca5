import { Badge, Flex, Text } from '@mantine/core';
import {
  DOCTRINE_MATCH_LABELS,
  formatEveTime,
  formatNumber,
  HUBS,
  NBSP,
  SRP_STATUS_LABELS,
  type SrpRequest,
  type SrpStatus,
} from '@eve-toolkit/shared-types';

const STATUS_COLOR: Record<SrpStatus, string> = { pending: 'yellow', approved: 'blue', denied: 'red', paid: 'teal' };

export function SrpStatusBadge({ status }: { status: SrpStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="srp-status">
      {SRP_STATUS_LABELS[status]}
    </Badge>
  );
}

/** ISK, grouped, «ISK» never wrapped away from its number; an unknown amount says so. */
export const isk = (v: number | null) => (v === null ? 'неизвестно' : `${formatNumber(v)}${NBSP}ISK`);

/** Loss time in EVE time (UTC), as the killmail and the game show it. */
export const et = (iso: string) => formatEveTime(iso);

/** The loss value, or why it is unknown (the unpriced types named). */
export function LossValue({ r }: { r: SrpRequest }) {
  const hub = HUBS.find((h) => h.id === r.priced_at.hub)?.label ?? `хаб ${r.priced_at.hub}`;
  if (r.loss_value === null)
    return (
      <Text size="sm" c="orange" component="span" title={`Нет цены в ${hub}`}>
        неизвестно: нет цены {r.missing.map((m) => `${m.name} ×${m.quantity}`).join(', ')}
      </Text>
    );
  const source =
    r.priced_at.source === 'history' ? 'цены дня потери' : r.priced_at.source === 'now' ? 'текущие цены' : 'цены дня и текущие';
  return (
    <Text size="sm" component="span" title={`${hub}, ${source}`}>
      {isk(r.loss_value)}
    </Text>
  );
}

/**
 * The payout as the pilot sees it: paid or approved, the amount; pending, the rule's suggestion
 * («≈») or why there is none; denied, none.
 */
export function payoutText(r: SrpRequest): string {
  if (r.status === 'paid') return isk(r.paid?.amount ?? null);
  if (r.status === 'approved') return isk(r.payout);
  if (r.status === 'denied') return 'нет';
  return r.suggested_payout === null ? 'неизвестно: стоимость не оценена' : `≈ ${isk(r.suggested_payout)}`;
}

/**
 * The fleet and how the loss matches its doctrine: one box (a phone's card row has the label
 * and this), its parts wrapping rather than a badge cut short, to the right like the card's
 * other values below CardTable's 48em.
 */
export function FleetCell({ r }: { r: SrpRequest }) {
  return (
    <Flex gap={6} wrap="wrap" align="center" justify={{ base: 'flex-end', sm: 'flex-start' }} data-testid="srp-fleet">
      {r.ping ? (
        <Text size="sm" component="span">
          {r.ping.name}
        </Text>
      ) : (
        <Badge color="orange" variant="outline" style={{ flexShrink: 0 }}>
          Вне флота
        </Badge>
      )}
      {r.doctrine_match && (
        <Badge
          color={r.doctrine_match === 'exact' ? 'teal' : r.doctrine_match === 'partial' ? 'yellow' : 'red'}
          variant="dot"
          style={{ flexShrink: 0 }}
        >
          {DOCTRINE_MATCH_LABELS[r.doctrine_match]}
        </Badge>
      )}
    </Flex>
  );
}
