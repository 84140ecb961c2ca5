import { PageHeader } from '../../../shared/ui/page-header';
import { IndustryCalculator } from '../components/industry-calculator';

/** /industry: the industry calculator. */
export default function IndustryPage() {
  return (
    <>
      <PageHeader
        title="Индустрия"
        description="Дерево материалов по правилам игры: количество с учётом ME, структуры и ригов, время, стоимость работ, выплаты и маржа. Выбирайте, что строить, а что купить."
      />
      <IndustryCalculator />
    </>
  );
}
