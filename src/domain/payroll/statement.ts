/**
 * A technician's pay statement for one period (docs/payroll.md, the statement): every component, the total
 * and its cash/check payout. `buildStatement` validates first and never throws on bad input: it returns the
 * issues instead, each a code for the client's i18n key and the path of the value (docs/errors.md).
 */
import { DEFAULT_CURRENCY } from '../constants';
import { isSupportedCurrency } from '../money';
import type { Minor } from '../order.types';
import { isMinor, isNonNegativeMinor, isPercent } from './checks';
import {
  productCommission,
  serviceCommission,
  type ProductCommission,
  type ServiceCommission,
} from './commission';
import { hourlyPay, planPay, splitPayout, type HourlyPay, type Payout, type PlanPay } from './pay';
import { validateSplit } from './shares';
import { validateSchedule } from './tiers';
import { tipsPay, type TipsResult } from './tips';
import {
  TIP_TENDERS,
  type PayPeriod,
  type PayrollAdjustment,
  type PayrollIssue,
  type StatementInput,
} from './types';

export interface AdjustmentsResult {
  lines: PayrollAdjustment[];
  total: Minor;
}

export interface PayStatement {
  technicianId: number;
  period: PayPeriod | null;
  currency: string;
  service: ServiceCommission;
  product: ProductCommission;
  tips: TipsResult;
  hourly: HourlyPay;
  plan: PlanPay;
  /** service.commission + product.commission + hourly.pay + plan.base: what the work earned. */
  earned: Minor;
  adjustments: AdjustmentsResult;
  /** earned + plan.topUp + tips.paid + adjustments.total. */
  total: Minor;
  payout: Payout;
}

export type StatementResult = { ok: true; statement: PayStatement } | { ok: false; issues: PayrollIssue[] };

function validateSettings(input: StatementInput, issues: PayrollIssue[]): void {
  const { settings } = input;
  issues.push(...validateSchedule(settings.service, 'settings.service'));
  if (!isPercent(settings.productRate))
    issues.push({ code: 'rate_out_of_range', path: 'settings.productRate' });
  if (!isNonNegativeMinor(settings.hourlyRate))
    issues.push({ code: 'amount_invalid', path: 'settings.hourlyRate' });
  const { plan, payout } = settings;
  if (plan.kind === 'higher_of' && !isNonNegativeMinor(plan.guarantee))
    issues.push({ code: 'amount_invalid', path: 'settings.plan.guarantee' });
  if (plan.kind === 'base_plus_commission' && !isNonNegativeMinor(plan.base))
    issues.push({ code: 'amount_invalid', path: 'settings.plan.base' });
  if (payout.kind === 'check_percent' && !isPercent(payout.percent))
    issues.push({ code: 'rate_out_of_range', path: 'settings.payout.percent' });
  if ((payout.kind === 'cash_fixed' || payout.kind === 'check_fixed') && !isNonNegativeMinor(payout.amount))
    issues.push({ code: 'amount_invalid', path: 'settings.payout.amount' });
}

function validateLines(input: StatementInput, issues: PayrollIssue[]): void {
  input.lines.forEach((line, i) => {
    const at = `lines[${i}]`;
    if (!isNonNegativeMinor(line.net)) issues.push({ code: 'amount_invalid', path: `${at}.net` });
    if (!isNonNegativeMinor(line.deductible))
      issues.push({ code: 'amount_invalid', path: `${at}.deductible` });
    if (line.ownRate != null && !isPercent(line.ownRate))
      issues.push({ code: 'rate_out_of_range', path: `${at}.ownRate` });
    if (line.split) issues.push(...validateSplit(line.split, input.technicianId, `${at}.split`));
  });
}

