/**
 * Sales: create, read and update a sale, and sale management (docs/sales.md#the-order Order and Sale,
 * docs/sales.md#editing-the-order, docs/sales.md#sale-management "Sale screen" and "Sales management";
 * docs/sales.md#sale-management pos/sales paths; docs/money.md, docs/api.md). Shared by the client and the
 * server.
 *
 * What the client sends when it completes or parks a sale is its Order (src/domain/order.types.ts) as it holds
 * it. The server reads only what a person chose (items, quantities, price overrides, discounts, tips, employees,
 * customer, payments) and rebuilds everything else from the catalog and the store settings: names, catalog
 * prices, taxes, costs, commission rates and every total a client sends are ignored
 * (docs/api.md#the-server-recomputes). Unknown keys (the client's UI state: activeEmployeeIndex, settings,
 * booking...) are dropped, not refused, so the Order can be sent whole.
 *
 * `status` says what to do: 1 (Sale, the default) completes the sale and needs it paid in full; 4 (Draft) saves
 * it unfinished. NOTE for the client: an Order is in status Draft (4) until the server created it
 * (createOrder), so the createSale actor must send `status: 1` to complete.
 */
import { z } from 'zod';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPES, SALE_STATUS } from '../domain/constants';
import type { CreatedSale, SaleRecord } from '../domain/order-editing';
import { listQuerySchema, pageSchema } from './envelope';
import { paymentInputSchema, SALE_PAYMENT_STATUSES } from './payments';

// ---- bounds ------------------------------------------------------------------------------------------

/** Largest price, discount or tip (minor units), the same bound as a payment (contracts/payments.ts). */
export const MAX_AMOUNT = 1_000_000_000_000;
/** Units of one line: a salon never sells more; keeps price × quantity far inside safe integers. */
export const MAX_QUANTITY = 1000;
export const MAX_LINES_PER_EMPLOYEE = 100;
export const MAX_EMPLOYEES_PER_SALE = 30;
export const MAX_PAYMENTS_PER_SALE = 20;
/** Bulk and save-all-changes: one request, one transaction, bounded. */
export const MAX_BULK_IDS = 100;
/** A line's free `info` as JSON text. */
export const MAX_INFO_LENGTH = 2000;

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const money = z.number().int('Amounts are whole minor units.').min(0).max(MAX_AMOUNT);
const isoDateTime = z.iso.datetime({ offset: true });

/** 12.5 → ok; 12.1234567 (more than 6 decimals) or 1e-7 → refused (docs/money.md: percents are exact decimals). */
const PERCENT_TEXT = /^\d{1,3}(\.\d{1,6})?$/;

const discountTypeSchema = z.union([z.literal(DISCOUNT_TYPE.PERCENT), z.literal(DISCOUNT_TYPE.AMOUNT)]);

function checkDiscountValue(d: { type: number; value: number }, ctx: z.RefinementCtx): void {
  if (d.type === DISCOUNT_TYPE.PERCENT) {
    if (d.value > 100 || !PERCENT_TEXT.test(String(d.value))) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'A percent is between 0 and 100 with at most 6 decimals.',
      });
    }
  } else if (!Number.isInteger(d.value) || d.value > MAX_AMOUNT) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'An amount is whole minor units.' });
  }
}

/** Percent (0): a percentage 0-100 with at most 6 decimals. Amount (1): whole minor units. */
export const discountValueSchema = z
  .object({ type: discountTypeSchema, value: z.number().min(0) })
  .superRefine(checkDiscountValue);

const lineDiscountSourceSchema = z.union([
  z.literal(DISCOUNT_SOURCE.ITEM),
  z.literal(DISCOUNT_SOURCE.EMPLOYEE),
]);

export const lineDiscountSchema = z.object({ type: lineDiscountSourceSchema, discount: discountValueSchema });

const itemTypeSchema = z.union([
  z.literal(ITEM_TYPE.SERVICE),
  z.literal(ITEM_TYPE.PRODUCT),
  z.literal(ITEM_TYPE.PRODUCT_KIT),
  z.literal(ITEM_TYPE.GIFTCARD),
]);

const infoSchema = z
  .record(z.string().max(64), z.unknown())
  .refine((info) => JSON.stringify(info).length <= MAX_INFO_LENGTH, 'The line info is too long.');

