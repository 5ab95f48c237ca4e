/**
 * GET /api/report/store, /api/report/store/details and /api/report/store/days (docs/reports.md "Store"): the
 * sale figures of sale-figures.ts per till of the store (a workstation, or the till without one), the days of
 * one till, and every day of every till (the by-day export). A till's figures are counted where its drawer
 * counts them (docs/cash-drawer.md#expected-cash), so its cash is what its drawer expected.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { saleFiguresSchema } from '../../contracts/reports';
import {
  STORE_DAYS_SORTS,
  STORE_DETAILS_SORTS,
  STORE_SORTS,
  storeDayRowSchema,
  storeDetailsParams,
  storeDetailsTotalsSchema,
  storeRowSchema,
} from '../../contracts/reports-store';
import type { StoreDayRow, StoreRow, StoreTill } from '../../contracts/reports-store';
import { PAYMENT_TYPE } from '../../domain/constants';
import { REPORT_ACCESS } from '../auth/access';
import { notFound } from '../errors';
import { defineReport } from './report-factory';
import type { ReportColumn, ReportContext, ReportRecord } from './report-factory';
import { figuresOf, figuresSql, rangeFigures } from './sale-figures';
import type { FigureGrouping } from './sale-figures';

/** The figures grouped as asked, each till named (left join: the till without a workstation has no row). */
function tillFiguresSql(ctx: ReportContext, grouping: FigureGrouping): SQL {
  return sql`select f.*, coalesce(w.name, '') as workstation_name, coalesce(w.code, '') as workstation_code
    ${grouping.keys.includes('day') && grouping.keys.includes('workstation') ? sql`, f.date || '/' || f.workstation_id as row_key` : sql``}
    from (${figuresSql(ctx, grouping)}) as f
    left join workstations w on w.tenant_id = ${ctx.tenantId} and w.store_id = ${ctx.storeId}
      and w.id = f.workstation_id`;
}

function tillOf(record: ReportRecord): StoreTill {
  return {
    workstation_id: Number(record.workstation_id ?? 0),
    workstation_name: String(record.workstation_name ?? ''),
    workstation_code: String(record.workstation_code ?? ''),
  };
}

/** The till named by `workstation_id`: 0, or a workstation of this store (anything else is a 404). */
async function loadTill(ctx: ReportContext): Promise<StoreTill> {
  const id = Number(ctx.params.workstation_id);
  if (id === 0) return { workstation_id: 0, workstation_name: '', workstation_code: '' };
  const found = await ctx.db.execute<ReportRecord>(
    sql`select id as workstation_id, name as workstation_name, code as workstation_code from workstations
      where tenant_id = ${ctx.tenantId} and store_id = ${ctx.storeId} and id = ${id}`,
  );
  const row = found.rows[0];
  if (!row) throw notFound('No such workstation in this store.');
  return tillOf(row);
}

/** Every figure as CSV columns, after the row's own leading columns. */
function figureCsv<Row extends StoreRow>(lead: ReportColumn<Row>[]): ReportColumn<Row>[] {
  return [
    ...lead,
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
    ...Object.entries(PAYMENT_TYPE).map(([key, type]) => ({
      header: `tender_${key.toLowerCase()}`,
      value: (r: Row) => r.payments.find((p) => p.payment_type === type)?.amount ?? 0,
    })),
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
}

const TILL_CSV: ReportColumn<StoreRow>[] = [
  { header: 'workstation_id', value: (r) => r.workstation_id },
  { header: 'workstation_code', value: (r) => r.workstation_code },
  { header: 'workstation_name', value: (r) => r.workstation_name },
];

const rowOf = (record: ReportRecord, ctx: ReportContext): StoreRow => ({
  ...tillOf(record),
  ...figuresOf(record, ctx),
});
const dayRowOf = (record: ReportRecord, ctx: ReportContext): StoreDayRow => ({
  date: String(record.date),
  ...rowOf(record, ctx),
});

export const STORE_REPORT = defineReport({
  name: 'store',
  summary:
    'Per till of the store (a workstation, or the till without one): sales, tenders, refunds, voids and cash',
  // docs/roles.md#access-rules: the store report needs a PIN check first.
  access: REPORT_ACCESS,
  sortFields: STORE_SORTS,
  defaultSort: 'workstation_name',
  tiebreak: 'workstation_id',
  row: storeRowSchema,
  rows: (ctx) => tillFiguresSql(ctx, { keys: ['workstation'] }),
  toRow: rowOf,
  totals: saleFiguresSchema,
  loadTotals: (ctx) => rangeFigures(ctx),
  csv: figureCsv(TILL_CSV),
});

export const STORE_DETAILS_REPORT = defineReport({
  name: 'store/details',
  summary:
    "One till's figures per store day of the period (workstation_id; 0 = the till without a workstation)",
  params: storeDetailsParams,
  access: REPORT_ACCESS,
  sortFields: STORE_DETAILS_SORTS,
  defaultSort: 'date',
  tiebreak: 'date',
  row: storeDayRowSchema,
  rows: (ctx) =>
    tillFiguresSql(ctx, { keys: ['day', 'workstation'], workstationId: Number(ctx.params.workstation_id) }),
  toRow: dayRowOf,
  totals: storeDetailsTotalsSchema,
  // Another store's or tenant's till is a 404, on the export too.
  check: async (ctx) => {
    await loadTill(ctx);
  },
  loadTotals: async (ctx) => {
    const till = await loadTill(ctx);
    return { ...(await rangeFigures(ctx, till.workstation_id)), till };
  },
  csv: figureCsv<StoreDayRow>([{ header: 'date', value: (r) => r.date }, ...TILL_CSV]),
});

/** Every till's every day: the by-day variant of the store report, mostly for its CSV export. */
export const STORE_DAYS_REPORT = defineReport({
  name: 'store/days',
  summary: 'Per store day and till: the store report broken down by day',
  access: REPORT_ACCESS,
  sortFields: STORE_DAYS_SORTS,
  defaultSort: 'date',
  tiebreak: 'row_key',
  row: storeDayRowSchema,
  rows: (ctx) => tillFiguresSql(ctx, { keys: ['day', 'workstation'] }),
  toRow: dayRowOf,
  totals: saleFiguresSchema,
  loadTotals: (ctx) => rangeFigures(ctx),
  csv: figureCsv<StoreDayRow>([{ header: 'date', value: (r) => r.date }, ...TILL_CSV]),
});
