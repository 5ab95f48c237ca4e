/**
 * Payments of a sale (issue 3 item 6; 000 §3 payment entry, §9 payment types; design.md §4 step 9, §8).
 *
 * recordSalePayments and reverseSalePayments run INSIDE the caller's transaction (the sales service's
 * create, refund and void, or the payment routes below), so a sale and its payments and every balance they
 * touch commit together or not at all.
 *
 * Per payment type, what is checked and kept (sale_payments columns):
 * - Cash (1): the amount only. Change is the sale's paid_customer_change_amount_total (domain).
 * - Credit (2): card_brand, last4, approval_code, processor_reference, offline. NEVER a card number: the
 *   contract refuses card-like strings and unknown keys; a 4-digit `reference` without last4 is taken as
 *   last4. An offline card payment is 'pending' until /payments/status approves or declines it, and is
 *   limited by the store's offline_card_limit_per_ticket (design.md §6; 0 = none allowed offline).
 * - Gift card (3): reference = card number; active, not expired at the sale's order_at, balance debited
 *   atomically (`balance >= amount` in the UPDATE, the row lock serialises concurrent sales) + history 'sale'.
 * - Check (4): reference = check number.
 * - Point (5): a customer is required; points = amount / points_value_minor (store setting, default 1 minor
 *   unit per point: 100 points = 1.00), the amount must be a multiple; debited atomically + history 'redeem'.
 * - Coupon (6): reference = code; active, of this store or all stores, valid at order_at (starts_at ≤ order_at
 *   ≤ ends_at), sale total ≥ min_order_amount, amount ≤ the coupon's value (Amount: its value; Percent: that
 *   percent of the sale total), a use taken atomically against max_uses + history 'use'.
 * - Voucher (7), Venmo (8), Others (11): reference (and processor_reference) as given.
 * - Momo (9), VnPay (10), VietQr (12): processor_reference = the id of a payment_requests row of this store
 *   for that provider, status 'paid', of exactly this amount, not used by another sale; it is linked to the
 *   sale (payment_requests.sale_id).
 * Every refusal is a 422 whose field errors point at `payments.<i>.<field>`.
 */
import { asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { DISCOUNT_TYPE, PAYMENT_TYPE, SALE_STATUS } from '../../domain/constants';
import type { PaymentType } from '../../domain/constants';
import { percentOf } from '../../domain/money';
import { normaliseCode } from '../../domain/normalise';
import type { Order, Payment, PaymentInfo } from '../../domain/order.types';
import { computeOrderTotals } from '../../domain/order-total';
import { isSameBusinessDay } from '../../domain/sale-status';
import { paymentInputSchema } from '../../contracts/payments';
import type {
  BulkPaymentsBody,
  ListPaymentsQuery,
  PaymentInfoInput,
  PaymentStatusBody,
  RecordedPayment,
  RefundPaymentBody,
  SalePaymentsBody,
  SalePaymentsResult,
  TipAdjustBody,
  VoidPaymentBody,
} from '../../contracts/payments';
import type { FieldErrors } from '../../contracts/envelope';
import { requireStore } from '../auth-context';
import type { AuthContext, PinApprover } from '../auth-context';
import type { Queryable } from '../db/client';
import { coupons } from '../db/schema/coupons';
import { customers } from '../db/schema/customers';
import { giftcards } from '../db/schema/giftcards';
import { couponHistories, customerPointHistory, giftcardHistories } from '../db/schema/ledger-histories';
import { paymentRequests } from '../db/schema/payment-requests';
import type { PaymentProvider } from '../db/schema/payment-requests';
import { SALE_PAYMENT_STATUS, salePayments, saleRefunds, sales } from '../db/schema/sales';
import type { SalePaymentStatus } from '../db/schema/sales';
import {
  scopeStoreId,
  storeIdWhere,
  storeValues,
  storeWhere,
  tenantIdWhere,
  tenantValues,
  tenantWhere,
} from '../db/scoped';
import { conflict, HttpError, notFound, unprocessable } from '../errors';
import { loadPaymentStore, pointsValueMinor, toRecordedPayment, writeAudit } from '../payments/payment-rows';
import type { PaymentStore, SalePaymentRow } from '../payments/payment-rows';
import {
  countedSalePayments,
  loadSaleForPayments,
  orderWithPayments,
  resyncSaleTotals,
  saleBalance,
} from '../payments/sale-totals';

export type { RecordedPayment } from '../../contracts/payments';

/** A domain Payment; payment_info may also say how many points a Point payment redeems. */
export type SalePaymentInput = Payment & { payment_info?: PaymentInfo & { points?: number } };

export interface RecordSalePaymentsInput {
  saleId: number;
  storeId: number;
  customerId: number | null;
  payments: readonly SalePaymentInput[];
  /** The sale's total_price (minor units): coupon minimum order and percent coupons are measured on it. */
  totalPrice: number;
  /** The sale's order_at: coupons and gift cards must be valid then. */
  orderAt: Date;
  /**
   * What the caller already holds, so nothing is read again while the store's counter lock is held (create
   * sale): the sale's uuid (the caller inserted the sale in this transaction, so it exists) and the store.
   */
  known?: { saleUuid: string; store: PaymentStore };
}

/** A bound on one request's work; no salon splits a ticket 50 ways. */
export const MAX_PAYMENTS_PER_SALE = 50;

const WALLET_PROVIDER: Partial<Record<PaymentType, PaymentProvider>> = {
  [PAYMENT_TYPE.MOMO]: 'momo',
  [PAYMENT_TYPE.VN_PAY]: 'vnpay',
  [PAYMENT_TYPE.VIET_QR]: 'vietqr',
};

/** Statuses whose money counts on the sale (a pending offline card payment is still owed by the card). */
const LIVE_STATUSES: readonly SalePaymentStatus[] = [
  SALE_PAYMENT_STATUS.APPROVED,
  SALE_PAYMENT_STATUS.PENDING,
];

type Insert = typeof salePayments.$inferInsert;

class PaymentError extends HttpError {
  constructor(index: number, field: string, message: string) {
    super(422, message, { [`payments.${index}.${field}`]: [message] });
  }
}

function parsePayments(payments: readonly SalePaymentInput[]) {
  if (payments.length > MAX_PAYMENTS_PER_SALE) {
    throw unprocessable(`At most ${MAX_PAYMENTS_PER_SALE} payments per sale.`);
  }
  const errors: FieldErrors = {};
  const parsed = payments.map((payment, i) => {
    const result = paymentInputSchema.safeParse(payment);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const field = ['payments', i, ...issue.path].map(String).join('.');
      (errors[field] ??= []).push(issue.message);
    }
    return null;
  });
  if (Object.keys(errors).length > 0) {
    const first = Object.values(errors)[0]?.[0];
    throw unprocessable(first ?? 'The payments are invalid.', errors);
  }
  return parsed as { payment_type: PaymentType; payment_amount: number; payment_info?: PaymentInfoInput }[];
}

