import ical, { ICalEventStatus } from 'ical-generator';
import { DELIVERY_LIMITS, PING_TYPE_LABELS, formatSecurity, SRP_LABEL } from '@eve-toolkit/shared-types';
import type { PingSummary } from './discord-message';

export interface CalendarOptions {
  /** DTSTAMP of every event (the moment the feed was made). */
  now: Date;
  /** The corporation pings page, when the site's address is known (PUBLIC_URL). */
  pageUrl?: string;
}

/**
 * A ping in the feed: cancelled ones stay, marked (STATUS:CANCELLED), until they leave the feed's
 * window. `sequence`: its revision for calendar apps (SEQUENCE, +1 with every edit and the cancellation).
 */
export type CalendarPing = PingSummary & { cancelled?: boolean; sequence?: number };

/** The ping's details as the description's lines (what a pilot needs away from the page). */
export function pingDetails(ping: PingSummary): string {
  const lines: string[] = [];
  if (ping.desc) lines.push(ping.desc, '');
  if (ping.formup) {
    const sec = ping.formup.security;
    lines.push(`Сбор: ${ping.formup.name}${sec === null || sec === undefined ? '' : ` (${formatSecurity(sec)})`}`);
  }
  if (ping.doctrine) lines.push(`Доктрина: ${ping.doctrine}`);
  if (ping.comms) lines.push(`Связь: ${ping.comms}`);
  if (ping.srp !== null && ping.srp !== undefined) lines.push(`${SRP_LABEL}: ${ping.srp ? 'да' : 'нет'}`);
  if (ping.fc) lines.push(`ФК: ${ping.fc}`);
  lines.push(`Автор: ${ping.author}`);
  return lines.join('\n');
}

/**
 * The iCalendar feed (RFC 5545, ical-generator) of a corporation's pings: times in UTC (EVE
 * time), an hour each (pings have no end), the formup system as the location, the type in the
 * summary, refreshed by calendar apps every 15 minutes (REFRESH-INTERVAL / X-PUBLISHED-TTL).
 */
export function pingCalendar(pings: readonly CalendarPing[], options: CalendarOptions): string {
  const calendar = ical({
    name: 'Пинги корпорации',
    prodId: { company: 'eve-toolkit', product: 'pings', language: 'RU' },
    ttl: 15 * 60,
  });
  for (const ping of pings) {
    const start = new Date(ping.date);
    const type = PING_TYPE_LABELS[ping.type] ?? ping.type;
    calendar.createEvent({
      id: `${ping.id}@eve-toolkit`,
      start,
      end: new Date(start.getTime() + DELIVERY_LIMITS.calendarEventMinutes * 60_000),
      stamp: options.now,
      summary: `${ping.cancelled ? 'ОТМЕНЁН: ' : ''}[${type}] ${ping.name}`,
      description: pingDetails(ping),
      location: ping.formup ? ping.formup.name : null,
      url: options.pageUrl ?? null,
      status: ping.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      sequence: ping.sequence ?? 0,
    });
  }
  return calendar.toString();
}
