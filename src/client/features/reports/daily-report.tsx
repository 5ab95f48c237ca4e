/**
 * The daily report (/pos/report/daily; docs/reports.md "Daily"): a row per store day of the period with its
 * sales, gross, discounts, net, tax, tips, refunds, tenders and expected cash; the period's totals as figures
 * and its tenders as a table. The sort fields are the server's DAILY_SORTS (src/contracts/reports.ts).
 */
import type { DailyRow, SaleFigures } from '../../../contracts/reports';
import { totalsTable } from './report-config';
import type { ReportColumn, ReportConfig, ReportFigure } from './report-config';
import { ReportScreen } from './report-screen';

type Tender = SaleFigures['payments'][number];

/** The figures every sales report shows for its period (the summary's totals are the same figures). */
export const SALE_FIGURES: ReadonlyArray<ReportFigure<SaleFigures>> = [
  { id: 'sales_count', label: 'figures.sales_count', kind: 'count', value: (t) => t.sales_count },
  { id: 'gross', label: 'figures.gross', kind: 'money', value: (t) => t.gross },
  { id: 'discounts', label: 'figures.discounts', kind: 'money', value: (t) => t.discounts },
  { id: 'net', label: 'figures.net', kind: 'money', value: (t) => t.net },
  { id: 'tax', label: 'figures.tax', kind: 'money', value: (t) => t.tax },
  { id: 'tips', label: 'figures.tips', kind: 'money', value: (t) => t.tips },
  { id: 'total', label: 'figures.total', kind: 'money', value: (t) => t.total },
  { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (t) => t.refunds },
  { id: 'voids', label: 'figures.voids', kind: 'money', value: (t) => t.voids },
  { id: 'expected_cash', label: 'figures.expected_cash', kind: 'money', value: (t) => t.cash.expected_cash },
];

const TENDER_COLUMNS: ReadonlyArray<ReportColumn<Tender>> = [
  {
    id: 'payment_type',
    label: 'figures.tender',
    kind: 'key',
    value: (line) => `common:sale_management.paymentType.${line.payment_type}`,
  },
  { id: 'amount', label: 'figures.amount', kind: 'money', value: (line) => line.amount },
];

/** The period's tenders that took something. */
export const TENDERS_TABLE = totalsTable<SaleFigures, Tender>({
  id: 'tenders',
  title: 'figures.payments',
  lines: (totals) => totals.payments.filter((line) => line.amount !== 0),
  columns: TENDER_COLUMNS,
});

export const DAILY_CONFIG: ReportConfig<DailyRow, SaleFigures> = {
  name: 'daily',
  defaultSort: 'date',
  rowKey: (row) => row.date,
  people: ['user_id', 'cashier_id'],
  details: { path: '/pos/report/daily/details', params: (row) => ({ date: row.date }) },
  columns: [
    { id: 'date', label: 'daily.date', kind: 'day', value: (r) => r.date, sort: 'date' },
    {
      id: 'sales_count',
      label: 'figures.sales_count',
      kind: 'count',
      value: (r) => r.sales_count,
      sort: 'sales_count',
    },
    { id: 'gross', label: 'figures.gross', kind: 'money', value: (r) => r.gross, sort: 'gross' },
    { id: 'discounts', label: 'figures.discounts', kind: 'money', value: (r) => r.discounts },
    { id: 'net', label: 'figures.net', kind: 'money', value: (r) => r.net, sort: 'net' },
    { id: 'tax', label: 'figures.tax', kind: 'money', value: (r) => r.tax },
    { id: 'tips', label: 'figures.tips', kind: 'money', value: (r) => r.tips, sort: 'tips' },
    { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (r) => r.refunds, sort: 'refunds' },
    { id: 'payments', label: 'figures.payments', kind: 'tenders', value: (r) => r.payments },
    {
      id: 'expected_cash',
      label: 'figures.expected_cash',
      kind: 'money',
      value: (r) => r.cash.expected_cash,
    },
  ],
  figures: SALE_FIGURES,
  totalsTables: [TENDERS_TABLE],
};

export function DailyReportScreen() {
  return <ReportScreen config={DAILY_CONFIG} />;
}
