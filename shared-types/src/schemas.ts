/**
 * The zod schemas of forms, as one entry point the frontend loads lazily
 * (`import('@eve-toolkit/shared-types/schemas')`): zod then loads with the first validation of a
 * form, not with the page. Everything here is also exported from the package index.
 */
import { z } from 'zod';

// zod's own messages (a wrong type where a field has none of its own) in Russian, as on the server.
z.config(z.locales.ru());

export { postDebugSchema } from './api/feedback';
export { industryFormSchema } from './api/industry';
export { addPingSchema, addProjectSchema, cancelPingSchema, rsvpPingSchema, updateBuySchema, updatePingSchema } from './corp/api';
export { addWebhookSchema } from './corp/delivery';
export { addSrpSchema, decideSrpSchema, paySrpSchema, srpSettingsSchema } from './srp/api';
export { lootPricesQuerySchema, lootSplitStateSchema } from './loot/schemas';
export { appraisalRequestSchema } from './api/appraisal';
export { addDoctrineSchema, deleteDoctrineSchema, updateDoctrineSchema } from './corp/doctrine-schemas';