// ---- create / update input ---------------------------------------------------------------------------

/**
 * One line as the client holds it (OrderItem). Read: item_id, item_type, quantity, price (the override, null =
 * catalog price), discounts, giftcard_number, info; for a gift card line (90) the card's amount is `price` or
 * else `unit_price`. Ignored (rebuilt from the catalog): name, taxes, unit_price of catalog items, tax_on,
 * indian_tax, cost, commission_rate.
 */
export const orderItemInputSchema = z.object({
  item_id: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  item_type: itemTypeSchema,
  quantity: z.number().int('A quantity is a whole number.').min(1).max(MAX_QUANTITY),
  price: money.nullable().optional(),
  unit_price: money.optional(),
  discounts: z.array(lineDiscountSchema).max(2).optional(),
  giftcard_number: z.string().max(80).nullable().optional(),
  info: infoSchema.nullable().optional(),
});
export type OrderItemInput = z.infer<typeof orderItemInputSchema>;

export const tipInputSchema = z.object({ user_id: id, tip_amount: money });

export const orderEmployeeInputSchema = z.object({
  employee: z.object({ id }),
  orderItems: z.array(orderItemInputSchema).max(MAX_LINES_PER_EMPLOYEE),
  tips: tipInputSchema.nullable().optional(),
});

const orderDiscountInputSchema = discountValueSchema.nullable().optional();

/**
 * Order discounts (docs/sales.md#the-order kinds). The membership discount is the customer's membership's,
 * whatever is sent; the manager's needs `approved_by`, a manager, admin or owner of the tenant (the PIN owner
 * the client got from /role-by-code).
 */
export const orderDiscountsInputSchema = z.object({
  ticket: orderDiscountInputSchema,
  other: orderDiscountInputSchema,
  membership: orderDiscountInputSchema,
  manager: z
    .object({ type: discountTypeSchema, value: z.number().min(0), approved_by: id.nullable().optional() })
    .superRefine(checkDiscountValue)
    .nullable()
    .optional(),
});

export const saleBodySchema = z.object({
  /** Client-generated, unique per tenant: a second create with it returns the same sale (docs/api.md#writes-and-idempotency). */
  uuid: z.uuid(),
  /** 1 completes (default), 4 saves a draft. */
  status: z.union([z.literal(SALE_STATUS.SALE), z.literal(SALE_STATUS.DRAFT)]).default(SALE_STATUS.SALE),
  /** When the sale happened (an offline sale synced later); default now; never in the future. */
  order_at: isoDateTime.nullable().optional(),
  customer: z.object({ id }).nullable().optional(),
  customer_id: id.nullable().optional(),
  /** The order's main employee; default the first group's. */
  employee: z.object({ id }).nullable().optional(),
  orderEmployees: z.array(orderEmployeeInputSchema).min(1).max(MAX_EMPLOYEES_PER_SALE),
  discount: orderDiscountsInputSchema.optional(),
  /** Drafts carry none (they are taken when the sale completes). */
  payments: z.array(paymentInputSchema).max(MAX_PAYMENTS_PER_SALE).default([]),
  note: z.string().max(500).nullable().optional(),
  /**
   * The walk-in whose turn the sale screen attached (turn.add from the walk-in queue's start): completing the
   * sale finishes her turn and the visit (docs/front-desk.md#walk-in-lifecycle). A draft leaves it as it is.
   */
  walk_in_id: id.nullable().optional(),
  /**
   * The booking the sale screen attached (booking.add from the appointment book's start sale): completing the
   * sale completes the booking (docs/appointments.md#status). A draft leaves it as it is.
   */
  booking_id: id.nullable().optional(),
});
export type SaleBody = z.infer<typeof saleBodySchema>;

export const saleIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

// ---- sale detail (response) ---------------------------------------------------------------------------

const employeeSchema = z.object({ id, name: z.string(), commission_rate: z.number().optional() });

const orderTotalSchema = z.object({
  total_cost: z.number().int(),
  total_commission: z.number().int(),
  total_deductible: z.number().int(),
  creditcard_fee: z.number().int(),
  taxes: z.number().int(),
  discount_amount: z.number().int(),
  tip_amount: z.number().int(),
  sub_total: z.number().int(),
  total_price: z.number().int(),
  paid_customer_total: z.number().int(),
  paid_customer_change_amount_total: z.number().int(),
  indian: z.boolean(),
});

