import { Button } from '@mantine/core';
import {
  formatNumber,
  TEMPLATE_LAYOUTS,
  type GeneratorContext,
  type PlanetSummary,
  type TemplateLayout,
} from '@eve-toolkit/shared-types';
import { templateFor, templateTarget } from '../lib/planetology';

export interface CopyResult {
  ok: boolean;
  message: string;
}

/**
 * One of 'Обычный 6', 'Обычный 8', 'Звезда', 'Мега': builds the template for the chosen planet
 * (or the default Barren, CC 4) and copies its JSON to the clipboard. Disabled, with the reason
 * as its title, when the layout cannot be built there.
 */
export function TemplateButton({
  ctx,
  productId,
  productName,
  layout,
  planet,
  onCopied,
}: {
  ctx: GeneratorContext;
  productId: number;
  productName: string;
  layout: TemplateLayout;
  planet: PlanetSummary | null;
  onCopied: (result: CopyResult) => void;
}) {
  const label = TEMPLATE_LAYOUTS[layout].label;
  const target = templateTarget(ctx, productId, layout, planet);
  const copy = async () => {
    const built = templateFor(ctx, productId, layout, planet);
    if (!built.ok) {
      onCopied({ ok: false, message: built.message });
      return;
    }
    const { summary, template } = built.generated;
    try {
      await navigator.clipboard.writeText(built.generated.text);
      const what = summary.extractors
        ? `экстрактор (${summary.heads} головок) и ${summary.factories} заводов`
        : `${summary.factories} заводов`;
      onCopied({
        ok: true,
        message:
          `Шаблон «${label}» для «${productName}» скопирован: ${what}, планета ${planetLabel(ctx, template.Pln, planet)}, ` +
          `КЦ ${template.CmdCtrLv} (CPU ${formatNumber(summary.cpu)} из ${formatNumber(summary.cpuMax)}, ` +
          `энергия ${formatNumber(summary.power)} из ${formatNumber(summary.powerMax)}).`,
      });
    } catch {
      onCopied({ ok: false, message: 'Не удалось скопировать шаблон в буфер обмена' });
    }
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      onClick={copy}
      disabled={!target.ok}
      title={target.ok ? `Скопировать шаблон «${label}»` : target.message}
      data-layout={layout}
    >
      {label}
    </Button>
  );
}

function planetLabel(ctx: GeneratorContext, planetTypeId: number, planet: PlanetSummary | null): string {
  if (planet) return planet.name;
  return ctx.planetTypes.find((t) => t.id === planetTypeId)?.name ?? String(planetTypeId);
}
