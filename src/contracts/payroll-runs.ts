/**
 * Calculated pay runs on the wire (docs/payroll.md, "Calculate and lock" and "Endpoints"): the list of runs, one
 * run with its statements, calculate, delete, bulk delete, and the working-hour and commission reports a pay
 * period is checked with. The statement is the domain's PayStatement (payStatementSchema of ./payroll). Money is
 * integer minor units (docs/money.md).
 */
import { z } from 'zod';
import { PAY_PERIOD_KINDS } from '../domain/payroll';
import { pagingQuery } from './customers';
import { pageSchema, sortSchema } from './envelope';
import {
  payrollPreviewQuery,
  payStatementSchema,
  storePayrollSettingsSchema,
  technicianPaySettingsSchema,
} from './payroll';
import { reportRangeSchema } from './reports';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const isoDay = z.iso.date();
const signedMinor = z.number().int();
const count = z.number().int().min(0);

// ---- runs ---------------------------------------------------------------------------------------------

export const PAYROLL_STATUSES = ['locked'] as const;

/** A calculated run: its period, who calculated it and when, and the sums of its statements. */
export const payrollRunSchema = z.object({
  id,
  period_start: isoDay,
  period_end: isoDay,
  kind: z.enum(PAY_PERIOD_KINDS),
  status: z.enum(PAYROLL_STATUSES),
  currency: z.string(),
  technicians: count,
  total: signedMinor,
  cash: signedMinor,
  check: signedMinor,
  created_by: id.nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type PayrollRun = z.infer<typeof payrollRunSchema>;

export const PAYROLL_SORTS = ['period_start', 'created_at', 'total', 'id'] as const;

/** GET /api/report/payrolls: the list dialect (page, per_page, sort, filter[kind], filter[from], filter[to]). */
export const payrollListQuery = pagingQuery.extend({
  sort: sortSchema(PAYROLL_SORTS).optional(),
  filter: z
    .strictObject({
      kind: z.enum(PAY_PERIOD_KINDS).optional(),
      /** Runs whose period ends on or after this day. */
      from: isoDay.optional(),
      /** Runs whose period starts on or before this day. */
      to: isoDay.optional(),
    })
    .optional(),
});
export type PayrollListQuery = z.output<typeof payrollListQuery>;
export const payrollListSchema = pageSchema(payrollRunSchema);
export type PayrollList = z.infer<typeof payrollListSchema>;

export const payrollIdParams = z.strictObject({ id: queryId });

/** One technician's frozen statement in a run. */
export const payrollStatementRowSchema = z.object({
  id,
  user_id: id,
  name: z.string(),
  statement: payStatementSchema,
});
export type PayrollStatementRow = z.infer<typeof payrollStatementRowSchema>;

/** GET /api/report/payrolls/{id}/report: the run and its statements (`user_id`: one technician's). */
export const payrollRunReportQuery = z.strictObject({ user_id: queryId.optional() });
export const payrollRunReportSchema = z.object({
  payroll: payrollRunSchema,
  statements: z.array(payrollStatementRowSchema),
});
export type PayrollRunReport = z.infer<typeof payrollRunReportSchema>;

/**
 * POST /api/report/payrolls/calculate: one of the store's pay periods, ended. The statements are the preview of
 * the same period (GET /api/report/payrolls/preview), stored in one transaction with the run.
 */
export const payrollCalculateBody = z.strictObject({
  period_start: isoDay,
  period_end: isoDay,
});
export type PayrollCalculateBody = z.infer<typeof payrollCalculateBody>;

/** POST /api/report/payrolls/bulk: delete the runs named, latest first; all or none. */
export const payrollBulkBody = z.strictObject({
  action: z.literal('delete'),
  ids: z.array(id).min(1).max(100),
});
export const payrollBulkResultSchema = z.object({ deleted: z.array(id) });

// ---- working hours (wk-summary, wk-details, working-times/payroll*) ----------------------------------

/**
 * The period as the preview takes it, or `payroll_id`: a calculated run's period (and, for the commission and
 * hourly reports, its frozen statements rather than a fresh computation).
 */
export const payrollReportQuery = payrollPreviewQuery.extend({ payroll_id: queryId.optional() });
export type PayrollReportQuery = z.output<typeof payrollReportQuery>;

export const workHoursRowSchema = z.object({
  user_id: id,
  name: z.string(),
  days: count,
  shifts: count,
  minutes: count,
  /** Minor units per hour from the technician's pay settings (0: not paid by the hour). */
  hourly_rate: count,
  /** round(minutes × rate / 60) once over the period (docs/payroll.md, hourly pay). */
  hourly_pay: count,
});
export type WorkHoursRow = z.infer<typeof workHoursRowSchema>;
export const workHoursSummarySchema = z.object({
  range: reportRangeSchema,
  items: z.array(workHoursRowSchema),
  totals: z.object({ minutes: count, hourly_pay: count }),
});
export type WorkHoursSummary = z.infer<typeof workHoursSummarySchema>;

export const workHoursDayRowSchema = z.object({
  user_id: id,
  name: z.string(),
  date_work: isoDay,
  shifts: count,
  minutes: count,
});
export const workHoursDetailsSchema = z.object({
  range: reportRangeSchema,
  items: z.array(workHoursDayRowSchema),
});
export type WorkHoursDetails = z.infer<typeof workHoursDetailsSchema>;

// ---- commissions ---------------------------------------------------------------------------------------

export const COMMISSION_SORTS = ['name', 'service_commission', 'product_commission', 'commission'] as const;
export const commissionReportQuery = payrollReportQuery.extend(pagingQuery.shape).extend({
  sort: sortSchema(COMMISSION_SORTS).optional(),
});

/** One technician's commission figures for the period (the statement's service and product parts). */
export const commissionRowSchema = z.object({
  user_id: id,
  name: z.string(),
  service_gross: count,
  service_deductions: count,
  service_commissionable: count,
  service_commission: count,
  product_sales: count,
  product_commission: count,
  commission: count,
});
export type CommissionRow = z.infer<typeof commissionRowSchema>;
const commissionTotalsSchema = commissionRowSchema.omit({ user_id: true, name: true });

export const commissionReportSchema = pageSchema(commissionRowSchema).extend({
  range: reportRangeSchema,
  payroll_id: id.nullable(),
  totals: commissionTotalsSchema,
});
export type CommissionReport = z.infer<typeof commissionReportSchema>;

export const commissionSummarySchema = z.object({
  range: reportRangeSchema,
  payroll_id: id.nullable(),
  technicians: count,
  totals: commissionTotalsSchema,
});
export type CommissionSummary = z.infer<typeof commissionSummarySchema>;

export const COMMISSION_LINE_KINDS = ['service', 'product'] as const;
export const commissionDetailsQuery = payrollReportQuery.extend(pagingQuery.shape);
/** One line's commission: a service line's net, deduction and commissionable part, or a product line's rate. */
export const commissionLineSchema = z.object({
  user_id: id,
  name: z.string(),
  kind: z.enum(COMMISSION_LINE_KINDS),
  sale_id: id,
  line_id: id,
  share_percent: z.number(),
  net: count,
  deduction: count,
  commissionable: count,
  /** The line's own rate, or the product rate; null for a service line paid by the tiers. */
  rate: z.number().nullable(),
  /** Null for a service line paid by the tiers: its commission is the period's, by band. */
  commission: count.nullable(),
});
export type CommissionLine = z.infer<typeof commissionLineSchema>;
export const commissionDetailsSchema = pageSchema(commissionLineSchema).extend({
  range: reportRangeSchema,
  payroll_id: id.nullable(),
});
export type CommissionDetails = z.infer<typeof commissionDetailsSchema>;

// ---- pay settings (the owner's editor) ------------------------------------------------------------------

/** GET /api/report/payrolls/settings: the store's payroll settings and each technician's own (null: none stored). */
export const paySettingsViewSchema = z.object({
  store: storePayrollSettingsSchema,
  technicians: z.array(
    z.object({
      user_id: id,
      name: z.string(),
      commission_rate: z.number(),
      pay_settings: technicianPaySettingsSchema.nullable(),
    }),
  ),
});
export type PaySettingsView = z.infer<typeof paySettingsViewSchema>;
/** A technician's pay settings as the schema gives them (its arrays mutable, unlike the domain's). */
export type StoredPaySettings = PaySettingsView['technicians'][number]['pay_settings'];

/** PUT /api/report/payrolls/settings/store: the store's pay period and card-fee switch. */
export const storePayrollSettingsBody = storePayrollSettingsSchema;

/** PUT /api/report/payrolls/settings/users/{id}: a technician's own pay settings, or null to fall back to the defaults. */
export const technicianPaySettingsBody = z.strictObject({
  pay_settings: technicianPaySettingsSchema.nullable(),
});
