import { Worker } from 'node:worker_threads';

/**
 * Calls `exportName(...args)` of the TypeScript module at `modulePath` in a worker thread and
 * resolves with what it returns (structured-cloned); rejects when it throws, or when it has not
 * returned after `hangMs`, and then stops the worker.
 *
 * For the parsers' hostile-input tests (issue 41): a parse is synchronous, so a regular expression
 * that backtracks catastrophically would block the test's own thread, where jest's timeout cannot
 * fire. In a worker it is stopped. `hangMs` is a hang bound, not a budget: generous enough (tens of
 * seconds for work that takes milliseconds) that only a real hang reaches it, on any machine.
 * How fast the parse is, and that it grows linearly, is measured in bench/ (parser-growth.bench.ts).
 */
export function inWorkerWithin<T>(modulePath: string, exportName: string, args: unknown[], hangMs: number): Promise<T> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    require('tsx/cjs/api').register();
    const fn = require(workerData.modulePath)[workerData.exportName];
    if (typeof fn !== 'function') throw new Error(workerData.exportName + ' is not a function of ' + workerData.modulePath);
    parentPort.postMessage(fn(...workerData.args));
  `;
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { modulePath, exportName, args } });
    const hang = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`${exportName}(…) did not return within ${hangMs / 1000} s: a hang (catastrophic backtracking?)`));
    }, hangMs);
    worker.once('message', (value: T) => {
      clearTimeout(hang);
      void worker.terminate();
      resolve(value);
    });
    worker.once('error', (err) => {
      clearTimeout(hang);
      reject(err);
    });
  });
}
