import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import {
  bestHub,
  fitMultibuy,
  formatIsk,
  HUBS,
  type Doctrine,
  type DoctrineFit,
  type DoctrineHubPrice,
} from '@eve-toolkit/shared-types';
import { CardTable } from '../../../shared/ui/card-table';
import { CopyButton } from '../../../shared/ui/copy-button';
import { errorText, isAuthError } from '../api/corp.api';
import { useDeleteDoctrine } from '../api/doctrines.api';
import { DoctrineReadiness } from './doctrine-readiness';

const DoctrineForm = lazy(() => import('./doctrine-form').then((m) => ({ default: m.DoctrineForm })));

const isk = (v: number | null) => (v === null ? 'нет цены' : formatIsk(v));
const hubLabel = (id: number) => HUBS.find((h) => h.id === id)?.label ?? String(id);

/** The fit's price at every hub (sell / buy), the cheapest place to buy it marked; on a phone a card per hub. */
function HubPrices({ hubs, current }: { hubs: DoctrineHubPrice[]; current: number }) {
  const best = bestHub(hubs);
  return (
    <CardTable minWidth={320} verticalSpacing={4} fz="sm" aria-label="Цена по хабам">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Хаб</Table.Th>
          <Table.Th ta="right">Продажа</Table.Th>
          <Table.Th ta="right">Покупка</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {hubs.map((h) => (
          <Table.Tr key={h.hub} data-testid={`hub-${h.hub}`} fw={h.hub === current ? 600 : undefined}>
            <Table.Td data-label="Хаб">
              <Group gap={6} wrap="nowrap">
                {hubLabel(h.hub)}
                {h.hub === best && (
                  <Badge size="xs" color="teal" variant="light" tt="none" data-testid="best-hub">
                    дешевле всего
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td data-label="Продажа" ta="right" style={{ whiteSpace: 'nowrap' }}>
              {isk(h.sell)}
            </Table.Td>
            <Table.Td data-label="Покупка" ta="right" style={{ whiteSpace: 'nowrap' }}>
              {isk(h.buy)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </CardTable>
  );
}

function FitView({ fit, hub }: { fit: DoctrineFit; hub: number }) {
  const [open, setOpen] = useState(false);
  return (
    <Paper withBorder radius="sm" p="sm" data-testid={`fit-${fit.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{fit.name}</Text>
            <Text size="sm" c="dimmed">
              {fit.ship.name}
            </Text>
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text size="sm" fw={600} data-testid="fit-price">
              {isk(fit.price.sell)}
            </Text>
            <Text size="xs" c="dimmed" data-testid="fit-price-note">
              {fit.price.sell === null ? `в ${hubLabel(hub)} нет цены на часть предметов` : `${hubLabel(hub)}, продажа`}
            </Text>
          </div>
        </Group>
        <Group gap="xs">
          <CopyButton label="Купить всё" title="Мультипокупка в игре" text={() => fitMultibuy(fit)} />
          <CopyButton label="EFT" variant="subtle" text={() => fit.eft} />
          <Button size="compact-sm" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? 'Скрыть состав' : `Состав (${fit.items.length})`}
          </Button>
        </Group>
        {open && (
          <Stack gap={8}>
            <Text size="sm" component="ul" m={0} pl="md" data-testid="fit-items">
              {fit.items.map((i) => (
                <li key={i.id}>
                  {i.name} × {i.quantity}
                </li>
              ))}
            </Text>
            <HubPrices hubs={fit.hubs} current={hub} />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** One doctrine: its fits with prices; for those who manage doctrines, edit and delete; who can fly it on demand. */
export function DoctrineCard({ doctrine, hub, canManage }: { doctrine: Doctrine; hub: number; canManage: boolean }) {
  const [editing, setEditing] = useState(false);
  const [pilots, setPilots] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteDoctrine();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`Доктрина «${doctrine.name}»`}
      data-testid={`doctrine-${doctrine.id}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={700} size="lg" data-testid="doctrine-name">
            {doctrine.name}
          </Text>
          <Group gap="xs">
            <Button size="compact-sm" variant="light" onClick={() => setPilots((p) => !p)} aria-expanded={pilots}>
              {canManage ? 'Кто может лететь' : 'Мои персонажи'}
            </Button>
            {canManage && !editing && (
              <Button size="compact-sm" variant="light" onClick={() => setEditing(true)}>
                Изменить
              </Button>
            )}
            {canManage &&
              (confirming ? (
                <>
                  <Button
                    size="compact-sm"
                    color="red"
                    loading={remove.isPending}
                    onClick={() => remove.mutate({ id: doctrine.id })}
                  >
                    Да, удалить
                  </Button>
                  <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)}>
                    Нет
                  </Button>
                </>
              ) : (
                <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                  Удалить
                </Button>
              ))}
          </Group>
        </Group>
        {remove.isError && !isAuthError(remove.error) && (
          <Text size="sm" c="red" role="alert">
            {errorText(remove.error)}
          </Text>
        )}
        {editing && (
          <Suspense fallback={<Skeleton height={200} radius="md" />}>
            <DoctrineForm doctrine={doctrine} onDone={() => setEditing(false)} />
          </Suspense>
        )}
        <Stack gap="xs">
          {doctrine.fits.map((f) => (
            <FitView key={f.id} fit={f} hub={hub} />
          ))}
        </Stack>
        {pilots && <DoctrineReadiness doctrine={doctrine} everyone={canManage} />}
      </Stack>
    </Paper>
  );
}
