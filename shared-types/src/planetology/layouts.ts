/**
 * Template generator (pure): the four layouts of the page's buttons, for one planet (type and
 * diameter) and command-centre level, as JSON the game imports (game-mechanics §5.7).
 *
 * Layouts (decided here; the spec names them only):
 *  - «Обычный 6» / «Обычный 8» (extractor cards, a raw resource): one Extractor Control Unit
 *    with 10 heads, and 6 or 8 Basic Industry Facilities turning the resource into its P1, in a
 *    ring around a Storage Facility, plus a Launchpad. The storage feeds each facility 3000 units
 *    per cycle; the P1 (20 per cycle) goes through the storage to the launchpad for export.
 *    «6» suits poorer planets (6 × 6000 units/h of the resource), «8» richer ones (8 × 6000/h).
 *    The extractor's own route (ECU -> storage) is not in the template: the importer skips every
 *    route touching an extractor, so the player links it in the game after placing the heads.
 *    When the planet is large (long links), heads are dropped one by one until CPU and power fit.
 *  - «Звезда» (factory cards, P1..P4): a Launchpad in the centre and up to 12 factories of the
 *    product in a ring around it, each linked straight to the launchpad (one hop): inputs are
 *    imported to the launchpad and routed to every factory in the schematic's quantities, outputs
 *    go back to the launchpad. As many factories as the command centre's CPU and power allow,
 *    at most 12. P4 needs High-Tech Production Plants: Barren and Temperate planets only.
 *  - «Мега» (only P2, the 0.75 m³ class): the whole P0 -> P1 -> P2 line on one planet around a
 *    Launchpad: cells of two Basic Industry Facilities (one per P1 input, each making the 40 P1 an
 *    hour one Advanced Industry Facility takes) and one Advanced facility, up to 6 cells. Raw
 *    resources are imported to the launchpad, P1 is routed basic -> launchpad -> advanced, P2 back
 *    to the launchpad. P2 is the one tier where one facility of the tier below feeds one of the
 *    tier above per input, so a compact self-contained cell exists only there.
 *
 * Pins sit at least 0.0135 rad apart (the game's own templates keep 0.012), around an arbitrary
 * point of the surface; links are level 0 (1250 m³/h is far above what any route here carries).
 */
import type { PiPinKind, PlanetaryProduct } from '../api/planetology';
import { PLANETOLOGY_CONSTANTS } from '../api/planetology';
import { catalogueIndex, PlanetologyError, type PlanetologyCatalogue } from './chain';
import { ECU_MAX_HEADS, linkLengthKm, linkUsage, pinUsage, PiRulesIndex, planetTypeLabel } from './rules';
import { serializeTemplate, type PiTemplate, type PiTemplatePin, type PiTemplateRoute } from './template-json';

export type TemplateLayout = 'normal6' | 'normal8' | 'star' | 'mega';

export const TEMPLATE_LAYOUTS: Record<TemplateLayout, { label: string; kind: 'extractor' | 'factory' }> = {
  normal6: { label: 'Обычный 6', kind: 'extractor' },
  normal8: { label: 'Обычный 8', kind: 'extractor' },
  star: { label: 'Звезда', kind: 'factory' },
  mega: { label: 'Мега', kind: 'factory' },
};
export const EXTRACTOR_LAYOUTS: readonly TemplateLayout[] = ['normal6', 'normal8'];
export const FACTORY_LAYOUTS: readonly TemplateLayout[] = ['star', 'mega'];

export const LAYOUT_LIMITS = { normal6: 6, normal8: 8, starMax: 12, megaCellsMax: 6 } as const;

export interface GeneratorContext extends PlanetologyCatalogue {
  rules: PiRulesIndex;
}

export interface TemplateRequest {
  /** The raw resource (extractor layouts) or the product (factory layouts). */
  productId: number;
  layout: TemplateLayout;
  planetTypeId: number;
  /** Planet diameter, km. */
  diameter: number;
  /** Default 4 (spec §9). */
  commandCenterLevel?: number;
  /** Added to the comment when the template is for a real planet ("Jita I"). */
  planetName?: string;
}

