/**
 * POS gift card reads (docs/sales.md#the-sale-screen sale screen: "GET gift card details by {id}; GET gift
 * card histories by giftcard_id with params"; docs/sales.md#the-order "Gift card history request: giftcard_id
 * plus paging and filter parameters"; docs/api.md#endpoints pos/giftcards/{id},
 * pos/giftcards/{id}/histories), shared by client and server.
 *
 * `{id}` is the card's number as typed or scanned (normalised as docs/money.md says for codes, upper-cased as
 * stored) or its numeric id: the number is tried first, because that is what a cashier has in hand.
 */
import { z } from 'zod';
import { pagingQuery } from './customers';
import { sortSchema } from './envelope';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDateTime = z.iso.datetime({ offset: true });

/** What a gift card history row records (the database's CHECK lists the same, db/schema/ledger-histories.ts). */
export const GIFTCARD_HISTORY_KIND_VALUES = [
  'issue',
  'reload',
  'sale',
  'refund',
  'void',
  'adjust',
  'deactivate',
  'activate',
] as const;

// ---- requests ----------------------------------------------------------------------------------------

export const giftcardParams = z.strictObject({
  id: z
    .string()
    .trim()
    .min(1, 'Give a gift card number or id.')
    .max(80, 'A gift card number is at most 64 characters.'),
});

const isoDate = z.iso.date('Use a date as YYYY-MM-DD.');

export const giftcardHistoryQuery = pagingQuery.extend({
  /** Default newest first. */
  sort: sortSchema(['created_at', 'amount']).optional(),
  filter: z
    .strictObject({
      kind: z.enum(GIFTCARD_HISTORY_KIND_VALUES).optional(),
      sale_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
      /** UTC dates, inclusive (docs/api.md#defaults-and-formats: dates are sent as UTC ISO). */
      date_from: isoDate.optional(),
      date_to: isoDate.optional(),
    })
    .optional(),
});
export type GiftcardHistoryQuery = z.output<typeof giftcardHistoryQuery>;

// ---- responses ---------------------------------------------------------------------------------------

export const giftcardSchema = z.object({
  id,
  number: z.string(),
  /** Minor units. */
  balance: z.number().int().min(0),
  initial_amount: z.number().int().min(0),
  is_active: z.boolean(),
  expires_at: isoDateTime.nullable(),
  is_expired: z.boolean(),
  /** Active, not expired and with a balance: what a gift card payment needs (the sale still re-checks). */
  is_usable: z.boolean(),
  customer: z.object({ id, name: z.string(), phone: z.string().nullable() }).nullable(),
  /** The store that issued it; cards are spent in any store of the tenant. */
  store_id: id.nullable(),
  created_at: isoDateTime,
});
export type GiftcardView = z.infer<typeof giftcardSchema>;

export const giftcardHistorySchema = z.object({
  id,
  giftcard_id: id,
  kind: z.enum(GIFTCARD_HISTORY_KIND_VALUES),
  /** Signed minor units: + credits the card, − debits it. */
  amount: z.number().int(),
  balance_after: z.number().int().min(0),
  sale_id: id.nullable(),
  store_id: id.nullable(),
  user_id: id.nullable(),
  user_name: z.string().nullable(),
  note: z.string().nullable(),
  created_at: isoDateTime,
});
export type GiftcardHistoryView = z.infer<typeof giftcardHistorySchema>;
