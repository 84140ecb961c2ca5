/**
 * Zod schemas of the loot split (loaded lazily by the page through `../schemas.ts`).
 */
import { z } from 'zod';
import { marketHubQuerySchema } from '../api/market';
import { LOOT_LIMITS, LOOT_MESSAGES } from './api';
import { normalizeGroups, type LootGroups, type LootItemPair } from './groups';

const ID_LIST = /^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/;

/** GET data/loot/prices?hub=2&ids=34,35: a known hub (default Jita 4-4) and distinct type ids. */
export const lootPricesQuerySchema = marketHubQuerySchema.extend({
  ids: z
    .string({ error: LOOT_MESSAGES.badIds })
    .regex(ID_LIST, { error: LOOT_MESSAGES.badIds })
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.length <= LOOT_LIMITS.maxPriceIds && ids.every((id) => id <= 2_147_483_647), {
      error: LOOT_MESSAGES.badIds,
    }),
});
export type LootPricesQuery = z.infer<typeof lootPricesQuerySchema>;

const positiveInt = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/**
 * A split as the page keeps it (localStorage) and shares it (link): the pilots with their items as
 * [type id, quantity] pairs, and the groups as pilot indices. Names and prices are fetched again.
 */
export const lootSplitStateSchema = z
  .object({
    v: z.literal(1),
    pilots: z
      .array(
        z.object({
          name: z.string().min(1).max(100),
          items: z.array(z.tuple([positiveInt, positiveInt])).max(LOOT_LIMITS.maxPriceIds),
        }),
      )
      .min(1)
      .max(LOOT_LIMITS.maxPilots),
    groups: z.array(z.array(z.number().int().min(0))),
  })
  .transform((state, ctx) => {
    const groups = normalizeGroups(state.groups, state.pilots.length);
    if (!groups) {
      ctx.addIssue({ code: 'custom', message: LOOT_MESSAGES.badShare });
      return z.NEVER;
    }
    return { ...state, groups };
  });

export interface LootSplitState {
  v: 1;
  pilots: { name: string; items: LootItemPair[] }[];
  groups: LootGroups;
}
