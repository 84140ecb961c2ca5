import { CORP_LIMITS, CORP_MESSAGES, RSVP_ANSWERS, type PingRsvp, type RsvpAnswer } from '@eve-toolkit/shared-types';

const DAY_MS = 86_400_000;

/**
 * Whether a ping may start at `start` when it is `now`: not in the past (a ping for the current
 * minute is already late) and at most five years ahead (CORP_LIMITS.eventMaxAheadDays). The Russian message, or null.
 */
export function pingStartProblem(start: Date, now: Date): string | null {
  if (start.getTime() <= now.getTime()) return CORP_MESSAGES.datePast;
  if (start.getTime() - now.getTime() > CORP_LIMITS.eventMaxAheadDays * DAY_MS) return CORP_MESSAGES.dateTooFar;
  return null;
}

/** The members' answers (account id -> answer) counted, with the viewer's own (`viewerId` null: nobody's). */
export function rsvpSummary(answers: Record<string, string> | undefined, viewerId: string | null): PingRsvp {
  const summary: PingRsvp = { yes: 0, no: 0, maybe: 0, mine: null };
  for (const [userId, answer] of Object.entries(answers ?? {})) {
    if (!isAnswer(answer)) continue;
    summary[answer] += 1;
    if (userId === viewerId) summary.mine = answer;
  }
  return summary;
}

const isAnswer = (value: string): value is RsvpAnswer => (RSVP_ANSWERS as readonly string[]).includes(value);
