/**
 * Every route Nest registered × anonymous, every single role and the combined roles people hold:
 * the exact allow/deny of the server. A new route without a row (or a place among the public
 * ones) fails here; a 5xx is a failure, never "allowed". For one state-changing route of each kind
 * of guard (AUTHZ_EFFECTS) a valid request shows more: an allowed caller gets a 2xx and the change
 * is in the database; a refused caller's request leaves the collection exactly as it was.
 */
import { getConnectionToken } from '@nestjs/mongoose';
import { startFakeSso, type FakeSso } from '@eve-toolkit/fake-esi';
import type { Connection } from 'mongoose';
import { ROLES, type Role } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { CorporationsService } from '../src/corporations/corporations.service';
import { createTestApp } from './app';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs } from './fixtures/mini-sde';
import { signedIn } from './support/accounts';
import { AUTHZ_EFFECTS, AUTHZ_TABLE, PUBLIC_ROUTES, type AuthzRow } from './support/authz-table';
import { client, type TestClient } from './support/client';
import { registeredRoutes, routeName } from './support/routes';

jest.setTimeout(60_000);

const AUTHZ_CORPORATION = 98_999_999;
/** Who calls: a guest, each role alone, and the combinations corporation members have. */
const IDENTITIES: { name: string; roles: Role[] | null }[] = [
  { name: 'anonymous', roles: null },
  ...ROLES.map((role) => ({ name: role, roles: [role] })),
  { name: 'corp+fc', roles: ['corp', 'fc'] },
  { name: 'corp+industrialist', roles: ['corp', 'industrialist'] },
];

let running: RunningApp;
let sso: FakeSso;
const clients = new Map<string, TestClient>();

beforeAll(async () => {
  // The real answers behind the guards: the SSO stand-in for auth_link, a little game data for
  // the admin searches (without them those answer 503, which the matrix counts as a failure).
  sso = await startFakeSso();
  running = await createTestApp({
    sso: { baseUrl: sso.url, clientId: sso.clientId, clientSecret: sso.clientSecret, callbackUrl: 'http://127.0.0.1:1/cb' },
  });
  await importSdeInto(
    running,
    await buildMiniSde({ typeIds: [34, 587], blueprintIds: [], systemIds: [30000142], schematicIds: [] }),
  );
  // Everyone holds a character in a registered corporation: what the matrix tests is the role.
  await running.app.get(CorporationsService).create({ id: AUTHZ_CORPORATION, name: 'Authz Corp', corp_type: 0 });
  const db = running.app.get<Connection>(getConnectionToken());
  for (const [i, who] of IDENTITIES.entries()) {
    if (!who.roles) {
      clients.set(who.name, client(running.url));
      continue;
    }
    const username = `authz_${who.name.replace('+', '_')}`;
    clients.set(who.name, await signedIn(running, username, who.roles));
    const user = await db.collection('users').findOne({ username_lower: username });
    await db.collection('characters').insertOne({
      _id: (2_100_000_000 + i) as never,
      user_id: String(user!._id),
      name: `Authz ${who.name}`,
      corporation_id: AUTHZ_CORPORATION,
      owner_hash: 'x',
      scopes: [],
      refresh_token_enc: 'x',
      needs_relink: false,
      linked_at: new Date(),
    });
  }
}, 120_000);
afterAll(async () => {
  await running?.close();
  await sso?.close();
  removeMiniSdeDirs();
});

const pathOnly = (path: string) => path.split('?')[0];

describe('the matrix covers the routes Nest registered', () => {
  it('every route has a row or is public on purpose, and every row reaches a route', () => {
    // Nest's own catch-all (the JSON 404 for unknown paths) is no route of ours.
    const routes = registeredRoutes(running).filter((r) => r.path !== '/{*path}');
    expect(routes.length).toBeGreaterThan(50);
    const covered = (r: (typeof routes)[number]) =>
      PUBLIC_ROUTES.includes(routeName(r)) || AUTHZ_TABLE.some((row) => row.method === r.method && r.matches(pathOnly(row.path)));
    expect(routes.filter((r) => !covered(r)).map(routeName)).toEqual([]);
    const stale = AUTHZ_TABLE.filter((row) => !routes.some((r) => r.method === row.method && r.matches(pathOnly(row.path))));
    expect(stale.map((row) => `${row.method.toUpperCase()} ${row.path}`)).toEqual([]);
    const publicGone = PUBLIC_ROUTES.filter((name) => !routes.some((r) => routeName(r) === name));
    expect(publicGone).toEqual([]);
  });
});

/** GETs go with the CSRF header (as the SPA sends it): state-changing GETs need it, the others ignore it. */
const call = (c: TestClient, row: AuthzRow) => (row.method === 'get' ? c.act(row.path) : c[row.method](row.path, {}));

const allowed = (row: AuthzRow, roles: Role[] | null) => roles !== null && (row.allow === 'authenticated' || row.allow(roles));

describe.each(AUTHZ_TABLE.map((row) => [`${row.method.toUpperCase()} ${row.path}`, row] as const))('%s', (_name, row) => {
  it.each(IDENTITIES.map((who) => [who.name, who] as const))('as %s', async (_who, who) => {
    const res = await call(clients.get(who.name)!, row);
    const expected = allowed(row, who.roles) ? 'allowed' : who.roles === null ? 401 : 403;
    const got =
      res.status >= 500 ? `server error ${res.status}` : res.status === 401 || res.status === 403 ? res.status : 'allowed';
    expect({ who: who.name, got }).toEqual({ who: who.name, got: expected });
    if (got !== 'allowed') {
      if (res.status === 401) expect(res.body.message).toBe('Требуется вход в аккаунт');
      else expect(row.forbidden ?? ['Недостаточно прав']).toContain(res.body.message);
    }
  });
});

const rowOf = (route: string) => AUTHZ_TABLE.find((row) => `${row.method.toUpperCase()} ${pathOnly(row.path)}` === route)!;

describe.each(AUTHZ_EFFECTS.map((e) => [e.route, e] as const))('%s with a valid request', (_route, effect) => {
  it.each(IDENTITIES.map((who, i) => [who.name, who, i] as const))('as %s', async (_who, who, i) => {
    const row = rowOf(effect.route);
    expect(row).toBeDefined();
    const collection = running.app.get<Connection>(getConnectionToken()).collection(effect.collection);
    const before = await collection.find().toArray();
    const res = await clients.get(who.name)![row.method](pathOnly(row.path), effect.body(i, who.roles ?? []));
    const after = await collection.find().toArray();
    if (allowed(row, who.roles)) {
      expect({ who: who.name, status: res.status, body: res.status < 300 ? 'ok' : res.body }).toEqual({
        who: who.name,
        status: 200,
        body: 'ok',
      });
      expect({ who: who.name, changed: effect.changed(before, after, i) }).toEqual({ who: who.name, changed: true });
    } else {
      expect({ who: who.name, status: res.status }).toEqual({ who: who.name, status: who.roles === null ? 401 : 403 });
      expect(after).toEqual(before);
    }
  });
});
