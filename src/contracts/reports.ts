/**
 * Sales reports (docs/reports.md): the query every report takes and the answers of the daily and summary
 * reports. Shared by client and server.
 *
 * A report's period is one of the fourteen choices (docs/api.md#defaults-and-formats), read as whole days in
 * the store's time zone; 'other' takes `effective_start` / `effective_end`, each a day ('YYYY-MM-DD') or a UTC
 * ISO instant (what the spec's clients send), read as the store day that instant falls on. Money is integer
 * minor units (docs/money.md).
 */
import { z } from 'zod';
import { PAYMENT_TYPES, REPORT_PERIODS } from '../domain/constants';
import { pagingQuery } from './customers';
import { pageSchema, sortSchema } from './envelope';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const queryId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const money = z.number().int();
const count = z.number().int().min(0);
const isoDay = z.iso.date();

/** A day or a UTC ISO instant; which store day it names is the server's reading (docs/reports.md#periods). */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Give a date (YYYY-MM-DD) or a UTC ISO date-time.',
});

// ---- requests ----------------------------------------------------------------------------------------

/**
 * What every report filters by. `time_type` defaults to today; `effective_start` alone (no time_type) means
 * 'other'; an 'other' range without an end runs five years ahead (docs/api.md#defaults-and-formats).
 * `user_id` keeps the sales an employee worked on, `cashier_id` the sales a person rang up: each must be a
 * person of the store, else 404.
 */
export const reportFilterQuery = z.strictObject({
  time_type: z.enum(REPORT_PERIODS).optional(),
  effective_start: dayOrInstant.optional(),
  effective_end: dayOrInstant.optional(),
  user_id: queryId.optional(),
  cashier_id: queryId.optional(),
});
export type ReportFilterQuery = z.output<typeof reportFilterQuery>;

/** A report's page query: the filters, `page`, `per_page` and `sort` limited to the report's fields. */
export function reportListQuery<const F extends string>(sortFields: readonly [F, ...F[]]) {
  return pagingQuery.extend(reportFilterQuery.shape).extend({ sort: sortSchema(sortFields).optional() });
}

/** The CSV export takes the same query without paging. */
export function reportExportQuery<const F extends string>(sortFields: readonly [F, ...F[]]) {
  return reportFilterQuery.extend({ sort: sortSchema(sortFields).optional() });
}

export const DAILY_SORTS = ['date', 'sales_count', 'gross', 'net', 'tips', 'refunds', 'voids'] as const;
export const SUMMARY_SORTS = [
  'name',
  'sales_count',
  'gross',
  'net',
  'tips',
  'commission',
  'refunds',
] as const;

export const dailyReportQuery = reportListQuery(DAILY_SORTS);
export type DailyReportQuery = z.output<typeof dailyReportQuery>;
export const summaryReportQuery = reportListQuery(SUMMARY_SORTS);
export type SummaryReportQuery = z.output<typeof summaryReportQuery>;

// ---- responses ---------------------------------------------------------------------------------------

/** The range a report covered: store days (inclusive) and the UTC instants they run between ([from, to)). */
export const reportRangeSchema = z.object({
  time_type: z.enum(REPORT_PERIODS),
  start_date: isoDay,
  end_date: isoDay,
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  timezone: z.string(),
});
export type ReportRange = z.infer<typeof reportRangeSchema>;

/** What was taken through one tender type: amount tendered plus card tips, of payments still taken. */
export const tenderFigureSchema = z.object({
  payment_type: z.union(PAYMENT_TYPES.map((t) => z.literal(t))),
  amount: money,
});

/**
 * The drawer's side of a day (docs/cash-drawer.md#expected-cash), computed as the drawer computes it.
 * `expected_cash` is null when the report is narrowed to one person: floats and movements are the till's,
 * not a person's.
 */
export const cashFiguresSchema = z.object({
  opening_float: money,
  cash_taken: money,
  change_given: money,
  cash_refunds: money,
  pay_ins: money,
  pay_outs: money,
  drops: money,
  tip_outs: money,
  expected_cash: money.nullable(),
});

/** The figures of a day, or of a whole range (docs/reports.md#the-figures). */
export const saleFiguresSchema = z.object({
  sales_count: count,
  gross: money,
  discounts: money,
  net: money,
  tax: money,
  tips: money,
  total: money,
  refunds_count: count,
  refunds: money,
  voids_count: count,
  voids: money,
  /** Every one of the twelve payment types, in type order (0 where nothing was taken). */
  payments: z.array(tenderFigureSchema),
  cash: cashFiguresSchema,
});
export type SaleFigures = z.infer<typeof saleFiguresSchema>;

export const dailyRowSchema = saleFiguresSchema.extend({ date: isoDay });
export type DailyRow = z.infer<typeof dailyRowSchema>;

export const dailyReportSchema = pageSchema(dailyRowSchema).extend({
  range: reportRangeSchema,
  totals: saleFiguresSchema,
});
export type DailyReport = z.infer<typeof dailyReportSchema>;

/** One employee's work in the range: their lines, their tips, the refunds of their lines. */
export const summaryEmployeeSchema = z.object({
  user_id: id,
  name: z.string(),
  sales_count: count,
  items: count,
  gross: money,
  line_discounts: money,
  net: money,
  tax: money,
  commission: money,
  tips: money,
  refunds: money,
});
export type SummaryEmployee = z.infer<typeof summaryEmployeeSchema>;

export const ITEM_CATEGORIES = ['service', 'product', 'product_kit', 'giftcard'] as const;

/** One kind of item (service, product, product kit, gift card) in the range. */
export const summaryCategorySchema = z.object({
  category: z.enum(ITEM_CATEGORIES),
  item_type: z.number().int(),
  quantity: count,
  gross: money,
  line_discounts: money,
  net: money,
  tax: money,
  refunds: money,
});
export type SummaryCategory = z.infer<typeof summaryCategorySchema>;

export const summaryTotalsSchema = saleFiguresSchema.extend({ categories: z.array(summaryCategorySchema) });

export const summaryReportSchema = pageSchema(summaryEmployeeSchema).extend({
  range: reportRangeSchema,
  totals: summaryTotalsSchema,
});
export type SummaryReport = z.infer<typeof summaryReportSchema>;
