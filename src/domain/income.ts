/**
 * An employee's income over a stretch of days (docs/reports.md, "Employee income"): the commission and tips of
 * docs/payroll.md, computed by the payroll rules themselves (`buildStatement`), never restated here. What the
 * income reports add is which parts count as income and the income per hour worked.
 *
 * net income = service commission + product commission + tips paid (tips less the card fee on card tips when
 * the store takes it out, docs/payroll.md, tips). Hourly pay, a guaranteed minimum's top-up and a base are pay
 * per pay period (docs/payroll.md, guaranteed minimum): the payroll preview pays them, a report of any range
 * does not.
 */
import { divideRounded } from './money';
import type { Minor } from './order.types';
import { buildStatement } from './payroll/statement';
import type { PayrollIssue, PayrollLine, PayrollTip, PaySettings, TipTender } from './payroll/types';

export interface IncomeInput {
  technicianId: number;
  currency: string;
  lines: readonly PayrollLine[];
  tips: readonly PayrollTip[];
  settings: PaySettings;
}

export interface Income {
  serviceCommission: Minor;
  productCommission: Minor;
  /** serviceCommission + productCommission. */
  commission: Minor;
  tipsByTender: Record<TipTender, Minor>;
  /** The card fee on the card tips, whether or not the store takes it out of them. */
  tipFees: Minor;
  /** The part of tipFees taken out of the tips (the store setting deductCardFeeFromTips). */
  tipFeesDeducted: Minor;
  /** commission + tips − tipFeesDeducted. */
  netIncome: Minor;
}

export type IncomeResult = { ok: true; income: Income } | { ok: false; issues: PayrollIssue[] };

export function employeeIncome(input: IncomeInput): IncomeResult {
  const result = buildStatement({
    technicianId: input.technicianId,
    currency: input.currency,
    lines: input.lines,
    tips: input.tips,
    workedMinutes: [],
    adjustments: [],
    settings: input.settings,
  });
  if (!result.ok) return result;
  const { service, product, tips } = result.statement;
  const commission = service.commission + product.commission;
  return {
    ok: true,
    income: {
      serviceCommission: service.commission,
      productCommission: product.commission,
      commission,
      tipsByTender: tips.byTender,
      tipFees: tips.cardFee,
      tipFeesDeducted: tips.deduction,
      netIncome: commission + tips.paid,
    },
  };
}

/**
 * Income per hour worked: round(amount × 60 / minutes), half away from zero, exact (bigint, as hourly pay is
 * computed in docs/payroll.md). Null when no minute was worked (no hours to divide by).
 */
export function incomePerHour(amount: Minor, minutes: number): Minor | null {
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(minutes) || minutes <= 0) return null;
  return Number(divideRounded(BigInt(amount) * 60n, BigInt(minutes)));
}
