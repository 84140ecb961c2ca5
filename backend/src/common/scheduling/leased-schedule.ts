import type { Logger } from '@nestjs/common';
import type { SchedulerRegistry } from '@nestjs/schedule';
import type { LeaseService } from './lease.service';

export interface LeasedScheduleOptions {
  /** Lease and scheduler name (one pass at a time across every instance). */
  name: string;
  /** How long a lease holds if its instance dies mid-pass. */
  leaseTtlMs: number;
  intervalMs: number;
  /** The first pass after boot. */
  firstDelayMs: number;
  /** Logged (in Russian) with the error when a pass fails, unless the job is stopping. */
  failure: string;
}

/**
 * A background job on a schedule, one pass at a time across instances (a MongoDB lease) and
 * within this one (a pass still running is joined, not doubled). `signal` aborts when the app
 * shuts down; `stop()` waits for the pass in flight. Market, industry inputs and character
 * refreshes run on it.
 */
export class LeasedSchedule {
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly leases: LeaseService,
    private readonly logger: Logger,
    private readonly options: LeasedScheduleOptions,
  ) {}

  /** The interval between passes. */
  get intervalMs(): number {
    return this.options.intervalMs;
  }

  /** Aborted when the app shuts down: passes hand it to their ESI calls and loops. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  /** Registers the interval and the first pass with Nest's scheduler. */
  start(scheduler: SchedulerRegistry, pass: () => Promise<unknown>): void {
    const { name, intervalMs, firstDelayMs } = this.options;
    const tick = () => void this.runOnce(pass);
    scheduler.addInterval(name, setInterval(tick, intervalMs));
    scheduler.addTimeout(`${name}-initial`, setTimeout(tick, firstDelayMs));
  }

  /** One pass, skipped when another instance holds the lease; failures are logged, never thrown. */
  runOnce(pass: () => Promise<unknown>): Promise<void> {
    if (this.running) return this.running;
    this.running = this.leases
      .runExclusive(this.options.name, this.options.leaseTtlMs, pass)
      .then(() => undefined)
      .catch((err: unknown) => {
        if (!this.abort.signal.aborted) this.logger.error(`${this.options.failure}: ${String(err)}`);
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Aborts the pass in flight and waits for it to end. */
  async stop(): Promise<void> {
    this.abort.abort();
    await this.running?.catch(() => undefined);
  }
}
