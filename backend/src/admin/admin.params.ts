import { ADMIN_MESSAGES, adminListQuerySchema, decimalInt } from '@eve-toolkit/shared-types';
import { ZodPipe } from '../common/validation/zod.pipe';

/** A character id in a path (positive 32-bit integer, ESI's range). */
export const characterIdParam = new ZodPipe(decimalInt(ADMIN_MESSAGES.badId, { min: 1, max: 2_147_483_647 }));

/** A list's page, size and search (`?page=&limit=&q=`). */
export const adminListQuery = new ZodPipe(adminListQuerySchema);
