import { LOOT_LIMITS, LOOT_MESSAGES } from '@eve-toolkit/shared-types';
import { FormInterceptor } from '../common/http/forms';

/**
 * The multipart `{ file }` of post_players, read into memory by the one form reader with the loot
 * file's limit and the page's own Russian refusals: too large -> 413, anything else -> 400.
 */
export const LootFileInterceptor = FormInterceptor({
  file: { field: 'file', maxBytes: LOOT_LIMITS.maxFileBytes },
  messages: { tooLarge: LOOT_MESSAGES.tooLarge, bad: LOOT_MESSAGES.badUpload },
});
