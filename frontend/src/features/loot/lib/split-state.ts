/**
 * The split the page works on, kept locally (localStorage) and shared by link (`/loot#split=…`).
 * Only pilots, their items as [type id, quantity] and the groups travel; names and prices are
 * fetched again for whoever opens it. The link carries the split deflated and base64url-encoded
 * in the fragment, so it never reaches a server.
 */
import { pilotPairs, type LootPostResponse, type LootSplitState } from '@eve-toolkit/shared-types';

export const LOOT_STORAGE_KEY = 'loot_split';
export const SHARE_PARAM = 'split';

/** The state after an upload: the server's groups (one, see groups.ts) as pilot indices. */
export function stateFromUpload(res: LootPostResponse): LootSplitState {
  const pilots = res.data.flatMap((g) => g.pilots);
  let next = 0;
  const groups = res.data.map((g) => g.pilots.map(() => next++));
  return { v: 1, pilots: pilots.map((p) => ({ name: p.name, items: pilotPairs(p) })), groups };
}

/** Validates a state read back (storage or link) with the shared schema; null when it does not fit. */
export async function parseState(value: unknown): Promise<LootSplitState | null> {
  const { lootSplitStateSchema } = await import('@eve-toolkit/shared-types/schemas');
  const res = lootSplitStateSchema.safeParse(value);
  return res.success ? res.data : null;
}

export function saveState(state: LootSplitState | null): void {
  try {
    if (state) localStorage.setItem(LOOT_STORAGE_KEY, JSON.stringify(state));
    else localStorage.removeItem(LOOT_STORAGE_KEY);
  } catch {
    /* storage full or disabled: the split still works for this page */
  }
}

export async function loadState(): Promise<LootSplitState | null> {
  try {
    const raw = localStorage.getItem(LOOT_STORAGE_KEY);
    return raw ? await parseState(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const bin = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

/** The split as a link fragment value: `z` + deflated JSON, or `j` + plain JSON where the browser cannot deflate. */
export async function encodeShare(state: LootSplitState): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  if (typeof CompressionStream === 'function') return `z${toBase64Url(await pipe(json, new CompressionStream('deflate-raw')))}`;
  return `j${toBase64Url(json)}`;
}

export async function decodeShare(value: string): Promise<LootSplitState | null> {
  try {
    const body = fromBase64Url(value.slice(1));
    let json: Uint8Array;
    if (value.startsWith('z')) json = await pipe(body, new DecompressionStream('deflate-raw'));
    else if (value.startsWith('j')) json = body;
    else return null;
    return await parseState(JSON.parse(new TextDecoder().decode(json)));
  } catch {
    return null;
  }
}

export async function shareLink(origin: string, state: LootSplitState): Promise<string> {
  return `${origin}/loot#${SHARE_PARAM}=${await encodeShare(state)}`;
}

/** The split in a location hash (`#split=…`), if any. */
export function shareFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.get(SHARE_PARAM);
}
