import { lazy, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { Alert, Button, Group, List, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  carryChoices,
  cheapestChoice,
  formatIsk,
  formatPercent,
  INDUSTRY_MESSAGES,
  priceWarnings,
  setAll,
  shoppingList,
  summarize,
  type IndustryFormValues,
  type IndustryJobResponse,
  type IndustryNodeSettings,
  type JobNode,
  type PriceOverride,
} from '@eve-toolkit/shared-types';
import { ApiError } from '../../../shared/api-client';
import { ChartFigure } from '../../../shared/ui/chart-figure';
import { isGameDataUnavailable, isWarmingUp } from '../../../shared/query-retry';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { HubSelect } from '../../../shared/ui/hub-select';
import { useIndustryJob, useIndustryStatic } from '../api/industry.api';
import { industrySkillsAtom } from '../industry.atoms';
import { COST_CHART_HEIGHT, costBreakdown, type PriceSide } from '../lib/cost-breakdown';
import { toJobRequest } from '../lib/form';
import { skillsChangeTree, tradeFeesOf } from '../lib/skills';
import { IndustryForm } from './industry-form';
import { JobSummaryView } from './job-summary';
import { JobTree } from './job-tree';
import { MissingPrices } from './missing-prices';
import { ShoppingList } from './shopping-list';

const CostChart = lazy(() => import('./cost-chart'));

export interface IndustryResult {
  response: IndustryJobResponse;
  /** The tree with the user's build/buy choices and payouts. */
  tree: JobNode;
  form: IndustryFormValues;
  /** Per-node ME/TE and decryptors the tree was built with. */
  nodes: IndustryNodeSettings;
  /** Prices chosen for items the hub has none for. */
  overrides: Record<string, PriceOverride>;
}

/** How long the tree waits after a per-node change (typing ME 10 is two changes) before recalculating. */
export const NODE_RECALC_DELAY_MS = 400;

export interface IndustryCalculatorProps {
  /** Called after every calculation and every change of choices (e.g. /corp/new_project keeps the jobs). */
  onResult?: (result: IndustryResult) => void;
  /** Extra actions shown above the tree (e.g. "Создать проект"). */
  extraActions?: (result: IndustryResult) => ReactNode;
  defaultValues?: Partial<IndustryFormValues>;
}

/**
 * The whole calculator: form, warnings, the tree, the cheapest choice, the total summary, the
 * shopping list and the cost chart. Build/buy and payouts are recalculated here without a round trip.
 */
export function IndustryCalculator({ onResult, extraActions, defaultValues }: IndustryCalculatorProps) {
  const staticData = useIndustryStatic();
  // The form (a dozen comboboxes over the ~75 KB of systems, stations and rigs) renders as a
  // transition once the data is here: in slices, not one long task (the skeleton stays till then).
  const formData = useDeferredValue(staticData.data);
  const job = useIndustryJob();
  const hubId = useAtomValue(hubIdAtom);
  const [skills, setSkills] = useAtom(industrySkillsAtom);
  const [result, setResult] = useState<IndustryResult | null>(null);
  const [side, setSide] = useState<PriceSide>('sell');
  /** Per-node settings waiting for the delayed recalculation. */
  const [pendingNodes, setPendingNodes] = useState<IndustryNodeSettings | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const update = (next: IndustryResult) => {
    setResult(next);
    onResult?.(next);
  };
  /** Builds the tree; the build/buy choices and payouts of the previous tree stay where the items match. */
  const run = async (
    form: IndustryFormValues,
    nodes: IndustryNodeSettings,
    previous: IndustryResult | null,
    overrides: Record<string, PriceOverride> = previous?.overrides ?? {},
  ) => {
    try {
      const response = await job.mutateAsync(toJobRequest(form, hubId, skills, nodes, overrides));
      update({ response, tree: previous ? carryChoices(previous.tree, response.job) : response.job, form, nodes, overrides });
    } catch {
      // shown from job.error
    }
  };
  const submit = (form: IndustryFormValues) => {
    // Another item starts with the form's settings; the same one keeps its per-node settings.
    const same = result && result.form.blueprint_id === form.blueprint_id;
    return run(form, same ? result.nodes : {}, same ? result : null, same ? result.overrides : {});
  };
  const changeNode = (typeId: number, settings: IndustryNodeSettings[string] | null) => {
    if (!result) return;
    const nodes = { ...(pendingNodes ?? result.nodes) };
    if (settings && Object.keys(settings).length) nodes[String(typeId)] = settings;
    else delete nodes[String(typeId)];
    setPendingNodes(nodes);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      void run(result.form, nodes, result).finally(() => setPendingNodes(null));
    }, NODE_RECALC_DELAY_MS);
  };
  const changeTree = (tree: JobNode) => result && update({ ...result, tree });

  const fees = useMemo(() => tradeFeesOf(skills), [skills]);
  const summary = useMemo(() => (result ? summarize(result.tree, fees) : null), [result, fees]);
  const staleSkills = result ? skillsChangeTree(result.response.context.skills, skills) : false;
  const shopping = useMemo(() => (result ? shoppingList(result.tree) : []), [result]);
  const warnings = useMemo(() => (result ? [...result.response.warnings, ...priceWarnings(result.tree)] : []), [result]);
  const breakdown = useMemo(() => (summary ? costBreakdown(summary, side) : null), [summary, side]);

  if (staticData.isPending) {
    if (isWarmingUp(staticData.failureReason)) {
      return (
        <Alert color="blue" title="Подождите немного">
          {staticData.failureReason?.message}
        </Alert>
      );
    }
    return <Skeleton height={320} radius="lg" />;
  }
  if (staticData.isError || !staticData.data.systems?.length) {
    return (
      <Alert
        color="red"
        // Game data that could not be loaded is no unexpected error: the text says why and whose matter it is.
        title={isGameDataUnavailable(staticData.error) ? 'Калькулятор недоступен' : INDUSTRY_MESSAGES.noStaticSystems}
        role="alert"
      >
        {staticData.error?.message ?? 'Нет списка систем'}
      </Alert>
    );
  }
  if (formData !== staticData.data) return <Skeleton height={320} radius="lg" />;

  const serverErrors = job.error instanceof ApiError ? (job.error.errors.length ? job.error.errors : [job.error.message]) : [];
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <HubSelect />
      </Group>
      <IndustryForm
        staticData={staticData.data}
        onSubmit={submit}
        loading={job.isPending}
        defaultValues={defaultValues}
        skills={skills}
        onSkillsChange={setSkills}
      />
      {job.isError && (
        <Alert color="red" variant="light" title="Ошибка расчета" role="alert" data-testid="job-errors">
          {serverErrors.length > 1 ? (
            <List size="sm">
              {serverErrors.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          ) : (
            (serverErrors[0] ?? job.error.message)
          )}
        </Alert>
      )}
      {result && summary && (
        <>
          {staleSkills && (
            <Alert color="blue" variant="light" data-testid="skills-stale">
              <Group justify="space-between" gap="xs">
                <Text size="sm">Навыки изменились после расчета: время и шанс изобретения в дереве посчитаны со старыми.</Text>
                <Button
                  size="compact-sm"
                  variant="light"
                  loading={job.isPending}
                  onClick={() => void run(result.form, result.nodes, result)}
                >
                  Пересчитать
                </Button>
              </Group>
            </Alert>
          )}
          {warnings.length > 0 && (
            <Alert color="yellow" variant="light" title="Предупреждения" data-testid="job-warnings">
              <List size="sm">
                {warnings.map((w) => (
                  <List.Item key={w}>{w}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Paper withBorder radius="lg" p="md">
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Title order={2} fz={20}>
                Дерево материалов
              </Title>
              <Group gap="xs">
                {extraActions?.(result)}
                <Button size="compact-sm" variant="light" onClick={() => changeTree(setAll(result.tree, true))}>
                  Всё строить
                </Button>
                <Button size="compact-sm" onClick={() => changeTree(cheapestChoice(result.tree, side))} data-testid="cheapest">
                  Самый дешёвый вариант
                </Button>
              </Group>
            </Group>
            <Text size="xs" c="dimmed" mb="xs" data-testid="job-context">
              {result.response.context.system.name} · {result.response.context.station}
              {result.response.context.rigs.length ? ` (${result.response.context.rigs.join(', ')})` : ''} ·{' '}
              {result.tree.me === null
                ? 'формула реакции'
                : `${result.tree.blueprint_source === 'invent' ? 'изобретённая копия' : 'свой чертёж'} ME ${result.tree.me} · TE ${result.tree.te}`}{' '}
              · компоненты ME {result.response.context.component_me} · TE {result.response.context.component_te} · налог{' '}
              {formatPercent(result.response.context.tax)} · наука: {result.response.context.science_station}
              {result.response.context.science_rigs.length ? ` (${result.response.context.science_rigs.join(', ')})` : ''}
              {(pendingNodes || job.isPending) && ' · пересчёт…'}
            </Text>
            <JobTree
              root={result.tree}
              onChange={changeTree}
              nodeSettings={pendingNodes ?? result.nodes}
              onNodeSettings={changeNode}
              side={side}
            />
          </Paper>
          <MissingPrices
            tree={result.tree}
            hubId={result.response.context.hub_id}
            missing={result.response.missing_prices}
            missingSell={summary.missing_sell}
            missingBuy={summary.missing_buy}
            overrides={result.overrides}
            onChange={(o) => void run(result.form, result.nodes, result, o)}
            busy={job.isPending}
          />
          <JobSummaryView summary={summary} fees={fees} />
          <ShoppingList items={shopping} />
          <Paper withBorder radius="lg" p="md">
            <Group justify="space-between" mb="sm">
              <Title order={3} fz={18}>
                Структура затрат
              </Title>
              <SegmentedControl
                size="xs"
                value={side}
                onChange={(v) => setSide(v as PriceSide)}
                data={[
                  { value: 'sell', label: 'по SELL' },
                  { value: 'buy', label: 'по BUY' },
                ]}
              />
            </Group>
            {breakdown ? (
              <ChartFigure
                caption="Из чего складывается стоимость, ISK"
                columns={['Статья', 'ISK']}
                rows={breakdown.map((s) => [s.label, formatIsk(s.value)])}
                height={COST_CHART_HEIGHT}
              >
                <CostChart slices={breakdown} />
              </ChartFigure>
            ) : (
              <Text size="sm" c="dimmed" data-testid="cost-chart-unknown">
                Структура затрат по {side === 'sell' ? 'SELL' : 'BUY'} неизвестна: не у всех предметов есть цена (см. выше).
              </Text>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