export interface GeneratedTemplate {
  template: PiTemplate;
  /** What goes to the clipboard. */
  text: string;
  summary: { factories: number; extractors: number; heads: number; cpu: number; power: number; cpuMax: number; powerMax: number };
}

const MSG = {
  unknown: 'Неизвестный продукт',
  planet: 'Неизвестный тип планеты',
  notRaw: 'Схемы добычи строятся для сырья',
  raw: 'Невозможно построить схему для базового ресурса',
  noResource: (res: string, planet: string) => `На планете ${planet} нет ресурса «${res}»`,
  noP1: (res: string) => `Нет продукта первого уровня из «${res}»`,
  megaOnly: '«Мега» строится только для продуктов объёмом 0,75 м³ (второй уровень)',
  noPin: (planet: string) => `На планете ${planet} нельзя поставить нужный завод`,
  noFit: 'Схема не помещается в CPU и энергию командного центра',
  level: 'Нет такого уровня командного центра',
};

/** Why a layout cannot be built for this product on this planet type (Russian), or null when it can. */
export function layoutUnavailable(
  ctx: GeneratorContext,
  productId: number,
  layout: TemplateLayout,
  planetTypeId: number,
): string | null {
  const product = catalogueIndex(ctx).get(productId);
  if (!product) return MSG.unknown;
  const planet = ctx.planetTypes.find((t) => t.id === planetTypeId);
  if (!planet) return MSG.planet;
  if (TEMPLATE_LAYOUTS[layout].kind === 'extractor') {
    if (product.tier !== 0) return MSG.notRaw;
    if (!planet.resources.some((r) => r.id === productId)) return MSG.noResource(product.name, planetTypeLabel(planet.name));
    if (!p1Of(ctx, productId)) return MSG.noP1(product.name);
    return null;
  }
  if (product.tier === 0) return MSG.raw;
  if (layout === 'mega' && product.tier !== 2) return MSG.megaOnly;
  const kind = factoryKind(product);
  const pin = ctx.rules.pinFor(planetTypeId, kind);
  if (!pin || !product.pins.includes(pin.id)) return MSG.noPin(planetTypeLabel(planet.name));
  return null;
}

/** Planet types a layout can be built on for this product. */
export function layoutPlanetTypes(ctx: GeneratorContext, productId: number, layout: TemplateLayout): number[] {
  return ctx.planetTypes.filter((t) => layoutUnavailable(ctx, productId, layout, t.id) === null).map((t) => t.id);
}

