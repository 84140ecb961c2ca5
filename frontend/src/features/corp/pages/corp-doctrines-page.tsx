import { lazy, Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { hubIdAtom } from '../../../shared/preferences.atoms';
import { HubSelect } from '../../../shared/ui/hub-select';
import { PageHeader } from '../../../shared/ui/page-header';
import { isAuthError } from '../api/corp.api';
import { useCorpLive } from '../api/corp-live';
import { useDoctrines } from '../api/doctrines.api';
import { CorpError } from '../components/corp-error';
import { DoctrineCard } from '../components/doctrine-card';

const DoctrineForm = lazy(() => import('../components/doctrine-form').then((m) => ({ default: m.DoctrineForm })));

/**
 * /corp/doctrines «Доктрины»: the corporation's fits, priced at the chosen hub (and every hub, the
 * cheapest marked), «Купить всё» for the game's Multibuy, who can fly them. FCs, industrialists
 * and admins add, edit and delete them; changes arrive live from the corporation's room.
 */
export default function CorpDoctrinesPage() {
  useCorpLive();
  const hub = useAtomValue(hubIdAtom);
  const list = useDoctrines(hub);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        title="Доктрины"
        description="Фиты корпорации: цена корпуса с фитом на торговых хабах и кто из пилотов может на них лететь."
        actions={<HubSelect />}
      />
      {list.isPending || isAuthError(list.error) ? (
        <Skeleton height={200} radius="lg" />
      ) : list.isError ? (
        <CorpError error={list.error} />
      ) : (
        <Stack gap="lg">
          {list.data.can_manage &&
            (adding ? (
              <Suspense fallback={<Skeleton height={240} radius="lg" />}>
                <DoctrineForm onDone={() => setAdding(false)} />
              </Suspense>
            ) : (
              <Group>
                <Button onClick={() => setAdding(true)}>Новая доктрина</Button>
              </Group>
            ))}
          {list.data.doctrines.length === 0 ? (
            <Text c="dimmed" data-testid="doctrines-empty">
              В корпорации пока нет доктрин.{list.data.can_manage ? ' Вставьте фит из игры, чтобы добавить первую.' : ''}
            </Text>
          ) : (
            <Stack gap="md" data-testid="doctrines">
              {list.data.doctrines.map((d) => (
                <DoctrineCard key={d.id} doctrine={d} hub={hub} canManage={list.data.can_manage} />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </>
  );
}
