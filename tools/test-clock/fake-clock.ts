/**
 * Date sweep support (`npm run test:dates`): when TEST_NOW is set (an ISO date-time), every test
 * file of the date-dependent projects starts with the wall clock at that instant. Only `Date` is
 * faked; it keeps advancing in real time (timers, microtasks and performance stay real), so the
 * app, sockets and the database driver behave exactly as in a normal run.
 */
const now = process.env.TEST_NOW;
if (now) {
  const at = new Date(now);
  if (Number.isNaN(at.getTime())) throw new Error(`TEST_NOW is not a date: ${now}`);
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
