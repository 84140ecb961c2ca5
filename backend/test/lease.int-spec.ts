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
    expect(await leases.acquire('job-a', 300, 'one')).toBe(true);
    expect(await leases.acquire('job-a', 300, 'two')).toBe(false);
    expect(await leases.acquire('job-a', 300, 'one')).toBe(true);
    await new Promise((r) => setTimeout(r, 350));
    expect(await leases.acquire('job-a', 60_000, 'two')).toBe(true);
    expect(await leases.acquire('job-a', 60_000, 'one')).toBe(false);
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
    let concurrent = 0;
    let max = 0;
    const job = async () => {
      concurrent += 1;
      max = Math.max(max, concurrent);
      await new Promise((r) => setTimeout(r, 100));
      concurrent -= 1;
      return 'done';
    };
    const [a, b] = await Promise.all([leases.runExclusive('job-c', 60_000, job), leases.runExclusive('job-c', 60_000, job)]);
    expect([a, b]).toEqual([{ ran: true, result: 'done' }, { ran: false }]);
    expect(max).toBe(1);
    // released: another instance takes it, and then this one is refused
    expect(await leases.acquire('job-c', 60_000, 'someone-else')).toBe(true);
    expect(await leases.runExclusive('job-c', 60_000, job)).toEqual({ ran: false });
    // a refused run does not block a later one once the lease is free
    await leases.release('job-c', 'someone-else');
    expect(await leases.runExclusive('job-c', 60_000, job)).toEqual({ ran: true, result: 'done' });
  });
});
