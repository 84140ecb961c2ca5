import { createContext, useContext, useState } from 'react';
import { ActionIcon, Badge, Box, Button, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import {
  ACTIVITY_LETTER,
  canBuild,
  countRu,
  decryptorChoices,
  formatDuration,
  formatIsk,
  formatNumber,
  formatPercent,
  formatVolume,
  HUBS,
  ME_RANGE,
  priceSourceLabel,
  setBuild,
  setPay,
  summarize,
  TE_RANGE,
  type IndustryNodeSettings,
  type JobNode,
  type NodePath,
  type PriceSide,
  type PriceSource,
} from '@eve-toolkit/shared-types';
import { pathKey, ROOT_KEY } from '../lib/tree-paths';
import { NumberField } from '../../../shared/ui/number-field';
import { TypeIcon } from '../../../shared/ui/type-icon';

/** One node's own settings (by product type), or null to go back to the form's. */
export type NodeSettingsChange = (typeId: number, settings: IndustryNodeSettings[string] | null) => void;

export interface JobTreeProps {
  root: JobNode;
  /** Called with the new tree after a build/buy toggle or a payout change (totals above are recomputed). */
  onChange: (root: JobNode) => void;
  /** Per-node ME/TE and decryptor: the page recalculates the tree with them. Without it they are read-only. */
  nodeSettings?: IndustryNodeSettings;
  onNodeSettings?: NodeSettingsChange;
  /** The price side decryptor choices are compared at. */
  side?: PriceSide;
}

interface TreeOptions {
  nodeSettings: IndustryNodeSettings;
  onNodeSettings?: NodeSettingsChange;
  side: PriceSide;
}
const TreeOptionsContext = createContext<TreeOptions>({ nodeSettings: {}, side: 'sell' });

const price = (v: number | null) => (v === null ? 'нет цены' : formatIsk(v));
/** A total that may be unknown: never shown as 0 or as a partial sum. */
const money = (v: number | null) => (v === null ? 'неизвестно' : formatIsk(v));
const hubName = (id: number) => HUBS.find((h) => h.id === id)?.label ?? `#${id}`;
/** « (цена хаба Amarr)» after a price the player chose instead of the hub's own. */
export const sourceNote = (source: PriceSource | null) => (source ? ` (${priceSourceLabel(source, hubName)})` : '');

/**
 * The job tree (spec §2): every node with icon, name, quantity, runs, per-run multiplier, SELL/BUY
 * and volume; buildable nodes expand (the root starts expanded) to their job: build/buy toggle,
 * runs, time, job cost, payout per run, sums at SELL and BUY and the volume to haul, and their
 * materials under 'Необходимые материалы:'.
 */
export function JobTree({ root, onChange, nodeSettings = {}, onNodeSettings, side = 'sell' }: JobTreeProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([ROOT_KEY]));
  const toggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <TreeOptionsContext.Provider value={{ nodeSettings, onNodeSettings, side }}>
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
    </TreeOptionsContext.Provider>
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
            {node.invention && (
              <Badge size="xs" variant="light" color="violet" title="Копия чертежа из изобретения" data-testid="node-invented">
                И
              </Badge>
            )}
            {node.inventable && node.blueprint_source === 'owned' && (
              <Badge size="xs" variant="light" color="gray" title="Свой чертёж (не изобретение)" data-testid="node-owned">
                свой
              </Badge>
            )}
            {node.me !== null && (
              <Text size="xs" c="dimmed" data-testid="node-me-te">
                ME {node.me} · TE {node.te}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed" data-testid="node-prices">
            SELL {price(node.market_sell)} · BUY {price(node.market_buy)}
            {sourceNote(node.price_source)} · {formatVolume(node.quantity * node.volume)}
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
          value={node.pay || null}
          allowEmpty
          placeholder="без оплаты"
          onChange={(v) => onPay(path, v ?? 0)}
          data-testid="node-pay"
        />
      </Group>
      <Group gap="md" wrap="wrap">
        <Text size="sm" data-testid="node-total-sell" title="Материалы, работы, выплаты и изобретение по ценам SELL">
          Итого SELL: <b>{money(node.materials_total_sell)}</b>
        </Text>
        <Text size="sm" data-testid="node-total-buy" title="Материалы, работы, выплаты и изобретение по ценам BUY">
          Итого BUY: <b>{money(node.materials_total_buy)}</b>
        </Text>
        <Text size="sm" c="dimmed">
          Объём закупки: {formatVolume(volume)}
        </Text>
      </Group>
      {node.inventable && <SourceChoice node={node} />}
      {node.invention ? <InventionDetails node={node} /> : node.me !== null && <BlueprintSettings node={node} isRoot={isRoot} />}
    </Stack>
  );
}

/** A blueprint that can be invented: invent it (with a decryptor) or use one the player has (ME/TE). */
function SourceChoice({ node }: { node: JobNode }) {
  const { onNodeSettings } = useContext(TreeOptionsContext);
  if (!onNodeSettings) return null;
  return (
    <Group gap="sm" align="center">
      <Text size="sm">Чертёж:</Text>
      <SegmentedControl
        size="xs"
        aria-label={`Откуда чертёж: ${node.name}`}
        data={[
          { value: 'invent', label: 'Изобрести' },
          { value: 'owned', label: 'Свой (ME/TE)' },
        ]}
        value={node.blueprint_source ?? 'owned'}
        onChange={(v) => onNodeSettings(node.id, { source: v as 'invent' | 'owned' })}
        data-testid="node-source"
      />
    </Group>
  );
}

/** ME/TE of a manufacturing node's blueprint (by product type; the form's by default: the root's, or the components'). */
function BlueprintSettings({ node, isRoot }: { node: JobNode; isRoot: boolean }) {
  const { nodeSettings, onNodeSettings } = useContext(TreeOptionsContext);
  const own = nodeSettings[String(node.id)];
  if (!onNodeSettings) return null;
  const change = (patch: { me?: number; te?: number }) =>
    onNodeSettings(node.id, {
      ...own,
      ...(node.inventable ? { source: 'owned' as const } : {}),
      ...patch,
      decryptor_id: undefined,
    });
  const fromForm = isRoot ? 'ME/TE из формы' : 'ME/TE компонентов из формы';
  return (
    <Group gap="sm" align="flex-end" data-testid="node-blueprint">
      <NumberField
        size="xs"
        w={110}
        label="ME чертежа"
        min={ME_RANGE.min}
        max={ME_RANGE.max}
        value={node.me ?? 0}
        onChange={(v) => change({ me: v ?? ME_RANGE.min })}
      />
      <NumberField
        size="xs"
        w={110}
        label="TE чертежа"
        min={TE_RANGE.min}
        max={TE_RANGE.max}
        step={2}
        value={node.te ?? 0}
        onChange={(v) => change({ te: v ?? TE_RANGE.min })}
      />
      {own && (own.me !== undefined || own.te !== undefined) ? (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => onNodeSettings(node.id, node.inventable ? { source: 'owned' } : null)}
        >
          Как в форме
        </Button>
      ) : (
        <Text size="xs" c="dimmed">
          {fromForm}; для всех узлов «{node.name}»
        </Text>
      )}
    </Group>
  );
}

