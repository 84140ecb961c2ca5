import { Schema, Types } from 'mongoose';

export const CALENDAR_MODELS = { link: 'CorpCalendarLink' } as const;

/**
 * A member's calendar link (`corp_calendar_links`): one per account, only the SHA-256 of its
 * secret token is stored (the link itself is shown once, when taken).
 */
export interface CalendarLinkDoc {
  _id: Types.ObjectId;
  user_id: string;
  token_hash: string;
  created_at: Date;
}

export const CalendarLinkSchema = new Schema<CalendarLinkDoc>(
  {
    user_id: { type: String, required: true },
    token_hash: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: 'corp_calendar_links', versionKey: false },
);
CalendarLinkSchema.index({ user_id: 1 }, { unique: true });
CalendarLinkSchema.index({ token_hash: 1 }, { unique: true });
