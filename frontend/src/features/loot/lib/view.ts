/**
 * What the page shows for a split at a hub (pure): each group's pilots, summed items with names
 * and prices, its value (SELL and BUY, blueprint copies not valued) and the even share per pilot.
 */
import {
  evenShare,
  groupPairs,
  groupValue,
  type GroupValue,
  type LootPriceChoice,
  type LootSplitState,
  type LootTypePrice,
} from '@eve-toolkit/shared-types';

export interface GroupItemView {
  type_id: number;
  /** Russian name; `#id` until the names arrive. */
  name: string;
  name_en: string;
  quantity: number;
  blueprint_copy: boolean;
  sell: number | null;
  buy: number | null;
  /** CCP's adjusted price (offered when the hub has none). */
  adjusted: number | null;
  /** The price chosen instead of a missing one. */
  chosen: LootPriceChoice | null;
}

export interface GroupView {
  pilots: { index: number; name: string }[];
  items: GroupItemView[];
  value: GroupValue;
  /** Per pilot; null when the group's value is unknown. */
  share: { sell: number | null; buy: number | null };
}

export function buildView(
  state: LootSplitState,
  prices: ReadonlyMap<number, LootTypePrice>,
  choices?: ReadonlyMap<number, LootPriceChoice>,
): GroupView[] {
  return state.groups.map((group) => {
    const pairs = groupPairs(state.pilots, group);
    const items = pairs.map(([typeId, quantity]) => {
      const p = prices.get(typeId);
      return {
        type_id: typeId,
        name: p?.name ?? `#${typeId}`,
        name_en: p?.name_en ?? `#${typeId}`,
        quantity,
        blueprint_copy: p?.blueprint_copy ?? false,
        sell: p?.sell ?? null,
        buy: p?.buy ?? null,
        adjusted: p?.adjusted ?? null,
        chosen: choices?.get(typeId) ?? null,
      };
    });
    const value = groupValue(pairs, prices, choices);
    const share = (v: number | null) => (v === null ? null : evenShare(v, group.length).share);
    return {
      pilots: group.map((index) => ({ index, name: state.pilots[index].name })),
      items,
      value,
      share: { sell: share(value.sell), buy: share(value.buy) },
    };
  });
}

export function allTypeIds(state: LootSplitState): number[] {
  return [...new Set(state.pilots.flatMap((p) => p.items.map(([id]) => id)))];
}
