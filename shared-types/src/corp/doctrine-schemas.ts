/** The doctrines' request schemas (zod): the API's validation and the form's (see doctrines.ts). */
import { z } from 'zod';
import { HUBS } from '../enums';
import { text } from '../text';
import { DOCTRINE_LIMITS, DOCTRINE_MESSAGES } from './doctrines';

const doctrineId = z
  .string({ error: DOCTRINE_MESSAGES.notFound })
  .min(1, DOCTRINE_MESSAGES.notFound)
  .max(64, DOCTRINE_MESSAGES.notFound);
const doctrineName = text({ error: DOCTRINE_MESSAGES.nameRequired })
  .trim()
  .min(1, DOCTRINE_MESSAGES.nameRequired)
  .max(DOCTRINE_LIMITS.name, DOCTRINE_MESSAGES.tooLong(DOCTRINE_LIMITS.name));
const fitInput = z.object({
  eft: text({ multiline: true, error: DOCTRINE_MESSAGES.eftRequired })
    .trim()
    .min(1, DOCTRINE_MESSAGES.eftRequired)
    .max(DOCTRINE_LIMITS.eft, DOCTRINE_MESSAGES.eftTooLong),
});
const fitsInput = z
  .array(fitInput, { error: DOCTRINE_MESSAGES.fitsRequired })
  .min(1, DOCTRINE_MESSAGES.fitsRequired)
  .max(DOCTRINE_LIMITS.fits, DOCTRINE_MESSAGES.tooManyFits);

/** POST auth/corp/add_doctrine { name, fits: [{ eft }] } -> { doctrine } */
export const addDoctrineSchema = z.object({ name: doctrineName, fits: fitsInput });
export type AddDoctrineRequest = z.input<typeof addDoctrineSchema>;

/** POST auth/corp/update_doctrine { id, name?, fits? } -> { doctrine }: the fits given replace the doctrine's (a fit with the same EFT keeps its id). */
export const updateDoctrineSchema = z.object({ id: doctrineId, name: doctrineName.optional(), fits: fitsInput.optional() });
export type UpdateDoctrineRequest = z.input<typeof updateDoctrineSchema>;

/** POST auth/corp/delete_doctrine { id } -> { ok: true } */
export const deleteDoctrineSchema = z.object({ id: doctrineId });
export type DeleteDoctrineRequest = z.infer<typeof deleteDoctrineSchema>;

/** GET auth/corp/doctrines?hub= (a hub id of HUBS, Jita by default). */
export const doctrinesQuerySchema = z.object({
  hub: z.coerce
    .number()
    .int()
    .refine((h) => HUBS.some((x) => x.id === h), 'Неизвестный торговый хаб')
    .optional(),
});

/** GET auth/corp/doctrine_readiness?id= */
export const doctrineReadinessQuerySchema = z.object({ id: doctrineId });
