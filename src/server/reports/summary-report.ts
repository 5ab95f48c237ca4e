/**
 * GET /api/report/summary (docs/reports.md#the-figures, "Summary"): the figures over the whole period (the daily report's
 * totals), by kind of item, and one row per employee: their lines, their tips, the refunds of their lines.
 */
import { sql } from 'drizzle-orm';
import { SUMMARY_SORTS, summaryEmployeeSchema, summaryTotalsSchema } from '../../contracts/reports';
import type { SummaryCategory, SummaryEmployee, ITEM_CATEGORIES } from '../../contracts/reports';
import { ITEM_TYPE } from '../../domain/constants';
import { REPORT_ACCESS } from '../auth/access';
import { defineReport } from './report-factory';
import type { ReportContext, ReportRecord } from './report-factory';
import { countedSales, employeeFiguresSql, lineFilter, refundedLines } from './employee-figures';
import { rangeFigures } from './sale-figures';

export const CATEGORY_OF: Readonly<Record<number, (typeof ITEM_CATEGORIES)[number]>> = {
  [ITEM_TYPE.SERVICE]: 'service',
  [ITEM_TYPE.PRODUCT]: 'product',
  [ITEM_TYPE.PRODUCT_KIT]: 'product_kit',
  [ITEM_TYPE.GIFTCARD]: 'giftcard',
};

async function categories(ctx: ReportContext): Promise<SummaryCategory[]> {
  const result = await ctx.db.execute<ReportRecord>(sql`with s as (${countedSales(ctx)}),
    ld as (
      select l.item_type, sum(l.quantity) as quantity, sum(l.gross) as gross,
        sum(l.item_discount + l.employee_discount) as line_discounts, sum(l.net) as net, sum(l.tax) as tax
      from s join sale_lines l on l.tenant_id = s.tenant_id and l.store_id = s.store_id and l.sale_id = s.id
      where true${lineFilter(ctx, 'l')}
      group by l.item_type
    ),
    rd as (select item_type, sum(amount) as refunds from (${refundedLines(ctx)}) as x group by 1)
    select * from ld full join rd using (item_type) order by item_type`);
  const n = (r: ReportRecord, c: string) => Number(r[c] ?? 0);
  return result.rows.map((r) => ({
    category: CATEGORY_OF[n(r, 'item_type')] ?? 'service',
    item_type: n(r, 'item_type'),
    quantity: n(r, 'quantity'),
    gross: n(r, 'gross'),
    line_discounts: n(r, 'line_discounts'),
    net: n(r, 'net'),
    tax: n(r, 'tax'),
    refunds: n(r, 'refunds'),
  }));
}

export function employeeOf(record: ReportRecord): SummaryEmployee {
  const n = (c: string) => Number(record[c] ?? 0);
  return {
    user_id: n('user_id'),
    name: String(record.name ?? ''),
    sales_count: n('sales_count'),
    items: n('items'),
    gross: n('gross'),
    line_discounts: n('line_discounts'),
    net: n('net'),
    tax: n('tax'),
    commission: n('commission'),
    tips: n('tips'),
    refunds: n('refunds'),
  };
}

export const SUMMARY_REPORT = defineReport({
  name: 'summary',
  summary: 'The period as a whole: its figures, by kind of item, and one row per employee',
  // docs/roles.md#access-rules: the summary report needs a PIN check first.
  access: REPORT_ACCESS,
  sortFields: SUMMARY_SORTS,
  defaultSort: 'name',
  tiebreak: 'user_id',
  row: summaryEmployeeSchema,
  rows: (ctx) => employeeFiguresSql(ctx),
  toRow: employeeOf,
  totals: summaryTotalsSchema,
  // One after the other: each is its own aggregate, and ctx.db may be one client.
  // Both on the pool at once (a read route's db is the pool, docs/architecture.md).
  loadTotals: async (ctx) => {
    const [figures, kinds] = await Promise.all([rangeFigures(ctx), categories(ctx)]);
    return { ...figures, categories: kinds };
  },
  csv: [
    { header: 'user_id', value: (r) => r.user_id },
    { header: 'name', value: (r) => r.name },
    { header: 'sales_count', value: (r) => r.sales_count },
    { header: 'items', value: (r) => r.items },
    { header: 'gross', value: (r) => r.gross },
    { header: 'line_discounts', value: (r) => r.line_discounts },
    { header: 'net', value: (r) => r.net },
    { header: 'tax', value: (r) => r.tax },
    { header: 'commission', value: (r) => r.commission },
    { header: 'tips', value: (r) => r.tips },
    { header: 'refunds', value: (r) => r.refunds },
  ],
});