function requireReference(info: PaymentInfoInput | undefined, index: number, what: string): string {
  const code = normaliseCode(info?.reference ?? '').toUpperCase();
  if (code === '' || code.length > 64) {
    throw new PaymentError(index, 'payment_info.reference', `Enter the ${what}.`);
  }
  return code;
}

interface Context {
  tx: Queryable;
  auth: AuthContext;
  scope: { tenantId: number; storeId: number };
  store: PaymentStore;
  input: RecordSalePaymentsInput;
  saleUuid: string;
}

async function debitGiftcard(
  ctx: Context,
  index: number,
  amount: number,
  info: PaymentInfoInput | undefined,
) {
  const { tx, auth, input } = ctx;
  const number = requireReference(info, index, 'gift card number');
  const field = 'payment_info.reference';
  const [card] = await tx
    .select()
    .from(giftcards)
    .where(tenantWhere(giftcards, auth, eq(giftcards.number, number)))
    .limit(1);
  if (!card) throw new PaymentError(index, field, `Gift card ${number} was not found.`);
  if (!card.isActive) throw new PaymentError(index, field, `Gift card ${number} is not active.`);
  if (card.expiresAt && card.expiresAt.getTime() < input.orderAt.getTime()) {
    throw new PaymentError(index, field, `Gift card ${number} expired.`);
  }
  // The atomic debit: the WHERE re-reads the balance after any concurrent debit commits (row lock).
  const [debited] = await tx
    .update(giftcards)
    .set({ balance: sql`${giftcards.balance} - ${amount}` })
    .where(
      tenantIdWhere(giftcards, auth, card.id, eq(giftcards.isActive, true), gte(giftcards.balance, amount)),
    )
    .returning({ balance: giftcards.balance });
  if (!debited) {
    const [now] = await tx
      .select({ balance: giftcards.balance })
      .from(giftcards)
      .where(tenantIdWhere(giftcards, auth, card.id));
    throw new PaymentError(
      index,
      'payment_amount',
      `Gift card ${number} has not enough balance (${now?.balance ?? 0} left, ${amount} asked).`,
    );
  }
  await tx.insert(giftcardHistories).values(
    tenantValues(auth, {
      giftcardId: card.id,
      storeId: ctx.scope.storeId,
      saleId: input.saleId,
      kind: 'sale' as const,
      amount: -amount,
      balanceAfter: debited.balance,
      userId: auth.userId,
    }),
  );
  return { reference: number, giftcardId: card.id };
}

async function redeemPoints(ctx: Context, index: number, amount: number, info: PaymentInfoInput | undefined) {
  const { tx, auth, input } = ctx;
  if (input.customerId === null) {
    throw new PaymentError(index, 'payment_type', 'Points can only be redeemed on a sale with a customer.');
  }
  const value = pointsValueMinor(ctx.store.settings);
  if (amount % value !== 0) {
    throw new PaymentError(
      index,
      'payment_amount',
      `A points payment must be a multiple of ${value} (one point's value).`,
    );
  }
  const points = amount / value;
  if (info?.points !== undefined && info.points !== points) {
    throw new PaymentError(
      index,
      'payment_info.points',
      `${amount} is worth ${points} points, not ${info.points}.`,
    );
  }
  const [customer] = await tx
    .select({ id: customers.id, pointBalance: customers.pointBalance })
    .from(customers)
    .where(tenantIdWhere(customers, auth, input.customerId))
    .limit(1);
  if (!customer) throw new PaymentError(index, 'payment_type', 'The sale customer was not found.');
  const [debited] = await tx
    .update(customers)
    .set({ pointBalance: sql`${customers.pointBalance} - ${points}` })
    .where(tenantIdWhere(customers, auth, customer.id, gte(customers.pointBalance, points)))
    .returning({ pointBalance: customers.pointBalance });
  if (!debited) {
    throw new PaymentError(
      index,
      'payment_amount',
      `The customer has not enough points (${customer.pointBalance} held, ${points} asked).`,
    );
  }
  await tx.insert(customerPointHistory).values(
    tenantValues(auth, {
      customerId: customer.id,
      storeId: ctx.scope.storeId,
      saleId: input.saleId,
      kind: 'redeem' as const,
      points: -points,
      balanceAfter: debited.pointBalance,
      userId: auth.userId,
    }),
  );
  return { points };
}

