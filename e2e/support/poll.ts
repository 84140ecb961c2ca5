/**
 * A bounded poll for a state the app reaches by itself in the background, with no event to wait
 * for over HTTP (the game data imported at start, the first industry-inputs job): asks every
 * POLL_MS until `probe` returns a value, fails after `timeoutMs` naming what it waited for.
 */
export const POLL_MS = 500;

export async function pollUntil<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
