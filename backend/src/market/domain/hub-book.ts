/**
 * Streams a region's order book (page by page, any order) and keeps only what one hub station
 * needs: price/volume pairs per type and side. Memory is proportional to the hub's orders, not
 * the region's pages.
 */
import { buyStats, sellStats, type BookEntry, type SideStats } from './price-stats';

/** The fields of ESI's region order this needs. */
export interface RegionOrder {
  type_id: number;
  location_id: number;
  is_buy_order: boolean;
  price: number;
  volume_remain: number;
}

export interface ItemBookStats {
  typeId: number;
  sell: SideStats;
  buy: SideStats;
}

interface Sides {
  sell: BookEntry[];
  buy: BookEntry[];
}

export class HubBookAccumulator {
  private byType = new Map<number, Sides>();
  seen = 0;
  kept = 0;

  constructor(readonly stationId: number) {}

  add(orders: readonly RegionOrder[]): void {
    for (const o of orders) {
      this.seen += 1;
      if (o.location_id !== this.stationId) continue;
      let sides = this.byType.get(o.type_id);
      if (!sides) {
        sides = { sell: [], buy: [] };
        this.byType.set(o.type_id, sides);
      }
      (o.is_buy_order ? sides.buy : sides.sell).push({ price: o.price, volume: o.volume_remain });
      this.kept += 1;
    }
  }

  reset(): void {
    this.byType = new Map();
    this.seen = 0;
    this.kept = 0;
  }

  finish(): ItemBookStats[] {
    return [...this.byType.entries()]
      .sort(([a], [b]) => a - b)
      .map(([typeId, s]) => ({ typeId, sell: sellStats(s.sell), buy: buyStats(s.buy) }));
  }
}
