/**
 * Small deterministic helpers: every generated value is a pure function of the seed and its
 * coordinates. The seeded generator itself is the project's one (`seededRandom`, shared-types).
 */

/** 32-bit hash of a list of numbers/strings (FNV-1a, then a murmur-style finaliser). */
export function hash32(...parts: Array<number | string>): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    const s = typeof part === 'number' ? part.toString(36) : part;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x2c; // separator
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Uniform [0, 1) from a hash of the parts. */
export function unit(...parts: Array<number | string>): number {
  return hash32(...parts) / 4294967296;
}

/** Standard normal from two uniforms (Box-Muller). */
export function gaussian(rand: () => number): number {
  const u = Math.max(rand(), 1e-12);
  const v = rand();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** ESI prices carry at most 2 decimals and (since the tick-size change) 4 significant digits. */
export function tickPrice(price: number): number {
  const p = Number(price.toPrecision(4));
  return Math.max(0.01, Math.round(p * 100) / 100);
}