/** Builds the template; throws PlanetologyError (Russian) when it cannot. */
export function generateTemplate(ctx: GeneratorContext, req: TemplateRequest): GeneratedTemplate {
  const reason = layoutUnavailable(ctx, req.productId, req.layout, req.planetTypeId);
  if (reason) throw new PlanetologyError(reason);
  if (!(req.diameter > 0)) throw new PlanetologyError('Неизвестный диаметр планеты');
  const level = req.commandCenterLevel ?? PLANETOLOGY_CONSTANTS.defaultCommandCenterLevel;
  const cc = ctx.rules.commandCenter(level);
  if (!cc) throw new PlanetologyError(MSG.level);
  const byId = catalogueIndex(ctx);
  const product = byId.get(req.productId)!;
  const planet = ctx.planetTypes.find((t) => t.id === req.planetTypeId)!;
  const where = ` (${req.planetName ?? planetTypeLabel(planet.name)})`;

  const attempts: Draft[] = [];
  if (req.layout === 'normal6' || req.layout === 'normal8') {
    const p1 = p1Of(ctx, product.id)!;
    const count = LAYOUT_LIMITS[req.layout];
    for (let heads = ECU_MAX_HEADS; heads >= 1; heads--)
      attempts.push(extractorDraft(ctx, req.planetTypeId, product, p1, count, heads));
  } else if (req.layout === 'star') {
    for (let n = LAYOUT_LIMITS.starMax; n >= 1; n--) attempts.push(starDraft(ctx, req.planetTypeId, product, n));
  } else {
    for (let k = LAYOUT_LIMITS.megaCellsMax; k >= 1; k--) attempts.push(megaDraft(ctx, req.planetTypeId, product, byId, k));
  }
  for (const draft of attempts) {
    const usage = draftUsage(ctx, draft, req.diameter);
    if (usage.cpu > cc.cpu || usage.power > cc.power) continue;
    const template: PiTemplate = {
      CmdCtrLv: level,
      Cmt: `${TEMPLATE_LAYOUTS[req.layout].label}: ${draft.title}${where}`,
      Diam: req.diameter,
      Pln: req.planetTypeId,
      P: draft.pins,
      L: draft.links.map(([S, D]) => ({ S, D, Lv: 0 })),
      R: draft.routes,
    };
    return {
      template,
      text: serializeTemplate(template),
      summary: {
        factories: draft.pins.filter((p) => p.S !== null && p.H === 0).length,
        extractors: draft.pins.filter((p) => p.H > 0).length,
        heads: draft.pins.reduce((s, p) => s + p.H, 0),
        cpu: usage.cpu,
        power: usage.power,
        cpuMax: cc.cpu,
        powerMax: cc.power,
      },
    };
  }
  throw new PlanetologyError(MSG.noFit);
}

// ---- drafts ----

interface Draft {
  title: string;
  pins: PiTemplatePin[];
  /** 1-based pairs. */
  links: [number, number][];
  routes: PiTemplateRoute[];
}

/** The P1 made from a raw resource. */
export function p1Of(ctx: PlanetologyCatalogue, resourceId: number): PlanetaryProduct | undefined {
  return ctx.blueprints.find((b) => b.tier === 1 && b.requirements.length === 1 && b.requirements[0].id === resourceId);
}

function factoryKind(p: PlanetaryProduct): PiPinKind {
  return p.tier === 1 ? 'basic' : p.tier === 4 ? 'highTech' : 'advanced';
}

/** Where the layout sits (an arbitrary point near the equator). */
const CENTER = { La: 1.2, Lo: 1.5 };
const SPACING = 0.0135;

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/** A point at a local east/north offset (radians of arc) from the centre. */
function at(east: number, north: number): { La: number; Lo: number } {
  return { La: round5(CENTER.La - north), Lo: round5(CENTER.Lo + east / Math.sin(CENTER.La)) };
}

/** n points on a ring around the centre, far enough apart from each other and from the centre. */
function ring(n: number): { La: number; Lo: number }[] {
  const radius = Math.max(SPACING * 1.25, (SPACING * 1.05 * n) / (2 * Math.PI));
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n;
    return at(radius * Math.cos(a), radius * Math.sin(a));
  });
}

function pinOf(ctx: GeneratorContext, planetTypeId: number, kind: PiPinKind): number {
  const pin = ctx.rules.pinFor(planetTypeId, kind);
  if (!pin) throw new PlanetologyError(MSG.noPin(String(planetTypeId)));
  return pin.id;
}

function extractorDraft(
  ctx: GeneratorContext,
  planetTypeId: number,
  resource: PlanetaryProduct,
  p1: PlanetaryProduct,
  count: number,
  heads: number,
): Draft {
  const spots = ring(count + 2);
  const pins: PiTemplatePin[] = [{ H: 0, ...at(0, 0), S: null, T: pinOf(ctx, planetTypeId, 'storage') }];
  pins.push({ H: 0, ...spots[0], S: null, T: pinOf(ctx, planetTypeId, 'launchpad') });
  pins.push({ H: heads, ...spots[Math.ceil((count + 2) / 2)], S: resource.id, T: pinOf(ctx, planetTypeId, 'extractor') });
  const basic = pinOf(ctx, planetTypeId, 'basic');
  spots.forEach((s, i) => {
    if (i !== 0 && i !== Math.ceil((count + 2) / 2)) pins.push({ H: 0, ...s, S: p1.id, T: basic });
  });
  const storage = 1;
  const launchpad = 2;
  const links: [number, number][] = pins.slice(1).map((_, i) => [storage, i + 2]);
  const routes: PiTemplateRoute[] = [];
  for (let f = 4; f <= pins.length; f++) {
    routes.push({ P: [storage, f], Q: p1.requirements[0].quantity, T: resource.id });
    routes.push({ P: [f, storage, launchpad], Q: p1.output, T: p1.id });
  }
  return { title: `${resource.name} -> ${p1.name} ×${count}`, pins, links, routes };
}

