/**
 * A lost ship against a doctrine's fits: `exact` when a fit has the lost hull and every item of
 * that fit (in at least the fit's quantity) was on board, destroyed or dropped; `partial` when a
 * fit has the hull but something of it was not on board (the fit with the most of its items on
 * board is named); `none` when no fit has the hull. Extra items on board (more ammunition, a
 * different cargo) do not matter: the question is whether the pilot flew what the doctrine asks.
 */
export interface FitItems {
  id: string;
  shipTypeId: number;
  items: readonly { typeId: number; quantity: number }[];
}

export interface DoctrineMatchResult {
  match: 'exact' | 'partial' | 'none';
  fitId: string | null;
  /** For `partial`: what of the named fit was not on board (type, quantity short). */
  short: { typeId: number; quantity: number }[];
}

export function matchDoctrine(
  lost: { shipTypeId: number; quantities: ReadonlyMap<number, number> },
  fits: readonly FitItems[],
): DoctrineMatchResult {
  let best: { fit: FitItems; short: DoctrineMatchResult['short']; covered: number } | null = null;
  for (const fit of fits) {
    if (fit.shipTypeId !== lost.shipTypeId) continue;
    const need = new Map<number, number>();
    for (const it of fit.items) if (it.typeId !== fit.shipTypeId) need.set(it.typeId, (need.get(it.typeId) ?? 0) + it.quantity);
    const short: DoctrineMatchResult['short'] = [];
    for (const [typeId, quantity] of need) {
      const have = lost.quantities.get(typeId) ?? 0;
      if (have < quantity) short.push({ typeId, quantity: quantity - have });
    }
    if (short.length === 0) return { match: 'exact', fitId: fit.id, short: [] };
    const covered = need.size - short.length;
    if (!best || covered > best.covered) best = { fit, short, covered };
  }
  return best ? { match: 'partial', fitId: best.fit.id, short: best.short } : { match: 'none', fitId: null, short: [] };
}