async function useCoupon(ctx: Context, index: number, amount: number, info: PaymentInfoInput | undefined) {
  const { tx, auth, input, scope } = ctx;
  const code = requireReference(info, index, 'coupon code');
  const field = 'payment_info.reference';
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(tenantWhere(coupons, auth, eq(coupons.code, code)))
    .limit(1);
  if (!coupon || (coupon.storeId !== null && coupon.storeId !== scope.storeId)) {
    throw new PaymentError(index, field, `Coupon ${code} was not found.`);
  }
  if (!coupon.isActive) throw new PaymentError(index, field, `Coupon ${code} is not active.`);
  const at = input.orderAt.getTime();
  if (coupon.startsAt && coupon.startsAt.getTime() > at) {
    throw new PaymentError(index, field, `Coupon ${code} is not valid yet.`);
  }
  if (coupon.endsAt && coupon.endsAt.getTime() < at) {
    throw new PaymentError(index, field, `Coupon ${code} expired.`);
  }
  if (input.totalPrice < coupon.minOrderAmount) {
    throw new PaymentError(
      index,
      field,
      `Coupon ${code} needs an order of at least ${coupon.minOrderAmount}; this one is ${input.totalPrice}.`,
    );
  }
  const worth =
    coupon.discountType === DISCOUNT_TYPE.PERCENT
      ? percentOf(input.totalPrice, coupon.discountValue, ctx.store.currency)
      : coupon.discountValue;
  if (amount > worth) {
    throw new PaymentError(
      index,
      'payment_amount',
      `Coupon ${code} is worth ${worth} on this sale, not ${amount}.`,
    );
  }
  const [used] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      tenantIdWhere(
        coupons,
        auth,
        coupon.id,
        eq(coupons.isActive, true),
        or(isNull(coupons.maxUses), lt(coupons.usedCount, coupons.maxUses)),
      ),
    )
    .returning({ usedCount: coupons.usedCount });
  if (!used) throw new PaymentError(index, field, `Coupon ${code} has reached its maximum number of uses.`);
  await tx.insert(couponHistories).values(
    tenantValues(auth, {
      couponId: coupon.id,
      storeId: scope.storeId,
      saleId: input.saleId,
      customerId: input.customerId,
      kind: 'use' as const,
      discountAmount: amount,
      userId: auth.userId,
    }),
  );
  return { reference: code, couponId: coupon.id };
}

async function claimWalletPayment(
  ctx: Context,
  index: number,
  type: PaymentType,
  amount: number,
  info: PaymentInfoInput | undefined,
) {
  const { tx, scope, input } = ctx;
  const provider = WALLET_PROVIDER[type] as PaymentProvider;
  const field = 'payment_info.processor_reference';
  const ref = info?.processor_reference ?? '';
  if (!/^\d{1,15}$/.test(ref)) {
    throw new PaymentError(index, field, 'Give the id of the paid payment request (processor_reference).');
  }
  const [request] = await tx
    .select()
    .from(paymentRequests)
    .where(storeIdWhere(paymentRequests, scope, Number(ref)))
    .for('update')
    .limit(1);
  if (!request || request.provider !== provider) {
    throw new PaymentError(index, field, `Payment request ${ref} of ${provider} was not found.`);
  }
  if (request.status !== 'paid') {
    throw new PaymentError(index, field, `Payment request ${ref} is ${request.status}, not paid.`);
  }
  if (request.amount !== amount) {
    throw new PaymentError(
      index,
      'payment_amount',
      `Payment request ${ref} was paid ${request.amount}, not ${amount}.`,
    );
  }
  if (
    (request.saleId !== null && request.saleId !== input.saleId) ||
    (request.saleUuid !== null && request.saleUuid !== ctx.saleUuid)
  ) {
    throw new PaymentError(index, field, `Payment request ${ref} belongs to another sale.`);
  }
  const [taken] = await tx
    .select({ id: salePayments.id })
    .from(salePayments)
    .where(
      storeWhere(
        salePayments,
        scope,
        eq(salePayments.paymentType, type),
        eq(salePayments.processorReference, ref),
        inArray(salePayments.status, [...LIVE_STATUSES]),
      ),
    )
    .limit(1);
  if (taken) throw new PaymentError(index, field, `Payment request ${ref} is already recorded on a sale.`);
  await tx
    .update(paymentRequests)
    .set({ saleId: input.saleId })
    .where(storeIdWhere(paymentRequests, scope, request.id));
  return { processorReference: ref };
}

