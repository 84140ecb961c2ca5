import { lazy } from 'react';
import { Alert, List, Skeleton } from '@mantine/core';
import { LaterSuspense } from '../../../shared/ui/later-suspense';
import { PageHeader } from '../../../shared/ui/page-header';

// The planner (comboboxes, cards, template generator) is its own chunk, fetched in parallel with
// the catalogue it needs anyway: the page shell renders at once within the first-load budget.
const PlanetologyPlanner = lazy(() =>
  import('../components/planetology-planner').then((m) => ({ default: m.PlanetologyPlanner })),
);

/** /planetology: which planet types and schematics a planetary product needs, and templates for the game. */
export default function PlanetologyPage() {
  return (
    <>
      <PageHeader
        title="Планеты"
        description="Цепочка планетарного производства от сырья до выбранного продукта: сколько заводов каждого уровня нужно, что им подавать и на каких планетах добывать сырьё."
      />
      <Alert color="blue" variant="light" title="Раздел в тестировании" mb="lg" data-testid="planetology-banner">
        Типы, значения, схемы и ресурсы могут не совпадать с игрой. Кнопки схем копируют шаблон колонии в буфер обмена. Чтобы
        импортировать его в игре:
        <List size="sm" mt={4} type="ordered">
          <List.Item>откройте планету в режиме планеты и поставьте командный центр;</List.Item>
          <List.Item>откройте шаблоны планетарного производства (кнопка «Шаблоны» в режиме строительства);</List.Item>
          <List.Item>выберите вставку шаблона из буфера обмена и поставьте шаблон на поверхность;</List.Item>
          <List.Item>
            у экстракторов расставьте головки и проложите маршрут на склад — маршруты экстракторов игра не импортирует.
          </List.Item>
        </List>
      </Alert>
      <LaterSuspense fallback={<Skeleton height={240} radius="lg" data-testid="planetology-loading" />}>
        <PlanetologyPlanner />
      </LaterSuspense>
    </>
  );
}
