/**
 * The corporation area over real HTTP and real socket.io clients, with game characters linked
 * through the fake EVE SSO and their industry jobs and contracts read from the fake ESI:
 * membership decided on the server, pings, buy list, projects, jobs paid per run (never over the
 * quantity, never the same game job twice), and live updates that reach every member of the
 * corporation and nobody else.
 */
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { DEMO_INDUSTRY, type FakeEsi } from '@eve-toolkit/fake-esi';
import { CORP_MESSAGES, type Project, type ProjectsResponse } from '@eve-toolkit/shared-types';
import type { RunningApp } from '../src/bootstrap';
import { CorporationsService } from '../src/corporations/corporations.service';
import { ORPHAN_CLAIM_MS, OrphanClaimsCleanup } from '../src/corp/orphan-claims.cleanup';
import { RealtimeGateway } from '../src/realtime/realtime.gateway';
import { Rooms } from '../src/common/realtime/rooms';
import { client, type TestClient } from './support/client';
import { CORP_A, CORP_B, startCorpArea, type CorpArea } from './support/corp-area';
import type { ClientSocket } from './support/sockets';

jest.setTimeout(60_000);

const IVAN = 2112000001; // corp A
const ANNA = 2112000002; // corp A
const JON = 2112000003; // corp B
const MIRA = 2112000004; // corp A
const DMITRI = 2112000005; // corp A
const FUEL_BLOCK = 4247; // Helium Fuel Block, blueprint 4315 (manufacturing)
const FUEL_BP = 4315;
const HOBGOBLIN = 2454;
const HOBGOBLIN_BP = 2455;
const TRITANIUM = 34;
const PYERITE = 35;

let area: CorpArea;
let esi: FakeEsi;
let running: RunningApp;

const roomsOf = async (socket: ClientSocket) => {
  const [s] = await running.app.get(RealtimeGateway).server.in(socket.id!).fetchSockets();
  return [...(s?.rooms ?? [])].filter((r) => r !== socket.id).sort();
};

let fc: TestClient; // corp A, fc
let industrialist: TestClient; // corp A, industrialist (moderator)
let plain: TestClient; // corp A, corp role only
let other: TestClient; // corp B, every corp permission

beforeAll(async () => {
  area = await startCorpArea({
    clock: 'real',
    sde: {
      typeIds: [TRITANIUM, PYERITE, FUEL_BLOCK, HOBGOBLIN],
      blueprintIds: [FUEL_BP, HOBGOBLIN_BP],
      systemIds: [30000142],
      schematicIds: [],
    },
  });
  ({ running } = area);
  ({ esi } = area.standIns);
  esi.corp.clear();
  fc = await area.member('corp_fc', ['corp', 'fc'], IVAN);
  industrialist = await area.member('corp_ind', ['corp', 'industrialist'], ANNA);
  plain = await area.member('corp_plain', ['corp'], MIRA);
  other = await area.member('corp_other', ['corp', 'fc', 'industrialist'], JON);
}, 180_000);

afterAll(() => area?.close());

/** The ids of the claims (`job:<id>`, `contract:<id>`) credited to a project. */
async function claimsOf(projectId: string): Promise<string[]> {
  const db = running.app.get<Connection>(getConnectionToken());
  const claims = await db.collection('corp_claims').find({ project_id: projectId }).toArray();
  return claims.map((c) => String(c._id));
}

async function createProject(by: TestClient, body: object = {}): Promise<Project> {
  const res = await by.post('/auth/corp/add_project', {
    name: 'Топливо на месяц',
    desc: 'Блоки для башен',
    jobs: [{ id: FUEL_BLOCK, blueprint_id: FUEL_BP, runs: 10, pay: 1000 }],
    materials: [
      { id: TRITANIUM, quantity: 20_000, pay: 5 },
      { id: PYERITE, quantity: 1_000, pay: 10 },
    ],
    ...body,
  });
  expect(res.status).toBe(200);
  return res.body.project as Project;
}

