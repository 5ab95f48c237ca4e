/**
 * The arithmetic of the customer reports and the payment analysis (docs/reports.md "Customers", "Customer
 * analysis", "Payment analysis"), shared by the server that computes them and the screens that show them.
 * Money is integer minor units, divisions round half away from zero (docs/money.md).
 */
import { creditcardFee } from './commission';
import { divideRounded } from './money';
import type { Minor } from './order.types';

/** A customer's average ticket: net ÷ visits, half away from zero; 0 without a visit. */
export function averageTicket(net: Minor, visits: number): Minor {
  if (!Number.isInteger(visits) || visits <= 0) return 0;
  return Number(divideRounded(BigInt(net), BigInt(visits)));
}

/** part ÷ whole in basis points (10,000 = all), half away from zero; 0 when whole is 0. */
export function shareBasisPoints(part: number, whole: number): number {
  if (!Number.isInteger(whole) || whole <= 0) return 0;
  return Number(divideRounded(BigInt(part) * 10_000n, BigInt(whole)));
}

/**
 * Sales that put the same credit amount on cards at the same fee percent: the payment analysis groups them in
 * SQL so the fee of each sale is computed here without reading every sale.
 */
export interface CardFeeGroup {
  /** What one sale's card payments took (amount + card tip), minor units. */
  credit: Minor;
  /** The card fee percent the sale was rung with (settings creditcard_fee_percent). */
  percent: number;
  /** How many sales of the period took exactly this. */
  sales: number;
}

/**
 * The processor's fees over a period: per sale, round(credit × percent / 100) as docs/money.md "Card fee"
 * computes a sale's fee (one rounding per sale, on its card payments, tips added after included), summed.
 */
export function cardFees(groups: readonly CardFeeGroup[], currency?: string): Minor {
  let sum = 0;
  for (const g of groups) sum += g.sales * creditcardFee(g.credit, g.percent, currency);
  return sum;
}