function validateOthers(input: StatementInput, issues: PayrollIssue[]): void {
  input.tips.forEach((tip, i) => {
    if (!isNonNegativeMinor(tip.amount)) issues.push({ code: 'amount_invalid', path: `tips[${i}].amount` });
    if (!TIP_TENDERS.includes(tip.tender)) issues.push({ code: 'amount_invalid', path: `tips[${i}].tender` });
    if (tip.cardFeePercent !== undefined && !isPercent(tip.cardFeePercent))
      issues.push({ code: 'rate_out_of_range', path: `tips[${i}].cardFeePercent` });
  });
  input.workedMinutes.forEach((minutes, i) => {
    if (!isNonNegativeMinor(minutes)) issues.push({ code: 'minutes_invalid', path: `workedMinutes[${i}]` });
  });
  input.adjustments.forEach((adjustment, i) => {
    if (!isMinor(adjustment.amount))
      issues.push({ code: 'amount_invalid', path: `adjustments[${i}].amount` });
    if (typeof adjustment.reason !== 'string' || adjustment.reason.trim() === '')
      issues.push({ code: 'reason_missing', path: `adjustments[${i}].reason` });
  });
}

/** Every reason the input cannot be paid; empty when `buildStatement` will succeed. */
export function validateStatementInput(input: StatementInput): PayrollIssue[] {
  const issues: PayrollIssue[] = [];
  if (!isSupportedCurrency(input.currency ?? DEFAULT_CURRENCY))
    issues.push({ code: 'currency_invalid', path: 'currency' });
  validateSettings(input, issues);
  validateLines(input, issues);
  validateOthers(input, issues);
  return issues;
}

/** Sums a statement's components would overflow past 2^53 only with absurd input; refused as invalid. */
const TOTAL_TOO_LARGE: PayrollIssue = { code: 'amount_invalid', path: 'total' };

function safeTotals(statement: PayStatement): boolean {
  return [statement.earned, statement.total, statement.payout.cash, statement.payout.check].every(isMinor);
}

export function buildStatement(input: StatementInput): StatementResult {
  const issues = validateStatementInput(input);
  if (issues.length > 0) return { ok: false, issues };
  const currency = input.currency ?? DEFAULT_CURRENCY;
  const { settings, technicianId } = input;
  const service = serviceCommission(input.lines, technicianId, settings.service, currency);
  const product = productCommission(input.lines, technicianId, settings.productRate, currency);
  const tips = tipsPay(input.tips, settings.deductCardFeeFromTips, currency);
  const hourly = hourlyPay(input.workedMinutes, settings.hourlyRate);
  const plan = planPay(settings.plan, service.commission + product.commission + hourly.pay);
  const earned = service.commission + product.commission + hourly.pay + plan.base;
  const adjustments = {
    lines: [...input.adjustments],
    total: input.adjustments.reduce((sum, a) => sum + a.amount, 0),
  };
  const total = earned + plan.topUp + tips.paid + adjustments.total;
  // Checked before the payout split, whose money helpers refuse (throw on) an amount past 2^53.
  if (![earned, total].every(isMinor)) return { ok: false, issues: [TOTAL_TOO_LARGE] };
  const statement: PayStatement = {
    technicianId,
    period: input.period ?? null,
    currency,
    service,
    product,
    tips,
    hourly,
    plan,
    earned,
    adjustments,
    total,
    payout: splitPayout(total, settings.payout, currency),
  };
  if (!safeTotals(statement)) return { ok: false, issues: [TOTAL_TOO_LARGE] };
  return { ok: true, statement };
}

/**
 * The adjustment a correction of a locked period makes (docs/payroll.md, adjustments): the locked period's
 * statement recomputed with the corrected lines, less the statement that was paid. Recomputing the whole
 * statement, not the one line, keeps tiers and the guarantee right: a correction that lifts a technician into a
 * higher tier, or that a guarantee top-up had already covered, changes the pay by what it really changes.
 */
export function adjustmentFromRecompute(
  paid: PayStatement,
  corrected: PayStatement,
  reason: string,
  sourceSaleId: number | null,
): PayrollAdjustment {
  return { amount: corrected.total - paid.total, reason, sourceSaleId, sourcePeriod: paid.period };
}
