export default async function globalTeardown(): Promise<void> {
  await Promise.all(
    (globalThis.__EMBEDDED_MONGOS__ ?? []).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.send('stop');
        }),
    ),
  );
  globalThis.__EMBEDDED_MONGOS__ = undefined;
}
