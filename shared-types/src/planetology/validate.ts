/**
 * Template validator (pure): what the game's importer checks (`verification.py`: keys and types)
 * plus what makes a colony work after import (game-mechanics §5.4-5.7): pin types that exist on
 * the planet, 1-based indices in range, links between distinct pins, routes along links that obey
 * the routing rules (no storage-to-storage, nothing into an extractor, a factory only receives its
 * schematic's inputs), every factory fed with its inputs in full and its output routed away, link
 * bandwidth, link lengths within reason, and CPU/power within the command centre's level.
 *
 * Two modes. The default reads a template the way the importer applies it to a planet of type
 * `Pln`: pins of any planet type are converted to that planet's (`ConvertPinType`), so a
 * community template built on a Temperate planet still fits a Barren one; an extractor whose
 * resource the planet lacks is a warning (the template is meant for planets that have it).
 * `strict` (our own templates, made for one planet) also requires every pin to be that planet's
 * own type and every extractor's resource to be present there.
 */
import type { PlanetaryProduct, PlanetTypeInfo, PiPinType } from '../api/planetology';
import type { PlanetologyCatalogue } from './chain';
import {
  ECU_MAX_HEADS,
  FACTORY_KINDS,
  LINK_MAX_LEVEL,
  linkBandwidth,
  linkLengthKm,
  linkUsage,
  MAX_LINK_ANGLE,
  MIN_PIN_SEPARATION,
  pinUsage,
  PiRulesIndex,
  planetTypeLabel,
  ROUTE_MAX_PINS,
  STORAGE_KINDS,
  surfaceAngle,
} from './rules';
import {
  JsonNumber,
  JsonSyntaxError,
  LINK_KEYS,
  parseTypedJson,
  PIN_KEYS,
  ROUTE_KEYS,
  TEMPLATE_KEYS,
  type PiTemplate,
  type PiTemplateLink,
  type PiTemplatePin,
  type PiTemplateRoute,
  type TypedJson,
} from './template-json';

export interface TemplateValidationOptions {
  strict?: boolean;
}

export interface TemplateUsage {
  cpu: number;
  power: number;
  cpuMax: number;
  powerMax: number;
}

export interface TemplateValidation {
  ok: boolean;
  errors: string[];
  warnings: string[];
  /** The template when its shape is right (types and indices), else null. */
  template: PiTemplate | null;
  usage: TemplateUsage | null;
  /** Routes the importer skips because they touch an extractor. */
  skippedRoutes: number;
}

export interface ValidationContext extends PlanetologyCatalogue {
  rules: PiRulesIndex;
}

type Obj = { [key: string]: TypedJson };
const isObj = (v: TypedJson): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);
const isInt = (v: TypedJson): v is JsonNumber => v instanceof JsonNumber && !v.isFloat && Number.isSafeInteger(v.value);
const isFloat = (v: TypedJson): v is JsonNumber => v instanceof JsonNumber && v.isFloat && Number.isFinite(v.value);

/** Validates template JSON text (as copied to the clipboard or saved by the game). */
export function validateTemplateText(
  text: string,
  ctx: ValidationContext,
  options: TemplateValidationOptions = {},
): TemplateValidation {
  let json: TypedJson;
  try {
    json = parseTypedJson(text);
  } catch (e) {
    const msg = e instanceof JsonSyntaxError ? e.message : String(e);
    return { ok: false, errors: [`Не JSON: ${msg}`], warnings: [], template: null, usage: null, skippedRoutes: 0 };
  }
  return validateTypedTemplate(json, ctx, options);
}

