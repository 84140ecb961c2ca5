import { useState } from 'react';
import { Badge, Button, Collapse, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  EXTRACTOR_LAYOUTS,
  FACTORY_LAYOUTS,
  formatNumber,
  formatPercent,
  formatVolume,
  pluralRu,
  layoutPlanetTypes,
  planetTypeLabel,
  type ChainEntry,
  type GeneratorContext,
  type PlanetaryChain,
  type PlanetSummary,
} from '@eve-toolkit/shared-types';
import { planetTypeHighlight } from '../lib/planetology';
import { TemplateButton, type CopyResult } from './template-button';
import { notify } from '../../../shared/notify';
import { CardTable } from '../../../shared/ui/card-table';
import { TypeIcon } from '../../../shared/ui/type-icon';

const HIGHLIGHT = {
  match: { color: 'green', variant: 'filled' },
  miss: { color: 'red', variant: 'light' },
  none: { color: 'gray', variant: 'light' },
} as const;

/** Spec: for each target product a collapsible card 'Вам потребуются:' with 'Добытчики' and 'Заводы'. */
export function ChainCard({
  chain,
  ctx,
  systemPlanets,
  templatePlanet,
  onRemove,
}: {
  chain: PlanetaryChain;
  ctx: GeneratorContext;
  systemPlanets: readonly PlanetSummary[] | undefined;
  templatePlanet: PlanetSummary | null;
  onRemove: () => void;
}) {
  const [open, setOpen] = useState(true);
  const [copied, setCopiedState] = useState<CopyResult | null>(null);
  // Shown in the card and, since the button may be far below its top, as a toast too.
  const setCopied = (result: CopyResult) => {
    setCopiedState(result);
    notify({
      color: result.ok ? 'teal' : 'red',
      title: result.ok ? 'Шаблон скопирован' : 'Шаблон не скопирован',
      message: result.message,
    });
  };
  const { target } = chain;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      data-testid={`chain-${target.id}`}
      aria-label={`Схема: ${target.name}`}
      component="section"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="nowrap">
          <TypeIcon src={target.icon} size={40} />
          <div>
            <Title order={3} fz={18}>
              {target.name}
            </Title>
            <Text size="sm" c="dimmed">
              P{target.tier} · {formatNumber(target.perHour)} ед./ч с {formatNumber(target.factories)}{' '}
              {pluralRu(target.factories, ['завода', 'заводов', 'заводов'])} · {formatVolume(target.volume)} за единицу
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Button size="compact-sm" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Свернуть' : 'Развернуть'}
          </Button>
          <Button size="compact-sm" variant="subtle" color="gray" onClick={onRemove}>
            Убрать
          </Button>
        </Group>
      </Group>
      <Collapse expanded={open}>
        <Stack gap="md" mt="md">
          <Title order={4} fz={16}>
            Вам потребуются:
          </Title>
          {copied && (
            <Text size="sm" c={copied.ok ? 'teal' : 'red'} role="status" data-testid="copy-status">
              {copied.message}
            </Text>
          )}
          <Section title="Добытчики">
            <CardTable verticalSpacing={6} minWidth={720} data-testid="extractors">
              <Table.Tbody>
                {chain.extractors.map((e) => (
                  <Table.Tr key={e.id} data-testid={`extractor-${e.id}`}>
                    <Table.Td>
                      <Product entry={e} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatNumber(e.perHour)} ед./ч</Text>
                      <Text size="xs" c="dimmed">
                        3 000 за цикл завода
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {e.planetTypes.map((t) => {
                          const h = planetTypeHighlight(t.id, systemPlanets);
                          return (
                            <Badge
                              key={t.id}
                              tt="none"
                              color={HIGHLIGHT[h].color}
                              variant={HIGHLIGHT[h].variant}
                              data-highlight={h}
                              title={
                                h === 'match' ? 'Есть в выбранной системе' : h === 'miss' ? 'Нет в выбранной системе' : undefined
                              }
                              leftSection={<TypeIcon src={t.icon} size={14} />}
                            >
                              {planetTypeLabel(t.name)} {formatPercent(t.richness * 100, 0)}
                            </Badge>
                          );
                        })}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {EXTRACTOR_LAYOUTS.map((layout) => (
                          <TemplateButton
                            key={layout}
                            ctx={ctx}
                            productId={e.id}
                            productName={e.name}
                            layout={layout}
                            planet={templatePlanet}
                            onCopied={setCopied}
                          />
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </CardTable>
          </Section>
          <Section title="Заводы">
            <CardTable verticalSpacing={6} minWidth={720} data-testid="factories">
              <Table.Tbody>
                {chain.factories.map((f) => (
                  <Table.Tr key={f.id} data-testid={`factory-${f.id}`}>
                    <Table.Td>
                      <Product entry={f} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        ×{f.factories}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatNumber(f.perHour)} ед./ч
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {f.inputs.map((i) => (
                          <Group key={i.id} gap={6} wrap="nowrap">
                            <TypeIcon src={i.icon} size={18} />
                            <Text size="sm">
                              {i.name} × {formatNumber(i.quantity)}
                            </Text>
                          </Group>
                        ))}
                        {f.unitsPerCycle !== null && (
                          <Text size="xs" c="dimmed" title="floor(10 000 м³ / объём сырья на цикл)">
                            На 10 000 м³: {formatNumber(f.unitsPerCycle)} циклов
                          </Text>
                        )}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {FACTORY_LAYOUTS.filter((layout) => layout !== 'mega' || f.volume === 0.75).map((layout) => (
                          <TemplateButton
                            key={layout}
                            ctx={ctx}
                            productId={f.id}
                            productName={f.name}
                            layout={layout}
                            planet={templatePlanet}
                            onCopied={setCopied}
                          />
                        ))}
                      </Group>
                      <OnlyOn ctx={ctx} productId={f.id} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </CardTable>
          </Section>
        </Stack>
      </Collapse>
    </Paper>
  );
}

/** P4 plants exist only on some planet types (High-Tech Production Plants: Barren, Temperate). */
function OnlyOn({ ctx, productId }: { ctx: GeneratorContext; productId: number }) {
  const ids = layoutPlanetTypes(ctx, productId, 'star');
  if (ids.length === ctx.planetTypes.length) return null;
  const names = ctx.planetTypes.filter((t) => ids.includes(t.id)).map((t) => planetTypeLabel(t.name));
  return (
    <Text size="xs" c="dimmed">
      Только: {names.join(', ')}
    </Text>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <Text fw={600} mb={4}>
        {title}
      </Text>
      {children}
    </div>
  );
}

function Product({ entry }: { entry: ChainEntry }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <TypeIcon src={entry.icon} size={28} />
      <div>
        <Text size="sm" fw={500}>
          {entry.name}
        </Text>
        <Text size="xs" c="dimmed">
          P{entry.tier}
        </Text>
      </div>
    </Group>
  );
}
