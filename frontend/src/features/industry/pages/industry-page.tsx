import { lazy } from 'react';
import { Skeleton } from '@mantine/core';
import { LaterSuspense } from '../../../shared/ui/later-suspense';
import { PageHeader } from '../../../shared/ui/page-header';

// The calculator (Mantine comboboxes, number inputs, react-hook-form, the tree) is its own chunk,
// fetched in parallel with the static data it needs anyway: the page shell renders at once within
// the first-load budget (scripts/check-first-load.mjs).
const IndustryCalculator = lazy(() =>
  import('../components/industry-calculator').then((m) => ({ default: m.IndustryCalculator })),
);

/** /industry: the industry calculator. */
export default function IndustryPage() {
  return (
    <>
      <PageHeader
        title="Индустрия"
        description="Дерево материалов по правилам игры: количество с учётом ME, структуры и ригов, время, стоимость работ, выплаты и маржа. Выбирайте, что строить, а что купить."
      />
      <LaterSuspense fallback={<Skeleton height={320} radius="lg" data-testid="industry-loading" />}>
        <IndustryCalculator />
      </LaterSuspense>
    </>
  );
}
