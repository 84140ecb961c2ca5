/**
 * The split's group rules (pure). A split is a list of groups of pilot indices (indices into the
 * uploaded pilot list, which is in the order pilots first appear in the file).
 *
 * - Moving a pilot left or right puts it into the neighbouring group.
 * - Moving past either end creates a new group there.
 * - A group left empty disappears.
 * - Order is kept: groups keep their order, and pilots inside a group are always in upload order
 *   (a pilot moved back into a group returns to its place, not to the end).
 *
 * Initial grouping: every pilot in one group (the usual fleet split: everyone shares everything);
 * the FC then moves out whoever shares separately.
 */
import type { LootItem, LootPilot } from './api';

export type LootGroups = number[][];
export type MoveDirection = 'left' | 'right';

export function initialGroups(pilotCount: number): LootGroups {
  return pilotCount > 0 ? [Array.from({ length: pilotCount }, (_, i) => i)] : [];
}

/** Where a pilot is: [group, position], or null. */
export function findPilot(groups: LootGroups, pilot: number): [number, number] | null {
  for (let g = 0; g < groups.length; g++) {
    const at = groups[g].indexOf(pilot);
    if (at >= 0) return [g, at];
  }
  return null;
}

function insertSorted(group: readonly number[], pilot: number): number[] {
  return [...group, pilot].sort((a, b) => a - b);
}

/** The groups after moving `pilot` one step; the same array when the pilot is not in any group. */
export function movePilot(groups: LootGroups, pilot: number, direction: MoveDirection): LootGroups {
  const at = findPilot(groups, pilot);
  if (!at) return groups;
  const [from] = at;
  const target = direction === 'left' ? from - 1 : from + 1;
  const next = groups.map((g, i) => (i === from ? g.filter((p) => p !== pilot) : [...g]));
  if (target < 0) next.unshift([pilot]);
  else if (target >= groups.length) next.push([pilot]);
  else next[target] = insertSorted(next[target], pilot);
  return next.filter((g) => g.length > 0);
}

/**
 * Checks a split read back (from storage or a link) against the pilot count: every pilot exactly
 * once, no empty group. Returns the groups with each one sorted, or null when it does not fit.
 */
export function normalizeGroups(groups: readonly (readonly number[])[], pilotCount: number): LootGroups | null {
  const seen = new Set<number>();
  const out: LootGroups = [];
  for (const g of groups) {
    if (g.length === 0) return null;
    for (const p of g) {
      if (!Number.isInteger(p) || p < 0 || p >= pilotCount || seen.has(p)) return null;
      seen.add(p);
    }
    out.push([...g].sort((a, b) => a - b));
  }
  return seen.size === pilotCount ? out : null;
}

/** A compact item: [type id, quantity]. */
export type LootItemPair = [number, number];

/** Sums items by type, keeping the order each type first appears in. */
export function sumItemPairs(lists: readonly (readonly LootItemPair[])[]): LootItemPair[] {
  const byType = new Map<number, number>();
  for (const list of lists) for (const [typeId, qty] of list) byType.set(typeId, (byType.get(typeId) ?? 0) + qty);
  return [...byType.entries()];
}

/** Sums full items by type (first-appearance order). */
export function sumLootItems(lists: readonly (readonly LootItem[])[]): LootItem[] {
  const byType = new Map<number, LootItem>();
  for (const list of lists) {
    for (const item of list) {
      const had = byType.get(item.type_id);
      if (had) had.quantity += item.quantity;
      else byType.set(item.type_id, { ...item });
    }
  }
  return [...byType.values()];
}

/** The items of one group of pilots. */
export function groupPairs(pilots: readonly { items: readonly LootItemPair[] }[], group: readonly number[]): LootItemPair[] {
  return sumItemPairs(group.map((p) => pilots[p]?.items ?? []));
}

export function pilotPairs(pilot: LootPilot): LootItemPair[] {
  return pilot.items.map((i) => [i.type_id, i.quantity]);
}
