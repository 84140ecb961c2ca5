/** Every restricted endpoint × anonymous and every role: the exact allow/deny of the server. */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { ROLES, type Role } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { CorporationsService } from '../src/corporations/corporations.service';
import { createTestApp } from './app';
import { signedIn } from './support/accounts';
import { AUTHZ_TABLE, type AuthzRow } from './support/authz-table';
import { client, type TestClient } from './support/client';

jest.setTimeout(60_000);

const AUTHZ_CORPORATION = 98_999_999;
let running: RunningApp;
const clients = new Map<Role | 'anonymous', TestClient>();

beforeAll(async () => {
  running = await createTestApp();
  clients.set('anonymous', client(running.url));
  for (const role of ROLES) clients.set(role, await signedIn(running, `authz_${role}`, [role]));
  // Everyone holds a character in a registered corporation: what the matrix tests is the role.
  await running.app.get(CorporationsService).create({ id: AUTHZ_CORPORATION, name: 'Authz Corp', corp_type: 0 });
  const db = running.app.get<Connection>(getConnectionToken());
  for (const [i, role] of ROLES.entries()) {
    const user = await db.collection('users').findOne({ username_lower: `authz_${role}` });
    await db.collection('characters').insertOne({
      _id: (2_100_000_000 + i) as never,
      user_id: String(user!._id),
      name: `Authz ${role}`,
      corporation_id: AUTHZ_CORPORATION,
      owner_hash: 'x',
      scopes: [],
      refresh_token_enc: 'x',
      needs_relink: false,
      linked_at: new Date(),
    });
  }
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
      if (res.status === 401) expect(res.body.message).toBe('Требуется вход в аккаунт');
      else expect(row.forbidden ?? ['Недостаточно прав']).toContain(res.body.message);
    }
  });
});
