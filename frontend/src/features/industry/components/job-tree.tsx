import { useState } from 'react';
import { ActionIcon, Badge, Box, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import {
  ACTIVITY_LETTER,
  canBuild,
  formatDuration,
  formatIsk,
  formatNumber,
  formatVolume,
  setBuild,
  setPay,
  summarize,
  type JobNode,
  type NodePath,
} from '@eve-toolkit/shared-types';
import { pathKey, ROOT_KEY } from '../lib/tree-paths';
import { NumberField } from '../../../shared/ui/number-field';
import { TypeIcon } from '../../../shared/ui/type-icon';

export interface JobTreeProps {
  root: JobNode;
  /** Called with the new tree after a build/buy toggle or a payout change (totals above are recomputed). */
  onChange: (root: JobNode) => void;
}

const price = (v: number | null) => (v === null ? '—' : formatIsk(v));

/**
 * The job tree (spec §2): every node with icon, name, quantity, runs, per-run multiplier, SELL/BUY
 * and volume; buildable nodes expand (the root starts expanded) to their job: build/buy toggle,
 * runs, time, job cost, payout per run, sums at SELL and BUY and the volume to haul, and their
 * materials under 'Необходимые материалы:'.
 */
export function JobTree({ root, onChange }: JobTreeProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([ROOT_KEY]));
  const toggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <Stack gap={4} data-testid="job-tree">
      <NodeView
        node={root}
        path={[]}
        expanded={expanded}
        onExpand={toggle}
        onBuild={(path, build) => onChange(setBuild(root, path, build))}
        onPay={(path, pay) => onChange(setPay(root, path, pay))}
      />
    </Stack>
  );
}

interface NodeViewProps {
  node: JobNode;
  path: NodePath;
  expanded: ReadonlySet<string>;
  onExpand: (key: string) => void;
  onBuild: (path: NodePath, build: boolean) => void;
  onPay: (path: NodePath, pay: number) => void;
}

function NodeView({ node, path, expanded, onExpand, onBuild, onPay }: NodeViewProps) {
  const key = pathKey(path);
  const buildable = canBuild(node);
  const open = buildable && expanded.has(key);
  const isRoot = path.length === 0;
  const dimmed = buildable && !node.build;
  return (
    <Box data-testid={`node-${key || 'root'}`} data-node-id={node.id} data-build={buildable ? String(node.build) : undefined}>
      <Group gap="xs" wrap="nowrap" align="center" py={4}>
        {buildable ? (
          <ActionIcon
            variant="subtle"
            size="sm"
            onClick={() => onExpand(key)}
            aria-label={open ? `Свернуть ${node.name}` : `Развернуть ${node.name}`}
            aria-expanded={open}
          >
            {open ? '▾' : '▸'}
          </ActionIcon>
        ) : (
          <Box w={22} />
        )}
        <TypeIcon src={node.icon} size={28} />
        <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="wrap">
            <Text fw={600} size="sm" c={dimmed ? 'dimmed' : undefined} data-testid="node-name">
              {node.name}
            </Text>
            <Text size="sm" data-testid="node-quantity">
              × {formatNumber(node.quantity)}
            </Text>
            {buildable && (
              <Text size="sm" c="dimmed">
                прогонов: {formatNumber(node.runs)}
                {node.quantity_per_run > 1 && ` (×${formatNumber(node.quantity_per_run)})`}
              </Text>
            )}
            {node.activity_id !== null && (
              // A native title, not Mantine's Tooltip (keeps floating-ui out of the first load).
              <Badge
                size="xs"
                variant="light"
                color={node.activity_id === 11 ? 'grape' : 'blue'}
                title={node.activity_id === 11 ? 'Реакция' : 'Производство'}
                data-testid="node-activity"
              >
                {ACTIVITY_LETTER[node.activity_id]}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            SELL {price(node.market_sell)} · BUY {price(node.market_buy)} · {formatVolume(node.quantity * node.volume)}
          </Text>
        </Stack>
      </Group>
      {open && (
        <Box ml={11} pl="md" style={{ borderLeft: '1px solid var(--mantine-color-default-border)' }}>
          <JobDetails node={node} path={path} isRoot={isRoot} onBuild={onBuild} onPay={onPay} />
          <Text size="sm" fw={600} mt="xs">
            Необходимые материалы:
          </Text>
          <Stack gap={0}>
            {node.materials.map((m, i) => (
              <NodeView
                key={`${m.id}-${i}`}
                node={m}
                path={[...path, i]}
                expanded={expanded}
                onExpand={onExpand}
                onBuild={onBuild}
                onPay={onPay}
              />
            ))}
          </Stack>
        </Box>
      )}
    </Box>
  );
}

function JobDetails({
  node,
  path,
  isRoot,
  onBuild,
  onPay,
}: {
  node: JobNode;
  path: NodePath;
  isRoot: boolean;
  onBuild: NodeViewProps['onBuild'];
  onPay: NodeViewProps['onPay'];
}) {
  const volume = summarize(node).volume_purchases;
  return (
    <Stack gap={6} py={6}>
      <Group gap="md" wrap="wrap" align="flex-end">
        {!isRoot && (
          // The state shown as a choice of two (not a question): which one is on is what the totals use.
          <SegmentedControl
            size="xs"
            aria-label={`Строить или покупать: ${node.name}`}
            data={[
              { value: 'build', label: 'Строить' },
              { value: 'buy', label: 'Покупать' },
            ]}
            value={node.build ? 'build' : 'buy'}
            onChange={(v) => onBuild(path, v === 'build')}
            color={node.build ? 'teal' : 'orange'}
            data-testid="node-toggle"
          />
        )}
        <Text size="sm">Прогоны: {formatNumber(node.runs)}</Text>
        {node.trash > 0 && (
          <Text size="sm" c="dimmed" title="Сколько единиц работа сделает сверх нужного">
            Излишек: {formatNumber(node.trash)}
          </Text>
        )}
        <Text size="sm" data-testid="node-time">
          Время: {formatDuration(node.time)}
        </Text>
        <Text size="sm" data-testid="node-fee">
          Стоимость работ: {formatIsk(node.work_price_total)}
        </Text>
        <NumberField
          size="xs"
          w={170}
          label="Выплата за прогон, ISK"
          min={0}
          decimals={2}
          value={node.pay}
          onChange={(v) => onPay(path, v ?? 0)}
          data-testid="node-pay"
        />
      </Group>
      <Group gap="md" wrap="wrap">
        <Text size="sm" data-testid="node-total-sell">
          Итого SELL: <b>{formatIsk(node.materials_total_sell)}</b>
        </Text>
        <Text size="sm" data-testid="node-total-buy">
          Итого BUY: <b>{formatIsk(node.materials_total_buy)}</b>
        </Text>
        <Text size="sm" c="dimmed">
          Объём закупки: {formatVolume(volume)}
        </Text>
      </Group>
    </Stack>
  );
}
