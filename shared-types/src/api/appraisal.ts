import { z } from 'zod';
import { DEFAULT_HUB_ID, HUBS } from '../enums';
import {
  APPRAISAL_ID_LENGTH,
  APPRAISAL_MAX_PERCENT,
  APPRAISAL_MESSAGES,
  APPRAISAL_MIN_LENGTH,
  APPRAISAL_MIN_PERCENT,
} from '../appraisal/messages';
import { MARKET_MESSAGES } from './market';

/**
 * POST data/market/appraisal. `appraisal`: the pasted text (at least 2 characters besides
 * spaces; size limits are checked by the server with a 413); `hub`: HUBS id, default 2;
 * `percent`: buyback, the share of the prices the totals are shown at (1–100, default 100).
 */
export const appraisalRequestSchema = z.object({
  appraisal: z
    .string({ error: APPRAISAL_MESSAGES.textType })
    .refine((s) => s.trim().length >= APPRAISAL_MIN_LENGTH, { error: APPRAISAL_MESSAGES.textRequired }),
  hub: z
    .number({ error: MARKET_MESSAGES.unknownHub })
    .int({ error: MARKET_MESSAGES.unknownHub })
    .refine((id) => HUBS.some((h) => h.id === id), { error: MARKET_MESSAGES.unknownHub })
    .default(DEFAULT_HUB_ID),
  percent: z
    .number({ error: APPRAISAL_MESSAGES.percent })
    .int({ error: APPRAISAL_MESSAGES.percent })
    .min(APPRAISAL_MIN_PERCENT, { error: APPRAISAL_MESSAGES.percent })
    .max(APPRAISAL_MAX_PERCENT, { error: APPRAISAL_MESSAGES.percent })
    .default(APPRAISAL_MAX_PERCENT),
});
export type AppraisalRequest = z.infer<typeof appraisalRequestSchema>;

/** `{id}` of a saved appraisal: APPRAISAL_ID_LENGTH base62 characters. */
export const appraisalIdSchema = z
  .string({ error: APPRAISAL_MESSAGES.badId })
  .regex(new RegExp(`^[0-9A-Za-z]{${APPRAISAL_ID_LENGTH}}$`), { error: APPRAISAL_MESSAGES.badId });

/** `?current=1` adds today's prices next to the saved ones. */
export const appraisalViewQuerySchema = z.object({
  current: z
    .enum(['0', '1', 'true', 'false'], { error: 'Параметр current: 0 или 1' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export type AppraisalViewQuery = z.infer<typeof appraisalViewQuerySchema>;

/** `?page=` of GET data/market/appraisal/history: 1 by default. */
export const appraisalHistoryQuerySchema = z.object({
  page: z
    .string({ error: APPRAISAL_MESSAGES.badPage })
    .regex(/^[1-9]\d{0,5}$/, { error: APPRAISAL_MESSAGES.badPage })
    .optional()
    .transform((v) => (v === undefined ? 1 : Number(v))),
});
export type AppraisalHistoryQuery = z.infer<typeof appraisalHistoryQuerySchema>;
