import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { formatNumber, type PlanetaryProduct, type PlanetSummary, type PlanetTypeInfo } from '@eve-toolkit/shared-types';
import { TypeIcon } from '../../../shared/ui/type-icon';

/** The chosen system's planets: icon, name, and the raw resources of each planet's type. */
export function PlanetList({
  planets,
  planetTypes,
  products,
}: {
  planets: readonly PlanetSummary[];
  planetTypes: readonly PlanetTypeInfo[];
  products: ReadonlyMap<number, PlanetaryProduct>;
}) {
  if (!planets.length) return <Text c="dimmed">В системе нет планет.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" data-testid="planets">
      {planets.map((p) => {
        const type = planetTypes.find((t) => t.id === p.type_id);
        return (
          <Paper key={p.id} withBorder radius="md" p="sm" data-testid={`planet-${p.id}`}>
            <Group gap="sm" wrap="nowrap">
              <TypeIcon src={p.icon} size={36} />
              <div>
                <Text fw={600} size="sm">
                  {p.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.typeName}
                  {p.diameter ? ` · ${formatNumber(p.diameter)} км` : ''}
                </Text>
              </div>
            </Group>
            <Group gap={4} mt={6}>
              {type ? (
                type.resources.map((r) => {
                  const product = products.get(r.id);
                  return (
                    <span key={r.id} title={product?.name} aria-label={product?.name} role="img">
                      <TypeIcon src={product?.icon ?? null} size={22} />
                    </span>
                  );
                })
              ) : (
                <Text size="xs" c="dimmed">
                  Планетарная индустрия здесь невозможна
                </Text>
              )}
            </Group>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