export function validateTypedTemplate(
  json: TypedJson,
  ctx: ValidationContext,
  options: TemplateValidationOptions = {},
): TemplateValidation {
  const errors: string[] = [];
  const warnings: string[] = [];
  const done = (template: PiTemplate | null, usage: TemplateUsage | null = null, skippedRoutes = 0): TemplateValidation => ({
    ok: errors.length === 0,
    errors,
    warnings,
    template,
    usage,
    skippedRoutes,
  });

  // ---- shape and types (the importer's verification) ----
  if (!isObj(json)) {
    errors.push('Шаблон должен быть JSON-объектом');
    return done(null);
  }
  const extra = Object.keys(json).filter((k) => !(TEMPLATE_KEYS as readonly string[]).includes(k));
  if (extra.length) errors.push(`Лишние ключи шаблона: ${extra.join(', ')}`);
  for (const k of ['CmdCtrLv', 'Cmt', 'Diam', 'Pln', 'P'] as const) if (!(k in json)) errors.push(`Нет обязательного ключа ${k}`);
  if (errors.length) return done(null);

  if (!isInt(json.CmdCtrLv)) errors.push('CmdCtrLv должен быть целым числом');
  if (typeof json.Cmt !== 'string') errors.push('Cmt должен быть строкой');
  if (!isFloat(json.Diam) || json.Diam.value <= 0)
    errors.push('Diam должен быть положительным дробным числом (например, 5820.0)');
  if (!isInt(json.Pln)) errors.push('Pln должен быть целым числом');
  if (!Array.isArray(json.P) || json.P.length === 0) errors.push('P должен быть непустым списком сооружений');
  if ('L' in json && !Array.isArray(json.L)) errors.push('L должен быть списком связей');
  if ('R' in json && !Array.isArray(json.R)) errors.push('R должен быть списком маршрутов');
  if (errors.length) return done(null);

  const level = (json.CmdCtrLv as JsonNumber).value;
  const diam = (json.Diam as JsonNumber).value;
  const pln = (json.Pln as JsonNumber).value;
  const planetType = ctx.planetTypes.find((t) => t.id === pln);
  if (!planetType) errors.push(`Pln ${pln}: не тип планеты для планетарной индустрии`);
  const cc = ctx.rules.commandCenter(level);
  if (!cc) errors.push(`CmdCtrLv ${level}: нет такого уровня командного центра`);

  const rawPins = json.P as TypedJson[];
  const pins: PiTemplatePin[] = [];
  rawPins.forEach((raw, i) => {
    const at = `P[${i + 1}]`;
    if (!isObj(raw)) {
      errors.push(`${at}: сооружение должно быть объектом`);
      return;
    }
    const keys = Object.keys(raw).sort();
    if (keys.length !== PIN_KEYS.length || keys.some((k, j) => k !== PIN_KEYS[j]))
      errors.push(`${at}: нужны ровно ключи ${PIN_KEYS.join(', ')}, а есть ${keys.join(', ')}`);
    const bad: string[] = [];
    if (!isInt(raw.T)) bad.push('T целое');
    if (!isInt(raw.H)) bad.push('H целое');
    if (!isFloat(raw.La)) bad.push('La дробное');
    if (!isFloat(raw.Lo)) bad.push('Lo дробное');
    if (!(raw.S === null || isInt(raw.S))) bad.push('S целое или null');
    if (bad.length) {
      errors.push(`${at}: неверные типы (${bad.join(', ')})`);
      return;
    }
    pins.push({
      T: (raw.T as JsonNumber).value,
      H: (raw.H as JsonNumber).value,
      La: (raw.La as JsonNumber).value,
      Lo: (raw.Lo as JsonNumber).value,
      S: raw.S === null ? null : (raw.S as JsonNumber).value,
    });
  });

  const links: PiTemplateLink[] = [];
  ((json.L as TypedJson[] | undefined) ?? []).forEach((raw, j) => {
    const at = `L[${j + 1}]`;
    if (!isObj(raw)) {
      errors.push(`${at}: связь должна быть объектом`);
      return;
    }
    const keys = Object.keys(raw).sort();
    if (keys.length !== LINK_KEYS.length || keys.some((k, x) => k !== LINK_KEYS[x]))
      errors.push(`${at}: нужны ровно ключи ${LINK_KEYS.join(', ')}`);
    if (!isInt(raw.S) || !isInt(raw.D) || !isInt(raw.Lv)) {
      errors.push(`${at}: S, D и Lv должны быть целыми`);
      return;
    }
    links.push({ S: raw.S.value, D: raw.D.value, Lv: raw.Lv.value });
  });

  const routes: PiTemplateRoute[] = [];
  ((json.R as TypedJson[] | undefined) ?? []).forEach((raw, k) => {
    const at = `R[${k + 1}]`;
    if (!isObj(raw)) {
      errors.push(`${at}: маршрут должен быть объектом`);
      return;
    }
    const keys = Object.keys(raw).sort();
    if (keys.length !== ROUTE_KEYS.length || keys.some((x, y) => x !== ROUTE_KEYS[y]))
      errors.push(`${at}: нужны ровно ключи ${ROUTE_KEYS.join(', ')}`);
    if (!Array.isArray(raw.P) || !raw.P.every(isInt) || !isInt(raw.Q) || !isInt(raw.T)) {
      errors.push(`${at}: P — список целых, Q и T — целые`);
      return;
    }
    routes.push({ P: (raw.P as JsonNumber[]).map((n) => n.value), Q: raw.Q.value, T: raw.T.value });
  });

  if (errors.length) return done(null);
  const template: PiTemplate = { CmdCtrLv: level, Cmt: json.Cmt as string, Diam: diam, Pln: pln, P: pins, L: links, R: routes };
  if (!planetType || !cc) return done(template);
  checkColony(template, planetType, ctx, options, errors, warnings);
  const usage = fitting(template, ctx, errors, cc.cpu, cc.power);
  const skipped = routes.filter((r) => r.P.some((i) => ctx.rules.pin(pins[i - 1]?.T ?? -1)?.kind === 'extractor')).length;
  return done(template, usage, skipped);
}

