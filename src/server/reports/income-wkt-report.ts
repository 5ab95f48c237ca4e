/**
 * GET /api/report/netincomes-wkt and its variants (docs/reports.md, "Employee income by hours"): the income
 * reports' figures (income-report.ts) with the minutes each employee was on the clock (working_times less
 * breaks, as the payroll preview counts them) and the net income per hour worked.
 *
 *   netincomes-wkt                       one row per employee who sold or was on the clock
 *   netincomes-wkt/details               one employee's days (user_id)
 *   netincomes-wkt/report-summary        every employee, printable
 *   netincomes-wkt/report-details        one employee's shifts (user_id)
 *   netincomes-wkt/report-full-details   every shift of every employee, printable
 */
import { sql } from 'drizzle-orm';
import {
  INCOME_SUMMARY_SORTS,
  INCOME_WKT_DAY_SORTS,
  INCOME_WKT_SORTS,
  SHIFT_SORTS,
  employeeParam,
  incomeWktDaySchema,
  incomeWktEmployeeSchema,
  incomeWktSummarySchema,
  incomeWktTotalsSchema,
  shiftSchema,
} from '../../contracts/reports-income';
import type {
  IncomeWktDay,
  IncomeWktEmployee,
  IncomeWktSummary,
  IncomeWktTotals,
  Shift,
} from '../../contracts/reports-income';
import { incomePerHour } from '../../domain/income';
import { shiftMinutesSql } from '../payroll/preview-data';
import { REPORT_ACCESS } from '../auth/access';
import {
  employeeOfIncome,
  figuresOfIncome,
  incomeOf,
  incomeRows,
  incomeSql,
  payrollScope,
  sumIncome,
} from './income-data';
import { FIGURE_FIELDS, SUMMARY_FIELDS } from './income-report';
import { defineReport } from './report-factory';
import type { ReportContext, ReportRecord } from './report-factory';
import { csvColumns } from './report-csv';

const HOUR_FIELDS = ['minutes', 'income_per_hour'] as const;

function wktEmployeeOf(row: IncomeWktSummary): IncomeWktEmployee {
  return { ...employeeOfIncome(row), minutes: row.minutes, income_per_hour: row.income_per_hour };
}

/**
 * The employees summed; the income per hour over those who were on the clock only (the income of an employee
 * without minutes would otherwise be spread over other people's hours).
 */
function wktTotalsOf(rows: readonly IncomeWktSummary[]): IncomeWktTotals {
  const clocked = rows.filter((r) => r.minutes > 0 && r.net_income !== null);
  const income = clocked.reduce((sum, r) => sum + (r.net_income ?? 0), 0);
  return { ...sumIncome(rows), income_per_hour: incomePerHour(income, sumIncome(clocked).minutes) };
}

async function periodTotals(ctx: ReportContext): Promise<IncomeWktTotals> {
  return wktTotalsOf(await incomeRows(ctx, true));
}

/** The employees' rows read once and summed (the factory's totalsFromRows, docs/reports.md#speed). */
const totalsFromEmployees = (records: readonly ReportRecord[]): IncomeWktTotals =>
  wktTotalsOf(records.map(incomeOf));

async function employeeTotals(ctx: ReportContext): Promise<IncomeWktEmployee | null> {
  const [row] = await incomeRows(ctx, true);
  return row ? wktEmployeeOf(row) : null;
}

/** The shifts of the range (their store day, working_times.date_work), each with its employee's name. */
function shiftsSql(ctx: ReportContext) {
  return sql`select w.id as shift_id, w.user_id, u.display_name as name, w.date_work::text as date, w.start_at,
      w.end_at, w.break_minutes, w.minutes
    from (${shiftMinutesSql(payrollScope(ctx))}) as w
    join users u on u.tenant_id = ${ctx.tenantId} and u.id = w.user_id`;
}

const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();

function shiftOf(record: ReportRecord): Shift {
  return {
    shift_id: Number(record.shift_id),
    user_id: Number(record.user_id),
    name: String(record.name ?? ''),
    date: String(record.date),
    start_at: iso(record.start_at),
    end_at: record.end_at === null || record.end_at === undefined ? null : iso(record.end_at),
    break_minutes: Number(record.break_minutes ?? 0),
    minutes: Number(record.minutes ?? 0),
  };
}

