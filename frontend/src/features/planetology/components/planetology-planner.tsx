import { useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  PiRulesIndex,
  planetTypeLabel,
  type GeneratorContext,
  type PlanetaryChain,
  type PlanetSummary,
} from '@eve-toolkit/shared-types';
import { SystemSelect, systemLabel, type ChosenSystem } from '../../../shared/ui/system-select';
import { useCatalogue, usePlanets } from '../api/planetology.api';
import { build, SEARCH_MIN_LENGTH, searchProducts } from '../lib/planetology';
import { ChainCard } from './chain-card';
import { PlanetList } from './planet-list';

const DEFAULT_PLANET = 'default';

/** The form (system, product, 'Построить'), the system's planets and a card per built product. */
export function PlanetologyPlanner() {
  const catalogue = useCatalogue();
  // The form renders as a transition once the catalogue is here (the query's own update is a
  // synchronous render): React renders it in slices, not one long task; the loader stays till then.
  const catalogueData = useDeferredValue(catalogue.data);
  const [system, setSystem] = useState<ChosenSystem | null>(null);
  const [productSearch, setProductSearch] = useState('');
  const [productId, setProductId] = useState<number | null>(null);
  const [chains, setChains] = useState<PlanetaryChain[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [templatePlanetId, setTemplatePlanetId] = useState<string>(DEFAULT_PLANET);
  const planets = usePlanets(system?.id ?? null);

  const ctx = useMemo<GeneratorContext | null>(
    () => (catalogueData ? { ...catalogueData, rules: new PiRulesIndex(catalogueData.rules) } : null),
    [catalogueData],
  );
  const products = useMemo(() => new Map((catalogueData?.blueprints ?? []).map((b) => [b.id, b])), [catalogueData]);

  const productOptions = useMemo(() => {
    const found = searchProducts(catalogueData?.blueprints ?? [], productSearch).map((p) => ({
      value: String(p.id),
      label: `${p.name} (P${p.tier})`,
    }));
    const chosen = productId !== null ? products.get(productId) : undefined;
    if (chosen && !found.some((o) => o.value === String(chosen.id)))
      found.unshift({ value: String(chosen.id), label: `${chosen.name} (P${chosen.tier})` });
    return found;
  }, [catalogueData, productSearch, productId, products]);

  const systemPlanets = system ? planets.data?.planets : undefined;
  const templatePlanet: PlanetSummary | null =
    systemPlanets?.find((p) => String(p.id) === templatePlanetId && ctx?.planetTypes.some((t) => t.id === p.type_id)) ?? null;

  if (catalogue.isPending || (catalogue.data && !catalogueData))
    return (
      <Group gap="sm" data-testid="planetology-loading">
        <Loader size="sm" />
        <Text c="dimmed">Загрузка схем и типов планет…</Text>
      </Group>
    );
  if (catalogue.isError || !ctx)
    return (
      <Alert color="red" variant="light" title="Не удалось загрузить данные" role="alert">
        {catalogue.error?.message ?? 'Попробуйте обновить страницу'}
      </Alert>
    );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const result = build(ctx, productId);
    if (!result.ok) {
      setAlert(result.message);
      return;
    }
    setAlert(null);
    setChains((list) => [result.chain, ...list.filter((c) => c.target.id !== result.chain.target.id)]);
  };

  const typed = (q: string) =>
    q.trim().length < SEARCH_MIN_LENGTH ? `Введите не меньше ${SEARCH_MIN_LENGTH} символов` : 'Ничего не найдено';

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="lg" component="form" noValidate onSubmit={submit} aria-label="Планетарная схема">
        <Stack gap="md">
          {alert && (
            <Alert
              color="yellow"
              variant="light"
              role="alert"
              data-testid="planetology-alert"
              withCloseButton
              onClose={() => setAlert(null)}
            >
              {alert}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SystemSelect
              label="Система"
              placeholder="Jita"
              value={system}
              onChange={(s) => {
                setSystem(s);
                setTemplatePlanetId(DEFAULT_PLANET);
              }}
            />
            <Select
              label="Что произвести"
              placeholder="Robotics"
              searchable
              clearable
              data={productOptions}
              value={productId !== null ? String(productId) : null}
              onChange={(v) => setProductId(v ? Number(v) : null)}
              searchValue={productSearch}
              onSearchChange={setProductSearch}
              filter={({ options }) => options}
              nothingFoundMessage={typed(productSearch)}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit">Построить</Button>
          </Group>
        </Stack>
      </Paper>

      {system && (
        <Stack gap="sm">
          <Title order={2} fz={20}>
            Планеты системы {systemLabel(system)}
          </Title>
          {planets.isPending ? (
            <Group gap="sm" data-testid="planets-loading">
              <Loader size="sm" />
              <Text c="dimmed">Загрузка планет…</Text>
            </Group>
          ) : planets.isError ? (
            <Alert color="red" variant="light" role="alert">
              {planets.error.message}
            </Alert>
          ) : (
            <PlanetList planets={planets.data.planets} planetTypes={ctx.planetTypes} products={products} />
          )}
        </Stack>
      )}

      {chains.length > 0 && (
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={2} fz={20}>
              Схемы
            </Title>
            <Select
              label="Шаблоны для планеты"
              w={320}
              data={[
                { value: DEFAULT_PLANET, label: 'Barren, КЦ 4 (по умолчанию)' },
                ...(systemPlanets ?? [])
                  .filter((p) => ctx.planetTypes.some((t) => t.id === p.type_id))
                  .map((p) => ({ value: String(p.id), label: `${p.name} (${planetTypeLabel(p.typeName)}), КЦ 4` })),
              ]}
              value={templatePlanet ? String(templatePlanet.id) : DEFAULT_PLANET}
              onChange={(v) => setTemplatePlanetId(v ?? DEFAULT_PLANET)}
              allowDeselect={false}
            />
          </Group>
          {chains.map((chain) => (
            <ChainCard
              key={chain.target.id}
              chain={chain}
              ctx={ctx}
              systemPlanets={systemPlanets}
              templatePlanet={templatePlanet}
              onRemove={() => setChains((list) => list.filter((c) => c !== chain))}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
