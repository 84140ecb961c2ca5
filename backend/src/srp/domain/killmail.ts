/**
 * A killmail as ESI gives it (`GET /killmails/{killmail_id}/{killmail_hash}/`), read into what
 * ship replacement needs: when and where, the victim, and every item on board (nested containers
 * flattened), each with how many were destroyed and how many dropped.
 */

export interface EsiKillmailItem {
  item_type_id: number;
  flag: number;
  quantity_destroyed?: number;
  quantity_dropped?: number;
  singleton: number;
  items?: EsiKillmailItem[];
}

export interface EsiKillmail {
  killmail_id: number;
  killmail_time: string;
  solar_system_id: number;
  victim: {
    character_id?: number;
    corporation_id?: number;
    alliance_id?: number;
    ship_type_id: number;
    damage_taken?: number;
    items?: EsiKillmailItem[];
  };
  attackers?: unknown[];
}

/** `GET /characters/{id}/killmails/recent/`: the character's kills and losses, newest first. */
export interface EsiKillmailRef {
  killmail_id: number;
  killmail_hash: string;
}

export interface LostItem {
  typeId: number;
  destroyed: number;
  dropped: number;
}

export interface Loss {
  killmailId: number;
  time: Date;
  systemId: number;
  victim: { characterId: number | null; corporationId: number | null; shipTypeId: number };
  /** Every item on board (fitted, drones, cargo, inside containers), by type, in first-seen order. */
  items: LostItem[];
}

const count = (v: unknown): number => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : 0);
const positiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** The loss a killmail tells, or null when it is not a killmail ESI would send. */
export function parseKillmail(raw: unknown): Loss | null {
  if (!raw || typeof raw !== 'object') return null;
  const km = raw as Partial<EsiKillmail>;
  const time = typeof km.killmail_time === 'string' ? new Date(km.killmail_time) : null;
  const victim = km.victim;
  if (!positiveInt(km.killmail_id) || !time || Number.isNaN(time.getTime()) || !positiveInt(km.solar_system_id)) return null;
  if (!victim || typeof victim !== 'object' || !positiveInt(victim.ship_type_id)) return null;
  const byType = new Map<number, LostItem>();
  const walk = (items: unknown): boolean => {
    if (items === undefined) return true;
    if (!Array.isArray(items)) return false;
    for (const it of items as Partial<EsiKillmailItem>[]) {
      if (!it || !positiveInt(it.item_type_id)) return false;
      const destroyed = count(it.quantity_destroyed);
      const dropped = count(it.quantity_dropped);
      if (destroyed + dropped > 0) {
        const row = byType.get(it.item_type_id) ?? { typeId: it.item_type_id, destroyed: 0, dropped: 0 };
        row.destroyed += destroyed;
        row.dropped += dropped;
        byType.set(it.item_type_id, row);
      }
      if (!walk(it.items)) return false;
    }
    return true;
  };
  if (!walk(victim.items)) return null;
  return {
    killmailId: km.killmail_id,
    time,
    systemId: km.solar_system_id,
    victim: {
      characterId: positiveInt(victim.character_id) ? victim.character_id : null,
      corporationId: positiveInt(victim.corporation_id) ? victim.corporation_id : null,
      shipTypeId: victim.ship_type_id,
    },
    items: [...byType.values()],
  };
}
