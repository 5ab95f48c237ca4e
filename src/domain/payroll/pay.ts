/**
 * Hourly pay, the pay plan (guaranteed minimum or base plus commission) and the cash/check payout
 * (docs/payroll.md).
 */
import { DEFAULT_CURRENCY } from '../constants';
import { divideRounded, percentOf } from '../money';
import type { Minor } from '../order.types';
import type { PayoutRule, PayPlan } from './types';

export interface HourlyPay {
  minutes: number;
  ratePerHour: Minor;
  pay: Minor;
}

/**
 * round(Σ minutes × rate / 60), half away from zero, once over the period: rounding each day would pay up to half
 * a minor unit per day more or less than the hours worked. Exact (bigint), so no float ever divides money.
 */
export function hourlyPay(workedMinutes: readonly number[], ratePerHour: Minor): HourlyPay {
  const minutes = workedMinutes.reduce((sum, m) => sum + m, 0);
  // Fractional minutes or rates are refused by validateStatementInput; here they pay 0 rather than throw.
  if (
    !Number.isSafeInteger(minutes) ||
    !Number.isSafeInteger(ratePerHour) ||
    ratePerHour <= 0 ||
    minutes <= 0
  )
    return { minutes, ratePerHour, pay: 0 };
  const pay = Number(divideRounded(BigInt(minutes) * BigInt(ratePerHour), 60n));
  return { minutes, ratePerHour, pay };
}

export interface PlanPay {
  kind: PayPlan['kind'];
  /** base_plus_commission: the fixed base; otherwise 0. */
  base: Minor;
  /** higher_of: the guarantee; otherwise 0. */
  guarantee: Minor;
  /** higher_of: max(0, guarantee − earned); otherwise 0. */
  topUp: Minor;
}

/**
 * What the plan adds to `earned` (service + product commission + hourly pay). higher_of pays the guarantee when
 * the work earned less: the top-up is the difference. Tips never count toward the guarantee (they are the
 * customer's gift to the technician, not the store's pay) and neither do adjustments (they settle a locked
 * period; docs/payroll.md, guaranteed minimum).
 */
export function planPay(plan: PayPlan, earned: Minor): PlanPay {
  switch (plan.kind) {
    case 'commission':
      return { kind: plan.kind, base: 0, guarantee: 0, topUp: 0 };
    case 'higher_of':
      return {
        kind: plan.kind,
        base: 0,
        guarantee: plan.guarantee,
        topUp: Math.max(0, plan.guarantee - earned),
      };
    case 'base_plus_commission':
      return { kind: plan.kind, base: plan.base, guarantee: 0, topUp: 0 };
  }
}

export interface Payout {
  cash: Minor;
  check: Minor;
}

/**
 * Cuts the total into cash and check; cash + check = total exactly. A total ≤ 0 (adjustments took more than the
 * period earned) pays nothing in cash: the whole (negative) amount is on the check side, for the owner to settle.
 */
export function splitPayout(total: Minor, rule: PayoutRule, currency: string = DEFAULT_CURRENCY): Payout {
  if (total <= 0) return { cash: 0, check: total };
  let check: Minor;
  switch (rule.kind) {
    case 'all_check':
      check = total;
      break;
    case 'all_cash':
      check = 0;
      break;
    case 'check_percent':
      check = percentOf(total, rule.percent, currency);
      break;
    case 'cash_fixed':
      check = total - Math.min(rule.amount, total);
      break;
    case 'check_fixed':
      check = Math.min(rule.amount, total);
      break;
  }
  return { cash: total - check, check };
}
