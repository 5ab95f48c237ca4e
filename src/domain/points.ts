/**
 * Customer loyalty points: what a sale earns, what a void or refund takes back, and what a points payment
 * redeems or gives back (docs/money.md "Customer points"). Pure arithmetic on integers; the server reads and
 * writes the balances (src/server/services/sales/points.ts, services/payments).
 */
import { PAYMENT_TYPE } from './constants';
import type { PaymentType } from './constants';

/**
 * Tenders that are not money paid for the sale, so they earn no points: a gift card was paid (and earned)
 * when it was sold, points were earned already, and a coupon is a discount taken as a tender (our decision,
 * the spec is silent on coupons).
 */
export const NO_POINTS_TENDERS: readonly PaymentType[] = [
  PAYMENT_TYPE.GIFTCARD,
  PAYMENT_TYPE.POINT,
  PAYMENT_TYPE.COUPON,
];

/** A customer's balance is a 32-bit integer column: an award stops there instead of failing the sale. */
export const MAX_POINT_BALANCE = 2_147_483_647;

/** A membership's earning rule: `pointsPerUnit` points for every whole `pointsUnitAmount` spent. */
export interface PointsRule {
  pointsPerUnit: number;
  pointsUnitAmount: number;
}

/** floor(spent / unit) × per unit; nothing for a rule that is not positive. */
export function pointsForSpend(spent: number, rule: PointsRule): number {
  if (!(spent > 0) || !(rule.pointsUnitAmount > 0) || !(rule.pointsPerUnit > 0)) return 0;
  return Math.floor(spent / rule.pointsUnitAmount) * rule.pointsPerUnit;
}

/** What of a completed sale counts for points (minor units). */
export interface PointsSale {
  totalPrice: number;
  tipAmount: number;
  /** The change handed back (paid_customer_change_amount_total). */
  change: number;
}

/**
 * What a completed sale's customer spent for points: `livePayments` (those whose money counts: approved, or a
 * pending offline card) without NO_POINTS_TENDERS, minus the change handed back, and never more than
 * total_price − tips (a tip is the employee's, not a purchase).
 */
export function pointsSpend(
  sale: PointsSale,
  livePayments: readonly { paymentType: PaymentType; amount: number }[],
): number {
  const money = livePayments
    .filter((p) => !NO_POINTS_TENDERS.includes(p.paymentType))
    .reduce((sum, p) => sum + p.amount, 0);
  return Math.max(0, Math.min(money - sale.change, sale.totalPrice - sale.tipAmount));
}

/** The points a sale earns for a customer holding `balance`: pointsForSpend, capped at MAX_POINT_BALANCE. */
export function pointsEarned(spent: number, rule: PointsRule, balance: number): number {
  return Math.max(0, Math.min(pointsForSpend(spent, rule), MAX_POINT_BALANCE - balance));
}

export interface TakeBack {
  /** Points the sale earned ('earn' rows). */
  earned: number;
  /** Earned points already taken back by earlier voids or refunds of the sale. */
  taken: number;
  /** A void, or a sale refunded in full: everything earned goes back. */
  whole: boolean;
  refundedAmount: number;
  totalPrice: number;
}

/**
 * The earned points a void or refund should take back now: floor(earned × refunded_amount / total_price) in
 * all (all of them when `whole`), less what was taken already. The caller takes no more than the balance
 * holds (a balance never goes below zero; a later refund takes the rest if the balance allows by then).
 */
export function pointsDueBack(t: TakeBack): number {
  if (t.earned <= 0) return 0;
  // BigInt: earned × refunded can pass 2^53.
  const target =
    t.whole || !(t.totalPrice > 0)
      ? t.earned
      : Number((BigInt(t.earned) * BigInt(t.refundedAmount)) / BigInt(t.totalPrice));
  return Math.max(0, target - t.taken);
}

/**
 * What one point is worth when redeemed, in minor units: the store setting `points_value_minor` when it is a
 * positive safe integer, else 1 (100 points = 1.00 of a two-decimal currency). Our decision: neither spec fixes
 * a value, and a whole number of minor units per point keeps redemption exact.
 */
export function pointValueMinor(setting: unknown): number {
  return typeof setting === 'number' && Number.isSafeInteger(setting) && setting > 0 ? setting : 1;
}

/** The points a points payment of `amount` redeems, or null when the amount is not a multiple of a point. */
export function pointsForAmount(amount: number, pointValue: number): number | null {
  return amount % pointValue === 0 ? amount / pointValue : null;
}

/**
 * The points a refund of `amount` gives back on a points payment that redeemed `points` for `paid`, after
 * `refundedBefore` went back already. Cumulative floors, so the parts given back add up to exactly `points`
 * once the payment is refunded in full.
 */
export function pointsGivenBack(
  payment: { points: number; paid: number; refundedBefore: number },
  amount: number,
  pointValue: number,
): number {
  const perPoint = payment.points > 0 ? payment.paid / payment.points : pointValue;
  const before = Math.floor(payment.refundedBefore / perPoint);
  const after = Math.min(payment.points, Math.floor((payment.refundedBefore + amount) / perPoint));
  return after - before;
}
