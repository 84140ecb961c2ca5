/** Every restricted endpoint × anonymous and every role: the exact allow/deny of the server. */
import { ROLES, type Role } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { createTestApp } from './app';
import { signedIn } from './support/accounts';
import { AUTHZ_TABLE, type AuthzRow } from './support/authz-table';
import { client, type TestClient } from './support/client';

jest.setTimeout(60_000);

let running: RunningApp;
const clients = new Map<Role | 'anonymous', TestClient>();

beforeAll(async () => {
  running = await createTestApp();
  clients.set('anonymous', client(running.url));
  for (const role of ROLES) clients.set(role, await signedIn(running, `authz_${role}`, [role]));
});
afterAll(() => running?.close());

const call = (c: TestClient, row: AuthzRow) =>
  row.method === 'get' ? c.get(row.path).then((r) => r) : c[row.method](row.path, {});

const allowed = (row: AuthzRow, who: Role | 'anonymous') =>
  who !== 'anonymous' && (row.allow === 'authenticated' || row.allow.includes(who));

describe.each(AUTHZ_TABLE.map((row) => [`${row.method.toUpperCase()} ${row.path}`, row] as const))('%s', (_name, row) => {
  it.each(['anonymous' as const, ...ROLES])('as %s', async (who) => {
    const res = await call(clients.get(who)!, row);
    const expected = allowed(row, who) ? 'allowed' : who === 'anonymous' ? 401 : 403;
    const got = res.status === 401 || res.status === 403 ? res.status : 'allowed';
    expect({ who, got }).toEqual({ who, got: expected });
    if (got !== 'allowed') {
      expect(res.body.message).toBe(res.status === 401 ? 'Требуется вход в аккаунт' : 'Недостаточно прав');
    }
  });
});
