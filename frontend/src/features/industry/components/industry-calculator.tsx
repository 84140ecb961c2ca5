import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useAtom } from 'jotai';
import { Alert, Button, Group, List, Loader, Paper, SegmentedControl, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  cheapestChoice,
  formatIsk,
  HUBS,
  INDUSTRY_MESSAGES,
  priceWarnings,
  setAll,
  shoppingList,
  summarize,
  type IndustryFormValues,
  type IndustryJobResponse,
  type JobNode,
} from '@eve-toolkit/shared-types';
import { ApiError } from '../../../shared/api-client';
import { ChartFigure } from '../../../shared/ui/chart-figure';
import { isWarmingUp } from '../../../shared/query-retry';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { useIndustryJob, useIndustryStatic } from '../api/industry.api';
import { costBreakdown, type PriceSide } from '../lib/cost-breakdown';
import { toJobRequest } from '../lib/form';
import { IndustryForm } from './industry-form';
import { JobSummaryView } from './job-summary';
import { JobTree } from './job-tree';
import { ShoppingList } from './shopping-list';

const CostChart = lazy(() => import('./cost-chart'));

export interface IndustryResult {
  response: IndustryJobResponse;
  /** The tree with the user's build/buy choices and payouts. */
  tree: JobNode;
  form: IndustryFormValues;
}

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
  const job = useIndustryJob();
  const [hubId, setHubId] = useAtom(hubIdAtom);
  const [result, setResult] = useState<IndustryResult | null>(null);
  const [side, setSide] = useState<PriceSide>('sell');

  const update = (next: IndustryResult) => {
    setResult(next);
    onResult?.(next);
  };
  const submit = async (form: IndustryFormValues) => {
    try {
      const response = await job.mutateAsync(toJobRequest(form, hubId));
      update({ response, tree: response.job, form });
    } catch {
      // shown from job.error
    }
  };
  const changeTree = (tree: JobNode) => result && update({ ...result, tree });

  const summary = useMemo(() => (result ? summarize(result.tree) : null), [result]);
  const shopping = useMemo(() => (result ? shoppingList(result.tree) : []), [result]);
  const warnings = useMemo(() => (result ? [...result.response.warnings, ...priceWarnings(result.tree)] : []), [result]);

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
      <Alert color="red" title={INDUSTRY_MESSAGES.noStaticSystems} role="alert">
        {staticData.error?.message ?? 'Нет списка систем'}
      </Alert>
    );
  }

  const serverErrors = job.error instanceof ApiError ? (job.error.errors.length ? job.error.errors : [job.error.message]) : [];
  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Select
          label="Цены в хабе"
          data={HUBS.map((h) => ({ value: String(h.id), label: h.label }))}
          value={String(hubId)}
          onChange={(v) => v && setHubId(Number(v))}
          allowDeselect={false}
          w={180}
        />
      </Group>
      <IndustryForm staticData={staticData.data} onSubmit={submit} loading={job.isPending} defaultValues={defaultValues} />
      {job.isError && (
        <Alert color="red" variant="light" title="Ошибка расчёта" role="alert" data-testid="job-errors">
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
            <Text size="xs" c="dimmed" mb="xs">
              {result.response.context.system.name} · {result.response.context.station}
              {result.response.context.rigs.length ? ` (${result.response.context.rigs.join(', ')})` : ''} · ME{' '}
              {result.response.context.me} · TE {result.response.context.te} · налог {result.response.context.tax} %
            </Text>
            <JobTree root={result.tree} onChange={changeTree} />
          </Paper>
          <JobSummaryView summary={summary} />
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
            <ChartFigure
              caption="Из чего складывается стоимость, ISK"
              columns={['Статья', 'ISK']}
              rows={costBreakdown(summary, side).map((s) => [s.label, formatIsk(s.value)])}
            >
              <Suspense fallback={<Loader size="sm" />}>
                <CostChart slices={costBreakdown(summary, side)} />
              </Suspense>
            </ChartFigure>
          </Paper>
        </>
      )}
    </Stack>
  );
}
