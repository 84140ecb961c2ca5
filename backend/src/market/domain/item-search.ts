import { NameSuggester } from '../../game-data/domain/name-suggester';

/** A market item as the search knows it: its Russian (displayed) and English names. */
export interface SearchableItem {
  id: number;
  name: string;
  nameEn: string;
}

/**
 * Scores of a name that holds the query as it is typed (lower case, `ё` as `е`, spaces collapsed):
 * the whole name, its start, the start of one of its words, anywhere inside (from 3 characters).
 * The typo-tolerant scores (the appraisal's `NameSuggester`, 0.55–1) fill in what was misspelt.
 */
export const TEXT_SCORES = { exact: 1, start: 0.9, wordStart: 0.8, inside: 0.6 } as const;

const normalize = (text: string) => text.toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

interface Entry {
  item: SearchableItem;
  keys: string[];
}

/** How `key` holds `q` (0: not at all). */
function textScore(key: string, q: string): number {
  if (key === q) return TEXT_SCORES.exact;
  const at = key.indexOf(q);
  if (at === 0) return TEXT_SCORES.start;
  if (at < 0) return 0;
  // Another occurrence may start a word even when the first one does not.
  for (let i = at; i >= 0; i = key.indexOf(q, i + 1)) if (!/[\p{L}\p{N}]/u.test(key[i - 1])) return TEXT_SCORES.wordStart;
  return q.length >= 3 ? TEXT_SCORES.inside : 0;
}

/**
 * The market search (pure, in memory, built once per game data import): every market item by its
 * Russian or English name, typed in part or misspelt. Best first: the higher score (see
 * TEXT_SCORES and NameSuggester), then the shorter name, then alphabetically (Russian collation),
 * then the id.
 */
export class MarketItemSearch {
  private readonly entries: Entry[] = [];
  /** Lower-cased name -> items of that name (the suggester answers with names). */
  private readonly byName = new Map<string, Entry[]>();
  private readonly suggester: NameSuggester;

  constructor(items: Iterable<SearchableItem>) {
    const names: string[] = [];
    for (const item of items) {
      const own = [...new Set([item.name, item.nameEn].filter(Boolean))];
      const entry: Entry = { item, keys: [...new Set(own.map(normalize))] };
      this.entries.push(entry);
      for (const name of own) {
        const key = name.toLowerCase();
        const list = this.byName.get(key);
        if (list) list.push(entry);
        else {
          this.byName.set(key, [entry]);
          names.push(name);
        }
      }
    }
    this.suggester = new NameSuggester(names);
  }

  get size(): number {
    return this.entries.length;
  }

  /** The best `limit` items for `query`, best first. */
  search(query: string, limit: number): SearchableItem[] {
    const q = normalize(query);
    if (!q || limit <= 0) return [];
    const scores = new Map<Entry, number>();
    const keep = (entry: Entry, score: number) => {
      if (score > (scores.get(entry) ?? 0)) scores.set(entry, score);
    };
    for (const entry of this.entries) {
      let best = 0;
      for (const key of entry.keys) best = Math.max(best, textScore(key, q));
      if (best > 0) keep(entry, best);
    }
    for (const found of this.suggester.suggest(query, limit))
      for (const entry of this.byName.get(found.name.toLowerCase()) ?? []) keep(entry, found.score);
    return [...scores.entries()]
      .sort(
        ([a, sa], [b, sb]) =>
          sb - sa ||
          a.item.name.length - b.item.name.length ||
          collator.compare(a.item.name, b.item.name) ||
          a.item.id - b.item.id,
      )
      .slice(0, limit)
      .map(([entry]) => entry.item);
  }
}
