import { Badge, Button, ScrollArea, Table, Text } from '@mantine/core';
import { HUBS, formatIsk, type AppraisalResponse } from '@eve-toolkit/shared-types';
import { bestHubs, type AppraisalView } from '../lib/appraisal-view';

/**
 * The paste's totals at all five hubs (at the page's price kind and buyback percent), the best
 * SELL and BUY hub marked; one click appraises it at another hub.
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
    <ScrollArea>
      <Table
        withTableBorder
        verticalSpacing={2}
        maw={720}
        miw={560}
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
                <Table.Td>{label}</Table.Td>
                <Table.Td ta="right">
                  {sell === null ? 'неизвестно' : formatIsk(sell)}
                  {best.sell === h.hub && (
                    <Badge ml={6} size="xs" color="teal">
                      лучший
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">
                  {buy === null ? 'неизвестно' : formatIsk(buy)}
                  {best.buy === h.hub && (
                    <Badge ml={6} size="xs" color="teal">
                      лучший
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{h.priced}</Table.Td>
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
      </Table>
    </ScrollArea>
  );
}
