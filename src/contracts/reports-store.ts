/**
 * The store, gift card and services/products reports (docs/reports.md "Store", "Gift cards", "Services and
 * products"): their extra query fields and their answers. Shared by client and server; the common query,
 * range and sale figures are src/contracts/reports.ts.
 */
import { z } from 'zod';
import { GIFTCARD_HISTORY_KIND_VALUES } from './giftcards';
import { ITEM_CATEGORIES, reportListQuery, reportRangeSchema, saleFiguresSchema } from './reports';
import { pageSchema } from './envelope';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const money = z.number().int();
const count = z.number().int().min(0);
const isoDay = z.iso.date();
const isoDateTime = z.iso.datetime({ offset: true });

// ---- store ---------------------------------------------------------------------------------------------

/** A till: a workstation, or 0 for the store's till without one (docs/cash-drawer.md). */
const tillId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const STORE_SORTS = [
  'workstation_name',
  'sales_count',
  'gross',
  'net',
  'tips',
  'refunds',
  'voids',
] as const;
export const STORE_DETAILS_SORTS = [
  'date',
  'sales_count',
  'gross',
  'net',
  'tips',
  'refunds',
  'voids',
] as const;
export const STORE_DAYS_SORTS = ['date', 'workstation_name', 'sales_count', 'gross', 'net'] as const;

/** `store/details`: the till whose days are listed (0 = the till without a workstation). */
export const storeDetailsParams = {
  workstation_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
};

export const storeTillSchema = z.object({
  workstation_id: tillId,
  /** Empty for the till without a workstation (the screen names it). */
  workstation_name: z.string(),
  workstation_code: z.string(),
});
export type StoreTill = z.infer<typeof storeTillSchema>;

/** One till's figures over the period. */
export const storeRowSchema = saleFiguresSchema.extend(storeTillSchema.shape);
export type StoreRow = z.infer<typeof storeRowSchema>;

/** One till's figures on one store day (the details rows, and the by-day export). */
export const storeDayRowSchema = storeRowSchema.extend({ date: isoDay });
export type StoreDayRow = z.infer<typeof storeDayRowSchema>;

export const storeDetailsTotalsSchema = saleFiguresSchema.extend({ till: storeTillSchema });

export const storeReportQuery = reportListQuery(STORE_SORTS);
export const storeReportSchema = pageSchema(storeRowSchema).extend({
  range: reportRangeSchema,
  totals: saleFiguresSchema,
});
export type StoreReport = z.infer<typeof storeReportSchema>;
export const storeDetailsSchema = pageSchema(storeDayRowSchema).extend({
  range: reportRangeSchema,
  totals: storeDetailsTotalsSchema,
});
export type StoreDetailsReport = z.infer<typeof storeDetailsSchema>;

// ---- gift cards ----------------------------------------------------------------------------------------

export const GIFTCARD_SORTS = ['number', 'loaded', 'redeemed', 'net_change', 'balance'] as const;
export const GIFTCARD_DETAILS_SORTS = ['created_at', 'amount'] as const;

export const giftcardDetailsParams = { giftcard_id: queryId };

/**
 * A card's movements in the store in the period (giftcard_histories), each positive: loaded = issued or
 * reloaded; redeemed = spent as a payment; returned = a gift card payment given back to it (refund, void);
 * taken_back = the value of a sold card taken back (its sale refunded or voided); adjusted is signed.
 * net_change = loaded − redeemed + returned − taken_back + adjusted.
 */
export const giftcardFiguresSchema = z.object({
  movements: count,
  loaded: money,
  redeemed: money,
  returned: money,
  taken_back: money,
  adjusted: money,
  net_change: money,
});
export type GiftcardFigures = z.infer<typeof giftcardFiguresSchema>;

export const giftcardRowSchema = giftcardFiguresSchema.extend({
  giftcard_id: id,
  number: z.string(),
  customer_name: z.string().nullable(),
  is_active: z.boolean(),
  /** Its balance now (whatever the period), the store's liability to its holder. */
  balance: money,
});
export type GiftcardReportRow = z.infer<typeof giftcardRowSchema>;

/** The period's movements in the store, and what the store's cards owe now. */
export const giftcardTotalsSchema = giftcardFiguresSchema.extend({
  cards: count,
  /** Σ balance now of the cards this store issued that still hold one: the outstanding liability. */
  outstanding_cards: count,
  outstanding_balance: money,
});