const SHIFT_CSV = csvColumns<Shift>([
  'date',
  'user_id',
  'name',
  'start_at',
  'end_at',
  'break_minutes',
  'minutes',
]);
const issuesColumn = {
  header: 'pay_issues',
  value: (r: IncomeWktEmployee) => r.pay_issues.map((i) => i.code).join(' '),
};

// docs/roles.md#access-rules: the employee income reports (by hours too) and their details need the report PIN.

export const INCOME_WKT_REPORT = defineReport({
  name: 'netincomes-wkt',
  summary: 'Per employee of the period: the income figures, minutes on the clock and net income per hour',
  access: REPORT_ACCESS,
  sortFields: INCOME_WKT_SORTS,
  defaultSort: 'name',
  tiebreak: 'user_id',
  row: incomeWktEmployeeSchema,
  rows: (ctx) => incomeSql(ctx, 'employee', true),
  toRow: (record): IncomeWktEmployee => wktEmployeeOf(incomeOf(record)),
  totals: incomeWktTotalsSchema,
  totalsFromRows: totalsFromEmployees,
  csv: [
    ...csvColumns<IncomeWktEmployee>(['user_id', 'name', ...FIGURE_FIELDS, ...HOUR_FIELDS]),
    issuesColumn,
  ],
});

export const INCOME_WKT_DETAILS_REPORT = defineReport({
  name: 'netincomes-wkt/details',
  params: employeeParam,
  summary: "One employee's store days of the period (user_id): income figures, minutes and income per hour",
  access: REPORT_ACCESS,
  sortFields: INCOME_WKT_DAY_SORTS,
  defaultSort: 'date',
  tiebreak: 'date',
  row: incomeWktDaySchema,
  rows: (ctx) => incomeSql(ctx, 'day', true),
  toRow: (record): IncomeWktDay => {
    const row = incomeOf(record);
    return {
      date: String(record.date),
      ...figuresOfIncome(row),
      minutes: row.minutes,
      income_per_hour: row.income_per_hour,
    };
  },
  totals: incomeWktEmployeeSchema.nullable(),
  loadTotals: employeeTotals,
  csv: csvColumns<IncomeWktDay>(['date', ...FIGURE_FIELDS, ...HOUR_FIELDS]),
});

export const INCOME_WKT_SUMMARY_REPORT = defineReport({
  name: 'netincomes-wkt/report-summary',
  summary:
    'Every employee of the period, printable: income figures by kind and tender, minutes, income per hour',
  access: REPORT_ACCESS,
  sortFields: INCOME_SUMMARY_SORTS,
  defaultSort: 'name',
  tiebreak: 'user_id',
  row: incomeWktSummarySchema,
  rows: (ctx) => incomeSql(ctx, 'employee', true),
  toRow: incomeOf,
  totals: incomeWktTotalsSchema,
  totalsFromRows: totalsFromEmployees,
  csv: [
    ...csvColumns<IncomeWktSummary>(['user_id', 'name', ...FIGURE_FIELDS, ...SUMMARY_FIELDS, ...HOUR_FIELDS]),
    issuesColumn,
  ],
});

export const INCOME_WKT_SHIFTS_REPORT = defineReport({
  name: 'netincomes-wkt/report-details',
  params: employeeParam,
  summary: "One employee's shifts of the period (user_id): clock-in, clock-out, breaks and minutes worked",
  access: REPORT_ACCESS,
  sortFields: SHIFT_SORTS,
  defaultSort: 'start_at',
  tiebreak: 'shift_id',
  row: shiftSchema,
  rows: shiftsSql,
  toRow: shiftOf,
  totals: incomeWktEmployeeSchema.nullable(),
  loadTotals: employeeTotals,
  csv: SHIFT_CSV,
});

export const INCOME_WKT_FULL_SHIFTS_REPORT = defineReport({
  name: 'netincomes-wkt/report-full-details',
  summary: 'Every shift of every employee of the period, printable',
  access: REPORT_ACCESS,
  sortFields: SHIFT_SORTS,
  defaultSort: 'name',
  tiebreak: 'shift_id',
  row: shiftSchema,
  rows: shiftsSql,
  toRow: shiftOf,
  totals: incomeWktTotalsSchema,
  loadTotals: periodTotals,
  csv: SHIFT_CSV,
});
