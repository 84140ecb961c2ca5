/**
 * What the planetology page decides without the server (pure): product search, what pressing
 * 'Построить' gives, how an extractor's planet types are highlighted for the chosen system, and
 * which planet (type, diameter) a template button builds for.
 */
import {
  generateTemplate,
  layoutUnavailable,
  PLANETOLOGY_CONSTANTS,
  PLANETOLOGY_MESSAGES,
  planChain,
  PlanetologyError,
  TEMPLATE_LAYOUTS,
  type GeneratedTemplate,
  type GeneratorContext,
  type PlanetaryChain,
  type PlanetaryProduct,
  type PlanetologyCatalogue,
  type PlanetSummary,
  type TemplateLayout,
} from '@eve-toolkit/shared-types';

/** Spec §5: searches suggest from 3 characters. */
export const SEARCH_MIN_LENGTH = 3;

/** Products whose name contains the query (case-insensitive), names starting with it first; nothing below 3 characters. */
export function searchProducts(products: readonly PlanetaryProduct[], query: string, limit = 20): PlanetaryProduct[] {
  const q = query.trim().toLowerCase();
  if (q.length < SEARCH_MIN_LENGTH) return [];
  return products
    .filter((p) => p.name.toLowerCase().includes(q))
    .sort(
      (a, b) =>
        Number(!a.name.toLowerCase().startsWith(q)) - Number(!b.name.toLowerCase().startsWith(q)) || a.name.localeCompare(b.name),
    )
    .slice(0, limit);
}

export type BuildResult = { ok: true; chain: PlanetaryChain } | { ok: false; message: string };

/** Pressing 'Построить' (spec §5): an item must be chosen; a raw resource cannot be planned. */
export function build(catalogue: PlanetologyCatalogue, productId: number | null): BuildResult {
  if (productId === null) return { ok: false, message: PLANETOLOGY_MESSAGES.chooseProduct };
  try {
    return { ok: true, chain: planChain(catalogue, productId) };
  } catch (e) {
    if (e instanceof PlanetologyError) return { ok: false, message: e.message };
    throw e;
  }
}

/**
 * An extractor card's planet type against the chosen system: 'match' (green) when the system has
 * such a planet, 'miss' (reddish) when it has planets but none of this type, 'none' without planets.
 */
export function planetTypeHighlight(
  planetTypeId: number,
  planets: readonly PlanetSummary[] | undefined,
): 'match' | 'miss' | 'none' {
  if (!planets?.length) return 'none';
  return planets.some((p) => p.type_id === planetTypeId) ? 'match' : 'miss';
}

export interface TemplateTarget {
  planetTypeId: number;
  diameter: number;
  planetName?: string;
}

/**
 * The planet a button builds for. A chosen planet of the system: its type and real diameter.
 * Otherwise the spec's default, a Barren planet (typical diameter), except for a raw resource
 * Barren lacks: then the planet type richest in it.
 */
export function templateTarget(
  ctx: GeneratorContext,
  productId: number,
  layout: TemplateLayout,
  planet: PlanetSummary | null,
): { ok: true; target: TemplateTarget } | { ok: false; message: string } {
  if (planet) {
    const reason = layoutUnavailable(ctx, productId, layout, planet.type_id);
    if (reason) return { ok: false, message: reason };
    const type = ctx.planetTypes.find((t) => t.id === planet.type_id);
    const diameter = planet.diameter ?? type?.typicalDiameter ?? 0;
    return { ok: true, target: { planetTypeId: planet.type_id, diameter, planetName: planet.name } };
  }
  const candidates = [PLANETOLOGY_CONSTANTS.defaultPlanetTypeId as number];
  if (TEMPLATE_LAYOUTS[layout].kind === 'extractor') {
    const offering = ctx.planetTypes
      .map((t) => ({ id: t.id, richness: t.resources.find((r) => r.id === productId)?.richness }))
      .filter((t): t is { id: number; richness: number } => t.richness !== undefined)
      .sort((a, b) => b.richness - a.richness);
    candidates.push(...offering.map((t) => t.id));
  }
  let reason = '';
  for (const planetTypeId of candidates) {
    const why = layoutUnavailable(ctx, productId, layout, planetTypeId);
    if (why) {
      reason ||= why;
      continue;
    }
    const diameter = ctx.planetTypes.find((t) => t.id === planetTypeId)?.typicalDiameter ?? 0;
    return { ok: true, target: { planetTypeId, diameter } };
  }
  return { ok: false, message: reason };
}

/** The template for a button, or the Russian reason it cannot be built. */
export function templateFor(
  ctx: GeneratorContext,
  productId: number,
  layout: TemplateLayout,
  planet: PlanetSummary | null,
): { ok: true; generated: GeneratedTemplate } | { ok: false; message: string } {
  const target = templateTarget(ctx, productId, layout, planet);
  if (!target.ok) return target;
  try {
    return { ok: true, generated: generateTemplate(ctx, { productId, layout, ...target.target }) };
  } catch (e) {
    if (e instanceof PlanetologyError) return { ok: false, message: e.message };
    throw e;
  }
}
