/**
 * GET /api/report/netincomes and its variants (docs/reports.md, "Employee income"), each with its /export:
 *
 *   netincomes                       one row per employee of the period: sales, commission, tips, net income
 *   netincomes/details               one employee's days (user_id)
 *   netincomes/report-summary        every employee, printable: commission by kind, tips by tender
 *   netincomes/report-details        one employee's lines (user_id)
 *   netincomes/report-full-details   every line of every employee, printable
 *
 * Commission and tips are the payroll rules' (income-data.ts); the sales figures the summary report's.
 */
import {
  EMPLOYEE_LINE_SORTS,
  INCOME_DAY_SORTS,
  INCOME_SORTS,
  INCOME_SUMMARY_SORTS,
  employeeLineSchema,
  employeeParam,
  incomeDaySchema,
  incomeDayTotalsSchema,
  incomeEmployeeSchema,
  incomeSummarySchema,
  incomeTotalsSchema,
} from '../../contracts/reports-income';
import type {
  EmployeeLine,
  IncomeDay,
  IncomeEmployee,
  IncomeFigures,
  IncomeSummary,
  IncomeTotals,
  IncomeWktSummary,
} from '../../contracts/reports-income';
import { REPORT_ACCESS } from '../auth/access';
import { employeeLineOf, employeeLinesSql } from './employee-lines';
import { employeeOfIncome, figuresOfIncome, incomeOf, incomeRows, incomeSql, sumIncome } from './income-data';
import { defineReport } from './report-factory';
import type { ReportColumn, ReportContext, ReportRecord } from './report-factory';
import { csvColumns } from './report-csv';

export const FIGURE_FIELDS = [
  'sales_count',
  'services',
  'products',
  'gross',
  'discounts',
  'net',
  'commission',
  'tips',
  'tip_fees',
  'refunds',
  'net_income',
] as const satisfies readonly (keyof IncomeFigures)[];

const issuesColumn = {
  header: 'pay_issues',
  value: (r: IncomeEmployee) => r.pay_issues.map((i) => i.code).join(' '),
};

export const EMPLOYEE_CSV: ReportColumn<IncomeEmployee>[] = [
  ...csvColumns<IncomeEmployee>(['user_id', 'name', ...FIGURE_FIELDS]),
  issuesColumn,
];

export const LINE_CSV = csvColumns<EmployeeLine>([
  'order_at',
  'date',
  'ticket_no',
  'invoice_no',
  'user_id',
  'name',
  'item_type',
  'item_name',
  'quantity',
  'refunded_quantity',
  'gross',
  'discounts',
  'net',
  'tax',
  'deduction',
  'commission_rate',
  'commission',
  'stored_commission',
]);

export const SUMMARY_FIELDS = [
  'service_commission',
  'product_commission',
  'tips_cash',
  'tips_card',
  'tips_other',
  'tip_fees_deducted',
] as const satisfies readonly (keyof IncomeSummary)[];

/** The totals of the whole period: every employee's row summed. */
async function periodTotals(ctx: ReportContext): Promise<IncomeTotals> {
  return incomeTotalsOf(await incomeRows(ctx, false));
}

function incomeTotalsOf(rows: readonly IncomeWktSummary[]): IncomeTotals {
  const { minutes: _m, ...totals } = sumIncome(rows);
  return totals;
}

/**
 * The employees of a period are few by nature and their sum is the totals: the rows are read once, unpaged,
 * and summed (the factory's totalsFromRows, docs/reports.md#speed), not aggregated a second time.
 */
const totalsFromEmployees = (records: readonly ReportRecord[]): IncomeTotals =>
  incomeTotalsOf(records.map(incomeOf));

/** The one employee's row of the period (null when they did not work in it). */
async function employeeTotals(ctx: ReportContext): Promise<IncomeEmployee | null> {
  const [row] = await incomeRows(ctx, false);
  return row ? employeeOfIncome(row) : null;
}

// Every variant needs the Report module and a PIN approval: docs/roles.md#access-rules puts the employee
// income reports and their details behind the report PIN.

export const INCOME_REPORT = defineReport({
  name: 'netincomes',
  summary:
    'Per employee of the period: services, products, discounts, commission, tips, tip fees, net income',
  access: REPORT_ACCESS,
  sortFields: INCOME_SORTS,
  defaultSort: 'name',
  tiebreak: 'user_id',
  row: incomeEmployeeSchema,
  rows: (ctx) => incomeSql(ctx, 'employee', false),
  toRow: (record): IncomeEmployee => employeeOfIncome(incomeOf(record)),
  totals: incomeTotalsSchema,
  totalsFromRows: totalsFromEmployees,
  csv: EMPLOYEE_CSV,
});

export const INCOME_DETAILS_REPORT = defineReport({
  name: 'netincomes/details',
  params: employeeParam,
  summary: "One employee's store days of the period (user_id): the income figures of each day",
  access: REPORT_ACCESS,
  sortFields: INCOME_DAY_SORTS,
  defaultSort: 'date',
  tiebreak: 'date',
  row: incomeDaySchema,
  rows: (ctx) => incomeSql(ctx, 'day', false),
  toRow: (record): IncomeDay => ({ date: String(record.date), ...figuresOfIncome(incomeOf(record)) }),
  totals: incomeDayTotalsSchema,
  loadTotals: employeeTotals,
  csv: csvColumns<IncomeDay>(['date', ...FIGURE_FIELDS]),
});

export const INCOME_SUMMARY_REPORT = defineReport({
  name: 'netincomes/report-summary',
  summary: 'Every employee of the period, printable: the income figures, commission by kind, tips by tender',
  access: REPORT_ACCESS,
  sortFields: INCOME_SUMMARY_SORTS,
  defaultSort: 'name',
  tiebreak: 'user_id',
  row: incomeSummarySchema,
  rows: (ctx) => incomeSql(ctx, 'employee', false),
  toRow: (record): IncomeSummary => {
    const { minutes: _m, income_per_hour: _h, ...row } = incomeOf(record);
    return row;
  },
  totals: incomeTotalsSchema,
  totalsFromRows: totalsFromEmployees,
  csv: [...csvColumns<IncomeSummary>(['user_id', 'name', ...FIGURE_FIELDS, ...SUMMARY_FIELDS]), issuesColumn],
});

export const INCOME_LINES_REPORT = defineReport({
  name: 'netincomes/report-details',
  params: employeeParam,
  summary: "One employee's lines of the period (user_id), with the payroll's commission of each",
  access: REPORT_ACCESS,
  sortFields: EMPLOYEE_LINE_SORTS,
  defaultSort: 'order_at',
  tiebreak: 'line_id',
  row: employeeLineSchema,
  rows: employeeLinesSql,
  toRow: employeeLineOf,
  totals: incomeDayTotalsSchema,
  loadTotals: employeeTotals,
  csv: LINE_CSV,
});

export const INCOME_FULL_LINES_REPORT = defineReport({
  name: 'netincomes/report-full-details',
  summary: 'Every line of every employee of the period, printable, with the payroll commission of each',
  access: REPORT_ACCESS,
  sortFields: EMPLOYEE_LINE_SORTS,
  defaultSort: 'name',
  tiebreak: 'line_id',
  row: employeeLineSchema,
  rows: employeeLinesSql,
  toRow: employeeLineOf,
  totals: incomeTotalsSchema,
  loadTotals: periodTotals,
  csv: LINE_CSV,
});
