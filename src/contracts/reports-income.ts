/**
 * The employee income reports on the wire (docs/reports.md, "Employee income" and "Employee income by hours"),
 * and the details of the daily and summary reports. Shared by client and server; the query is the common
 * report query of ./reports.ts. Money is integer minor units (docs/money.md); minutes are whole minutes.
 */
import { z } from 'zod';
import { PAYROLL_ISSUE_CODES } from '../domain/payroll/types';
import { SALE_STATUS } from '../domain/constants';
import { tenderFigureSchema } from './reports';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const money = z.number().int();
const count = z.number().int().min(0);
const isoDay = z.iso.date();
const instant = z.iso.datetime({ offset: true });

// ---- sorts ---------------------------------------------------------------------------------------------

export const INCOME_SORTS = [
  'name',
  'sales_count',
  'services',
  'products',
  'gross',
  'net',
  'tips',
  'refunds',
] as const;
export const INCOME_WKT_SORTS = [...INCOME_SORTS, 'minutes'] as const;
export const INCOME_DAY_SORTS = [
  'date',
  'sales_count',
  'services',
  'products',
  'gross',
  'net',
  'tips',
  'refunds',
] as const;
export const INCOME_WKT_DAY_SORTS = [...INCOME_DAY_SORTS, 'minutes'] as const;
export const INCOME_SUMMARY_SORTS = ['name'] as const;
export const EMPLOYEE_LINE_SORTS = ['order_at', 'name', 'item_name', 'gross', 'net'] as const;
export const SHIFT_SORTS = ['start_at', 'name', 'minutes'] as const;
export const DAILY_SALE_SORTS = ['order_at', 'ticket_no', 'gross', 'net', 'tips', 'total'] as const;

// ---- employee income -------------------------------------------------------------------------------------

/**
 * An employee's income figures over a period or a day. `commission` and `net_income` are null when the
 * employee's stored pay settings fail their schema (`pay_issues` says why, docs/payroll.md): not guessed at.
 */
export const incomeFiguresSchema = z.object({
  sales_count: count,
  services: money,
  products: money,
  gross: money,
  discounts: money,
  net: money,
  commission: money.nullable(),
  tips: money,
  tip_fees: money,
  refunds: money,
  net_income: money.nullable(),
});
export type IncomeFigures = z.infer<typeof incomeFiguresSchema>;

export const payIssueSchema = z.object({ code: z.enum(PAYROLL_ISSUE_CODES), path: z.string() });

export const incomeEmployeeSchema = incomeFiguresSchema.extend({
  user_id: id,
  name: z.string(),
  pay_issues: z.array(payIssueSchema),
});
export type IncomeEmployee = z.infer<typeof incomeEmployeeSchema>;

/** The totals of an income report: its employees' figures summed (commission over those it could compute). */
export const incomeTotalsSchema = incomeFiguresSchema.extend({ employees: count });
export type IncomeTotals = z.infer<typeof incomeTotalsSchema>;

export const incomeDaySchema = incomeFiguresSchema.extend({ date: isoDay });
export type IncomeDay = z.infer<typeof incomeDaySchema>;

/** One employee's days: the totals are that employee's row of the period (null when they did not work). */
export const incomeDayTotalsSchema = incomeEmployeeSchema.nullable();

/** The printable summary: the figures and where they come from (commission by kind, tips by tender). */
export const incomeSummarySchema = incomeEmployeeSchema.extend({
  service_commission: money.nullable(),
  product_commission: money.nullable(),
  tips_cash: money,
  tips_card: money,
  tips_other: money,
  tip_fees_deducted: money,
});
export type IncomeSummary = z.infer<typeof incomeSummarySchema>;

/**
 * A line an employee sold. `commission` is the payroll's for a line paid line by line (a service with its own
 * rate, a product or kit); null for a service paid on the period's tiered base (docs/payroll.md, tiers).
 * `stored_commission` is what the sale stored (docs/money.md).
 */
export const employeeLineSchema = z.object({
  line_id: id,
  sale_id: id,
  ticket_no: count,
  invoice_no: z.string(),
  order_at: instant,
  date: isoDay,
  user_id: id,
  name: z.string(),
  item_type: z.number().int(),
  item_name: z.string(),
  quantity: count,
  refunded_quantity: count,
  gross: money,
  discounts: money,
  net: money,
  tax: money,
  deduction: money,
  stored_commission: money,
  commission_rate: z.number().nullable(),
  commission: money.nullable(),
});
export type EmployeeLine = z.infer<typeof employeeLineSchema>;

// ---- employee income by hours ---------------------------------------------------------------------------

const hours = { minutes: count, income_per_hour: money.nullable() };

export const incomeWktEmployeeSchema = incomeEmployeeSchema.extend(hours);
export type IncomeWktEmployee = z.infer<typeof incomeWktEmployeeSchema>;
export const incomeWktTotalsSchema = incomeTotalsSchema.extend(hours);
export type IncomeWktTotals = z.infer<typeof incomeWktTotalsSchema>;
export const incomeWktDaySchema = incomeDaySchema.extend(hours);
export type IncomeWktDay = z.infer<typeof incomeWktDaySchema>;
export const incomeWktSummarySchema = incomeSummarySchema.extend(hours);
export type IncomeWktSummary = z.infer<typeof incomeWktSummarySchema>;

/** A shift on the clock (working_times): its store day, clock-in, clock-out (null while open), breaks. */
export const shiftSchema = z.object({
  shift_id: id,
  user_id: id,
  name: z.string(),
  date: isoDay,
  start_at: instant,
  end_at: instant.nullable(),
  break_minutes: count,
  minutes: count,
});
export type Shift = z.infer<typeof shiftSchema>;

// ---- daily details ------------------------------------------------------------------------------------

/** One sale of a store day, any status (a void or trash shows as such, its figures not in the day's). */
export const dailySaleSchema = z.object({
  sale_id: id,
  ticket_no: count,
  invoice_no: z.string(),
  order_at: instant,
  status: z.union(Object.values(SALE_STATUS).map((s) => z.literal(s))),
  cashier: z.string(),
  employees: z.string(),
  gross: money,
  discounts: money,
  net: money,
  tax: money,
  tips: money,
  total: money,
  payments: z.array(tenderFigureSchema),
});
export type DailySale = z.infer<typeof dailySaleSchema>;

// ---- query fields of the details reports -----------------------------------------------------------------

/** The employee a details report is of: required there (the common query's `user_id` made mandatory). */
export const employeeParam = { user_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) };
/** The store day the daily details list (`YYYY-MM-DD`, the daily report's `date`). */
export const dayParam = { date: isoDay };