async function prepare(
  ctx: Context,
  index: number,
  payment: { payment_type: PaymentType; payment_amount: number; payment_info?: PaymentInfoInput },
): Promise<Insert> {
  const { payment_type: type, payment_amount: amount, payment_info: info } = payment;
  const base = {
    saleId: ctx.input.saleId,
    paymentType: type,
    amount,
    status: SALE_PAYMENT_STATUS.APPROVED as SalePaymentStatus,
    takenAt: info?.taken_at ? new Date(info.taken_at) : new Date(),
    offline: info?.offline ?? false,
    createdBy: ctx.auth.userId,
  };
  switch (type) {
    case PAYMENT_TYPE.CASH:
      return storeValues(ctx.scope, base);
    case PAYMENT_TYPE.CREDIT: {
      const ref = info?.reference;
      const last4 = info?.last4 ?? (ref && /^\d{4}$/.test(ref) ? ref : null);
      return storeValues(ctx.scope, {
        ...base,
        status: base.offline ? SALE_PAYMENT_STATUS.PENDING : base.status,
        cardBrand: info?.card_brand ?? null,
        last4,
        approvalCode: info?.approval_code ?? null,
        processorReference: info?.processor_reference ?? null,
      });
    }
    case PAYMENT_TYPE.GIFTCARD:
      return storeValues(ctx.scope, { ...base, ...(await debitGiftcard(ctx, index, amount, info)) });
    case PAYMENT_TYPE.POINT:
      return storeValues(ctx.scope, { ...base, ...(await redeemPoints(ctx, index, amount, info)) });
    case PAYMENT_TYPE.COUPON:
      return storeValues(ctx.scope, { ...base, ...(await useCoupon(ctx, index, amount, info)) });
    case PAYMENT_TYPE.MOMO:
    case PAYMENT_TYPE.VN_PAY:
    case PAYMENT_TYPE.VIET_QR:
      return storeValues(ctx.scope, {
        ...base,
        ...(await claimWalletPayment(ctx, index, type, amount, info)),
      });
    case PAYMENT_TYPE.CHECK:
    case PAYMENT_TYPE.VOUCHER:
      return storeValues(ctx.scope, { ...base, reference: info?.reference ?? null });
    default:
      // Venmo, Others: a reference and the processor's id as given.
      return storeValues(ctx.scope, {
        ...base,
        reference: info?.reference ?? null,
        processorReference: info?.processor_reference ?? null,
      });
  }
}

/** Deadlock avoidance: balance-changing payments are applied in one global order (type, then reference). */
function sideEffectOrder(
  parsed: readonly { payment_type: PaymentType; payment_info?: PaymentInfoInput }[],
): number[] {
  const key = (i: number) => {
    const p = parsed[i]!;
    return `${String(p.payment_type).padStart(2, '0')}:${normaliseCode(p.payment_info?.reference ?? '').toUpperCase()}:${p.payment_info?.processor_reference ?? ''}`;
  };
  return parsed.map((_, i) => i).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a - b));
}

export async function recordSalePayments(
  tx: Queryable,
  auth: AuthContext,
  input: RecordSalePaymentsInput,
): Promise<RecordedPayment[]> {
  requireStore(auth, input.storeId);
  if (!Number.isSafeInteger(input.totalPrice) || input.totalPrice < 0) {
    throw new Error(`recordSalePayments: totalPrice ${input.totalPrice} is not minor units`);
  }
  const parsed = parsePayments(input.payments);
  if (parsed.length === 0) return [];
  const scope = { tenantId: auth.tenantId, storeId: input.storeId };
  let saleUuid: string;
  let store: PaymentStore;
  if (input.known) {
    if (input.known.store.id !== input.storeId) {
      throw new Error(`recordSalePayments: store ${input.known.store.id} is not store ${input.storeId}`);
    }
    ({ saleUuid, store } = input.known);
  } else {
    const [sale] = await tx
      .select({ uuid: sales.uuid })
      .from(sales)
      .where(storeIdWhere(sales, scope, input.saleId))
      .limit(1);
    if (!sale) throw notFound('Sale not found.');
    saleUuid = sale.uuid;
    store = await loadPaymentStore(tx, auth, input.storeId);
  }

  const offlineCard = parsed
    .filter((p) => p.payment_type === PAYMENT_TYPE.CREDIT && p.payment_info?.offline === true)
    .reduce((sum, p) => sum + p.payment_amount, 0);
  if (offlineCard > 0) {
    const limit = store.settings.offline_card_limit_per_ticket ?? 0;
    if (offlineCard > limit) {
      throw unprocessable(
        limit === 0
          ? 'This store takes no card payments offline.'
          : `Card payments taken offline are limited to ${limit} per ticket.`,
      );
    }
  }

  const ctx: Context = { tx, auth, scope, store, input, saleUuid };
  const values: Insert[] = new Array<Insert>(parsed.length);
  for (const i of sideEffectOrder(parsed)) values[i] = await prepare(ctx, i, parsed[i]!);
  const rows = await tx.insert(salePayments).values(values).returning();
  return rows.map(toRecordedPayment);
}

// ---------------------------------------------------------------------------------------------------------
// Reversal

export interface ReverseSalePaymentsInput {
  saleId: number;
  kind: 'refund' | 'void';
  /** Refund: the amount to give back (minor units); void (and refund without amount): everything left. */
  amount?: number;
  /** Only these payments of the sale (payment-level refund or void); default every live payment. */
  paymentIds?: readonly number[];
}

