import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { RunningApp } from '../src/bootstrap';
import { LeaseService } from '../src/common/scheduling/lease.service';
import { createTestApp } from './app';

describe('LeaseService (MongoDB leases for scheduled jobs)', () => {
  let running: RunningApp;
  let leases: LeaseService;
  beforeAll(async () => {
    running = await createTestApp();
    leases = running.app.get(LeaseService);
  });
  afterAll(() => running.close());

  it('gives a free lease to one owner, lets it renew, refuses others until it expires', async () => {
    const t0 = Date.now();
    const at = (ms: number) => new Date(t0 + ms);
    expect(await leases.acquire('job-a', 300, 'one', at(0))).toBe(true);
    expect(await leases.acquire('job-a', 300, 'two', at(100))).toBe(false);
    expect(await leases.acquire('job-a', 300, 'one', at(200))).toBe(true); // renewed until 500
    expect(await leases.acquire('job-a', 300, 'two', at(450))).toBe(false); // would have expired at 300
    expect(await leases.acquire('job-a', 60_000, 'two', at(501))).toBe(true); // expired: taken over
    expect(await leases.acquire('job-a', 60_000, 'one', at(502))).toBe(false);
    await leases.release('job-a', 'one'); // not the owner: no effect
    expect(await leases.acquire('job-a', 60_000, 'one')).toBe(false);
    await leases.release('job-a', 'two');
    expect(await leases.acquire('job-a', 60_000, 'one')).toBe(true);
  });

  it('lets exactly one of many concurrent owners win a new lease (duplicate-key race)', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => leases.acquire('job-b', 60_000, `owner-${i}`)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const doc = await running.app
      .get<Connection>(getConnectionToken())
      .collection('leases')
      .findOne({ _id: 'job-b' as never });
    expect(doc?.owner).toBe(`owner-${results.indexOf(true)}`);
  });

  it('runs a job exclusively and releases the lease afterwards', async () => {
    let runs = 0;
    let started!: () => void;
    const isRunning = new Promise<void>((r) => (started = r));
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    const held = async () => {
      runs += 1;
      started();
      await gate;
      return 'done';
    };
    const job = async () => {
      runs += 1;
      return 'done';
    };
    const first = leases.runExclusive('job-c', 60_000, held);
    await isRunning;
    // While the first run holds the lease, a second one is refused without running.
    expect(await leases.runExclusive('job-c', 60_000, job)).toEqual({ ran: false });
    finish();
    expect(await first).toEqual({ ran: true, result: 'done' });
    expect(runs).toBe(1);
    // released: another instance takes it, and then this one is refused
    expect(await leases.acquire('job-c', 60_000, 'someone-else')).toBe(true);
    expect(await leases.runExclusive('job-c', 60_000, job)).toEqual({ ran: false });
    // a refused run does not block a later one once the lease is free
    await leases.release('job-c', 'someone-else');
    expect(await leases.runExclusive('job-c', 60_000, job)).toEqual({ ran: true, result: 'done' });
  });
});

describe('graceful shutdown', () => {
  it('releases every lease the instance holds, so another instance takes the job over at once', async () => {
    const a = await createTestApp();
    const b = await createTestApp({});
    try {
      const mine = a.app.get(LeaseService);
      expect(await mine.acquire('job-shutdown', 10 * 60_000)).toBe(true);
      expect(await mine.acquire('job-shutdown-2', 10 * 60_000)).toBe(true);
      const db = a.app.get<Connection>(getConnectionToken()).db!;
      const other = b.app.get<Connection>(getConnectionToken()).useDb(db.databaseName).collection('leases');
      expect(await other.countDocuments({ owner: mine.owner })).toBe(2);
      await a.app.close(); // what SIGTERM runs (bootstrap's close: sockets, HTTP, shutdown hooks)
      expect(await other.countDocuments({ owner: mine.owner })).toBe(0);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
