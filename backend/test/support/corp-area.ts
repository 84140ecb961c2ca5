/**
 * The corporation area's world for an integration test, set up alike by the corp-* files: the SSO
 * and ESI stand-ins, the real app on them (on the file's fixed clock or the real one), a mini SDE,
 * the two corporations registered, members signed in with their character linked through the
 * stand-in SSO as a player links it, and their sockets. `close()` ends all of it.
 *
 *   let area: CorpArea;
 *   beforeAll(async () => {
 *     area = await startCorpArea({ clock: 'test', sde: { typeIds: [34], systemIds: [JITA] } });
 *     fc = await area.member('ping_fc', ['corp', 'fc'], IVAN);
 *   }, 180_000);
 *   afterAll(() => area?.close());
 */
import type { Role } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../../src/bootstrap';
import type { AppConfig } from '../../src/common/config/config';
import { CorporationsService } from '../../src/corporations/corporations.service';
import { createTestApp, createTestAppOnTestClock } from '../app';
import { buildMiniSde, importSdeInto, removeMiniSdeDirs, type MiniSdeOptions } from '../fixtures/mini-sde';
import { signedIn } from './accounts';
import type { TestClient } from './client';
import { connectAs, connectSocket, EventLog, type ClientSocket } from './sockets';
import { linkCharacter } from './sso';
import { startStandIns, type StandIns } from './stand-ins';

/** Demo Mining Syndicate: the stand-in SSO's Ivan, Anna, Mira, Dmitri … are in it. */
export const CORP_A = 98000001;
/** Northern Freight Union: Jon Doe's. */
export const CORP_B = 98000002;

/** Registers corporation A (type 0) and B (type 1) under their game names, as an admin would. */
export async function registerCorporations(app: RunningApp): Promise<void> {
  const corps = app.app.get(CorporationsService);
  await corps.create({ id: CORP_A, name: 'Demo Mining Syndicate', corp_type: 0 });
  await corps.create({ id: CORP_B, name: 'Northern Freight Union', corp_type: 1 });
}

export interface CorpAreaOptions {
  /** 'test': the app and its database on the file's fixed clock (tools/test-clock `fixedClock`). */
  clock: 'test' | 'real';
  /** The game data the file's tests use. */
  sde: MiniSdeOptions;
  /** Configuration beside the stand-ins'. */
  config?: Partial<AppConfig>;
}

export interface CorpArea {
  standIns: StandIns;
  running: RunningApp;
  /** A signed-in account with these roles whose character (if given) is linked through the stand-in SSO. */
  member(username: string, roles: Role[], characterId?: number, scopes?: readonly string[]): Promise<TestClient>;
  /** A socket signed in as `c` (a guest's without), recording what it receives; closed by `close()`. */
  socketOf(c?: TestClient): Promise<EventLog>;
  /** Closes the sockets, the app (its database dropped), the stand-ins, and the mini SDE's folders. */
  close(): Promise<void>;
}

export async function startCorpArea({ clock, sde, config = {} }: CorpAreaOptions): Promise<CorpArea> {
  const sockets: ClientSocket[] = [];
  let running: RunningApp | undefined;
  const standIns = await startStandIns();
  const close = async () => {
    sockets.forEach((s) => s.close());
    await running?.close();
    await standIns.close();
    removeMiniSdeDirs();
  };
  try {
    running = await (clock === 'test' ? createTestAppOnTestClock : createTestApp)(standIns.config(config));
    await importSdeInto(running, await buildMiniSde(sde));
    await registerCorporations(running);
  } catch (err) {
    await close();
    throw err;
  }
  const app = running;
  return {
    standIns,
    running: app,
    async member(username, roles, characterId, scopes) {
      const c = await signedIn(app, username, roles);
      if (characterId !== undefined) await linkCharacter(c, characterId, scopes);
      return c;
    },
    async socketOf(c) {
      const socket = c ? await connectAs(app.url, c) : await connectSocket(app.url);
      sockets.push(socket);
      return new EventLog(socket);
    },
    close,
  };
}
