/**
 * One jest worker's embedded MongoDB in a process of its own (started by test/global-setup.ts).
 *
 * The servers used to run inside jest's parent process, both workers' in one thread: a heavy
 * command of one worker's test (an update over an imported SDE took 0.3–1.6 s) held every
 * command of the other worker's test behind it, and jest's reporting besides. A file that only
 * signs in a few users (realtime-auth, 2.8 s alone) reached its 30 s timeout in a full run. In
 * their own processes the two servers never wait for each other.
 *
 * Run by `fork` with an IPC channel: prints nothing, sends `{ uri }` once listening, stops when
 * told (`'stop'`) or when the channel closes (jest's parent is gone: no orphan server).
 * TEST_CLOCK_SHIFT_MS moves the TTL monitor's clock like the test processes' (the date sweep).
 */
import { startEmbeddedMongo } from '../../../packages/embedded-mongo/src';

async function main(): Promise<void> {
  const shift = Number(process.env.TEST_CLOCK_SHIFT_MS ?? 0);
  const server = await startEmbeddedMongo({ port: 0, now: () => Date.now() + shift });
  const stop = () => void server.close().finally(() => process.exit(0));
  process.on('message', (m) => m === 'stop' && stop());
  process.once('disconnect', stop);
  process.send!({ uri: server.uri });
}

main().catch((e: unknown) => {
  console.error(`embedded MongoDB for the tests did not start: ${(e as Error).message}`);
  process.exit(1);
});
