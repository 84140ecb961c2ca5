import { lazy } from 'react';
import { Skeleton } from '@mantine/core';
import { LaterSuspense } from '../../../shared/ui/later-suspense';
import { PageHeader } from '../../../shared/ui/page-header';

// The splitter (upload, groups, tables) is its own chunk: the page shell renders at once.
const LootSplitter = lazy(() => import('../components/loot-splitter').then((m) => ({ default: m.LootSplitter })));

/** /loot: the fleet loot split. */
export default function LootPage() {
  return (
    <>
      <PageHeader
        title="Лут"
        description="Загрузите историю добычи флота (.txt): пилоты делятся на группы, у каждой группы — сумма предметов, стоимость в хабе и доля на пилота."
      />
      <LaterSuspense fallback={<Skeleton height={240} radius="lg" data-testid="loot-loading" />}>
        <LootSplitter />
      </LaterSuspense>
    </>
  );
}
