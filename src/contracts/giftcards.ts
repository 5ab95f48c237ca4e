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
import { normaliseCode } from '../domain/normalise';
import { refIdField, wholeNumberField } from './catalog';
import { blankable, pagingQuery } from './customers';
import { sortSchema } from './envelope';
import { optionalText, resourceRowSchema } from './resource';

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

// ---- back office (/api/giftcards, docs/back-office.md "Gift cards") ------------------------------------

const NUMBER_MESSAGE = 'A gift card number is 1 to 64 letters, digits or dashes.';

/**
 * A card's number as typed: spaces and other marks dropped (normaliseCode, docs/money.md), upper-cased, as the
 * database stores it (its CHECK); what is left must be 1 to 64 characters.
 */
export const giftcardNumberField = z
  .string({ error: NUMBER_MESSAGE })
  .transform((value) => normaliseCode(value).toUpperCase())
  .pipe(z.string().min(1, NUMBER_MESSAGE).max(64, NUMBER_MESSAGE));

/** A credit to a card in minor units (docs/money.md): at least 1, at most 100,000,000 (1,000,000.00). */
export const giftcardAmountField = wholeNumberField(1, 100_000_000, 'The amount');

const EXPIRES_MESSAGE = 'Enter the expiry date as YYYY-MM-DD.';
/** The last day the card pays, YYYY-MM-DD; blank = never expires. Stored as the end of that UTC day. */
const expiresField = blankable(z.iso.date(EXPIRES_MESSAGE)).optional();

/** A gift card as the back office lists it (minor units; the customer by id, named beside it). */
export const giftcardRowSchema = resourceRowSchema({
  number: z.string(),
  balance: z.number().int().min(0),
  initial_amount: z.number().int().min(0),
  customer_id: id.nullable(),
  /** The last day the card pays (YYYY-MM-DD, UTC), or null. */
  expires_at: z.string().nullable(),
  notes: z.string().nullable(),
  store_id: id.nullable(),
});
export type GiftcardRow = z.infer<typeof giftcardRowSchema>;

/**
 * Issuing a card: its number, the amount loaded on it (the balance starts there, with an 'issue' history
 * row), and optionally its customer, expiry and notes. A card is issued active; the balance is never set by
 * hand afterwards, only moved by reloads, sales and refunds (each with its history row).
 */
export const createGiftcardBody = z.strictObject({
  number: giftcardNumberField,
  initial_amount: giftcardAmountField,
  customer_id: blankable(refIdField('a customer')).optional(),
  expires_at: expiresField,
  notes: optionalText(500, 'The notes'),
});
export type CreateGiftcardBody = z.output<typeof createGiftcardBody>;

/** What an edit may change: the number (still unique), the customer, the expiry, the notes. Never the balance. */
export const updateGiftcardBody = createGiftcardBody.omit({ initial_amount: true }).partial();
export type UpdateGiftcardBody = z.output<typeof updateGiftcardBody>;

/** POST /api/giftcards/{id}/reload: adds `amount` to the balance, with a 'reload' history row. */
export const reloadGiftcardBody = z.strictObject({
  amount: giftcardAmountField,
  note: optionalText(500, 'The note'),
});
export type ReloadGiftcardBody = z.output<typeof reloadGiftcardBody>;

/** CSV columns of import, in file order (the create body's fields; amounts in minor units). */
export const GIFTCARD_CSV_COLUMNS = [
  'number',
  'initial_amount',
  'customer_id',
  'expires_at',
  'notes',
] as const;

/** CSV columns of export: the import's, then what the card holds now. */
export const GIFTCARD_EXPORT_COLUMNS = [
  ...GIFTCARD_CSV_COLUMNS,
  'balance',
  'is_active',
  'created_at',
] as const;