describe('membership, decided on the server', () => {
  it('refuses guests, users without a character in a registered corporation, blocked corporations and roles without corp', async () => {
    const guest = client(running.url);
    expect((await guest.get('/auth/corp/projects')).status).toBe(401);

    const noChar = await area.member('corp_nochar', ['corp']);
    const res = await noChar.get('/auth/corp/projects');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(CORP_MESSAGES.notMember);

    const userRole = await area.member('corp_userrole', ['user'], DMITRI);
    const refused = await userRole.get('/auth/corp/buys');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CORP_MESSAGES.noRole);

    expect((await plain.get('/auth/corp/buys')).status).toBe(200);
  });

  it('never trusts a corporation from the client: each member sees only their own corporation', async () => {
    const a = await createProject(fc, { name: 'Только для A' });
    const listB = (await other.get('/auth/corp/projects?corporation_id=98000001').expect(200)).body as ProjectsResponse;
    expect(listB.projects.map((p) => p.id)).not.toContain(a.id);
    const direct = await other.get(`/auth/corp/projects/${a.id}`);
    expect(direct.status).toBe(404);
    expect(direct.body.message).toBe(CORP_MESSAGES.projectNotFound);
    const listA = (await plain.get('/auth/corp/projects').expect(200)).body as ProjectsResponse;
    expect(listA.projects.map((p) => p.id)).toContain(a.id);
    expect(listA).toMatchObject({ can_create: false, can_moderate: false });
    expect((await industrialist.get('/auth/corp/projects').expect(200)).body).toMatchObject({
      can_create: true,
      can_moderate: true,
    });
  });
});

