/**
 * From parsed loot lines to pilots and their summed items (pure; the name lookup is passed in).
 */
import type { LootItem, LootLineIssue, LootPilot } from './api';
import { LOOT_MESSAGES } from './api';
import type { NumberedLootEntry, UnparsedLootLine } from './parse';
import { sumLootItems } from './groups';

/** What the lookup tells about an item name. */
export interface LootTypeInfo {
  type_id: number;
  name: string;
  name_en: string;
  /** Category Blueprint: loot blueprints are copies (see LootItem.blueprint_copy). */
  blueprint: boolean;
}

const COPY_SUFFIX = /\s*\((?:copy|копия)\)$/i;

/** The name to look up: without a `(Copy)` / `(Копия)` suffix some listings add to blueprint copies. */
export function lootLookupName(item: string): string {
  return item.replace(COPY_SUFFIX, '').trim();
}

export interface AggregatedLoot {
  /** In the order pilots first appear; each pilot's items summed by type in first-looted order. */
  pilots: LootPilot[];
  /** Loot lines whose item is unknown, with their line numbers. */
  unknown: LootLineIssue[];
  /** Loot lines that counted. */
  counted: number;
}

export function aggregateLoot(
  entries: readonly NumberedLootEntry[],
  lookup: (name: string) => LootTypeInfo | undefined,
): AggregatedLoot {
  const byPilot = new Map<string, { name: string; items: LootItem[] }>();
  const unknown: LootLineIssue[] = [];
  let counted = 0;
  for (const e of entries) {
    const type = lookup(lootLookupName(e.item));
    if (!type) {
      unknown.push({ line: e.line, text: e.item, message: `${LOOT_MESSAGES.unknownItem}: ${e.item}` });
      continue;
    }
    counted++;
    const key = e.character.toLowerCase();
    let pilot = byPilot.get(key);
    if (!pilot) {
      pilot = { name: e.character, items: [] };
      byPilot.set(key, pilot);
    }
    pilot.items.push({
      type_id: type.type_id,
      name: type.name,
      name_en: type.name_en,
      quantity: e.quantity,
      blueprint_copy: type.blueprint,
    });
  }
  const pilots = [...byPilot.values()].map((p) => ({ name: p.name, items: sumLootItems([p.items]) }));
  return { pilots, unknown, counted };
}

/** Unparsed lines as issues with Russian messages. */
export function unparsedIssues(lines: readonly UnparsedLootLine[]): LootLineIssue[] {
  return lines.map((l) => ({
    line: l.line,
    text: l.text,
    message: l.reason === 'quantity' ? LOOT_MESSAGES.lineQuantity : LOOT_MESSAGES.lineFormat,
  }));
}