/** How much of a refund went back through one payment. */
export interface PaymentAllocation {
  sale_payment_id: number;
  payment_type: PaymentType;
  amount: number;
}

export interface ReverseSalePaymentsResult {
  reversed: RecordedPayment[];
  /** Refund: what each payment gave back, in the refund order; void: each payment's whole remainder. */
  allocations: PaymentAllocation[];
}

/**
 * The order a refund goes back through the tender (our decision, spec silent): first what the POS can put
 * back itself, gift cards then points; then external money (card, wallets, Venmo, check, voucher, other);
 * cash last, as the drawer covers any remainder; coupons very last and never as money: a coupon's share is
 * only "refunded" when every money tender is exhausted (a full refund), and its use is not given back (a
 * void releases it). Within a type, the latest payment first.
 */
export const REFUND_ORDER: readonly PaymentType[] = [
  PAYMENT_TYPE.GIFTCARD,
  PAYMENT_TYPE.POINT,
  PAYMENT_TYPE.CREDIT,
  PAYMENT_TYPE.MOMO,
  PAYMENT_TYPE.VN_PAY,
  PAYMENT_TYPE.VIET_QR,
  PAYMENT_TYPE.VENMO,
  PAYMENT_TYPE.CHECK,
  PAYMENT_TYPE.VOUCHER,
  PAYMENT_TYPE.OTHERS,
  PAYMENT_TYPE.CASH,
  PAYMENT_TYPE.COUPON,
];

/**
 * What each payment can still give back: tendered + tip − already refunded, and for cash also minus the
 * change handed back (change comes out of the last cash payments first, design.md §4 step 9).
 */
function refundable(rows: readonly SalePaymentRow[], change: number): Map<number, number> {
  const out = new Map<number, number>();
  let changeLeft = change;
  for (const row of [...rows].sort((a, b) => b.id - a.id)) {
    let left = row.amount + row.tipAmount - row.refundedAmount;
    if (row.paymentType === PAYMENT_TYPE.CASH && changeLeft > 0) {
      const share = Math.min(changeLeft, row.amount);
      changeLeft -= share;
      left -= share;
    }
    out.set(row.id, Math.max(0, left));
  }
  return out;
}

async function giveBack(
  tx: Queryable,
  auth: AuthContext,
  row: SalePaymentRow,
  amount: number,
  kind: 'refund' | 'void',
  pointValue: number,
): Promise<void> {
  if (row.paymentType === PAYMENT_TYPE.GIFTCARD && row.giftcardId !== null && amount > 0) {
    const [card] = await tx
      .update(giftcards)
      .set({ balance: sql`${giftcards.balance} + ${amount}` })
      .where(tenantIdWhere(giftcards, auth, row.giftcardId))
      .returning({ balance: giftcards.balance });
    if (card) {
      await tx.insert(giftcardHistories).values(
        tenantValues(auth, {
          giftcardId: row.giftcardId,
          storeId: row.storeId,
          saleId: row.saleId,
          kind,
          amount,
          balanceAfter: card.balance,
          userId: auth.userId,
        }),
      );
    }
  }
  if (row.paymentType === PAYMENT_TYPE.POINT && row.points !== null && amount > 0) {
    // Cumulative floors, so the points given back add up to exactly row.points once all is refunded.
    const perPoint = row.points > 0 ? row.amount / row.points : pointValue;
    const before = Math.floor(row.refundedAmount / perPoint);
    const after = Math.min(row.points, Math.floor((row.refundedAmount + amount) / perPoint));
    const points = after - before;
    const [sale] = await tx
      .select({ customerId: sales.customerId })
      .from(sales)
      .where(tenantIdWhere(sales, auth, row.saleId));
    if (points > 0 && sale?.customerId) {
      const [customer] = await tx
        .update(customers)
        .set({ pointBalance: sql`${customers.pointBalance} + ${points}` })
        .where(tenantIdWhere(customers, auth, sale.customerId))
        .returning({ pointBalance: customers.pointBalance });
      if (customer) {
        await tx.insert(customerPointHistory).values(
          tenantValues(auth, {
            customerId: sale.customerId,
            storeId: row.storeId,
            saleId: row.saleId,
            kind,
            points,
            balanceAfter: customer.pointBalance,
            userId: auth.userId,
          }),
        );
      }
    }
  }
  if (row.paymentType === PAYMENT_TYPE.COUPON && row.couponId !== null && kind === 'void') {
    const [released] = await tx
      .update(coupons)
      .set({ usedCount: sql`${coupons.usedCount} - 1` })
      .where(tenantIdWhere(coupons, auth, row.couponId, sql`${coupons.usedCount} > 0`))
      .returning({ id: coupons.id });
    if (released) {
      const [sale] = await tx
        .select({ customerId: sales.customerId })
        .from(sales)
        .where(tenantIdWhere(sales, auth, row.saleId));
      await tx.insert(couponHistories).values(
        tenantValues(auth, {
          couponId: row.couponId,
          storeId: row.storeId,
          saleId: row.saleId,
          customerId: sale?.customerId ?? null,
          kind: 'release' as const,
          discountAmount: row.amount,
          userId: auth.userId,
        }),
      );
    }
  }
}

