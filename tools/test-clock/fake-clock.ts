/**
 * Date sweep support (`npm run test:dates`): when TEST_NOW is set (an ISO date-time), every test
 * file of the date-dependent projects starts with the wall clock at that instant. Only `Date` is
 * faked; it keeps advancing in real time (timers, microtasks and performance stay real), so the
 * app, sockets and the database driver behave exactly as in a normal run.
 *
 * A test file whose inputs are relative to "now" (e.g. a ping an hour ahead) calls
 * `fixedClock(default)` to start the wall clock at a fixed instant, TEST_NOW when the sweep sets it.
 */
export function startClockAt(at: Date): void {
  if (Number.isNaN(at.getTime())) throw new Error(`Not a date: ${String(at)}`);
  jest.useFakeTimers({
    now: at,
    advanceTimers: true,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

/** Starts the wall clock at TEST_NOW (the sweep) or else at `fallback`; the instant it started at. */
export function fixedClock(fallback: string): Date {
  const at = new Date(process.env.TEST_NOW ?? fallback);
  startClockAt(at);
  return at;
}

const now = process.env.TEST_NOW;
if (now) {
  const at = new Date(now);
  if (Number.isNaN(at.getTime())) throw new Error(`TEST_NOW is not a date: ${now}`);
  startClockAt(at);
}