export const giftcardHistoryRowSchema = z.object({
  id,
  created_at: isoDateTime,
  date: isoDay,
  kind: z.enum(GIFTCARD_HISTORY_KIND_VALUES),
  /** Signed: + credits the card, − debits it. */
  amount: money,
  balance_after: money,
  sale_id: id.nullable(),
  invoice_no: z.string().nullable(),
  user_name: z.string().nullable(),
  note: z.string().nullable(),
});
export type GiftcardHistoryRow = z.infer<typeof giftcardHistoryRowSchema>;

export const giftcardDetailsTotalsSchema = giftcardRowSchema;

export const giftcardReportSchema = pageSchema(giftcardRowSchema).extend({
  range: reportRangeSchema,
  totals: giftcardTotalsSchema,
});
export type GiftcardReport = z.infer<typeof giftcardReportSchema>;
export const giftcardDetailsSchema = pageSchema(giftcardHistoryRowSchema).extend({
  range: reportRangeSchema,
  totals: giftcardDetailsTotalsSchema,
});
export type GiftcardDetailsReport = z.infer<typeof giftcardDetailsSchema>;

// ---- services and products -----------------------------------------------------------------------------

export const ITEM_SORTS = ['name', 'quantity', 'gross', 'net', 'tax', 'refunds'] as const;
export const ITEM_DETAILS_SORTS = ['order_at', 'quantity', 'gross', 'net'] as const;

const itemType = z.coerce
  .number()
  .int()
  .refine((t) => [1, 2, 3, 90].includes(t), 'Give an item type: 1, 2, 3 or 90.');

/** `services-products`: one kind of item only (Service 1, Product 2, ProductKit 3, Giftcard 90). */
export const itemReportParams = { item_type: itemType.optional() };
/** `services-products/details`: the item whose lines are listed. */
export const itemDetailsParams = {
  item_type: itemType,
  item_id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
};

/** What an item sold in the period (completed sales, by order day) and the refunds of its lines (by refund day). */
export const itemFiguresSchema = z.object({
  sales_count: count,
  quantity: count,
  gross: money,
  line_discounts: money,
  net: money,
  tax: money,
  refunded_quantity: count,
  refunds: money,
});
export type ItemFigures = z.infer<typeof itemFiguresSchema>;

export const itemRowSchema = itemFiguresSchema.extend({
  /** `<item_type>-<item_id>`: unique per row. */
  item_key: z.string(),
  item_type: z.number().int(),
  category: z.enum(ITEM_CATEGORIES),
  item_id: z.number().int().min(0),
  name: z.string(),
});
export type ItemRow = z.infer<typeof itemRowSchema>;

export const itemLineRowSchema = z.object({
  sale_line_id: id,
  sale_id: id,
  invoice_no: z.string(),
  order_at: isoDateTime,
  date: isoDay,
  employee_name: z.string(),
  quantity: count,
  unit_price: money,
  gross: money,
  line_discounts: money,
  net: money,
  tax: money,
  /** Of this line so far, whenever refunded. */
  refunded_quantity: count,
});
export type ItemLineRow = z.infer<typeof itemLineRowSchema>;

export const itemDetailsTotalsSchema = itemFiguresSchema.extend({
  item_type: z.number().int(),
  item_id: z.number().int().min(0),
  name: z.string(),
});

/** One kind of item's figures in the period (whatever `item_type` asked): the screen's kind filter. */
export const itemKindSchema = itemFiguresSchema.extend({
  item_type: z.number().int(),
  category: z.enum(ITEM_CATEGORIES),
});
export type ItemKind = z.infer<typeof itemKindSchema>;

/** The rows' figures summed (`sales_count` sums each item's sales), and every kind sold in the period. */
export const itemTotalsSchema = itemFiguresSchema.extend({ kinds: z.array(itemKindSchema) });

export const itemReportSchema = pageSchema(itemRowSchema).extend({
  range: reportRangeSchema,
  totals: itemTotalsSchema,
});
export type ItemReport = z.infer<typeof itemReportSchema>;
export const itemDetailsSchema = pageSchema(itemLineRowSchema).extend({
  range: reportRangeSchema,
  totals: itemDetailsTotalsSchema,
});
export type ItemDetailsReport = z.infer<typeof itemDetailsSchema>;