interface Resolved {
  pin: PiTemplatePin;
  /** The pin after conversion to the template's planet type. */
  type: PiPinType;
  product: PlanetaryProduct | null;
}

function checkColony(
  t: PiTemplate,
  planetType: PlanetTypeInfo,
  ctx: ValidationContext,
  options: TemplateValidationOptions,
  errors: string[],
  warnings: string[],
): void {
  const planetName = planetTypeLabel(planetType.name);
  const products = new Map(ctx.blueprints.map((b) => [b.id, b]));
  const resolved: (Resolved | null)[] = t.P.map((pin, i) => {
    const at = `P[${i + 1}]`;
    const own = ctx.rules.pin(pin.T);
    if (!own) {
      errors.push(`${at}: ${pin.T} — не тип планетарного сооружения`);
      return null;
    }
    if (own.kind === 'commandCenter') {
      errors.push(`${at}: командный центр в шаблон не входит (он уже стоит на планете)`);
      return null;
    }
    const type = ctx.rules.convert(pin.T, t.Pln);
    if (!type) {
      errors.push(`${at}: у планеты ${planetName} нет сооружения «${own.name}»`);
      return null;
    }
    if (options.strict && own.planetTypeId !== t.Pln) errors.push(`${at}: «${own.name}» не для планеты ${planetName}`);
    if (!(pin.La >= 0 && pin.La <= Math.PI)) errors.push(`${at}: La вне 0..π`);
    if (!(Math.abs(pin.Lo) <= 2 * Math.PI)) errors.push(`${at}: Lo вне -2π..2π`);
    const product = pin.S === null ? null : (products.get(pin.S) ?? null);
    if (pin.S !== null && !product) errors.push(`${at}: S ${pin.S} — не планетарный товар`);
    if (type.kind === 'extractor') {
      if (!(pin.H >= 1 && pin.H <= ECU_MAX_HEADS))
        errors.push(`${at}: у экстрактора от 1 до ${ECU_MAX_HEADS} головок, а не ${pin.H}`);
      if (!product || product.tier !== 0) errors.push(`${at}: экстрактор должен добывать сырьё (S — тип сырья)`);
      else if (!planetType.resources.some((r) => r.id === product.id)) {
        const msg = `${at}: на планете ${planetName} нет ресурса «${product.name}»`;
        if (options.strict) errors.push(msg);
        else warnings.push(`${msg}: шаблон подойдёт планете, где он есть`);
      }
    } else {
      if (pin.H !== 0) errors.push(`${at}: H должно быть 0 (головки только у экстрактора)`);
      if (FACTORY_KINDS.has(type.kind)) {
        if (pin.S === null) warnings.push(`${at}: завод без схемы`);
        else if (product && (product.tier === 0 || !product.pins.includes(type.id)))
          errors.push(`${at}: «${type.name}» не производит «${product.name}»`);
      } else if (pin.S !== null) errors.push(`${at}: у склада и космопорта S должно быть null`);
    }
    return { pin, type, product };
  });

  // Pins must not overlap.
  for (let i = 0; i < t.P.length; i++)
    for (let j = i + 1; j < t.P.length; j++)
      if (surfaceAngle(t.P[i], t.P[j]) < MIN_PIN_SEPARATION) errors.push(`P[${i + 1}] и P[${j + 1}] стоят вплотную друг к другу`);

  // Links.
  const n = t.P.length;
  const linked = new Map<string, number>();
  const key = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);
  t.L.forEach((l, j) => {
    const at = `L[${j + 1}]`;
    if (l.S < 1 || l.S > n || l.D < 1 || l.D > n) {
      errors.push(`${at}: индекс вне 1..${n}`);
      return;
    }
    if (l.S === l.D) errors.push(`${at}: связь сооружения с самим собой`);
    if (l.Lv < 0 || l.Lv > LINK_MAX_LEVEL) errors.push(`${at}: уровень связи вне 0..${LINK_MAX_LEVEL}`);
    if (linked.has(key(l.S, l.D))) errors.push(`${at}: повтор связи ${l.S}–${l.D}`);
    linked.set(key(l.S, l.D), j);
    const angle = surfaceAngle(t.P[l.S - 1], t.P[l.D - 1]);
    if (angle > MAX_LINK_ANGLE)
      errors.push(`${at}: связь слишком длинная (${Math.round(linkLengthKm(t.Diam, t.P[l.S - 1], t.P[l.D - 1]))} км)`);
  });

  // Routes.
  const supply = new Map<number, Map<number, number>>(); // pin index -> commodity -> units per the pin's cycle
  const shipped = new Map<number, number>(); // pin index -> output units per cycle routed away
  const linkLoad = new Map<string, number>(); // link -> m³/h
  t.R.forEach((r, k) => {
    const at = `R[${k + 1}]`;
    if (r.P.length < 2 || r.P.length > ROUTE_MAX_PINS) {
      errors.push(`${at}: в пути от 2 до ${ROUTE_MAX_PINS} сооружений`);
      return;
    }
    if (r.P.some((i) => i < 1 || i > n)) {
      errors.push(`${at}: индекс вне 1..${n}`);
      return;
    }
    if (new Set(r.P).size !== r.P.length) errors.push(`${at}: путь проходит сооружение дважды`);
    for (let s = 1; s < r.P.length; s++)
      if (!linked.has(key(r.P[s - 1], r.P[s]))) errors.push(`${at}: нет связи ${r.P[s - 1]}–${r.P[s]}`);
    if (r.Q < 1) errors.push(`${at}: количество должно быть положительным`);
    const commodity = products.get(r.T);
    if (!commodity) errors.push(`${at}: T ${r.T} — не планетарный товар`);
    const src = resolved[r.P[0] - 1];
    const dst = resolved[r.P[r.P.length - 1] - 1];
    if (!src || !dst || !commodity) return;
    const viaExtractor = r.P.some((i) => resolved[i - 1]?.type.kind === 'extractor');
    if (dst.type.kind === 'extractor') errors.push(`${at}: маршрут в экстрактор запрещён`);
    if (STORAGE_KINDS.has(src.type.kind) && STORAGE_KINDS.has(dst.type.kind))
      errors.push(`${at}: маршрут со склада на склад запрещён`);
    if ((FACTORY_KINDS.has(src.type.kind) || src.type.kind === 'extractor') && src.pin.S !== r.T)
      errors.push(`${at}: «${src.type.name}» не производит «${commodity.name}»`);
    if (FACTORY_KINDS.has(dst.type.kind)) {
      if (!dst.product) errors.push(`${at}: у завода-получателя нет схемы`);
      else if (!dst.product.requirements.some((q) => q.id === r.T))
        errors.push(`${at}: «${dst.product.name}» не использует «${commodity.name}»`);
    }
    if (viaExtractor) return; // skipped on import
    // Units per the destination's cycle, and m³/h on every link of the path.
    const srcCycle = FACTORY_KINDS.has(src.type.kind) ? (src.product?.cycleTime ?? 0) : 0;
    const dstCycle = FACTORY_KINDS.has(dst.type.kind) ? (dst.product?.cycleTime ?? 0) : 0;
    const perDst = srcCycle > 0 && dstCycle > 0 ? (r.Q * dstCycle) / srcCycle : r.Q;
    const dIdx = r.P[r.P.length - 1];
    let m = supply.get(dIdx);
    if (!m) supply.set(dIdx, (m = new Map()));
    m.set(r.T, (m.get(r.T) ?? 0) + perDst);
    if (FACTORY_KINDS.has(src.type.kind)) shipped.set(r.P[0], (shipped.get(r.P[0]) ?? 0) + r.Q);
    const cycle = srcCycle || dstCycle;
    if (cycle > 0) {
      const m3h = (r.Q * commodity.volume * 3600) / cycle;
      for (let s = 1; s < r.P.length; s++) {
        const lk = key(r.P[s - 1], r.P[s]);
        if (linked.has(lk)) linkLoad.set(lk, (linkLoad.get(lk) ?? 0) + m3h);
      }
    }
  });

  // Factories fed in full, outputs routed away.
  resolved.forEach((res, i) => {
    if (!res || !FACTORY_KINDS.has(res.type.kind) || !res.product || res.product.tier === 0) return;
    const at = `P[${i + 1}]`;
    const got = supply.get(i + 1);
    for (const req of res.product.requirements) {
      const have = got?.get(req.id) ?? 0;
      if (have + 1e-9 < req.quantity) {
        const name = products.get(req.id)?.name ?? String(req.id);
        errors.push(`${at}: «${res.product.name}» получает ${fmt(have)} из ${req.quantity} «${name}» за цикл`);
      }
    }
    if ((shipped.get(i + 1) ?? 0) < res.product.output)
      errors.push(
        `${at}: продукция «${res.product.name}» не вывозится маршрутом (${shipped.get(i + 1) ?? 0} из ${res.product.output})`,
      );
  });

  for (const [lk, load] of linkLoad) {
    const l = t.L[linked.get(lk)!];
    const cap = linkBandwidth(ctx.rules.link, l.Lv);
    if (load > cap + 1e-9) errors.push(`L[${linked.get(lk)! + 1}]: пропускная способность ${cap} м³/ч, а нужно ${fmt(load)}`);
  }
}

function fitting(t: PiTemplate, ctx: ValidationContext, errors: string[], cpuMax: number, powerMax: number): TemplateUsage {
  let cpu = 0;
  let power = 0;
  for (const p of t.P) {
    const type = ctx.rules.convert(p.T, t.Pln);
    if (!type) continue;
    const u = pinUsage(type, type.kind === 'extractor' ? p.H : 0);
    cpu += u.cpu;
    power += u.power;
  }
  for (const l of t.L) {
    const a = t.P[l.S - 1];
    const b = t.P[l.D - 1];
    if (!a || !b) continue;
    const u = linkUsage(ctx.rules.link, linkLengthKm(t.Diam, a, b), Math.max(0, l.Lv));
    cpu += u.cpu;
    power += u.power;
  }
  if (cpu > cpuMax) errors.push(`Не хватает CPU командного центра уровня ${t.CmdCtrLv}: ${cpu} из ${cpuMax} tf`);
  if (power > powerMax) errors.push(`Не хватает энергии командного центра уровня ${t.CmdCtrLv}: ${power} из ${powerMax} MW`);
  return { cpu, power, cpuMax, powerMax };
}

const fmt = (x: number) => String(Math.round(x * 100) / 100);