/**
 * Gives a sale's payments back (inside the caller's transaction): gift cards credited (history 'refund' or
 * 'void'), points returned, a coupon's use released on void, and each payment's refunded_amount / status
 * updated ('refunded' once nothing is left, 'voided' on void). Wallet, card and check money goes back
 * outside the POS (the provider's or terminal's refund); we record how much. The sale's own columns
 * (status, refunded_amount, has_refund) are the caller's (sales service).
 */
export async function reverseSalePayments(
  tx: Queryable,
  auth: AuthContext,
  input: ReverseSalePaymentsInput,
): Promise<ReverseSalePaymentsResult> {
  const storeId = scopeStoreId(auth);
  const scope = { tenantId: auth.tenantId, storeId };
  const [sale] = await tx
    .select({ id: sales.id, change: sales.paidCustomerChangeAmountTotal })
    .from(sales)
    .where(storeIdWhere(sales, scope, input.saleId))
    .limit(1);
  if (!sale) throw notFound('Sale not found.');
  const store = await loadPaymentStore(tx, auth, storeId);
  const all = await tx
    .select()
    .from(salePayments)
    .where(
      storeWhere(
        salePayments,
        scope,
        eq(salePayments.saleId, sale.id),
        inArray(salePayments.status, [...LIVE_STATUSES]),
      ),
    )
    .orderBy(asc(salePayments.id))
    .for('update');
  const left = refundable(all, sale.change);
  const chosen = input.paymentIds ? all.filter((row) => input.paymentIds!.includes(row.id)) : all;
  if (input.paymentIds && chosen.length !== new Set(input.paymentIds).size) {
    throw unprocessable('A payment to reverse is not a live payment of this sale.');
  }

  const allocations: PaymentAllocation[] = [];
  const updated: SalePaymentRow[] = [];
  const pointValue = pointsValueMinor(store.settings);

  if (input.kind === 'void') {
    for (const row of chosen) {
      const amount = left.get(row.id) ?? 0;
      await giveBack(tx, auth, row, amount, 'void', pointValue);
      allocations.push({ sale_payment_id: row.id, payment_type: row.paymentType, amount });
      const [next] = await tx
        .update(salePayments)
        .set({ status: SALE_PAYMENT_STATUS.VOIDED })
        .where(storeIdWhere(salePayments, scope, row.id))
        .returning();
      updated.push(next!);
    }
    return { reversed: updated.map(toRecordedPayment), allocations };
  }

  const available = chosen.reduce((sum, row) => sum + (left.get(row.id) ?? 0), 0);
  const amount = input.amount ?? available;
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw unprocessable(
      available === 0 ? 'Nothing is left to refund.' : 'The refund amount must be greater than 0.',
    );
  }
  if (amount > available) {
    throw unprocessable(`The refund is more than what is left to give back (${available}).`, {
      amount: [`At most ${available}.`],
    });
  }
  const ordered = [...chosen].sort(
    (a, b) => REFUND_ORDER.indexOf(a.paymentType) - REFUND_ORDER.indexOf(b.paymentType) || b.id - a.id,
  );
  let remaining = amount;
  for (const row of ordered) {
    if (remaining === 0) break;
    const take = Math.min(remaining, left.get(row.id) ?? 0);
    if (take === 0) continue;
    remaining -= take;
    await giveBack(tx, auth, row, take, 'refund', pointValue);
    allocations.push({ sale_payment_id: row.id, payment_type: row.paymentType, amount: take });
    const refunded = row.refundedAmount + take;
    const [next] = await tx
      .update(salePayments)
      .set({
        refundedAmount: refunded,
        status: take === left.get(row.id) ? SALE_PAYMENT_STATUS.REFUNDED : row.status,
      })
      .where(storeIdWhere(salePayments, scope, row.id))
      .returning();
    updated.push(next!);
  }
  return { reversed: updated.map(toRecordedPayment), allocations };
}

// ---------------------------------------------------------------------------------------------------------
// Route services (/api/payments...). Each runs in the route's transaction (the Idempotency-Key's).

export async function listPayments(db: Queryable, auth: AuthContext, query: ListPaymentsQuery) {
  const storeId = scopeStoreId(auth);
  const store = await loadPaymentStore(db, auth, storeId);
  const f = query.filter ?? {};
  const types = f.type ? f.type.split(',').map(Number) : undefined;
  const localDay = (date: string, plusDays: number) =>
    sql`((${date}::date + ${plusDays}::int)::timestamp at time zone ${store.timezone})`;
  const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  const where = storeWhere(
    salePayments,
    auth,
    types ? inArray(salePayments.paymentType, types as PaymentType[]) : undefined,
    f.status ? eq(salePayments.status, f.status) : undefined,
    f.sale_id ? eq(salePayments.saleId, f.sale_id) : undefined,
    f.date_from
      ? isDate(f.date_from)
        ? sql`${salePayments.takenAt} >= ${localDay(f.date_from, 0)}`
        : gte(salePayments.takenAt, new Date(f.date_from))
      : undefined,
    f.date_to
      ? isDate(f.date_to)
        ? sql`${salePayments.takenAt} < ${localDay(f.date_to, 1)}`
        : lte(salePayments.takenAt, new Date(f.date_to))
      : undefined,
  );
  const column = {
    taken_at: salePayments.takenAt,
    amount: salePayments.amount,
    id: salePayments.id,
  }[query.sort.replace('-', '') as 'taken_at' | 'amount' | 'id'];
  const direction = query.sort.startsWith('-') ? desc : asc;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(salePayments)
      .where(where)
      .orderBy(direction(column), direction(salePayments.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(salePayments)
      .where(where),
  ]);
  return {
    items: rows.map(toRecordedPayment),
    total: counted?.total ?? 0,
    page: query.page,
    per_page: query.per_page,
  };
}

