/**
 * The summary report (/pos/report/summary; docs/reports.md "Summary"): the period's figures, its tenders and
 * the kinds of item sold from the totals, and a row per employee who worked in it. The sort fields are the
 * server's SUMMARY_SORTS (src/contracts/reports.ts).
 */
import type { SummaryCategory, SummaryEmployee, SummaryReport } from '../../../contracts/reports';
import { SALE_FIGURES, TENDERS_TABLE } from './daily-report';
import { totalsTable } from './report-config';
import type { ReportColumn, ReportConfig } from './report-config';
import { ReportScreen } from './report-screen';

type Totals = SummaryReport['totals'];

const CATEGORY_COLUMNS: ReadonlyArray<ReportColumn<SummaryCategory>> = [
  { id: 'category', label: 'summary.category', kind: 'key', value: (c) => `summary.kinds.${c.category}` },
  { id: 'quantity', label: 'summary.quantity', kind: 'count', value: (c) => c.quantity },
  { id: 'gross', label: 'figures.gross', kind: 'money', value: (c) => c.gross },
  { id: 'line_discounts', label: 'figures.discounts', kind: 'money', value: (c) => c.line_discounts },
  { id: 'net', label: 'figures.net', kind: 'money', value: (c) => c.net },
  { id: 'tax', label: 'figures.tax', kind: 'money', value: (c) => c.tax },
  { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (c) => c.refunds },
];

export const SUMMARY_CONFIG: ReportConfig<SummaryEmployee, Totals> = {
  name: 'summary',
  defaultSort: 'name',
  rowKey: (row) => String(row.user_id),
  people: ['user_id', 'cashier_id'],
  details: { path: '/pos/report/summary/details', params: (row) => ({ user_id: String(row.user_id) }) },
  columns: [
    { id: 'name', label: 'summary.employee', kind: 'text', value: (r) => r.name, sort: 'name' },
    {
      id: 'sales_count',
      label: 'figures.sales_count',
      kind: 'count',
      value: (r) => r.sales_count,
      sort: 'sales_count',
    },
    { id: 'items', label: 'summary.items', kind: 'count', value: (r) => r.items },
    { id: 'gross', label: 'figures.gross', kind: 'money', value: (r) => r.gross, sort: 'gross' },
    { id: 'line_discounts', label: 'figures.discounts', kind: 'money', value: (r) => r.line_discounts },
    { id: 'net', label: 'figures.net', kind: 'money', value: (r) => r.net, sort: 'net' },
    { id: 'tax', label: 'figures.tax', kind: 'money', value: (r) => r.tax },
    {
      id: 'commission',
      label: 'summary.commission',
      kind: 'money',
      value: (r) => r.commission,
      sort: 'commission',
    },
    { id: 'tips', label: 'figures.tips', kind: 'money', value: (r) => r.tips, sort: 'tips' },
    { id: 'refunds', label: 'figures.refunds', kind: 'money', value: (r) => r.refunds, sort: 'refunds' },
  ],
  figures: SALE_FIGURES,
  totalsTables: [
    TENDERS_TABLE,
    totalsTable<Totals, SummaryCategory>({
      id: 'categories',
      title: 'summary.byKind',
      lines: (totals) => totals.categories,
      columns: CATEGORY_COLUMNS,
    }),
  ],
};

export function SummaryReportScreen() {
  return <ReportScreen config={SUMMARY_CONFIG} />;
}
