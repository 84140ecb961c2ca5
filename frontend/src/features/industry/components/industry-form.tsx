import { useMemo, useState } from 'react';
import { useForm, type Path, type PathValue } from 'react-hook-form';
import { Alert, Button, Group, List, MultiSelect, NativeSelect, Paper, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import {
  formatSecurity,
  INDUSTRY_MAX_QUANTITY,
  INDUSTRY_MAX_RIGS,
  INDUSTRY_MESSAGES,
  ME_RANGE,
  TE_RANGE,
  type IndustryFormValues,
  type IndustrySkills,
  type IndustryStaticData,
} from '@eve-toolkit/shared-types';
import { lazyZodResolver } from '../../../shared/lazy-resolver';
import { NumberField } from '../../../shared/ui/number-field';
import { useStages } from '../../../shared/use-stages';
import { useBlueprintSearch } from '../api/industry.api';
import { FORM_DEFAULTS, groupedRigs, keepFittingRigs, rigsFor, SEARCH_MIN_LENGTH, searchSystems } from '../lib/form';
import { SkillsPanel } from './skills-panel';

export interface IndustryFormProps {
  staticData: IndustryStaticData;
  onSubmit: (values: IndustryFormValues) => void;
  loading?: boolean;
  defaultValues?: Partial<IndustryFormValues>;
  submitLabel?: string;
  /** The skills panel (kept outside the form: remembered in the browser, loaded from a character). */
  skills?: IndustrySkills;
  onSkillsChange?: (skills: IndustrySkills) => void;
}

const FIELD_ORDER: (keyof IndustryFormValues)[] = [
  'blueprint_id',
  'system_id',
  'quantity',
  'me',
  'te',
  'tax',
  'station_rig',
  'reaction_rig',
  'science_rig',
];

/** The calculator form (spec §3 "Calculator form"), reused by /corp/new_project. */
export function IndustryForm({
  staticData,
  onSubmit,
  loading,
  defaultValues,
  submitLabel = 'Рассчитать',
  skills,
  onSkillsChange,
}: IndustryFormProps) {
  const form = useForm<IndustryFormValues>({
    resolver: lazyZodResolver(() => import('@eve-toolkit/shared-types/schemas').then((m) => m.industryFormSchema)),
    defaultValues: { ...FORM_DEFAULTS, ...defaultValues },
  });
  const { formState, getValues } = form;
  // Mounted in five commits (item and system; the numbers; the station and its rigs; reactions;
  // the laboratory and skills), each its own task: the form's dozen inputs never block the page for
  // long at load. Values live in react-hook-form, so a field mounted later shows its default.
  const stage = useStages(5);
  // Controlled through watch/setValue rather than <Controller>/useWatch: react-hook-form's chunk is
  // shared with the account forms, and these exports would grow it for every page that uses it.
  const values = form.watch();
  const set = <K extends Path<IndustryFormValues>>(name: K, value: PathValue<IndustryFormValues, K>) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const [itemSearch, setItemSearch] = useState('');
  const [itemLabel, setItemLabel] = useState<string | null>(null);
  /** The chosen blueprint can be invented (T2, T3): the form offers invention or one's own. */
  const [itemInventable, setItemInventable] = useState(false);
  const [systemSearch, setSystemSearch] = useState('');
  const blueprints = useBlueprintSearch(itemSearch);
  const { station_key: stationKey, reaction_station: reactionStation, system_id: systemId, blueprint_id: blueprintId } = values;
  const inventRoot = itemInventable && values.root_source === 'invent';

  const itemOptions = useMemo(() => {
    // The product's name ("Ishtar"), which is what a player looks for; a reaction formula says so.
    const found = (blueprints.data?.blueprints ?? []).map((b) => ({
      value: String(b.id),
      label: b.activity_id === 11 ? `${b.product.name} (формула реакции)` : b.product.name,
      productId: b.product.id,
      inventable: b.inventable,
    }));
    if (blueprintId && itemLabel && !found.some((o) => o.value === String(blueprintId)))
      found.unshift({
        value: String(blueprintId),
        label: itemLabel,
        productId: values.product_id ?? 0,
        inventable: itemInventable,
      });
    return found;
  }, [blueprints.data, blueprintId, itemLabel, itemInventable, values.product_id]);

  const systemOptions = useMemo(() => {
    const found = searchSystems(staticData.systems, systemSearch).map((s) => ({
      value: String(s.id),
      label: `${s.name} (${formatSecurity(s.security)})`,
    }));
    const chosen = staticData.systems.find((s) => s.id === systemId);
    if (chosen && !found.some((o) => o.value === String(chosen.id))) {
      found.unshift({ value: String(chosen.id), label: `${chosen.name} (${formatSecurity(chosen.security)})` });
    }
    return found;
  }, [staticData.systems, systemSearch, systemId]);

  const mainRigs = rigsFor(staticData, stationKey, 'manufacturing');
  const reactionRigs = rigsFor(staticData, reactionStation ?? staticData.static.stationsReactions[0]?.key ?? null, 'reaction');
  const scienceRigs = rigsFor(staticData, values.science_station, 'science');
  const errorMessages = FIELD_ORDER.map((f) => {
    const e = formState.errors[f] as { message?: string } | undefined;
    return e?.message;
  }).filter((m): m is string => !!m);

  const typed = (q: string) =>
    q.trim().length < SEARCH_MIN_LENGTH ? `Введите не меньше ${SEARCH_MIN_LENGTH} символов` : 'Ничего не найдено';

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="form"
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      aria-label="Калькулятор производства"
    >
      <Stack gap="md">
        {errorMessages.length > 0 && (
          <Alert color="yellow" variant="light" title={INDUSTRY_MESSAGES.formTitle} role="alert" data-testid="form-errors">
            <List size="sm">
              {errorMessages.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Предмет"
            placeholder="Например, Rifter"
            searchable
            clearable
            data={itemOptions}
            value={values.blueprint_id ? String(values.blueprint_id) : null}
            onChange={(v, option) => {
              const chosen = option as (typeof itemOptions)[number] | undefined;
              set('blueprint_id', v ? Number(v) : null);
              setItemLabel(chosen?.label ?? null);
              setItemInventable(!!chosen?.inventable);
              set('product_id', chosen?.productId ?? null);
              // most players invent T2 blueprints; one's own T2 blueprint (BPO, bought copy) is one click away
              set('root_source', chosen?.inventable ? 'invent' : 'owned');
            }}
            searchValue={itemSearch}
            onSearchChange={setItemSearch}
            filter={({ options }) => options}
            nothingFoundMessage={blueprints.isFetching ? 'Поиск…' : typed(itemSearch)}
            withAsterisk
          />
          <Select
            label="Система"
            placeholder="Например, Jita"
            searchable
            clearable
            data={systemOptions}
            value={values.system_id ? String(values.system_id) : null}
            onChange={(v) => set('system_id', v ? Number(v) : null)}
            searchValue={systemSearch}
            onSearchChange={setSystemSearch}
            filter={({ options }) => options}
            nothingFoundMessage={typed(systemSearch)}
            withAsterisk
          />
        </SimpleGrid>
        {stage >= 2 && (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <NumberField
              label="Количество"
              min={1}
              max={INDUSTRY_MAX_QUANTITY}
              value={values.quantity}
              onChange={(v) => set('quantity', v ?? 1)}
            />
            {itemInventable && (
              <NativeSelect
                label="Чертёж"
                description="T2: изобрести или свой"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                data={[
                  { value: 'invent', label: 'Изобрести' },
                  { value: 'owned', label: 'Свой (ME/TE)' },
                ]}
                value={values.root_source}
                onChange={(e) => set('root_source', e.currentTarget.value as 'invent' | 'owned')}
                data-testid="root-source"
              />
            )}
            <NumberField
              label="ME чертежа"
              description={inventRoot ? 'задаёт декриптор' : 'своего чертежа'}
              disabled={inventRoot}
              min={ME_RANGE.min}
              max={ME_RANGE.max}
              value={values.me}
              onChange={(v) => set('me', v ?? ME_RANGE.min)}
            />
            <NumberField
              label="TE чертежа"
              description={inventRoot ? 'задаёт декриптор' : 'своего чертежа'}
              disabled={inventRoot}
              min={TE_RANGE.min}
              max={TE_RANGE.max}
              step={2}
              value={values.te}
              onChange={(v) => set('te', v ?? TE_RANGE.min)}
            />
            <NumberField
              label="ME компонентов"
              description="чертежи узлов ниже"
              min={ME_RANGE.min}
              max={ME_RANGE.max}
              value={values.component_me}
              onChange={(v) => set('component_me', v ?? ME_RANGE.min)}
            />
            <NumberField
              label="TE компонентов"
              description="чертежи узлов ниже"
              min={TE_RANGE.min}
              max={TE_RANGE.max}
              step={2}
              value={values.component_te}
              onChange={(v) => set('component_te', v ?? TE_RANGE.min)}
            />
            <NumberField
              label="Налог, %"
              min={0}
              max={100}
              decimals={2}
              step={0.25}
              value={values.tax}
              onChange={(v) => set('tax', v ?? 0)}
            />
          </SimpleGrid>
        )}
        {stage >= 3 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label="Станция"
              data={staticData.static.stationsMain.map((s) => ({ value: s.key, label: s.name }))}
              value={values.station_key}
              onChange={(e) => {
                const key = e.currentTarget.value;
                set('station_key', key);
                set('station_rig', keepFittingRigs(staticData, key, 'manufacturing', getValues('station_rig')));
              }}
            />
            <MultiSelect
              label="Риги станции"
              placeholder={mainRigs.length ? 'До трёх ригов' : 'На эту станцию риги не ставятся'}
              disabled={!mainRigs.length}
              data={groupedRigs(staticData, stationKey, 'manufacturing')}
              nothingFoundMessage="Нет такого рига"
              comboboxProps={{ width: 'target' }}
              value={values.station_rig.map(String)}
              onChange={(v) => set('station_rig', v.map(Number))}
              maxValues={INDUSTRY_MAX_RIGS}
              searchable
              clearable
            />
          </SimpleGrid>
        )}
        {stage >= 4 && (
          <>
            <Switch
              label="Реакции: промежуточные материалы из реакций строить, а не покупать"
              checked={values.reactions}
              onChange={(e) => set('reactions', e.currentTarget.checked)}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                label="Станция для реакций"
                data={staticData.static.stationsReactions.map((s) => ({ value: s.key, label: s.name }))}
                value={values.reaction_station ?? staticData.static.stationsReactions[0]?.key ?? ''}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  set('reaction_station', v);
                  set('reaction_rig', keepFittingRigs(staticData, v, 'reaction', getValues('reaction_rig')));
                }}
              />
              <MultiSelect
                label="Риги для реакций"
                placeholder={reactionRigs.length ? 'До трёх ригов' : 'Нет подходящих ригов'}
                disabled={!reactionRigs.length}
                data={groupedRigs(staticData, reactionStation ?? staticData.static.stationsReactions[0]?.key ?? null, 'reaction')}
                nothingFoundMessage="Нет такого рига"
                value={values.reaction_rig.map(String)}
                onChange={(v) => set('reaction_rig', v.map(Number))}
                maxValues={INDUSTRY_MAX_RIGS}
                searchable
                clearable
              />
            </SimpleGrid>
          </>
        )}
        {stage >= 5 && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NativeSelect
                label="Лаборатория (копирование и изобретение)"
                data={staticData.static.stationsScience.map((s) => ({ value: s.key, label: s.name }))}
                value={values.science_station}
                onChange={(e) => {
                  const key = e.currentTarget.value;
                  set('science_station', key);
                  set('science_rig', keepFittingRigs(staticData, key, 'science', getValues('science_rig')));
                }}
              />
              <MultiSelect
                label="Риги лаборатории"
                placeholder={scienceRigs.length ? 'До трёх ригов' : 'На эту станцию риги не ставятся'}
                disabled={!scienceRigs.length}
                data={groupedRigs(staticData, values.science_station, 'science')}
                nothingFoundMessage="Нет такого рига"
                value={values.science_rig.map(String)}
                onChange={(v) => set('science_rig', v.map(Number))}
                maxValues={INDUSTRY_MAX_RIGS}
                searchable
                clearable
              />
            </SimpleGrid>
            {skills && <SkillsPanel staticData={staticData} value={skills} onChange={onSkillsChange ?? (() => undefined)} />}
          </>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={loading}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
