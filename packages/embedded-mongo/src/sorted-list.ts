/**
 * Sorted set of strings stored as a list of bounded chunks (like a flat B+tree):
 * O(log n) search, O(chunk) insert/delete, ordered range iteration.
 */
const MAX_CHUNK = 512;

function lowerBound(arr: string[], key: string): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (arr[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class SortedStringSet {
  private chunks: string[][] = [];
  private maxes: string[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  private chunkFor(key: string): number {
    // first chunk whose max >= key
    return lowerBound(this.maxes, key);
  }

  add(key: string): boolean {
    if (this.chunks.length === 0) {
      this.chunks.push([key]);
      this.maxes.push(key);
      this.count = 1;
      return true;
    }
    let ci = this.chunkFor(key);
    if (ci === this.chunks.length) ci -= 1; // larger than everything: append to last chunk
    const chunk = this.chunks[ci];
    const pos = lowerBound(chunk, key);
    if (pos < chunk.length && chunk[pos] === key) return false;
    chunk.splice(pos, 0, key);
    this.maxes[ci] = chunk[chunk.length - 1];
    this.count += 1;
    if (chunk.length > MAX_CHUNK) {
      const half = chunk.splice(chunk.length >>> 1);
      this.chunks.splice(ci + 1, 0, half);
      this.maxes[ci] = chunk[chunk.length - 1];
      this.maxes.splice(ci + 1, 0, half[half.length - 1]);
    }
    return true;
  }

  delete(key: string): boolean {
    const ci = this.chunkFor(key);
    if (ci === this.chunks.length) return false;
    const chunk = this.chunks[ci];
    const pos = lowerBound(chunk, key);
    if (pos >= chunk.length || chunk[pos] !== key) return false;
    chunk.splice(pos, 1);
    this.count -= 1;
    if (chunk.length === 0) {
      this.chunks.splice(ci, 1);
      this.maxes.splice(ci, 1);
    } else {
      this.maxes[ci] = chunk[chunk.length - 1];
    }
    return true;
  }

  has(key: string): boolean {
    const ci = this.chunkFor(key);
    if (ci === this.chunks.length) return false;
    const chunk = this.chunks[ci];
    const pos = lowerBound(chunk, key);
    return pos < chunk.length && chunk[pos] === key;
  }

  /** Keys k with from <= k (and k < to when given), ascending. */
  *range(from: string, to?: string): Generator<string> {
    let ci = this.chunkFor(from);
    if (ci >= this.chunks.length) return;
    let pos = lowerBound(this.chunks[ci], from);
    for (; ci < this.chunks.length; ci++, pos = 0) {
      const chunk = this.chunks[ci];
      for (; pos < chunk.length; pos++) {
        const k = chunk[pos];
        if (to !== undefined && k >= to) return;
        yield k;
      }
    }
  }

  *[Symbol.iterator](): Generator<string> {
    for (const c of this.chunks) yield* c;
  }

  clear(): void {
    this.chunks = [];
    this.maxes = [];
    this.count = 0;
  }
}
