import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  formatIsk,
  HUBS,
  priceSourceLabel,
  type JobNode,
  type MissingPrice,
  type PriceOverride,
  type PriceSource,
} from '@eve-toolkit/shared-types';
import { PriceChoices } from '../../../shared/ui/price-choices';

const hubName = (id: number) => HUBS.find((h) => h.id === id)?.label ?? `#${id}`;
const isk = (v: number | null) => (v === null ? 'нет' : formatIsk(v));

/** Names and chosen sources of every item of the tree (nodes and what invention consumes). */
function itemsOf(root: JobNode): Map<number, { name: string; source: PriceSource | null }> {
  const out = new Map<number, { name: string; source: PriceSource | null }>();
  const visit = (n: JobNode) => {
    out.set(n.id, { name: n.name, source: n.price_source });
    for (const m of n.invention?.materials ?? []) out.set(m.id, { name: m.name, source: m.price_source });
    n.materials.forEach(visit);
  };
  visit(root);
  return out;
}

export interface MissingPricesProps {
  tree: JobNode;
  hubId: number;
  /** Every item of the tree without a price at the hub, with the alternatives (the server's answer). */
  missing: readonly MissingPrice[];
  /** Items without a price under the current choices (the summary's), by side. */
  missingSell: readonly number[];
  missingBuy: readonly number[];
  overrides: Readonly<Record<string, PriceOverride>>;
  onChange: (overrides: Record<string, PriceOverride>) => void;
  busy?: boolean;
}

/**
 * Items the hub has no price for: says which, that the totals with them are unknown, and offers
 * what a player does instead — another hub's price, CCP's adjusted (average) price, or a price
 * typed in — each labelled; the prices chosen are listed with their source and can be dropped.
 */
export function MissingPrices({ tree, hubId, missing, missingSell, missingBuy, overrides, onChange, busy }: MissingPricesProps) {
  const items = itemsOf(tree);
  const byId = new Map(missing.map((m) => [m.type_id, m]));
  // the product too: without its price there is no margin (another hub's price is what a seller looks at)
  const productSell = tree.market_sell === null && !tree.price_source ? [tree.id] : [];
  const productBuy = tree.market_buy === null && !tree.price_source ? [tree.id] : [];
  const sell = [...missingSell, ...productSell];
  const buy = [...missingBuy, ...productBuy];
  const ids = [...new Set([...sell, ...buy])];
  const chosen = Object.keys(overrides).map(Number);
  if (!ids.length && !chosen.length) return null;
  const set = (id: number, o: PriceOverride | null) => {
    const next = { ...overrides };
    if (o) next[String(id)] = o;
    else delete next[String(id)];
    onChange(next);
  };
  return (
    <Alert
      color={ids.length ? 'orange' : 'blue'}
      variant="light"
      title={
        ids.length ? `Нет цены в хабе ${hubName(hubId)}: итоги с этими предметами неизвестны` : 'Цены, выбранные вместо цен хаба'
      }
      data-testid="missing-prices"
    >
      <Stack gap="sm">
        {ids.length > 0 && (
          <Text size="sm">
            Затраты, прибыль и маржа с ними не считаются (не как 0), а без цены продукта — его стоимость и маржа. Выберите цену
            вместо недостающей — она будет подписана в дереве и в списке покупок.
          </Text>
        )}
        {ids.map((id) => (
          <MissingRow
            key={id}
            id={id}
            name={`${items.get(id)?.name ?? byId.get(id)?.name ?? `#${id}`}${id === tree.id ? ' (продукт)' : ''}`}
            sides={[sell.includes(id) && 'SELL', buy.includes(id) && 'BUY'].filter(Boolean).join(' и ')}
            alt={byId.get(id)}
            onPick={(o) => set(id, o)}
            busy={busy}
          />
        ))}
        {chosen.length > 0 && (
          <Stack gap={4} data-testid="chosen-prices">
            <Text size="sm" fw={600}>
              Выбранные цены:
            </Text>
            {chosen.map((id) => (
              <Group key={id} gap="xs">
                <Text size="sm">
                  {items.get(id)?.name ?? `#${id}`} —{' '}
                  {priceSourceLabel(items.get(id)?.source ?? sourceOf(overrides[id]), hubName)}
                </Text>
                <Button size="compact-xs" variant="subtle" onClick={() => set(id, null)} disabled={busy}>
                  Убрать
                </Button>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}

function sourceOf(o: PriceOverride): PriceSource {
  return o.source === 'hub' ? { kind: 'hub', hub_id: o.hub } : { kind: o.source };
}

function MissingRow({
  id,
  name,
  sides,
  alt,
  onPick,
  busy,
}: {
  id: number;
  name: string;
  sides: string;
  alt: MissingPrice | undefined;
  onPick: (o: PriceOverride) => void;
  busy?: boolean;
}) {
  return (
    <Stack gap={4} data-testid={`missing-${id}`}>
      <Text size="sm" fw={600}>
        {name}: нет {sides}
      </Text>
      <PriceChoices
        hubs={alt?.hubs ?? []}
        adjusted={alt?.adjusted ?? null}
        format={isk}
        onHub={(hub) => onPick({ source: 'hub', hub })}
        onAdjusted={() => onPick({ source: 'adjusted' })}
        onManual={(price) => onPick({ source: 'manual', price })}
        manualLabel="Своя цена за шт., ISK"
        applyLabel="Применить свою цену"
        busy={busy}
      />
      {alt && !alt.hubs.length && alt.adjusted === null && (
        <Text size="xs" c="dimmed">
          Ни в одном хабе нет ордеров, средней цены CCP тоже нет: введите цену сами или стройте предмет.
        </Text>
      )}
    </Stack>
  );
}
