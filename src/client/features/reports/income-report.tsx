/**
 * The employee income reports (docs/reports.md "Employee income" and "Employee income by hours"):
 * /pos/report/income (a row per employee: sales, commission, tips, tip fees, net income), its details
 * /pos/report/income/details (one employee's days) and /pos/report/income-wkt (the same with the hours on the
 * clock and the income per hour). The sort fields are the server's (src/contracts/reports-income.ts).
 */
import type {
  IncomeDay,
  IncomeEmployee,
  IncomeFigures,
  IncomeTotals,
  IncomeWktEmployee,
  IncomeWktTotals,
} from '../../../contracts/reports-income';
import type { ReportColumn, ReportConfig, ReportFigure } from './report-config';
import { ReportScreen } from './report-screen';

/** Minutes as hours and minutes ("7:30"), the same in every language. */
export const hoursOf = (minutes: number): string =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

/** The income figures' columns, for a row per employee or per day. */
function figureColumns<Row extends IncomeFigures>(): ReadonlyArray<ReportColumn<Row>> {
  return [
    {
      id: 'sales_count',
      label: 'figures.sales_count',
      kind: 'count',
      value: (r) => r.sales_count,
      sort: 'sales_count',
    },
    { id: 'services', label: 'income.services', kind: 'money', value: (r) => r.services, sort: 'services' },
    { id: 'products', label: 'income.products', kind: 'money', value: (r) => r.products, sort: 'products' },
    { id: 'discounts', label: 'figures.discounts', kind: 'money', value: (r) => r.discounts },
    { id: 'net', label: 'figures.net', kind: 'money', value: (r) => r.net, sort: 'net' },
    { id: 'commission', label: 'income.commission', kind: 'money', value: (r) => r.commission },
    { id: 'tips', label: 'figures.tips', kind: 'money', value: (r) => r.tips, sort: 'tips' },
    { id: 'tip_fees', label: 'income.tip_fees', kind: 'money', value: (r) => r.tip_fees },
    { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (r) => r.refunds, sort: 'refunds' },
    { id: 'net_income', label: 'income.net_income', kind: 'money', value: (r) => r.net_income },
  ];
}

function incomeFigures<T extends IncomeFigures>(): ReadonlyArray<ReportFigure<T>> {
  return [
    { id: 'gross', label: 'figures.gross', kind: 'money', value: (t) => t.gross },
    { id: 'net', label: 'figures.net', kind: 'money', value: (t) => t.net },
    { id: 'commission', label: 'income.commission', kind: 'money', value: (t) => t.commission },
    { id: 'tips', label: 'figures.tips', kind: 'money', value: (t) => t.tips },
    { id: 'tip_fees', label: 'income.tip_fees', kind: 'money', value: (t) => t.tip_fees },
    { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (t) => t.refunds },
    { id: 'net_income', label: 'income.net_income', kind: 'money', value: (t) => t.net_income },
  ];
}

/** The employee, and a mark when their stored pay settings could not be read (no commission computed). */
function nameColumn<Row extends IncomeEmployee>(): ReportColumn<Row> {
  return { id: 'name', label: 'summary.employee', kind: 'text', value: (r) => r.name, sort: 'name' };
}

function payIssuesColumn<Row extends IncomeEmployee>(): ReportColumn<Row> {
  return {
    id: 'pay_issues',
    label: 'income.pay_issues',
    kind: 'key',
    value: (r) => (r.pay_issues.length > 0 ? 'income.pay_issues_found' : null),
  };
}

export const INCOME_CONFIG: ReportConfig<IncomeEmployee, IncomeTotals> = {
  name: 'netincomes',
  words: 'income',
  defaultSort: 'name',
  rowKey: (row) => String(row.user_id),
  people: ['user_id'],
  details: { path: '/pos/report/income/details', params: (row) => ({ user_id: String(row.user_id) }) },
  columns: [nameColumn(), ...figureColumns<IncomeEmployee>(), payIssuesColumn()],
  figures: [
    { id: 'employees', label: 'income.employees', kind: 'count', value: (t) => t.employees },
    ...incomeFigures<IncomeTotals>(),
  ],
};

export const INCOME_DETAILS_CONFIG: ReportConfig<IncomeDay, IncomeEmployee> = {
  name: 'netincomes/details',
  words: 'incomeDetails',
  params: ['user_id'],
  defaultSort: 'date',
  rowKey: (row) => row.date,
  columns: [
    { id: 'date', label: 'daily.date', kind: 'day', value: (r) => r.date, sort: 'date' },
    ...figureColumns<IncomeDay>(),
  ],
  figures: [
    { id: 'name', label: 'summary.employee', kind: 'text', value: (t) => t.name },
    ...incomeFigures<IncomeEmployee>(),
  ],
};

const HOUR_COLUMNS: ReadonlyArray<ReportColumn<IncomeWktEmployee>> = [
  { id: 'hours', label: 'incomeWkt.hours', kind: 'text', value: (r) => hoursOf(r.minutes), sort: 'minutes' },
  {
    id: 'income_per_hour',
    label: 'incomeWkt.income_per_hour',
    kind: 'money',
    value: (r) => r.income_per_hour,
  },
];

export const INCOME_WKT_CONFIG: ReportConfig<IncomeWktEmployee, IncomeWktTotals> = {
  name: 'netincomes-wkt',
  words: 'incomeWkt',
  defaultSort: 'name',
  rowKey: (row) => String(row.user_id),
  people: ['user_id'],
  // No pay-settings column here: the table is already wide; the income report shows it for the same rows.
  columns: [nameColumn(), ...figureColumns<IncomeWktEmployee>(), ...HOUR_COLUMNS],
  figures: [
    ...incomeFigures<IncomeWktTotals>(),
    { id: 'hours', label: 'incomeWkt.hours', kind: 'text', value: (t) => hoursOf(t.minutes) },
    {
      id: 'income_per_hour',
      label: 'incomeWkt.income_per_hour',
      kind: 'money',
      value: (t) => t.income_per_hour,
    },
  ],
};

export function IncomeReportScreen() {
  return <ReportScreen config={INCOME_CONFIG} />;
}

export function IncomeDetailsScreen() {
  return <ReportScreen config={INCOME_DETAILS_CONFIG} />;
}

export function IncomeWktReportScreen() {
  return <ReportScreen config={INCOME_WKT_CONFIG} />;
}