const discountAmountsSchema = z.object({
  discount_item: z.number().int(),
  discount_employee: z.number().int(),
  discount_ticket: z.number().int(),
  discount_membership: z.number().int(),
  discount_manager: z.number().int(),
  discount_other: z.number().int(),
});

const storedDiscountSchema = z.object({
  type: discountTypeSchema,
  value: z.number(),
  approved_by: z.number().int().nullable().optional(),
});

export const orderDiscountsSchema = z.object({
  ticket: storedDiscountSchema.optional(),
  manager: storedDiscountSchema.optional(),
  membership: storedDiscountSchema.optional(),
  other: storedDiscountSchema.optional(),
});

/** A sold line: the OrderItem fields plus its id and the amounts the server computed. */
export const saleLineSchema = z.object({
  /** sale_line_id: what a refund by lines names. */
  id,
  item_id: z.number().int(),
  item_type: itemTypeSchema,
  name: z.string(),
  taxes: z.string(),
  unit_price: z.number().int(),
  /** The overridden unit price (null: the catalog price applied). Same value as price_override. */
  price: z.number().int().nullable(),
  price_override: z.number().int().nullable(),
  quantity: z.number().int(),
  refunded_quantity: z.number().int(),
  giftcard_number: z.string().nullable(),
  info: z.record(z.string(), z.unknown()).nullable(),
  discounts: z.array(lineDiscountSchema),
  tax_on: z.number().int(),
  indian_tax: z.enum(['0', '1']),
  /** Unit cost (OrderItem.cost); the line's total cost is `line_cost`. */
  cost: z.number().int(),
  commission_rate: z.number().optional(),
  gross: z.number().int(),
  item_discount: z.number().int(),
  employee_discount: z.number().int(),
  net: z.number().int(),
  tax: z.number().int(),
  tax_amounts: z.array(z.number().int()),
  commission: z.number().int(),
  line_cost: z.number().int(),
  deductible: z.number().int(),
});
export type SaleLine = z.infer<typeof saleLineSchema>;

export const saleEmployeeSchema = z.object({
  employee: employeeSchema,
  orderItems: z.array(saleLineSchema),
  tips: z.object({ user_id: id, tip_amount: z.number().int() }).optional(),
  service_amount: z.number().int(),
});

export const salePaymentSchema = z.object({
  id,
  payment_type: z.literal(PAYMENT_TYPES),
  /** What was tendered (sale_payments.amount). */
  payment_amount: z.number().int(),
  payment_info: z.object({
    reference: z.string().optional(),
    card_brand: z.string().optional(),
    last4: z.string().optional(),
    approval_code: z.string().optional(),
    processor_reference: z.string().optional(),
    points: z.number().int().optional(),
    taken_at: z.string().optional(),
    offline: z.boolean().optional(),
  }),
  status: z.enum(SALE_PAYMENT_STATUSES),
  tip_amount: z.number().int(),
  refunded_amount: z.number().int(),
});

export const saleCustomerSchema = z.object({
  id,
  name: z.string(),
  telephone: z.string().optional(),
  point_balance: z.number().int().optional(),
  membership: z
    .object({
      id,
      name: z.string(),
      discount: z.object({ type: discountTypeSchema, value: z.number() }).optional(),
    })
    .nullable()
    .optional(),
});

const saleStatusSchema = z.union([
  z.literal(SALE_STATUS.SALE),
  z.literal(SALE_STATUS.REFUND),
  z.literal(SALE_STATUS.VOID),
  z.literal(SALE_STATUS.DRAFT),
  z.literal(SALE_STATUS.TRASH),
]);

/**
 * A sale as the server holds it. Carries every field of the domain's CreatedSale (id, ticket_no,
 * daily_ticket_no, invoice_no, order_at) and of SaleRecord (uuid, status, customer, employee, orderEmployees,
 * discount, payments), so the client can `setCreatedSale` and `loadSale` from it directly.
 */
