/**
 * Which fleet a loss belongs to: the ping whose window holds the loss's time. A window runs from
 * `beforeMs` before the ping's start to `afterMs` after it; cancelled pings hold nothing. When
 * several windows hold it, the latest ping started at or before the loss wins (the fleet that was
 * out), else the soonest to start. Null: outside every ping (flagged, not refused).
 */
export interface PingWindowCandidate {
  id: string;
  name: string;
  date: Date;
  cancelled: boolean;
}

export interface PingWindow {
  beforeMs: number;
  afterMs: number;
}

export function matchPing<P extends PingWindowCandidate>(time: Date, pings: readonly P[], window: PingWindow): P | null {
  const t = time.getTime();
  const holding = pings.filter(
    (p) => !p.cancelled && t >= p.date.getTime() - window.beforeMs && t <= p.date.getTime() + window.afterMs,
  );
  const started = holding
    .filter((p) => p.date.getTime() <= t)
    .sort((a, b) => b.date.getTime() - a.date.getTime() || a.id.localeCompare(b.id));
  if (started.length) return started[0];
  const upcoming = holding.sort((a, b) => a.date.getTime() - b.date.getTime() || a.id.localeCompare(b.id));
  return upcoming[0] ?? null;
}

/** The window in which pings are looked for around a loss (a query's bounds on the ping's start). */
export function pingStartsAround(time: Date, window: PingWindow): { from: Date; to: Date } {
  return { from: new Date(time.getTime() - window.afterMs), to: new Date(time.getTime() + window.beforeMs) };
}
