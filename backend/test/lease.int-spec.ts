import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import type { RunningApp } from '../src/bootstrap';
import type { Logger } from '@nestjs/common';
import { LeaseService } from '../src/common/scheduling/lease.service';
import { LeasedSchedule } from '../src/common/scheduling/leased-schedule';
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

describe('LeasedSchedule (the scheduled jobs: market, industry inputs, characters)', () => {
  let running: RunningApp;
  let leases: LeaseService;
  const logged: string[] = [];
  const logger = { error: (m: string) => logged.push(m) } as unknown as Logger;
  const schedule = (name: string) =>
    new LeasedSchedule(leases, logger, { name, leaseTtlMs: 60_000, intervalMs: 60_000, firstDelayMs: 60_000, failure: 'Сбой' });
  beforeAll(async () => {
    running = await createTestApp();
    leases = running.app.get(LeaseService);
  });
  afterAll(() => running.close());

  it('joins a pass already running here instead of starting a second one', async () => {
    const job = schedule('sched-a');
    let passes = 0;
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    const pass = async () => {
      passes += 1;
      await gate;
    };
    const first = job.runOnce(pass);
    const second = job.runOnce(pass);
    expect(second).toBe(first);
    finish();
    await Promise.all([first, second]);
    expect(passes).toBe(1);
    await job.runOnce(pass); // done: the next one runs
    expect(passes).toBe(2);
  });

  it('skips the pass while another instance holds the lease', async () => {
    const job = schedule('sched-b');
    expect(await leases.acquire('sched-b', 60_000, 'another-instance')).toBe(true);
    let passes = 0;
    await job.runOnce(async () => void (passes += 1));
    expect(passes).toBe(0);
    await leases.release('sched-b', 'another-instance');
    await job.runOnce(async () => void (passes += 1));
    expect(passes).toBe(1);
  });

  it('logs a failed pass without throwing; stop() aborts the pass in flight, waits for it, and logs nothing', async () => {
    logged.length = 0;
    const job = schedule('sched-c');
    await job.runOnce(() => Promise.reject(new Error('ESI недоступен')));
    expect(logged).toEqual(['Сбой: Error: ESI недоступен']);

    let started!: () => void;
    const isRunning = new Promise<void>((r) => (started = r));
    let sawAbort = false;
    const pass = job.runOnce(async () => {
      started();
      await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
      sawAbort = true;
      throw new Error('aborted');
    });
    await isRunning;
    await job.stop();
    expect(sawAbort).toBe(true);
    await pass;
    expect(logged).toHaveLength(1);
    // released at the end of the pass: another instance can take the job at once
    expect(await leases.acquire('sched-c', 60_000, 'another-instance')).toBe(true);
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