export const saleDetailSchema = z.object({
  id,
  uuid: z.string(),
  store_id: id,
  workstation_id: z.number().int().nullable(),
  status: saleStatusSchema,
  status_before_trash: saleStatusSchema.nullable(),
  ticket_no: z.number().int(),
  daily_ticket_no: z.number().int(),
  invoice_no: z.string(),
  /** The store-local date the daily ticket number belongs to (YYYY-MM-DD). */
  business_date: z.string(),
  order_at: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  trashed_at: z.string().nullable(),
  customer: saleCustomerSchema.nullable(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  cashier_id: z.number().int(),
  employee: employeeSchema.nullable(),
  orderEmployees: z.array(saleEmployeeSchema),
  discount: orderDiscountsSchema,
  discount_amounts: discountAmountsSchema,
  payments: z.array(salePaymentSchema),
  totals: orderTotalSchema,
  /** max(0, total_price − paid_customer_total) as recomputed now (a tip added after payment shows here). */
  balance_due: z.number().int(),
  refunded_amount: z.number().int(),
  has_refund: z.boolean(),
  note: z.string().nullable(),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

// Compile-time guarantees: the client stores a created sale with setCreatedSale and reloads one with loadSale
// straight from this detail (src/domain/order-editing.ts), so it must be both a CreatedSale and a SaleRecord.
type Is<T extends true> = T;
export type SaleDetailIsCreatedSale = Is<SaleDetail extends CreatedSale ? true : false>;
export type SaleDetailIsSaleRecord = Is<SaleDetail extends SaleRecord ? true : false>;

// ---- list --------------------------------------------------------------------------------------------

export const SALE_SORTS = [
  'order_at',
  '-order_at',
  'ticket_no',
  '-ticket_no',
  'daily_ticket_no',
  '-daily_ticket_no',
  'total_price',
  '-total_price',
  'created_at',
  '-created_at',
] as const;

const commaIds = z
  .string()
  .max(200)
  .regex(/^\d+(,\d+)*$/, 'A comma-separated list of numbers.')
  .transform((s) => s.split(',').map(Number));

/**
 * filter[from] / filter[to]: order_at range (UTC ISO, docs/api.md#defaults-and-formats), to exclusive;
 * filter[business_date_from/_to] (YYYY-MM-DD, inclusive); filter[status]=1,2; filter[employee_id];
 * filter[cashier_id]; filter[customer_id]; filter[ticket_no]; filter[invoice_no]. Cleared sales are never
 * listed.
 */
export const saleListFilterSchema = z.strictObject({
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  business_date_from: z.iso.date().optional(),
  business_date_to: z.iso.date().optional(),
  status: commaIds.optional(),
  employee_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  cashier_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  customer_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  ticket_no: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  invoice_no: z.string().max(64).optional(),
});

export const saleListQuerySchema = listQuerySchema.extend({
  sort: z.enum(SALE_SORTS).default('-order_at'),
  filter: saleListFilterSchema.optional(),
});
export type SaleListQuery = z.infer<typeof saleListQuerySchema>;

export const saleSummarySchema = z.object({
  id,
  uuid: z.string(),
  status: saleStatusSchema,
  status_before_trash: saleStatusSchema.nullable(),
  ticket_no: z.number().int(),
  daily_ticket_no: z.number().int(),
  invoice_no: z.string(),
  business_date: z.string(),
  order_at: z.string(),
  created_at: z.string(),
  trashed_at: z.string().nullable(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  cashier_id: z.number().int(),
  employee_id: z.number().int().nullable(),
  employee_name: z.string().nullable(),
  totals: orderTotalSchema,
  refunded_amount: z.number().int(),
  has_refund: z.boolean(),
});
export type SaleSummary = z.infer<typeof saleSummarySchema>;
export const saleListSchema = pageSchema(saleSummarySchema);

// ---- management input ---------------------------------------------------------------------------------

const reason = z.string().trim().max(500).optional();

/**
 * POST pos/sales/{id}/status. The target status is asked of the sale-status machine: 1 completes a draft (paid
 * in full) or restores a trashed sale whose status before trash was Sale; 2 refunds in full; 3 voids; 9 trashes;
 * 4 restores a trashed draft. Anything the machine does not allow is 409. Refund, void and trash need a
 * manager's PIN approval (X-Pin-Approval).
 */
export const saleStatusBodySchema = z.object({
  id: id.optional(),
  status: saleStatusSchema,
  reason,
});

export const saleTipBodySchema = z.object({
  tips: z.array(tipInputSchema).min(1).max(MAX_EMPLOYEES_PER_SALE),
});

/**
 * Moves the lines (all of them, or `line_ids`) and, when the whole group moves, the tip of one employee to
 * another. The target joins the sale if absent, or receives the lines into their group.
 */
export const saleEmployeeBodySchema = z.object({
  from_employee_id: id,
  to_employee_id: id,
  line_ids: z.array(id).min(1).max(MAX_LINES_PER_EMPLOYEE).optional(),
});

/** The ticket numbers and business_date stay those given when the sale was made. */
export const saleOrderAtBodySchema = z.object({ order_at: isoDateTime });

export const refundLineInputSchema = z.object({
  sale_line_id: id,
  quantity: z.number().int('A quantity is a whole number.').min(1).max(MAX_QUANTITY),
});

/** No `lines`: refund everything not refunded yet. */
export const saleRefundBodySchema = z.object({
  lines: z
    .array(refundLineInputSchema)
    .min(1)
    .max(MAX_LINES_PER_EMPLOYEE * 3)
    .optional(),
  reason,
});

export const saleReasonBodySchema = z.object({ reason }).optional();

export const BULK_ACTIONS = ['trash', 'restore', 'clear'] as const;
export const saleBulkBodySchema = z.object({
  action: z.enum(BULK_ACTIONS),
  ids: z.array(id).min(1).max(MAX_BULK_IDS),
  reason,
});

export const saleChangeSchema = z.object({
  id,
  order_at: isoDateTime.optional(),
  tips: z.array(tipInputSchema).min(1).max(MAX_EMPLOYEES_PER_SALE).optional(),
  employee: saleEmployeeBodySchema.optional(),
  status: saleStatusSchema.optional(),
  reason,
});
export const saleSaveAllBodySchema = z.object({
  changes: z.array(saleChangeSchema).min(1).max(MAX_BULK_IDS),
});

// ---- management output --------------------------------------------------------------------------------

export const saleRefundLineInfoSchema = z.object({
  sale_line_id: id,
  employee_id: id,
  item_id: z.number().int(),
  item_type: itemTypeSchema,
  name: z.string(),
  quantity: z.number().int(),
  refunded_quantity: z.number().int(),
  remaining_quantity: z.number().int(),
  /** What refunding the remaining quantity gives back (docs/money.md step 10). */
  refund_amount: z.number().int(),
});

export const saleRefundRecordSchema = z.object({
  id,
  amount: z.number().int(),
  lines: z.array(z.object({ sale_line_id: id, quantity: z.number().int(), amount: z.number().int() })),
  approved_by: z.number().int().nullable(),
  created_by: z.number().int(),
  reason: z.string().nullable(),
  created_at: z.string(),
});

export const saleRefundInfoSchema = z.object({
  sale_id: id,
  status: saleStatusSchema,
  can_refund: z.boolean(),
  refund_error: z.string().nullable(),
  can_void: z.boolean(),
  void_error: z.string().nullable(),
  total_price: z.number().int(),
  refunded_amount: z.number().int(),
  /** Refunding every remaining line now, capped at what was taken and not yet given back. */
  refundable_amount: z.number().int(),
  lines: z.array(saleRefundLineInfoSchema),
  payments: z.array(salePaymentSchema),
  refunds: z.array(saleRefundRecordSchema),
});
export type SaleRefundInfo = z.infer<typeof saleRefundInfoSchema>;

export const saleRefundResultSchema = z.object({
  sale: saleDetailSchema,
  refund: saleRefundRecordSchema,
});

export const saleInvoiceSchema = z.object({
  sale: saleDetailSchema,
  store: z.object({
    id,
    code: z.string(),
    name: z.string(),
    timezone: z.string(),
    currency: z.string(),
    receipt: z.object({
      name: z.string().optional(),
      address: z.string().optional(),
      phone: z.string().optional(),
      footer: z.string().optional(),
    }),
  }),
  /** Payments as printed: Momo, VnPay and VietQr print as Cash (docs/sales.md#payments). */
  printed_payments: z.array(z.object({ payment_type: z.number().int(), amount: z.number().int() })),
});

export const saleClearedSchema = z.object({ ids: z.array(id), count: z.number().int() });

export const saleBulkResultSchema = z.object({
  items: z.array(z.object({ id, status: saleStatusSchema, cleared: z.boolean() })),
});

export const saleSaveAllResultSchema = z.object({ items: z.array(saleDetailSchema) });
