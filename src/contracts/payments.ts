/**
 * Payment requests and responses (docs/sales.md#payments payment entry, docs/sales.md#payments payment types;
 * docs/sales.md#payments payments catalogue), shared by the client and the server.
 *
 * Card data rule (docs/security.md#card-data): a card payment keeps brand, last 4 and an approval reference
 * only, never a card number, CVV or PIN block. So payment_info is a strict object (card_number, cvv, pan...
 * are unknown keys → 422) and every string in it is refused when it holds something that looks like a full
 * card number: 13 to 19 digits (spaces or dashes between groups allowed) that pass the Luhn check.
 */
import { z } from 'zod';
import { PAYMENT_TYPES } from '../domain/constants';
import type { PaymentType } from '../domain/constants';

// ---- card-number detection ---------------------------------------------------------------------------

/** Luhn (mod 10) over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return false;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A run of digits, possibly grouped by single spaces or dashes ("4111 1111-1111 1111"). */
const GROUPED_DIGITS = /\d(?:[ -]?\d)*/g;
const PLAIN_DIGITS = /\d+/g;

function isCardLike(digits: string): boolean {
  return digits.length >= 13 && digits.length <= 19 && luhnValid(digits);
}

/**
 * True when `text` holds what looks like a full payment card number (PAN): 13-19 digits passing Luhn,
 * either one plain run or one run grouped by spaces/dashes. Longer runs (20+ digits) are not card numbers.
 */
export function containsCardNumber(text: string): boolean {
  for (const m of text.matchAll(GROUPED_DIGITS)) if (isCardLike(m[0].replace(/[ -]/g, ''))) return true;
  for (const m of text.matchAll(PLAIN_DIGITS)) if (isCardLike(m[0])) return true;
  return false;
}

export const CARD_NUMBER_MESSAGE =
  'Card numbers are never stored: keep only the brand, the last 4 digits and the approval code.';

/** A free-text payment field: trimmed, bounded, never a card number. */
function safeText(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !containsCardNumber(s), CARD_NUMBER_MESSAGE);
}

// ---- payment input -----------------------------------------------------------------------------------

/**
 * What tells a payment apart and what a card or wallet payment keeps (domain PaymentInfo plus `points`).
 * - reference: gift card number (3), check number (4), coupon code (6), voucher code (7), any note (8, 11).
 * - points (5): how many points are redeemed; optional, the server derives it from the amount and the store's
 *   points_value_minor and refuses a value that disagrees.
 * - processor_reference: Momo/VnPay/VietQr → the payment request id (`payment_requests.id`, as a string)
 *   the server created; other types: the processor's transaction id.
 */
export const paymentInfoSchema = z.strictObject({
  reference: safeText(64).optional(),
  card_brand: safeText(32).optional(),
  last4: z
    .string()
    .regex(/^\d{4}$/, 'last4 must be exactly 4 digits.')
    .optional(),
  approval_code: safeText(64).optional(),
  processor_reference: safeText(128).optional(),
  points: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  taken_at: z.iso.datetime({ offset: true }).optional(),
  offline: z.boolean().optional(),
});
export type PaymentInfoInput = z.infer<typeof paymentInfoSchema>;

const paymentTypeSchema = z
  .number()
  .int()
  .refine((t): t is PaymentType => (PAYMENT_TYPES as readonly number[]).includes(t), {
    message: 'Unknown payment type.',
  });

/** Largest amount a payment may carry (minor units): bounded well inside bigint and JS safe integers. */
export const MAX_PAYMENT_AMOUNT = 1_000_000_000_000;

