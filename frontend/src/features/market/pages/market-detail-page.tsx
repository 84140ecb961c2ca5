import { lazy, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { ActionIcon, Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatPrice, parseId } from '@eve-toolkit/shared-types';
import { ApiError } from '../../../shared/api-client';
import { isWarmingUp } from '../../../shared/query-retry';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { useHubs, useLiveMarketPrices, useMarketItem } from '../api/market.api';
import { TypeIcon } from '../../../shared/ui/type-icon';
import { PriceRow } from '../components/price-row';
import { PricesAge } from '../components/prices-age';
import { ChartFigure } from '../../../shared/ui/chart-figure';
import { HubSelect } from '../../../shared/ui/hub-select';
import { depthText, spreadText } from '../lib/book';
import classes from '../components/market.module.css';
import { buildPriceSeries, PRICE_CHART_HEIGHT, priceTableRows } from '../lib/price-history';

const PriceChart = lazy(() => import('../components/price-chart'));

function NotFound() {
  return (
    <Stack align="flex-start" gap="sm" data-testid="market-item-not-found">
      <Title order={1}>Предмет не найден</Title>
      <Text c="dimmed">Такого предмета нет в игровых данных. Проверьте ссылку или выберите предмет из списка.</Text>
      <Button component={Link} to="/market/list" variant="light">
        К списку предметов
      </Button>
    </Stack>
  );
}

/** A figure of the book: its name and value (or «нет данных»). */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/**
 * /market/detail/:id: the item's SELL/BUY with deltas at the chosen hub (switchable here), the
 * spread between them, the volume and orders on each side, and the 'Изменение цен' chart.
 */
export default function MarketDetailPage() {
  const params = useParams();
  const parsedId = parseId(params.id);
  const id = parsedId ?? 0;
  const hubId = useAtomValue(hubIdAtom);
  const { data, error, isPending, failureReason } = useMarketItem(id, hubId, parsedId !== null);
  const hubs = useHubs().data?.hubs;
  useLiveMarketPrices(hubId);
  const series = useMemo(() => (data ? buildPriceSeries(data.last_prices) : []), [data]);

  if (parsedId === null || (error instanceof ApiError && error.status === 404)) return <NotFound />;
  if (error) {
    return (
      <Alert color="red" title="Не удалось загрузить предмет">
        {error.message}
      </Alert>
    );
  }
  if (isPending && isWarmingUp(failureReason)) {
    return (
      <Alert color="blue" title="Подождите немного">
        {failureReason?.message}
      </Alert>
    );
  }
  if (isPending) return <Skeleton height={240} radius="md" />;

  const hubLabel = hubs?.find((h) => h.id === hubId)?.label;
  const hasHistory = series.some((s) => s.data.length > 0);
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="center">
        <ActionIcon component={Link} to="/market/list" variant="subtle" size="lg" aria-label="Назад к списку">
          <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <path d="M19 12H5M12 19l-7-7 7-7" />
          </svg>
        </ActionIcon>
        <TypeIcon src={data.icon} size={64} />
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {data.name}
          </Title>
          <Text component="div" size="sm" c="dimmed">
            {hubLabel ? `${hubLabel} · ` : ''}
            <PricesAge updatedAt={data.updated_at} />
          </Text>
        </Stack>
      </Group>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Paper withBorder p="md" radius="md" w={420} maw="100%">
          <Stack gap="xs">
            <PriceRow label="SELL" price={data.sell} median={data.median_sell} size="md" />
            <PriceRow label="BUY" price={data.buy} median={data.median_buy} size="md" />
            <Figure label="Спред SELL − BUY" value={spreadText(data.sell, data.buy)} testId="book-spread" />
            <div className={classes.book} data-testid="market-book">
              <Figure label="В продаже (SELL)" value={depthText(data.book, 'sell')} testId="book-sell" />
              <Figure label="Скупают (BUY)" value={depthText(data.book, 'buy')} testId="book-buy" />
            </div>
          </Stack>
        </Paper>
        <HubSelect />
      </Group>
      <Paper withBorder p="md" radius="md">
        <Title order={2} fz={20} mb="sm">
          Изменение цен
        </Title>
        {hasHistory ? (
          <ChartFigure
            caption={`Цены SELL и BUY по дням, ISK: ${data.name}`}
            columns={['День', 'SELL', 'BUY']}
            rows={priceTableRows(series, formatPrice)}
            height={PRICE_CHART_HEIGHT}
          >
            <PriceChart series={series} />
          </ChartFigure>
        ) : (
          <Text c="dimmed">История цен появится после первых обновлений.</Text>
        )}
      </Paper>
    </Stack>
  );
}