async function lockPayment(tx: Queryable, auth: AuthContext, paymentId: number): Promise<SalePaymentRow> {
  const [row] = await tx
    .select()
    .from(salePayments)
    .where(storeIdWhere(salePayments, auth, paymentId))
    .for('update')
    .limit(1);
  if (!row) throw notFound('Payment not found.');
  return row;
}

/**
 * Payment-level refunds, voids, tips and later payments work on a completed sale (status Sale) only: a
 * refunded, voided, trashed or draft sale is changed through the sales endpoints, which own the sale-status
 * machine (machines/sale-status). A partial refund keeps a sale in status Sale, so these still apply then.
 */
function requireCompletedSale(sale: { status: number }, what: string): void {
  if (sale.status !== SALE_STATUS.SALE) {
    throw conflict(`${what} needs a completed sale (status Sale); this sale's status is ${sale.status}.`);
  }
}

/** POST /api/payments/sale: payments added to a completed sale with a balance due (e.g. paid later). */
export async function addSalePayments(
  tx: Queryable,
  auth: AuthContext,
  body: SalePaymentsBody,
): Promise<SalePaymentsResult> {
  const sale = await loadSaleForPayments(tx, auth, body.sale_id);
  requireCompletedSale(sale, 'Adding a payment');
  const counted = await countedSalePayments(tx, auth, sale.id);
  const { order, totals } = orderWithPayments(sale, counted);
  if (totals.balance_due === 0) throw unprocessable('Nothing is due on this sale.');
  const after = computeOrderTotals({ ...order, payments: [...order.payments, ...body.payments] } as Order);
  if (after.overpaid_non_cash > 0) {
    throw unprocessable(
      `Only cash may exceed the balance due (${totals.balance_due}); a card, gift card or wallet payment cannot give change.`,
    );
  }
  const recorded = await recordSalePayments(tx, auth, {
    saleId: sale.id,
    storeId: sale.storeId,
    customerId: sale.customerId,
    payments: body.payments,
    totalPrice: sale.totalPrice,
    orderAt: sale.orderAt,
  });
  const balance = await resyncSaleTotals(tx, auth, sale);
  await writeAudit(tx, auth, {
    storeId: sale.storeId,
    action: 'payment.add',
    entityType: 'sale',
    entityId: sale.id,
    before: { paid_customer_total: sale.paidCustomerTotal, balance_due: totals.balance_due },
    after: { payments: recorded.map((p) => p.id), ...balance },
  });
  return { payments: recorded, sale: balance };
}

async function settleStatus(tx: Queryable, auth: AuthContext, body: PaymentStatusBody) {
  const row = await lockPayment(tx, auth, body.payment_id);
  if (row.status !== SALE_PAYMENT_STATUS.PENDING) {
    throw conflict(`Only a pending payment can be approved or declined; payment ${row.id} is ${row.status}.`);
  }
  const sale = await loadSaleForPayments(tx, auth, row.saleId);
  const [next] = await tx
    .update(salePayments)
    .set({ status: body.status, ...(body.approval_code ? { approvalCode: body.approval_code } : {}) })
    .where(storeIdWhere(salePayments, auth, row.id))
    .returning();
  // A declined payment's money never came: the sale is owed it again.
  const balance = await resyncSaleTotals(tx, auth, sale);
  await writeAudit(tx, auth, {
    storeId: row.storeId,
    action: 'payment.status',
    entityType: 'sale_payment',
    entityId: row.id,
    before: { status: row.status },
    after: { status: next!.status, approval_code: next!.approvalCode },
  });
  return { payment: toRecordedPayment(next!), sale: balance };
}

/** POST /api/payments/status. */
export async function updatePaymentStatus(tx: Queryable, auth: AuthContext, body: PaymentStatusBody) {
  const { payment, sale } = await settleStatus(tx, auth, body);
  return { payments: [payment], allocations: [], sale };
}

/** POST /api/payments/bulk: every item or none (one transaction). */
export async function bulkPaymentStatus(tx: Queryable, auth: AuthContext, body: BulkPaymentsBody) {
  if (new Set(body.items.map((i) => i.payment_id)).size !== body.items.length) {
    throw unprocessable('A payment appears twice in the list.');
  }
  const payments: RecordedPayment[] = [];
  const salesById = new Map<number, SalePaymentsResult['sale']>();
  // In id order, so two bulk requests lock their rows in the same order.
  for (const item of [...body.items].sort((a, b) => a.payment_id - b.payment_id)) {
    const { payment, sale } = await settleStatus(tx, auth, item);
    payments.push(payment);
    salesById.set(sale.sale_id, sale);
  }
  return { payments, sales: [...salesById.values()] };
}

/**
 * POST /api/payments/refund: money back through one payment, PIN-approved. Recorded as a sale_refunds row
 * without lines; the sale's refunded_amount grows and has_refund is set (no void after money went back),
 * and the sale stays in status Sale (moving to Refund is the sales refund by lines).
 */
