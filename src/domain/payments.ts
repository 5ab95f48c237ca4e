/**
 * Payment arithmetic (docs/money.md step 9, docs/money.md): sums, change, and whether a payment may be taken.
 * Adding, replacing and removing payments on the order is order-editing.ts's job; this file only counts.
 *
 * Every sum skips amounts ≤ 0 (docs/sales.md#editing-the-order: "amounts of 0 or less are never added"), so
 * an order read from an old client that kept one still adds up.
 */
import { PAYMENT_TYPE, PAYMENT_TYPES } from './constants';
import type { Minor, Order, Payment } from './order.types';
import { paymentKey } from './order-editing';
import { computeOrderTotals, type OrderTotals } from './order-total';

function sumWhere(payments: readonly Payment[], keep: (p: Payment) => boolean): Minor {
  let sum = 0;
  for (const p of payments) if (p.payment_amount > 0 && keep(p)) sum += p.payment_amount;
  return sum;
}

/** Σ payment amounts: the spec's paid_customer_total before any card fee passed on to the customer. */
export function paidTotal(payments: readonly Payment[]): Minor {
  return sumWhere(payments, () => true);
}

/** Σ of every payment except credit card ones (docs/money.md: "credit payments are excluded"). */
export function nonCreditPaidTotal(payments: readonly Payment[]): Minor {
  return sumWhere(payments, (p) => p.payment_type !== PAYMENT_TYPE.CREDIT);
}

/** Σ credit card payments: what the card fee is a share of (docs/money.md, card fee). */
export function creditPaidTotal(payments: readonly Payment[]): Minor {
  return sumWhere(payments, (p) => p.payment_type === PAYMENT_TYPE.CREDIT);
}

/**
 * Σ cash payments. Only Cash (1) is cash in the drawer: Momo, VnPay and VietQr print as cash
 * (docs/sales.md#payments) but the money went to a wallet, so no change can come out of them.
 */
export function cashTendered(payments: readonly Payment[]): Minor {
  return sumWhere(payments, (p) => p.payment_type === PAYMENT_TYPE.CASH);
}

/**
 * Change to hand back: what the payments exceed `amountDue` by, but only from cash and at most the cash
 * tendered (docs/money.md step 9). `amountDue` is total_price without a card fee passed on to the customer
 * (the fee is added to both sides, so it cancels). A card overpayment is not change: see overpaid_non_cash.
 */
export function changeDue(amountDue: Minor, payments: readonly Payment[]): Minor {
  const overpaid = paidTotal(payments) - amountDue;
  return overpaid > 0 ? Math.min(overpaid, cashTendered(payments)) : 0;
}

export type PaymentError =
  /** Not a whole number of minor units. */
  | 'amountInvalid'
  /** 0 or less: never kept (docs/sales.md#editing-the-order, docs/money.md). */
  | 'amountNotPositive'
  | 'unknownPaymentType'
  /** The balance is already covered. */
  | 'nothingDue'
  /** Only cash may exceed the balance (the rest is change); a card or gift card can't give change. */
  | 'exceedsBalanceForNonCash';

/**
 * Null when `payment` may be set on the order (replacing the payment of the same type and reference, as
 * order-editing's setPayment does), otherwise why not. Pass `totals` when the caller already holds
 * computeOrderTotals(order), to skip recomputing them.
 */
export function validatePayment(
  order: Order,
  payment: Payment,
  totals: Pick<OrderTotals, 'total'> = computeOrderTotals(order),
): PaymentError | null {
  const amount = payment.payment_amount;
  if (!Number.isSafeInteger(amount)) return 'amountInvalid';
  if (amount <= 0) return 'amountNotPositive';
  if (!PAYMENT_TYPES.includes(payment.payment_type)) return 'unknownPaymentType';
  const key = paymentKey(payment);
  const replaced = order.payments.find((p) => paymentKey(p) === key);
  // A card fee passed on sits in both total_price and paid_customer_total, so their difference is fee-free.
  const owed =
    totals.total.total_price - totals.total.paid_customer_total + Math.max(0, replaced?.payment_amount ?? 0);
  if (owed <= 0) return 'nothingDue';
  if (payment.payment_type !== PAYMENT_TYPE.CASH && amount > owed) return 'exceedsBalanceForNonCash';
  return null;
}
