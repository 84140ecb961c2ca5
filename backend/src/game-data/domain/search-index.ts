/**
 * Name search used by the item, blueprint and system dropdowns (pure, in memory).
 * Rules: case-insensitive substring match on any of an entry's names (Russian and English);
 * entries whose name starts with the query come first; within each tier alphabetical by
 * the displayed name (Russian collation), then by id.
 */

export interface SearchEntry {
  id: number;
  /** Displayed name (Russian, falling back to English); used for ordering. */
  name: string;
  /** All names to match (en, ru); compared lower-cased. */
  names: readonly string[];
}

const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

export function normalizeQuery(q: string): string {
  return q.trim().toLocaleLowerCase('ru').replace(/\s+/g, ' ');
}

export class SearchIndex {
  private readonly entries: { id: number; name: string; keys: string[] }[];

  constructor(entries: Iterable<SearchEntry>) {
    this.entries = [...entries]
      .map((e) => ({ id: e.id, name: e.name, keys: [...new Set(e.names.map((n) => n.toLocaleLowerCase('ru')))] }))
      .sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
  }

  get size(): number {
    return this.entries.length;
  }

  /** Ids of the best `limit` matches (prefix matches first, then other substrings; each alphabetical). */
  search(query: string, limit: number): number[] {
    const q = normalizeQuery(query);
    if (!q || limit <= 0) return [];
    const prefix: number[] = [];
    const inner: number[] = [];
    for (const e of this.entries) {
      let rank = -1;
      for (const k of e.keys) {
        const at = k.indexOf(q);
        if (at === 0) {
          rank = 0;
          break;
        }
        if (at > 0) rank = 1;
      }
      if (rank === 0) {
        prefix.push(e.id);
        if (prefix.length >= limit) break;
      } else if (rank === 1 && inner.length < limit) {
        inner.push(e.id);
      }
    }
    return [...prefix, ...inner].slice(0, limit);
  }
}
