/**
 * Payroll on the wire and in storage (docs/payroll.md, "Preview on the server"). The pay settings schemas mirror
 * the domain's types (src/domain/payroll/types.ts) key for key, so what is stored on users.pay_settings and
 * stores.settings.payroll is exactly what `buildStatement` takes. A statement crosses the wire in the domain's
 * own shape (PayStatement), which the client reads with the same types. Money is integer minor units
 * (docs/money.md); percents are plain percentages (40 means 40 %).
 */
import { z } from 'zod';
import { REPORT_PERIODS } from '../domain/constants';
import {
  flatSchedule,
  PAYROLL_ISSUE_CODES,
  TIER_MODES,
  TIP_TENDERS,
  validatePayPeriodRule,
  validateSchedule,
} from '../domain/payroll';
import type { PaySettings, PayPeriodRule } from '../domain/payroll';
import { reportRangeSchema } from './reports';

const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const signedMinor = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const percent = z.number().min(0).max(100);
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDay = z.iso.date();

// ---- pay settings (storage) ---------------------------------------------------------------------------

export const commissionScheduleSchema = z
  .strictObject({
    mode: z.enum(TIER_MODES),
    tiers: z.array(z.strictObject({ from: minor, rate: percent })).min(1),
  })
  .superRefine((schedule, ctx) => {
    // The order rules (first from 0, ascending) are the domain's: one definition of a valid schedule.
    for (const issue of validateSchedule(schedule, 'tiers')) {
      ctx.addIssue({ code: 'custom', message: issue.code, path: [issue.path] });
    }
  });

export const payPlanSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('commission') }),
  z.strictObject({ kind: z.literal('higher_of'), guarantee: minor }),
  z.strictObject({ kind: z.literal('base_plus_commission'), base: minor }),
]);

export const payoutRuleSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all_check') }),
  z.strictObject({ kind: z.literal('all_cash') }),
  z.strictObject({ kind: z.literal('check_percent'), percent }),
  z.strictObject({ kind: z.literal('cash_fixed'), amount: minor }),
  z.strictObject({ kind: z.literal('check_fixed'), amount: minor }),
]);

/**
 * A technician's own pay settings (users.pay_settings): PaySettings without the store's card-fee switch. None
 * stored: the technician is paid her users.commission_rate flat, nothing on products, no hourly pay, no
 * guarantee, all by check (defaultTechnicianPaySettings below).
 */
export const technicianPaySettingsSchema = z.strictObject({
  service: commissionScheduleSchema,
  productRate: percent,
  hourlyRate: minor,
  plan: payPlanSchema,
  payout: payoutRuleSchema,
});
export type TechnicianPaySettings = Omit<PaySettings, 'deductCardFeeFromTips'>;

/** None stored: her users.commission_rate flat, nothing on products, no hourly pay or guarantee, all by check. */
export function defaultTechnicianPaySettings(commissionRate: number): TechnicianPaySettings {
  return {
    service: flatSchedule(commissionRate),
    productRate: 0,
    hourlyRate: 0,
    plan: { kind: 'commission' },
    payout: { kind: 'all_check' },
  };
}

export const payPeriodRuleSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.enum(['weekly', 'biweekly']), anchor: isoDay }),
    z.strictObject({ kind: z.enum(['semi_monthly', 'monthly']) }),
  ])
  .superRefine((rule, ctx) => {
    for (const issue of validatePayPeriodRule(rule as PayPeriodRule, 'rule')) {
      ctx.addIssue({ code: 'custom', message: issue.code, path: ['anchor'] });
    }
  });

/** The store's payroll settings (stores.settings.payroll). */
export const storePayrollSettingsSchema = z.strictObject({
  period: payPeriodRuleSchema,
  /** docs/payroll.md, tips: off unless the owner turns it on (some states forbid taking the fee from tips). */
  deductCardFeeFromTips: z.boolean(),
});
export interface StorePayrollSettings {
  period: PayPeriodRule;
  deductCardFeeFromTips: boolean;
}

/** No payroll settings stored: weeks from Monday (2024-01-01 was one), the card fee left on the store. */
export const DEFAULT_STORE_PAYROLL_SETTINGS: StorePayrollSettings = {
  period: { kind: 'weekly', anchor: '2024-01-01' },
  deductCardFeeFromTips: false,
};