function starDraft(ctx: GeneratorContext, planetTypeId: number, product: PlanetaryProduct, n: number): Draft {
  const factory = pinOf(ctx, planetTypeId, factoryKind(product));
  const pins: PiTemplatePin[] = [{ H: 0, ...at(0, 0), S: null, T: pinOf(ctx, planetTypeId, 'launchpad') }];
  for (const s of ring(n)) pins.push({ H: 0, ...s, S: product.id, T: factory });
  const links: [number, number][] = [];
  const routes: PiTemplateRoute[] = [];
  for (let f = 2; f <= pins.length; f++) {
    links.push([1, f]);
    for (const r of product.requirements) routes.push({ P: [1, f], Q: r.quantity, T: r.id });
    routes.push({ P: [f, 1], Q: product.output, T: product.id });
  }
  return { title: `${product.name} ×${n}`, pins, links, routes };
}

function megaDraft(
  ctx: GeneratorContext,
  planetTypeId: number,
  product: PlanetaryProduct,
  byId: ReadonlyMap<number, PlanetaryProduct>,
  cells: number,
): Draft {
  const inputs = product.requirements.map((r) => byId.get(r.id)!);
  const basic = pinOf(ctx, planetTypeId, 'basic');
  const advanced = pinOf(ctx, planetTypeId, 'advanced');
  const perCell = inputs.length + 1;
  const spots = ring(cells * perCell);
  const pins: PiTemplatePin[] = [{ H: 0, ...at(0, 0), S: null, T: pinOf(ctx, planetTypeId, 'launchpad') }];
  const links: [number, number][] = [];
  const routes: PiTemplateRoute[] = [];
  for (let c = 0; c < cells; c++) {
    const first = pins.length + 1;
    inputs.forEach((p1, j) => pins.push({ H: 0, ...spots[c * perCell + j], S: p1.id, T: basic }));
    pins.push({ H: 0, ...spots[c * perCell + inputs.length], S: product.id, T: advanced });
    const adv = pins.length;
    for (let idx = first; idx <= adv; idx++) links.push([1, idx]);
    inputs.forEach((p1, j) => {
      const b = first + j;
      routes.push({ P: [1, b], Q: p1.requirements[0].quantity, T: p1.requirements[0].id });
      routes.push({ P: [b, 1, adv], Q: p1.output, T: p1.id });
    });
    routes.push({ P: [adv, 1], Q: product.output, T: product.id });
  }
  const raw = inputs.map((p1) => byId.get(p1.requirements[0].id)?.name ?? '').join(' + ');
  return { title: `${raw} -> ${product.name} ×${cells}`, pins, links, routes };
}

function draftUsage(ctx: GeneratorContext, d: Draft, diameter: number): { cpu: number; power: number } {
  let cpu = 0;
  let power = 0;
  for (const p of d.pins) {
    const u = pinUsage(ctx.rules.pin(p.T)!, p.H);
    cpu += u.cpu;
    power += u.power;
  }
  for (const [a, b] of d.links) {
    const u = linkUsage(ctx.rules.link, linkLengthKm(diameter, d.pins[a - 1], d.pins[b - 1]), 0);
    cpu += u.cpu;
    power += u.power;
  }
  return { cpu, power };
}
