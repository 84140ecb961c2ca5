export default async function globalTeardown(): Promise<void> {
  await Promise.all((globalThis.__EMBEDDED_MONGOS__ ?? []).map((s) => s.close()));
  globalThis.__EMBEDDED_MONGOS__ = undefined;
}