describe('pings', () => {
  it('fc creates a ping in EVE time; members see it with the date in UTC; others may not create', async () => {
    const res = await fc.post('/auth/corp/add_event', {
      name: 'Роум в Тэму',
      desc: 'Сбор в Жите',
      type: 'roam',
      date: '2030-01-05',
      time: '19:30',
    });
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({
      name: 'Роум в Тэму',
      desc: 'Сбор в Жите',
      type: 'roam',
      date: '2030-01-05T19:30:00.000Z',
      author: 'corp_fc',
    });
    const list = (await plain.get('/auth/corp/events').expect(200)).body;
    expect(list.can_create).toBe(false);
    expect(list.events.map((e: { name: string }) => e.name)).toContain('Роум в Тэму');
    const refused = await plain.post('/auth/corp/add_event', { name: 'x', date: '2030-01-05', time: '19:30' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CORP_MESSAGES.cannotCreatePing);
    expect((await other.get('/auth/corp/events').expect(200)).body.events.map((e: { name: string }) => e.name)).not.toContain(
      'Роум в Тэму',
    );
  });

  it.each([
    [{ desc: 'no title', date: '2030-01-05', time: '19:30' }, CORP_MESSAGES.titleRequired],
    [{ name: 'a', date: '2030-02-30', time: '19:30' }, CORP_MESSAGES.dateRequired],
    [{ name: 'a', date: '2030-01-05', time: '24:00' }, CORP_MESSAGES.timeRequired],
    [{ name: 'a', date: '2030-01-05' }, CORP_MESSAGES.timeRequired],
    [{ name: 'a', date: '2030-01-05', time: '10:00', type: 'party' }, CORP_MESSAGES.eventType],
  ])('refuses %j with the Russian message', async (body, message) => {
    const res = await fc.post('/auth/corp/add_event', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('a ping without a type is misc', async () => {
    const res = await fc.post('/auth/corp/add_event', { name: 'Без типа', date: '2030-01-06', time: '00:00' });
    expect(res.body.event.type).toBe('misc');
  });
});

describe('buy list', () => {
  it('moderators set rows (price step 0.01, quantity 0 removes); members read it; others cannot edit', async () => {
    expect((await plain.get('/auth/corp/buys').expect(200)).body).toEqual({ buys: [], can_moderate: false });
    const set = await industrialist.post('/auth/corp/update_buy', { id: TRITANIUM, quantity: 500_000, price: 4.25 });
    expect(set.status).toBe(200);
    expect(set.body.buys).toEqual([
      {
        id: TRITANIUM,
        icon: 'https://images.example/types/34/icon?size=32',
        name: expect.any(String),
        quantity: 500_000,
        price: 4.25,
      },
    ]);
    expect((await industrialist.post('/auth/corp/update_buy', { id: TRITANIUM, quantity: 1, price: 4.255 })).body.message).toBe(
      CORP_MESSAGES.priceStep,
    );
    expect((await industrialist.post('/auth/corp/update_buy', { id: TRITANIUM, quantity: -1, price: 4 })).body.message).toBe(
      CORP_MESSAGES.notNegative,
    );
    expect((await plain.post('/auth/corp/update_buy', { id: TRITANIUM, quantity: 1, price: 1 })).status).toBe(403);
    expect((await other.get('/auth/corp/buys').expect(200)).body.buys).toEqual([]);
    await industrialist.post('/auth/corp/update_buy', { id: TRITANIUM, quantity: 0, price: 0 });
    expect((await plain.get('/auth/corp/buys').expect(200)).body.buys).toEqual([]);
  });
});

describe('projects', () => {
  it('creates a project from the calculator: names from the game data, jobs numbered, waiting', async () => {
    const p = await createProject(fc);
    expect(p).toMatchObject({
      name: 'Топливо на месяц',
      desc: 'Блоки для башен',
      status: 'waiting',
      author: 'corp_fc',
      executors: [],
    });
    expect(p.jobs.map((j) => [j.id, j.type, j.type_id, j.activity_id, j.blueprint_id, j.quantity, j.pay, j.done])).toEqual([
      ['j1', 'build', FUEL_BLOCK, 1, FUEL_BP, 10, 1000, 0],
      ['j2', 'buy', TRITANIUM, null, null, 20_000, 5, 0],
      ['j3', 'buy', PYERITE, null, null, 1_000, 10, 0],
    ]);
    expect(p.jobs[0].name).toBe('Helium Fuel Block');
  });

  it('a job without pay is published as having none (null), never as 0 ISK', async () => {
    const p = await createProject(fc, {
      jobs: [{ id: FUEL_BLOCK, blueprint_id: FUEL_BP, runs: 10, pay: null }],
      materials: [
        { id: TRITANIUM, quantity: 20_000, pay: null },
        { id: PYERITE, quantity: 1_000, pay: 0 },
      ],
    });
    expect(p.jobs.map((j) => [j.type_id, j.pay])).toEqual([
      [FUEL_BLOCK, null],
      [TRITANIUM, null],
      [PYERITE, null],
    ]);
    const again = (await fc.get(`/auth/corp/projects/${p.id}`)).body as { project: Project };
    expect(again.project.jobs.map((j) => j.pay)).toEqual([null, null, null]);
  });

  it('refuses a blueprint that does not make the item, unknown items, empty projects and members without the right', async () => {
    const bad = await fc.post('/auth/corp/add_project', {
      name: 'x',
      jobs: [{ id: FUEL_BLOCK, blueprint_id: HOBGOBLIN_BP, runs: 1, pay: 0 }],
      materials: [],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(CORP_MESSAGES.badBlueprint);
    const unknown = await fc.post('/auth/corp/add_project', {
      name: 'x',
      jobs: [],
      materials: [{ id: 999_999_999, quantity: 1, pay: 0 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain(CORP_MESSAGES.unknownItem);
    const empty = await fc.post('/auth/corp/add_project', { name: 'x', jobs: [], materials: [] });
    expect(empty.body.message).toBe(CORP_MESSAGES.projectEmpty);
    expect((await plain.post('/auth/corp/add_project', { name: 'x', jobs: [], materials: [] })).body.message).toBe(
      CORP_MESSAGES.cannotCreateProject,
    );
  });

  it('moderators change the status; only a ready project can be deleted', async () => {
    const p = await createProject(fc);
    const upd = (body: object, by = industrialist) => by.post('/auth/corp/update_project', { project_id: p.id, ...body });
    expect((await upd({ type: 'update', new_status: 'working' }, plain)).status).toBe(403);
    expect((await upd({ type: 'del', new_status: 'ready' })).body.message).toBe(CORP_MESSAGES.deleteOnlyReady);
    expect((await upd({ type: 'update', new_status: 'sale' })).body.project.status).toBe('sale');
    expect((await upd({ type: 'update', new_status: 'ready' })).body.project.status).toBe('ready');
    expect((await upd({ type: 'update', new_status: 'done' })).status).toBe(400);
    expect((await upd({ type: 'del', new_status: 'ready' })).body).toEqual({ ok: true });
    expect((await plain.get(`/auth/corp/projects/${p.id}`)).status).toBe(404);
  });
});

describe('jobs paid per run', () => {
  it('buy jobs: a contract to the corporation with only project items, within what remains, priced at least total - 100', async () => {
    const p = await createProject(fc);
    // 10 000 Tritanium at 5 ISK = 50 000; 49 900 is within the 100 ISK tolerance, 49 899 is not.
    const good = esi.corp.addContract(IVAN, {
      assignee_id: CORP_A,
      issuer_corporation_id: CORP_A,
      price: 49_900,
      items: [{ type_id: TRITANIUM, quantity: 10_000 }],
      title: 'Трит',
    });
    esi.corp.addContract(IVAN, {
      assignee_id: CORP_A,
      issuer_corporation_id: CORP_A,
      price: 49_899,
      items: [{ type_id: TRITANIUM, quantity: 10_000 }],
    });
    esi.corp.addContract(IVAN, {
      assignee_id: CORP_A,
      issuer_corporation_id: CORP_A,
      price: 1e9,
      items: [
        { type_id: TRITANIUM, quantity: 1 },
        { type_id: HOBGOBLIN, quantity: 1 },
      ],
    });
    esi.corp.addContract(IVAN, {
      assignee_id: CORP_A,
      issuer_corporation_id: CORP_A,
      price: 1e9,
      items: [{ type_id: TRITANIUM, quantity: 20_001 }],
    });
    esi.corp.addContract(IVAN, {
      assignee_id: CORP_B,
      issuer_corporation_id: CORP_A,
      price: 1e9,
      items: [{ type_id: TRITANIUM, quantity: 1 }],
    });
    // Both project items in one contract: 1 000 Pyerite x 10 + 100 Tritanium x 5 = 10 500.
    const both = esi.corp.addContract(IVAN, {
      assignee_id: CORP_A,
      issuer_corporation_id: CORP_A,
      price: 10_500,
      items: [
        { type_id: TRITANIUM, quantity: 100 },
        { type_id: PYERITE, quantity: 1_000 },
      ],
    });

    const verify = await fc.post('/auth/corp/verify_job', { project_id: p.id, job_id: 'j2' });
    expect(verify.status).toBe(200);
    expect(verify.body.job_type).toBe('buy');
    expect(verify.body.candidates.map((c: { job_id: number; runs: number }) => [c.job_id, c.runs])).toEqual([
      [good.contract_id, 10_000],
      [both.contract_id, 100],
    ]);
    expect(verify.body.candidates[0]).toMatchObject({ char_id: IVAN, char_name: 'Ivan Petrov', facility_name: 'Контракт: Трит' });

    const pushed = await fc.post('/auth/corp/push_jobs', {
      project_id: p.id,
      job_id: 'j2',
      job_type: 'buy',
      jobs: [
        { char_id: IVAN, contract_id: good.contract_id },
        { char_id: IVAN, contract_id: both.contract_id },
      ],
    });
    expect(pushed.status).toBe(200);
    expect(pushed.body.credited).toBe(10_100);
    const jobs = (pushed.body.project as Project).jobs;
    expect(jobs.map((j) => [j.id, j.done])).toEqual([
      ['j1', 0],
      ['j2', 10_100],
      ['j3', 1_000],
    ]);
    expect(jobs[1].executors).toEqual([
      { char_id: IVAN, name: 'Ivan Petrov', icon: 'https://images.example/characters/2112000001/portrait?size=32', runs: 10_100 },
    ]);

    // The same contract counts once, here or in any other project.
    const again = await fc.post('/auth/corp/push_jobs', {
      project_id: p.id,
      job_id: 'j2',
      job_type: 'buy',
      jobs: [{ char_id: IVAN, contract_id: good.contract_id }],
    });
    expect(again.status).toBe(409);
    const p2 = await createProject(fc);
    expect((await fc.post('/auth/corp/verify_job', { project_id: p2.id, job_id: 'j2' })).body.candidates).toEqual([]);
    // Pyerite is complete: nothing more is accepted for it.
    expect((await fc.post('/auth/corp/verify_job', { project_id: p.id, job_id: 'j3' })).body.message).toBe(
      CORP_MESSAGES.jobComplete,
    );
  });

  it("build jobs: only while working, only the caller's own characters, never over the quantity", async () => {
    const p = await createProject(fc);
    const six = esi.corp.addIndustryJob(ANNA, { product_type_id: FUEL_BLOCK, blueprint_type_id: FUEL_BP, runs: 6 });
    const five = esi.corp.addIndustryJob(ANNA, { product_type_id: FUEL_BLOCK, blueprint_type_id: FUEL_BP, runs: 5 });
    esi.corp.addIndustryJob(ANNA, { product_type_id: FUEL_BLOCK, blueprint_type_id: FUEL_BP, runs: 3, status: 'cancelled' });
    esi.corp.addIndustryJob(ANNA, { product_type_id: HOBGOBLIN, blueprint_type_id: HOBGOBLIN_BP, runs: 3 });

    const closed = await industrialist.post('/auth/corp/verify_job', { project_id: p.id, job_id: 'j1' });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(CORP_MESSAGES.buildNotWorking);
    await industrialist
      .post('/auth/corp/update_project', { project_id: p.id, type: 'update', new_status: 'working' })
      .then((r) => expect(r.status).toBe(200));

    const verify = await industrialist.post('/auth/corp/verify_job', { project_id: p.id, job_id: 'j1' });
    expect(verify.body.candidates.map((c: { job_id: number; runs: number }) => [c.job_id, c.runs])).toEqual([
      [six.job_id, 6],
      [five.job_id, 5],
    ]);
    // Where each job runs, by name: the structure read from ESI with Anna's token (her corporation owns it).
    expect(verify.body.candidates.map((c: { facility_name: string }) => c.facility_name)).toEqual([
      'Jita - Demo Syndicate Raitaru',
      'Jita - Demo Syndicate Raitaru',
    ]);
    // Someone else's character, or a job they do not have, is refused.
    expect(
      (
        await fc.post('/auth/corp/push_jobs', {
          project_id: p.id,
          job_id: 'j1',
          job_type: 'build',
          jobs: [{ char_id: ANNA, job_id: six.job_id }],
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await fc.post('/auth/corp/push_jobs', {
          project_id: p.id,
          job_id: 'j1',
          job_type: 'build',
          jobs: [{ char_id: IVAN, job_id: six.job_id }],
        })
      ).status,
    ).toBe(409);
    // 6 + 5 > 10: refused whole, nothing credited.
    const over = await industrialist.post('/auth/corp/push_jobs', {
      project_id: p.id,
      job_id: 'j1',
      job_type: 'build',
      jobs: [
        { char_id: ANNA, job_id: six.job_id },
        { char_id: ANNA, job_id: five.job_id },
      ],
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(CORP_MESSAGES.overQuantity);
    const ok = await industrialist.post('/auth/corp/push_jobs', {
      project_id: p.id,
      job_id: 'j1',
      job_type: 'build',
      jobs: [{ char_id: ANNA, job_id: six.job_id }],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.project.jobs[0]).toMatchObject({ done: 6, executors: [{ char_id: ANNA, name: 'Anna Sokolova', runs: 6 }] });
    expect(ok.body.project.executors).toEqual([expect.objectContaining({ char_id: ANNA, runs: 6 })]);
    // Wrong job type for the job.
    expect(
      (
        await industrialist.post('/auth/corp/push_jobs', {
          project_id: p.id,
          job_id: 'j1',
          job_type: 'buy',
          jobs: [{ char_id: ANNA, job_id: five.job_id }],
        })
      ).body.message,
    ).toBe(CORP_MESSAGES.wrongJobType);
  });

  it('names where each job runs: stations from ESI, structures with the pilot’s token (cached); an unreadable one by its id', async () => {
    const p = await createProject(fc);
    await industrialist.post('/auth/corp/update_project', { project_id: p.id, type: 'update', new_status: 'working' });
    const NOWHERE = 1_040_000_000_001; // a structure Ivan may not dock at: ESI answers 403
    const jobs = [DEMO_INDUSTRY.facilityId, 60003760, NOWHERE].map((facility_id) =>
      esi.corp.addIndustryJob(IVAN, { product_type_id: FUEL_BLOCK, blueprint_type_id: FUEL_BP, runs: 1, facility_id }),
    );
    const names = async () => {
      const res = await fc.post('/auth/corp/verify_job', { project_id: p.id, job_id: 'j1' });
      const byJob = new Map(
        (res.body.candidates as { job_id: number; facility_name: string }[]).map((c) => [c.job_id, c.facility_name]),
      );
      return jobs.map((j) => byJob.get(j.job_id));
    };
    expect(await names()).toEqual([
      'Jita - Demo Syndicate Raitaru',
      'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
      `Сооружение ${NOWHERE}`,
    ]);
    const reads = { ...esi.stats.byRoute };
    expect(await names()).toEqual([
      'Jita - Demo Syndicate Raitaru',
      'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
      `Сооружение ${NOWHERE}`,
    ]);
    // Asked once: the second look read neither the structures nor the station again.
    expect(esi.stats.byRoute['universe.structures']).toBe(reads['universe.structures']);
    expect(esi.stats.byRoute['universe.stations']).toBe(reads['universe.stations']);
  });

  it('50 members claiming at once never exceed the quantity; the same game job is credited once', async () => {
    const p = await createProject(fc, {
      jobs: [{ id: HOBGOBLIN, blueprint_id: HOBGOBLIN_BP, runs: 30, pay: 100 }],
      materials: [],
    });
    await industrialist.post('/auth/corp/update_project', { project_id: p.id, type: 'update', new_status: 'working' });
    const jobs = Array.from({ length: 50 }, () =>
      esi.corp.addIndustryJob(IVAN, { product_type_id: HOBGOBLIN, blueprint_type_id: HOBGOBLIN_BP, runs: 1 }),
    );
    const push = (jobId: number) =>
      fc.post('/auth/corp/push_jobs', {
        project_id: p.id,
        job_id: 'j1',
        job_type: 'build',
        jobs: [{ char_id: IVAN, job_id: jobId }],
      });
    // 50 distinct jobs plus the first one claimed a second time, all at once.
    const claimed = [...jobs.map((j) => j.job_id), jobs[0].job_id];
    const results = await Promise.all(claimed.map(push));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    // The first game job is credited at most once, whichever of its two claims came first.
    expect([statuses[0], statuses[50]].filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    // Exactly the game jobs whose claims were answered 200 are credited, each once.
    const answeredOk = claimed.filter((_, i) => statuses[i] === 200).map((id) => `job:${id}`);
    expect(new Set(answeredOk).size).toBe(30);
    const credited = await claimsOf(p.id);
    expect(credited.sort()).toEqual([...answeredOk].sort());
    const view = (await fc.get(`/auth/corp/projects/${p.id}`).expect(200)).body.project as Project;
    expect(view.jobs[0].done).toBe(30);
    expect(view.jobs[0].executors).toEqual([expect.objectContaining({ char_id: IVAN, runs: 30 })]);
  });

  it('40 contracts claimed at once for 30 units, one of them twice: 30 credited, exactly those answered 200', async () => {
    const p = await createProject(fc, { jobs: [], materials: [{ id: PYERITE, quantity: 30, pay: 10 }] });
    const contracts = Array.from({ length: 40 }, () =>
      esi.corp.addContract(IVAN, {
        assignee_id: CORP_A,
        issuer_corporation_id: CORP_A,
        price: 10,
        items: [{ type_id: PYERITE, quantity: 1 }],
      }),
    );
    const claimed = [...contracts.map((c) => c.contract_id), contracts[0].contract_id];
    const results = await Promise.all(
      claimed.map((contractId) =>
        fc.post('/auth/corp/push_jobs', {
          project_id: p.id,
          job_id: 'j1',
          job_type: 'buy',
          jobs: [{ char_id: IVAN, contract_id: contractId }],
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect([statuses[0], statuses[40]].filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    const answeredOk = claimed.filter((_, i) => statuses[i] === 200).map((id) => `contract:${id}`);
    expect(new Set(answeredOk).size).toBe(30);
    expect((await claimsOf(p.id)).sort()).toEqual([...answeredOk].sort());
    const view = (await fc.get(`/auth/corp/projects/${p.id}`).expect(200)).body.project as Project;
    expect(view.jobs[0]).toMatchObject({ id: 'j1', done: 30 });
  });
});

describe("another corporation's member", () => {
  /** Everything corporation A has, as stored. */
  const snapshotOfA = async () => {
    const db = running.app.get<Connection>(getConnectionToken());
    const projects = await db.collection('corp_projects').find({ corporation_id: CORP_A }).sort({ _id: 1 }).toArray();
    const ids = projects.map((p) => String(p._id));
    return {
      projects,
      events: await db.collection('corp_events').find({ corporation_id: CORP_A }).sort({ _id: 1 }).toArray(),
      buys: await db.collection('corp_buys').find({ corporation_id: CORP_A }).sort({ _id: 1 }).toArray(),
      claims: await db
        .collection('corp_claims')
        .find({ project_id: { $in: ids } })
        .sort({ _id: 1 })
        .toArray(),
    };
  };

  it("gets 404 for every write aimed at A's project, and no write of theirs changes anything of A", async () => {
    const p = await createProject(fc, { jobs: [{ id: FUEL_BLOCK, blueprint_id: FUEL_BP, runs: 10, pay: 1000 }], materials: [] });
    await industrialist.post('/auth/corp/update_project', { project_id: p.id, type: 'update', new_status: 'working' });
    await industrialist.post('/auth/corp/update_buy', { id: TRITANIUM, quantity: 100, price: 4.5 });
    const jonJob = esi.corp.addIndustryJob(JON, { product_type_id: FUEL_BLOCK, blueprint_type_id: FUEL_BP, runs: 2 });
    const jonContract = esi.corp.addContract(JON, {
      assignee_id: CORP_A,
      issuer_corporation_id: CORP_B,
      price: 1,
      items: [{ type_id: FUEL_BLOCK, quantity: 1 }],
    });
    const before = await snapshotOfA();

    const aimedAtA: [string, object][] = [
      ['/auth/corp/update_project', { project_id: p.id, type: 'update', new_status: 'ready' }],
      ['/auth/corp/update_project', { project_id: p.id, type: 'del', new_status: 'ready' }],
      ['/auth/corp/verify_job', { project_id: p.id, job_id: 'j1' }],
      [
        '/auth/corp/push_jobs',
        { project_id: p.id, job_id: 'j1', job_type: 'build', jobs: [{ char_id: JON, job_id: jonJob.job_id }] },
      ],
      [
        '/auth/corp/push_jobs',
        { project_id: p.id, job_id: 'j1', job_type: 'buy', jobs: [{ char_id: JON, contract_id: jonContract.contract_id }] },
      ],
    ];
    for (const [path, body] of aimedAtA) {
      const res = await other.post(path, body);
      expect({ path, status: res.status, message: res.body.message }).toEqual({
        path,
        status: 404,
        message: CORP_MESSAGES.projectNotFound,
      });
    }
    expect((await other.get(`/auth/corp/projects/${p.id}`)).status).toBe(404);
    // Their own writes land in their own corporation, whatever they send.
    for (const [path, body] of [
      ['/auth/corp/update_buy', { id: TRITANIUM, quantity: 1, price: 1, corporation_id: CORP_A }],
      ['/auth/corp/add_event', { name: 'Чужой пинг', date: '2030-01-01', time: '12:00', corporation_id: CORP_A }],
    ] as const) {
      expect((await other.post(path, body)).status).toBe(200);
    }
    expect(await snapshotOfA()).toEqual(before);
  });
});

describe('live updates', () => {
  it("a change by one member reaches every socket of that corporation, and nobody else's", async () => {
    const a1 = await area.socketOf(fc);
    const a2 = await area.socketOf(plain);
    const a3 = await area.socketOf(plain); // a second tab
    const b = await area.socketOf(other);
    const guest = await area.socketOf();

    const p = await createProject(fc, { name: 'Живой проект' });
    for (const s of [a1, a2, a3])
      expect((await s.next('corp:project-created', (e) => e.project.id === p.id)).project.name).toBe('Живой проект');
    await industrialist.post('/auth/corp/update_project', { project_id: p.id, type: 'update', new_status: 'sale' });
    for (const s of [a1, a2, a3])
      expect((await s.next('corp:project-updated', (e) => e.project.id === p.id)).project.status).toBe('sale');
    await fc.post('/auth/corp/add_event', { name: 'Пинг A', date: '2030-03-01', time: '18:00' });
    await industrialist.post('/auth/corp/update_buy', { id: PYERITE, quantity: 10, price: 1 });
    await a2.next('corp:ping-created', (e) => e.ping.name === 'Пинг A');
    await a2.next('corp:buys-changed');

    // Marker: corporation B's own ping reaches B after everything above was sent to A.
    await other.post('/auth/corp/add_event', { name: 'Маркер B', date: '2030-03-01', time: '18:00' });
    await b.next('corp:ping-created', (e) => e.ping.name === 'Маркер B');
    expect(b.names()).toEqual(['corp:ping-created']);
    expect(guest.names()).toEqual([]);
    expect(
      a1.events.some((e) => e.name === 'corp:ping-created' && (e.payload as { ping: { name: string } }).ping.name === 'Маркер B'),
    ).toBe(false);
  });

  it('a member who loses access leaves the room at once (corporation blocked), and comes back when it is active again', async () => {
    const c = await area.member('corp_leaver', ['corp'], 2112000007);
    const s = await area.socketOf(c);
    const id = (await running.app.get(RealtimeGateway).server.in(s.socket.id!).fetchSockets())[0].data.userId!;
    expect(await roomsOf(s.socket)).toEqual([Rooms.corp(CORP_A), Rooms.user(id)]);
    const corps = running.app.get(CorporationsService);
    await corps.setType(CORP_A, 2);
    await s.next('corp:access-changed', (e) => e.corporationIds.includes(CORP_A));
    expect(await roomsOf(s.socket)).toEqual([Rooms.user(id)]);
    expect((await c.get('/auth/corp/projects')).status).toBe(403);
    await corps.setType(CORP_A, 0);
    await s.next(
      'corp:access-changed',
      (e) => e.corporationIds.includes(CORP_A) && s.events.filter((x) => x.name === 'corp:access-changed').length === 2,
    );
    expect(await roomsOf(s.socket)).toEqual([Rooms.corp(CORP_A), Rooms.user(id)]);
  });

  it('unlinking the only character in the corporation takes the socket out of its room', async () => {
    const c = await area.member('corp_unlinker', ['corp'], 2112000006);
    const s = await area.socketOf(c);
    expect((await roomsOf(s.socket)).filter((r) => r.startsWith('corp:'))).toEqual([Rooms.corp(CORP_A)]);
    await c.delete('/auth/esi/del_char/2112000006').then((r) => expect(r.status).toBe(200));
    await s.next('corp:access-changed');
    expect((await roomsOf(s.socket)).filter((r) => r.startsWith('corp:'))).toEqual([]);
  });
});

describe('an interrupted claim', () => {
  it('a claim left without its credit (the instance died between the two writes) is freed by the scheduled cleanup after a minute', async () => {
    const p = await createProject(fc, {
      jobs: [{ id: HOBGOBLIN, blueprint_id: HOBGOBLIN_BP, runs: 5, pay: 100 }],
      materials: [],
    });
    await industrialist.post('/auth/corp/update_project', { project_id: p.id, type: 'update', new_status: 'working' });
    const job = esi.corp.addIndustryJob(IVAN, { product_type_id: HOBGOBLIN, blueprint_type_id: HOBGOBLIN_BP, runs: 2 });
    const claims = running.app.get<Connection>(getConnectionToken()).collection('corp_claims');
    const orphan = { _id: `job:${job.job_id}`, project_id: p.id, job_id: 'j1', char_id: IVAN, user_id: 'x' };
    const candidates = async () =>
      ((await fc.post('/auth/corp/verify_job', { project_id: p.id, job_id: 'j1' })).body.candidates as { job_id: number }[]).map(
        (c) => c.job_id,
      );
    const cleanup = running.app.get(OrphanClaimsCleanup);
    // Fresh: maybe a push still in flight, so the job stays taken, whatever the cleanup does.
    await claims.insertOne({ ...orphan, at: new Date() } as never);
    await cleanup.runOnce();
    expect(await candidates()).not.toContain(job.job_id);
    expect(await claims.countDocuments({ _id: orphan._id as never })).toBe(1);
    // Older than ORPHAN_CLAIM_MS and not among the project's executors: the scheduled cleanup
    // frees it (a read never does), and it is claimable again.
    await claims.updateOne({ _id: orphan._id as never }, { $set: { at: new Date(Date.now() - ORPHAN_CLAIM_MS - 1000) } });
    expect(await candidates()).not.toContain(job.job_id);
    await cleanup.runOnce();
    expect(await candidates()).toContain(job.job_id);
    const pushed = await fc.post('/auth/corp/push_jobs', {
      project_id: p.id,
      job_id: 'j1',
      job_type: 'build',
      jobs: [{ char_id: IVAN, job_id: job.job_id }],
    });
    expect(pushed.status).toBe(200);
    expect(pushed.body.project.jobs[0].done).toBe(2);
    // A credited claim is never freed, however old: the cleanup settles it.
    await claims.updateOne({ _id: orphan._id as never }, { $set: { at: new Date(0) } });
    await cleanup.runOnce();
    expect(await claims.findOne({ _id: orphan._id as never })).toMatchObject({ settled: true });
    expect(await candidates()).not.toContain(job.job_id);
  });
});
