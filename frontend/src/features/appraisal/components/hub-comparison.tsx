import { Badge, Box, Button, Table, Text } from '@mantine/core';
import { HUBS, formatIsk, type AppraisalResponse } from '@eve-toolkit/shared-types';
import { CardTable } from '../../../shared/ui/card-table';
import { bestHubs, type AppraisalView } from '../lib/appraisal-view';

/** A total with its «лучший» mark, kept together (on a phone's card the pair sits right of its label). */
/** A hub's total; unknown (a line without a price there) is said, never a partial sum. */
function Total({ value, best }: { value: number | null; best: boolean }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {value === null ? 'неизвестно' : formatIsk(value)}
      {best && (
        <Badge ml={6} size="xs" color="teal" style={{ verticalAlign: 'middle' }}>
          лучший
        </Badge>
      )}
    </span>
  );
}

/**
 * The paste's totals at all five hubs (at the page's price kind and buyback percent), the best
 * SELL and BUY hub marked; one click appraises it at another hub. On a phone each hub is a card
 * (CardTable): no sideways scrolling inside the result, no badge over a total.
 */
export function HubComparison({
  result,
  view,
  onSwitch,
  switching,
}: {
  result: Pick<AppraisalResponse, 'hub' | 'hubs'>;
  view: AppraisalView;
  onSwitch?: (hub: number) => void;
  switching?: boolean;
}) {
  const best = bestHubs(result, view.kind);
  const f = view.percent / 100;
  return (
    <Box maw={760}>
      <CardTable
        withTableBorder
        verticalSpacing={2}
        minWidth={600}
        data-testid="hub-comparison"
        aria-label="Итоги по хабам"
        style={{ whiteSpace: 'nowrap' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Хаб</Table.Th>
            <Table.Th ta="right">Итог SELL</Table.Th>
            <Table.Th ta="right">Итог BUY</Table.Th>
            <Table.Th ta="right">С ценой</Table.Th>
            <Table.Th>
              <span className="visually-hidden">Действия</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.hubs.map((h) => {
            const label = HUBS.find((x) => x.id === h.hub)?.label ?? String(h.hub);
            const here = h.hub === result.hub;
            const at = (v: number | null) => (v === null ? null : v * f);
            const sell = at(view.kind === 'p5' ? h.sell_p5 : h.sell);
            const buy = at(view.kind === 'p5' ? h.buy_p5 : h.buy);
            return (
              <Table.Tr key={h.hub} data-testid={`hub-${h.hub}`} fw={here ? 700 : undefined}>
                <Table.Td data-label="Хаб">{label}</Table.Td>
                <Table.Td ta="right" data-label="Итог SELL">
                  <Total value={sell} best={best.sell === h.hub} />
                </Table.Td>
                <Table.Td ta="right" data-label="Итог BUY">
                  <Total value={buy} best={best.buy === h.hub} />
                </Table.Td>
                <Table.Td ta="right" data-label="С ценой">
                  {h.priced}
                </Table.Td>
                <Table.Td ta="right">
                  {here ? (
                    <Text size="xs" c="dimmed">
                      текущий
                    </Text>
                  ) : (
                    onSwitch && (
                      <Button size="compact-xs" variant="subtle" disabled={switching} onClick={() => onSwitch(h.hub)}>
                        Оценить в {label}
                      </Button>
                    )
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </CardTable>
    </Box>
  );
}