export const paymentInputSchema = z.strictObject({
  payment_type: paymentTypeSchema,
  payment_amount: z
    .number()
    .int('Amounts are whole minor units.')
    .positive('The amount must be greater than 0.')
    .max(MAX_PAYMENT_AMOUNT),
  payment_info: paymentInfoSchema.optional(),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

// ---- stored payment ----------------------------------------------------------------------------------

export const SALE_PAYMENT_STATUSES = ['pending', 'approved', 'declined', 'voided', 'refunded'] as const;
export type SalePaymentStatusValue = (typeof SALE_PAYMENT_STATUSES)[number];

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A sale_payments row on the wire. `amount` is what was tendered; refunds add to refunded_amount. */
export const recordedPaymentSchema = z.object({
  id,
  sale_id: id,
  store_id: id,
  payment_type: z.number().int(),
  amount: z.number().int(),
  tip_amount: z.number().int(),
  refunded_amount: z.number().int(),
  status: z.enum(SALE_PAYMENT_STATUSES),
  reference: z.string().nullable(),
  card_brand: z.string().nullable(),
  last4: z.string().nullable(),
  approval_code: z.string().nullable(),
  processor_reference: z.string().nullable(),
  giftcard_id: z.number().int().nullable(),
  coupon_id: z.number().int().nullable(),
  points: z.number().int().nullable(),
  taken_at: z.string(),
  offline: z.boolean(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type RecordedPayment = z.infer<typeof recordedPaymentSchema>;

/** The money side of a sale after a payment change (what the sale screen shows). */
export const saleBalanceSchema = z.object({
  sale_id: id,
  status: z.number().int(),
  total_price: z.number().int(),
  tip_amount: z.number().int(),
  paid_customer_total: z.number().int(),
  paid_customer_change_amount_total: z.number().int(),
  creditcard_fee: z.number().int(),
  balance_due: z.number().int(),
  refunded_amount: z.number().int(),
});
export type SaleBalance = z.infer<typeof saleBalanceSchema>;

export const paymentAllocationSchema = z.object({
  sale_payment_id: id,
  payment_type: z.number().int(),
  amount: z.number().int(),
});

// ---- routes: /api/payments ---------------------------------------------------------------------------

const PAYMENT_SORTS = ['taken_at', '-taken_at', 'amount', '-amount', 'id', '-id'] as const;
const dateFilter = z.iso.date().or(z.iso.datetime({ offset: true }));

/**
 * GET /api/payments: the session's store. filter[type]=2 or 2,3; filter[status]=pending;
 * filter[date_from] / filter[date_to]: ISO date (store-local whole day) or date-time, on taken_at;
 * filter[sale_id].
 */
export const listPaymentsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(200).default(15),
  sort: z.enum(PAYMENT_SORTS).default('-taken_at'),
  filter: z
    .strictObject({
      type: z
        .string()
        .regex(/^\d{1,2}(,\d{1,2}){0,11}$/, 'Payment types as a comma-separated list, e.g. 2,3.')
        .optional(),
      status: z.enum(SALE_PAYMENT_STATUSES).optional(),
      date_from: dateFilter.optional(),
      date_to: dateFilter.optional(),
      sale_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    })
    .optional(),
});
export type ListPaymentsQuery = z.infer<typeof listPaymentsQuery>;

/** POST /api/payments/sale: more payments on a sale that still has a balance due (e.g. paid later). */
export const salePaymentsBody = z.strictObject({
  sale_id: id,
  payments: z.array(paymentInputSchema).min(1).max(50),
});
export type SalePaymentsBody = z.infer<typeof salePaymentsBody>;

export const salePaymentsResultSchema = z.object({
  payments: z.array(recordedPaymentSchema),
  sale: saleBalanceSchema,
});
export type SalePaymentsResult = z.infer<typeof salePaymentsResultSchema>;

/** POST /api/payments/status: settle a pending payment (an offline card payment) as approved or declined. */
export const paymentStatusBody = z.strictObject({
  payment_id: id,
  status: z.enum(['approved', 'declined']),
  approval_code: safeText(64).optional(),
});
export type PaymentStatusBody = z.infer<typeof paymentStatusBody>;

/** POST /api/payments/bulk: several status settlements at once, all or nothing. */
export const bulkPaymentsBody = z.strictObject({
  items: z.array(paymentStatusBody).min(1).max(100),
});
export type BulkPaymentsBody = z.infer<typeof bulkPaymentsBody>;

export const bulkPaymentsResultSchema = z.object({
  payments: z.array(recordedPaymentSchema),
  sales: z.array(saleBalanceSchema),
});

const reason = z
  .string()
  .trim()
  .max(500)
  .refine((s) => !containsCardNumber(s), CARD_NUMBER_MESSAGE);

/** POST /api/payments/refund: give money back through one payment (amount default: all it has left). */
export const refundPaymentBody = z.strictObject({
  payment_id: id,
  amount: z.number().int().positive().max(MAX_PAYMENT_AMOUNT).optional(),
  reason: reason.optional(),
});
export type RefundPaymentBody = z.infer<typeof refundPaymentBody>;

/** POST /api/payments/void: cancel one payment of a sale (the sale then has a balance due again). */
export const voidPaymentBody = z.strictObject({
  payment_id: id,
  reason: reason.optional(),
});
export type VoidPaymentBody = z.infer<typeof voidPaymentBody>;

export const paymentActionResultSchema = z.object({
  payments: z.array(recordedPaymentSchema),
  allocations: z.array(paymentAllocationSchema),
  sale: saleBalanceSchema,
});
export type PaymentActionResult = z.infer<typeof paymentActionResultSchema>;

/**
 * POST /api/payments/tipAdjust: the tip written on a card slip after the sale. `tip_amount` is the card
 * payment's whole tip (replaces the previous one); it goes to `employee_id`'s tip (default: the sale's only
 * or first employee group).
 */
export const tipAdjustBody = z.strictObject({
  payment_id: id,
  tip_amount: z.number().int().min(0).max(MAX_PAYMENT_AMOUNT),
  employee_id: id.optional(),
});
export type TipAdjustBody = z.infer<typeof tipAdjustBody>;

// ---- routes: wallets and QR ---------------------------------------------------------------------------

export const PAYMENT_REQUEST_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired'] as const;

export const paymentRequestSchema = z.object({
  id,
  provider: z.enum(['momo', 'vnpay', 'vietqr']),
  status: z.enum(PAYMENT_REQUEST_STATUSES),
  amount: z.number().int(),
  order_id: z.string(),
  sale_id: z.number().int().nullable(),
  sale_uuid: z.string().nullable(),
  result_code: z.string().nullable(),
  signature_ok: z.boolean().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type PaymentRequestView = z.infer<typeof paymentRequestSchema>;

const walletCreateBase = {
  /** Whole VND (the wallets take VND only: the store currency must be VND). */
  amount: z.number().int().positive().max(MAX_PAYMENT_AMOUNT),
  sale_id: id.optional(),
  sale_uuid: z.uuid().optional(),
  order_info: z.string().trim().min(1).max(200).optional(),
};
const httpUrl = z.url({ protocol: /^https?$/ }).max(255);

export const momoCreateBody = z.strictObject({
  ...walletCreateBase,
  redirect_url: httpUrl.optional(),
  lang: z.enum(['vi', 'en']).optional(),
});
export type MomoCreateBody = z.infer<typeof momoCreateBody>;

export const momoCreateResultSchema = z.object({
  request: paymentRequestSchema,
  /** Where the signed body is POSTed (MoMo's create API). */
  endpoint: z.string(),
  /** The signed create request, exactly as MoMo expects it. */
  body: z.record(z.string(), z.unknown()),
  /** MoMo's answer when the store has a live endpoint configured (payUrl, deeplink, qrCodeUrl...). */
  response: z.record(z.string(), z.unknown()).nullable(),
});

export const momoStatusResultSchema = z.object({
  request: paymentRequestSchema,
  /** The signed query-status request (POST it to MoMo's query API to ask MoMo directly). */
  query: z.record(z.string(), z.unknown()),
});

/** MoMo's signed result (IPN body or the redirect's query), forwarded or POSTed as is. */
export const momoResultBody = z.record(z.string().max(64), z.union([z.string().max(2000), z.number()]));

export const vnpayCreateBody = z.strictObject({
  ...walletCreateBase,
  return_url: httpUrl.optional(),
  locale: z.enum(['vn', 'en']).optional(),
  bank_code: z
    .string()
    .regex(/^[A-Za-z0-9]{3,20}$/)
    .optional(),
});
export type VnpayCreateBody = z.infer<typeof vnpayCreateBody>;

export const vnpayCreateResultSchema = z.object({
  request: paymentRequestSchema,
  payment_url: z.string(),
});

/** The vnp_ parameters VNPAY appends to the return URL / sends to the IPN URL. */
export const vnpayCallbackQuery = z.record(z.string().max(64), z.string().max(2000));

export const vnpayReturnResultSchema = z.object({
  request: paymentRequestSchema,
  paid: z.boolean(),
});

export const vnpayIpnResultSchema = z.object({ RspCode: z.string(), Message: z.string() });

export const vietqrCreateBody = z.strictObject({
  ...walletCreateBase,
  /** Transfer content (≤ 25 letters, digits, spaces after removing diacritics); default the request's id. */
  info: z.string().trim().max(100).optional(),
});
export type VietqrCreateBody = z.infer<typeof vietqrCreateBody>;

export const vietqrCreateResultSchema = z.object({
  request: paymentRequestSchema,
  /** The EMVCo merchant-presented payload to render as a QR code (CRC-16/CCITT-FALSE checked). */
  qr_payload: z.string(),
  account_name: z.string(),
});

export const paymentRequestIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export const paymentRequestResultSchema = z.object({ request: paymentRequestSchema });
