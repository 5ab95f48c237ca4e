/**
 * GET /api/pos/stores (docs/api.md#endpoints "Stores: /pos/stores"): the salon's stores, a page in the one list
 * dialect (docs/back-office.md "Lists"), so a form's select of stores reads it as it reads any resource's rows
 * (a coupon limited to one store).
 */
import { z } from 'zod';
import { pageSchema } from './envelope';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const storeListItemSchema = z.object({ id, code: z.string(), name: z.string() });
export type StoreListItem = z.infer<typeof storeListItemSchema>;
export const storeListPageSchema = pageSchema(storeListItemSchema);