export async function refundPayment(
  tx: Queryable,
  auth: AuthContext,
  body: RefundPaymentBody,
  approver: PinApprover | null,
) {
  const row = await lockPayment(tx, auth, body.payment_id);
  const sale = await loadSaleForPayments(tx, auth, row.saleId);
  requireCompletedSale(sale, 'A payment refund');
  const result = await reverseSalePayments(tx, auth, {
    saleId: sale.id,
    kind: 'refund',
    amount: body.amount,
    paymentIds: [row.id],
  });
  const amount = result.allocations.reduce((sum, a) => sum + a.amount, 0);
  await tx.insert(saleRefunds).values(
    storeValues(auth, {
      saleId: sale.id,
      lines: [],
      payments: result.allocations.map((a) => ({ ...a })),
      amount,
      approvedBy: approver?.userId ?? null,
      createdBy: auth.userId,
      reason: body.reason ?? null,
    }),
  );
  const [updated] = await tx
    .update(sales)
    .set({ refundedAmount: sql`${sales.refundedAmount} + ${amount}`, hasRefund: true })
    .where(storeIdWhere(sales, auth, sale.id))
    .returning();
  const counted = await countedSalePayments(tx, auth, sale.id);
  const { totals } = orderWithPayments(updated!, counted);
  await writeAudit(tx, auth, {
    storeId: sale.storeId,
    action: 'payment.refund',
    entityType: 'sale_payment',
    entityId: row.id,
    approvedBy: approver?.userId ?? null,
    before: { refunded_amount: row.refundedAmount, status: row.status },
    after: { refunded_amount: row.refundedAmount + amount, allocations: result.allocations },
  });
  return {
    payments: result.reversed,
    allocations: result.allocations,
    sale: saleBalance(updated!, totals.balance_due),
  };
}

/**
 * POST /api/payments/void: cancels one payment (wrong card, customer changed their mind), PIN-approved.
 * Like a sale void (sale-status rules), only on the business day it was taken and never after money went
 * back; the sale then shows that amount due again.
 */
export async function voidPayment(
  tx: Queryable,
  auth: AuthContext,
  body: VoidPaymentBody,
  approver: PinApprover | null,
) {
  const row = await lockPayment(tx, auth, body.payment_id);
  const sale = await loadSaleForPayments(tx, auth, row.saleId);
  requireCompletedSale(sale, 'A payment void');
  if (sale.hasRefund || row.refundedAmount > 0) {
    throw conflict('Money already went back on this sale: refund instead of voiding.');
  }
  const store = await loadPaymentStore(tx, auth, sale.storeId);
  if (!isSameBusinessDay(row.takenAt.toISOString(), new Date(), store.timezone)) {
    throw conflict('A payment can only be voided on the business day it was taken: refund it instead.');
  }
  const result = await reverseSalePayments(tx, auth, { saleId: sale.id, kind: 'void', paymentIds: [row.id] });
  const balance = await resyncSaleTotals(tx, auth, sale);
  await writeAudit(tx, auth, {
    storeId: sale.storeId,
    action: 'payment.void',
    entityType: 'sale_payment',
    entityId: row.id,
    approvedBy: approver?.userId ?? null,
    before: { status: row.status },
    after: { status: SALE_PAYMENT_STATUS.VOIDED, reason: body.reason ?? null },
  });
  return { payments: result.reversed, allocations: result.allocations, sale: balance };
}

/** POST /api/payments/tipAdjust: the card payment's tip, added to an employee's tip and the sale's totals. */
export async function tipAdjust(tx: Queryable, auth: AuthContext, body: TipAdjustBody) {
  const row = await lockPayment(tx, auth, body.payment_id);
  if (row.paymentType !== PAYMENT_TYPE.CREDIT) {
    throw unprocessable('A tip can only be adjusted on a card payment.', {
      payment_id: ['Not a card payment.'],
    });
  }
  if (!LIVE_STATUSES.includes(row.status)) throw conflict(`Payment ${row.id} is ${row.status}.`);
  if (row.refundedAmount > row.amount + body.tip_amount) {
    throw unprocessable('More than that was already refunded on this payment.');
  }
  const sale = await loadSaleForPayments(tx, auth, row.saleId);
  requireCompletedSale(sale, 'A tip adjustment');
  const groups = sale.orderSnapshot.orderEmployees;
  const userId = body.employee_id ?? (groups.length === 1 ? groups[0]!.employee.id : undefined);
  if (userId === undefined) {
    throw unprocessable('Say which employee gets the tip.', {
      employee_id: ['Required on a sale with several employees.'],
    });
  }
  const delta = body.tip_amount - row.tipAmount;
  const [next] = await tx
    .update(salePayments)
    .set({ tipAmount: body.tip_amount })
    .where(storeIdWhere(salePayments, auth, row.id))
    .returning();
  const balance = await resyncSaleTotals(tx, auth, sale, { userId, delta });
  await writeAudit(tx, auth, {
    storeId: sale.storeId,
    action: 'payment.tip_adjust',
    entityType: 'sale_payment',
    entityId: row.id,
    before: { tip_amount: row.tipAmount, sale_tip_amount: sale.tipAmount },
    after: { tip_amount: body.tip_amount, employee_id: userId, sale_tip_amount: balance.tip_amount },
  });
  return { payments: [toRecordedPayment(next!)], allocations: [], sale: balance };
}
