/**
 * GET /api/report/daily (docs/reports.md#the-figures, "Daily"): one row per store day of the range with any activity, the
 * figures of sale-figures.ts; the totals are the same figures over the range.
 */
import { DAILY_SORTS, dailyRowSchema, saleFiguresSchema } from '../../contracts/reports';
import type { DailyRow } from '../../contracts/reports';
import { PAYMENT_TYPE } from '../../domain/constants';
import { REPORT_ACCESS } from '../auth/access';
import { defineReport } from './report-factory';
import type { ReportColumn } from './report-factory';
import { dailyFiguresSql, figuresOf, sumFigures } from './sale-figures';

/** One CSV column per tender type, named after the type ('tender_cash', 'tender_viet_qr'). */
const TENDER_COLUMNS: ReportColumn<DailyRow>[] = Object.entries(PAYMENT_TYPE).map(([key, type]) => ({
  header: `tender_${key.toLowerCase()}`,
  value: (row) => row.payments.find((p) => p.payment_type === type)?.amount ?? 0,
}));

const FIGURE_CSV: ReportColumn<DailyRow>[] = [
  { header: 'date', value: (r) => r.date },
  { header: 'sales_count', value: (r) => r.sales_count },
  { header: 'gross', value: (r) => r.gross },
  { header: 'discounts', value: (r) => r.discounts },
  { header: 'net', value: (r) => r.net },
  { header: 'tax', value: (r) => r.tax },
  { header: 'tips', value: (r) => r.tips },
  { header: 'total', value: (r) => r.total },
  { header: 'refunds_count', value: (r) => r.refunds_count },
  { header: 'refunds', value: (r) => r.refunds },
  { header: 'voids_count', value: (r) => r.voids_count },
  { header: 'voids', value: (r) => r.voids },
  ...TENDER_COLUMNS,
  { header: 'opening_float', value: (r) => r.cash.opening_float },
  { header: 'cash_taken', value: (r) => r.cash.cash_taken },
  { header: 'change_given', value: (r) => r.cash.change_given },
  { header: 'cash_refunds', value: (r) => r.cash.cash_refunds },
  { header: 'pay_ins', value: (r) => r.cash.pay_ins },
  { header: 'pay_outs', value: (r) => r.cash.pay_outs },
  { header: 'drops', value: (r) => r.cash.drops },
  { header: 'tip_outs', value: (r) => r.cash.tip_outs },
  { header: 'expected_cash', value: (r) => r.cash.expected_cash },
];

export const DAILY_REPORT = defineReport({
  name: 'daily',
  summary: 'Per store day of the period: sales, discounts, tax, tips, refunds, voids, tenders and cash',
  // docs/roles.md#access-rules: the daily report needs a PIN check first.
  access: REPORT_ACCESS,
  sortFields: DAILY_SORTS,
  defaultSort: 'date',
  tiebreak: 'date',
  row: dailyRowSchema,
  rows: dailyFiguresSql,
  toRow: (record, ctx): DailyRow => ({ date: String(record.date), ...figuresOf(record, ctx) }),
  totals: saleFiguresSchema,
  // The days are few (at most one a day of the range, only days with activity): their sum is the totals, so
  // the report is one statement (docs/reports.md#speed).
  totalsFromRows: (records, ctx) => figuresOf(sumFigures(records), ctx),
  csv: FIGURE_CSV,
});
