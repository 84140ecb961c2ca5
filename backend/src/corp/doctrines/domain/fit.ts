/**
 * A doctrine's fit from its EFT text (pure): the hull from the header `[Ship, Name]`, everything
 * else read by the appraisal's own parser (`appraiseText`, shared-types): modules, offline
 * modules, charges after a comma, drones and cargo with `x N`, empty-slot notes, names in English
 * or Russian. A line that names nothing refuses the fit, named by its line (and the appraisal's
 * unknown lines, for «Возможно, вы имели в виду …»).
 */
import { appraiseText, appraisalNameKey, DOCTRINE_MESSAGES, type UnknownLine } from '@eve-toolkit/shared-types';

/** The ships' category in the SDE. */
export const SHIP_CATEGORY = 6;

export interface FitType {
  id: number;
  name: string;
  categoryId: number;
}

export interface ReadFit<T extends FitType> {
  /** The header's name after the ship (`[Rifter, Tackle]` -> Tackle), the ship's name when empty. */
  name: string;
  ship: T;
  /** Summed per type in the order they first appear; the hull itself is not an item (a second hull in cargo is). */
  items: { type: T; quantity: number }[];
  /** Everything the fit holds, hull included, as the appraisal of the same text has it (what is priced). */
  all: { type: T; quantity: number; bpc: boolean }[];
}

export type FitResult<T extends FitType> =
  { ok: true; fit: ReadFit<T> } | { ok: false; errors: string[]; unknown: UnknownLine[] };

const HEADER = /^\[([^,\]]+),([^\]]*)\]$/;

/** Reads fit number `index` (1-based, for the messages) of a doctrine. `lookup` takes a name key (lower case). */
export function readFit<T extends FitType>(index: number, eft: string, lookup: (key: string) => T | undefined): FitResult<T> {
  const first = eft
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .find((l) => l.length > 0);
  const header = first ? HEADER.exec(first) : null;
  if (!header) return { ok: false, errors: [DOCTRINE_MESSAGES.noHeader(index)], unknown: [] };
  const shipName = header[1].trim();
  const ship = lookup(appraisalNameKey(shipName));
  if (!ship || ship.categoryId !== SHIP_CATEGORY)
    return { ok: false, errors: [DOCTRINE_MESSAGES.notShip(index, shipName)], unknown: [] };
  const read = appraiseText(eft, lookup);
  if (read.errors.length > 0)
    return { ok: false, errors: read.errors.map((e) => DOCTRINE_MESSAGES.badLine(index, e)), unknown: read.unknown };
  let hull = 1;
  const items: ReadFit<T>['items'] = [];
  for (const it of read.items) {
    let quantity = it.quantity;
    if (hull > 0 && it.type.id === ship.id && !it.bpc) {
      quantity -= 1;
      hull = 0;
    }
    if (quantity > 0) items.push({ type: it.type, quantity });
  }
  return {
    ok: true,
    fit: {
      name: header[2].trim() || ship.name,
      ship,
      items,
      all: read.items.map((it) => ({ type: it.type, quantity: it.quantity, bpc: it.bpc })),
    },
  };
}