const decryptorKey = (id: number | null) => (id === null ? 'none' : String(id));

/**
 * The invention step of a T2 (T3) node: where the copy comes from, the chance, copies and attempts,
 * the copy and invention times, what an attempt consumes, the expected cost, and the decryptor
 * choice with the cheapest per unit marked.
 */
function InventionDetails({ node }: { node: JobNode }) {
  const { onNodeSettings, side } = useContext(TreeOptionsContext);
  const inv = node.invention!;
  const choices = decryptorChoices(node, side);
  const cheapest = choices.find((c) => c.cheapest);
  const units = node.runs * node.quantity_per_run;
  const cost = side === 'sell' ? inv.cost_sell : inv.cost_buy;
  return (
    <Paper withBorder radius="md" p="xs" data-testid="node-invention">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Изобретение: из «{inv.source_name}» ({inv.copy ? 'копия чертежа T1' : 'реликт расходуется'})
        </Text>
        <Group gap="md" wrap="wrap">
          <Text size="sm" data-testid="invention-chance">
            Шанс: {formatPercent(inv.probability * 100, 1)}
          </Text>
          <Text size="sm">
            Копия: {countRu(inv.runs_per_copy, ['прогон', 'прогона', 'прогонов'])}, ME {inv.me}, TE {inv.te}
          </Text>
          <Text size="sm" data-testid="invention-attempts">
            Нужно копий: {formatNumber(inv.copies)}, попыток: {formatNumber(inv.attempts)}
          </Text>
          {inv.copy && (
            <Text size="sm" data-testid="invention-copy-time">
              Копирование T1: {formatDuration(inv.copy_time)}
            </Text>
          )}
          <Text size="sm" data-testid="invention-time">
            Изобретение: {formatDuration(inv.time)}
          </Text>
        </Group>
        <Text size="sm" data-testid="invention-materials">
          На попытку:{' '}
          {inv.materials
            .map(
              (m) =>
                `${m.name} × ${formatNumber(m.quantity)}${(side === 'sell' ? m.market_sell : m.market_buy) === null ? ' (нет цены)' : sourceNote(m.price_source)}`,
            )
            .join(', ')}
        </Text>
        <Text size="sm" data-testid="invention-cost">
          Ожидаемая стоимость изобретения ({side === 'sell' ? 'SELL' : 'BUY'}): <b>{money(cost)}</b>
          {units > 0 && cost !== null && ` (${formatIsk(cost / units)} за ед.)`}; работы: изобретение {formatIsk(inv.fee)}
          {inv.copy && `, копирование ${formatIsk(inv.copy_fee)}`}
        </Text>
        <Group gap="sm" align="flex-end">
          <Select
            size="xs"
            w={420}
            label="Декриптор"
            data={choices.map((c) => ({
              value: decryptorKey(c.decryptor_id),
              label: `${c.name} — ${formatPercent(c.probability * 100, 1)}, ${c.per_unit === null ? 'цена неизвестна' : `${formatIsk(c.per_unit)} за ед.`}${c.cheapest ? ' · дешевле всего' : ''}`,
            }))}
            value={decryptorKey(inv.decryptor_id)}
            allowDeselect={false}
            disabled={!onNodeSettings}
            onChange={(v) => v && onNodeSettings?.(node.id, { source: 'invent', decryptor_id: v === 'none' ? null : Number(v) })}
            data-testid="invention-decryptor"
          />
          {cheapest && !cheapest.chosen && (
            <Text size="xs" c="teal" data-testid="invention-cheapest">
              Дешевле всего: {cheapest.name} ({money(cheapest.per_unit)} за ед.)
            </Text>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          Цена за единицу ожидаемая: стоимость попытки / (шанс × прогоны копии) на каждый прогон, плюс материалы узла при ME
          копии; лишние прогоны копии идут в следующие работы.
        </Text>
      </Stack>
    </Paper>
  );
}