// ---- preview ------------------------------------------------------------------------------------------

/**
 * GET /api/report/payrolls/preview. The period as the reports take it (docs/reports.md#the-query); none given
 * is the store's current pay period (stores.settings.payroll.period). `user_id`: one technician, else all.
 */
export const payrollPreviewQuery = z.strictObject({
  time_type: z.enum(REPORT_PERIODS).optional(),
  effective_start: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
  effective_end: z.union([z.iso.date(), z.iso.datetime({ offset: true })]).optional(),
  user_id: queryId.optional(),
});
export type PayrollPreviewQuery = z.output<typeof payrollPreviewQuery>;

const tierBandSchema = z.object({
  tier: z.number().int(),
  from: minor,
  to: minor.nullable(),
  rate: percent,
  base: minor,
  commission: minor,
});

const serviceLineSchema = z.object({
  saleId: id,
  lineId: id,
  sharePercent: percent,
  net: minor,
  deduction: minor,
  commissionable: minor,
  ownRate: percent.nullable(),
  commission: minor.nullable(),
});

const productLineSchema = z.object({
  saleId: id,
  lineId: id,
  sharePercent: percent,
  net: minor,
  rate: percent,
  commission: minor,
});

const periodSchema = z.object({ start: isoDay, end: isoDay });

/** PayStatement of src/domain/payroll/statement.ts. */
export const payStatementSchema = z.object({
  technicianId: id,
  period: periodSchema.nullable(),
  currency: z.string(),
  service: z.object({
    lines: z.array(serviceLineSchema),
    gross: minor,
    deductions: minor,
    commissionable: minor,
    tieredBase: minor,
    ownRateBase: minor,
    tiered: z.object({ reached: z.number().int(), bands: z.array(tierBandSchema), commission: minor }),
    ownRateCommission: minor,
    commission: minor,
  }),
  product: z.object({ lines: z.array(productLineSchema), sales: minor, commission: minor }),
  tips: z.object({
    total: minor,
    byTender: z.object(
      Object.fromEntries(TIP_TENDERS.map((t) => [t, minor])) as Record<
        (typeof TIP_TENDERS)[number],
        typeof minor
      >,
    ),
    cardFee: minor,
    feeDeducted: z.boolean(),
    deduction: minor,
    paid: minor,
  }),
  hourly: z.object({ minutes: z.number().int().min(0), ratePerHour: minor, pay: minor }),
  plan: z.object({
    kind: z.enum(['commission', 'higher_of', 'base_plus_commission']),
    base: minor,
    guarantee: minor,
    topUp: minor,
  }),
  earned: minor,
  adjustments: z.object({
    lines: z.array(
      z.object({
        amount: signedMinor,
        reason: z.string(),
        sourceSaleId: id.nullable(),
        sourcePeriod: periodSchema.nullable().optional(),
      }),
    ),
    total: signedMinor,
  }),
  total: signedMinor,
  payout: z.object({ cash: signedMinor, check: signedMinor }),
});

/** One technician's preview: the statement, or why her stored settings cannot be paid (docs/errors.md codes). */
export const payrollPreviewItemSchema = z.object({
  user_id: id,
  name: z.string(),
  statement: payStatementSchema.nullable(),
  issues: z.array(z.object({ code: z.enum(PAYROLL_ISSUE_CODES), path: z.string() })),
});
export type PayrollPreviewItem = z.infer<typeof payrollPreviewItemSchema>;

/** A calculated run that locks (part of) a period (docs/payroll.md, "Calculate and lock"). */
export const payrollLockSchema = z.object({ payroll_id: id, period_start: isoDay, period_end: isoDay });
export type PayrollLock = z.infer<typeof payrollLockSchema>;

export const payrollPreviewSchema = z.object({
  range: reportRangeSchema,
  period_rule: payPeriodRuleSchema,
  deduct_card_fee_from_tips: z.boolean(),
  /** The calculated run whose period overlaps this one, or null: a locked period is read from its run. */
  locked_by: payrollLockSchema.nullable(),
  items: z.array(payrollPreviewItemSchema),
});
export type PayrollPreview = z.infer<typeof payrollPreviewSchema>;
