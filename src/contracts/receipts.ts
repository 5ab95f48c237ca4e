/**
 * The public receipt (docs/sales.md#receipts "/pos/receipts/:id (receipt)" is public; ADR 007). Shared by the
 * server (GET /api/pos/receipts/:uuid) and the client (ReceiptView, the receipt machine).
 *
 * The URL's id is the sale's client uuid (random v4, unguessable), and the answer holds only what a printed
 * receipt shows. Anything else a sale carries (customer phone and email, customer and employee ids, costs,
 * commissions, gift card numbers, check numbers, coupon codes, processor references, notes) is NOT in these
 * schemas: the server encodes the response through them, and zod objects drop unknown keys, so a field the
 * service picked up by mistake still never leaves the server.
 *
 * Every amount is the server's stored figure in minor units of `store.currency` (docs/money.md): the receipt
 * never recomputes, so it prints exactly the totals of the sale.
 */
import { z } from 'zod';
import { ITEM_TYPE, ORDER_DISCOUNT_KINDS, PAYMENT_TYPES, SALE_STATUS } from '../domain/constants';

/**
 * The path parameter as sent, unchecked here: a malformed uuid is answered 404 like an unknown one (a 422 would
 * tell a prober which strings are worth trying), so the service checks the format itself. Its length is
 * bounded by the router (Fastify's maxParamLength, 100).
 */
export const receiptParamsSchema = z.object({ uuid: z.string() });

/** A uuid as the receipt route accepts it (any RFC 4122 variant; the client makes v4). */
export const receiptUuidSchema = z.uuid();

const minor = z.number().int();

const itemTypeSchema = z.union([
  z.literal(ITEM_TYPE.SERVICE),
  z.literal(ITEM_TYPE.PRODUCT),
  z.literal(ITEM_TYPE.PRODUCT_KIT),
  z.literal(ITEM_TYPE.GIFTCARD),
]);

/**
 * A sold line. `name` is the catalog name the line was sold under; for a gift card (90) it is only "Gift card":
 * the card's number is a bearer credential and the receipt URL is public.
 */
export const receiptLineSchema = z.object({
  item_type: itemTypeSchema,
  name: z.string(),
  quantity: z.number().int(),
  /** The unit price charged: the overridden price when there was one, else the catalog price. */
  unit_price: minor,
  /** unit_price × quantity. */
  gross: minor,
  /** Line discounts (docs/money.md step 2), by source. */
  item_discount: minor,
  employee_discount: minor,
  /** gross − line discounts. */
  net: minor,
  /** Units given back by refunds so far (the line prints as refunded when > 0). */
  refunded_quantity: z.number().int(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

/** One employee's group: their name as shown at the sale, their lines and their tip. */
export const receiptEmployeeSchema = z.object({
  name: z.string(),
  lines: z.array(receiptLineSchema),
  tip: minor,
});
export type ReceiptEmployee = z.infer<typeof receiptEmployeeSchema>;

/** An order discount (ticket, manager, membership, other) with the amount it took; zero ones are left out. */
export const receiptOrderDiscountSchema = z.object({
  kind: z.enum(ORDER_DISCOUNT_KINDS),
  amount: minor,
});
export type ReceiptOrderDiscount = z.infer<typeof receiptOrderDiscountSchema>;

/** Each tax rate of the sale (a percentage, e.g. 9.5) and what it came to over every line. */
export const receiptTaxSchema = z.object({ rate: z.number().min(0), amount: minor });
export type ReceiptTax = z.infer<typeof receiptTaxSchema>;

/**
 * A payment as printed: Momo, VnPay and VietQr print as Cash (docs/sales.md#payments), so `payment_type` is
 * never 9, 10 or 12. `amount` is what was tendered plus any tip added on it later. A card keeps its brand and
 * last 4 digits, as every card receipt prints them; other instruments print their type only.
 */
export const receiptPaymentSchema = z.object({
  payment_type: z.literal(PAYMENT_TYPES),
  amount: minor,
  card_brand: z.string().optional(),
  last4: z.string().optional(),
});
export type ReceiptPayment = z.infer<typeof receiptPaymentSchema>;

/** A completed sale, refunded or voided: drafts and trashed sales have no receipt (domain actionModeError). */
export const receiptStatusSchema = z.union([
  z.literal(SALE_STATUS.SALE),
  z.literal(SALE_STATUS.REFUND),
  z.literal(SALE_STATUS.VOID),
]);

export const receiptStoreSchema = z.object({
  /** The receipt header's name (store setting receipt.name), else the store's name. */
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  footer: z.string().nullable(),
  /** ISO 4217: every amount of the receipt is in its minor unit. */
  currency: z.string(),
  /** IANA zone: the receipt prints the sale's date and time as the store's clock showed them. */
  timezone: z.string(),
});

export const receiptTotalsSchema = z.object({
  sub_total: minor,
  /** Line discounts plus order discounts. */
  discount_amount: minor,
  taxes: minor,
  tip_amount: minor,
  /** The card fee, when the store passes it to the customer (0 otherwise). */
  creditcard_fee: minor,
  total_price: minor,
  paid_customer_total: minor,
  /** Cash handed back (paid_customer_change_amount_total). */
  change: minor,
});

export const receiptSchema = z.object({
  uuid: z.string(),
  status: receiptStatusSchema,
  store: receiptStoreSchema,
  /** The store's running ticket number. */
  ticket_no: z.number().int(),
  /** The ticket number of the business day (what the customer is called by). */
  daily_ticket_no: z.number().int(),
  invoice_no: z.string(),
  /** UTC ISO (docs/api.md#defaults-and-formats); shown in `store.timezone`. */
  order_at: z.string(),
  /** The customer's first name only: no last name, phone or email on a public page. */
  customer_first_name: z.string().nullable(),
  employees: z.array(receiptEmployeeSchema),
  order_discounts: z.array(receiptOrderDiscountSchema),
  taxes: z.array(receiptTaxSchema),
  totals: receiptTotalsSchema,
  payments: z.array(receiptPaymentSchema),
  /** Given back by refunds so far (full or by lines). */
  refunded_amount: minor,
});
export type ReceiptData = z.infer<typeof receiptSchema>;
