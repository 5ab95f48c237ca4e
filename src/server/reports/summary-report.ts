/**
 * GET /api/report/summary (docs/reports.md#the-figures, "Summary"): the figures over the whole period (the daily report's
 * totals), by kind of item, and one row per employee: their lines, their tips, the refunds of their lines.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { SUMMARY_SORTS, summaryEmployeeSchema, summaryTotalsSchema } from '../../contracts/reports';
import type { SummaryCategory, SummaryEmployee, ITEM_CATEGORIES } from '../../contracts/reports';
import { ITEM_TYPE, SALE_STATUS } from '../../domain/constants';
import { REPORT_ACCESS } from '../auth/access';
import { defineReport } from './report-factory';
import type { ReportContext, ReportRecord } from './report-factory';
import { inRange, personFilter, rangeFigures, salesInRange } from './sale-figures';

const COUNTED = sql.raw(`${SALE_STATUS.SALE}, ${SALE_STATUS.REFUND}`);

export const CATEGORY_OF: Readonly<Record<number, (typeof ITEM_CATEGORIES)[number]>> = {
  [ITEM_TYPE.SERVICE]: 'service',
  [ITEM_TYPE.PRODUCT]: 'product',
  [ITEM_TYPE.PRODUCT_KIT]: 'product_kit',
  [ITEM_TYPE.GIFTCARD]: 'giftcard',
};

/** Completed sales of the range (Sale or Refund), the base of the per-employee and per-kind figures. */
export function countedSales(ctx: ReportContext): SQL {
  return sql`select * from (${salesInRange(ctx)}) as a where a.status in (${COUNTED})`;
}

/** With an employee filter, only that employee's lines. */
export function lineFilter(ctx: ReportContext, alias: string): SQL {
  return ctx.userId === undefined ? sql`` : sql` and ${sql.identifier(alias)}.employee_id = ${ctx.userId}`;
}

/**
 * The refunds made in the range, line by line (sale_refunds.lines), with each refunded line's employee and
 * kind. A refund through a payment alone names no line, so it counts in the totals' refunds only.
 */
export function refundedLines(ctx: ReportContext): SQL {
  return sql`select l.id as sale_line_id, l.employee_id, l.item_type, l.item_id, l.name,
      (x.value ->> 'quantity')::int as quantity, (x.value ->> 'amount')::bigint as amount
    from sale_refunds r
    join sales s on s.tenant_id = r.tenant_id and s.store_id = r.store_id and s.id = r.sale_id
    cross join jsonb_array_elements(r.lines) x
    join sale_lines l on l.tenant_id = r.tenant_id and l.store_id = r.store_id
      and l.id = (x.value ->> 'sale_line_id')::bigint
    where r.tenant_id = ${ctx.tenantId} and r.store_id = ${ctx.storeId}
      and ${inRange(ctx, sql`r.created_at`)}${personFilter(ctx, 's')}${lineFilter(ctx, 'l')}`;
}

function employeeRows(ctx: ReportContext): SQL {
  const only = ctx.userId === undefined ? sql`` : sql` where user_id = ${ctx.userId}`;
  return sql`with s as (${countedSales(ctx)}),
    ld as (
      select l.employee_id as user_id, sum(l.quantity) as items, sum(l.gross) as gross,
        sum(l.item_discount + l.employee_discount) as line_discounts, sum(l.net) as net, sum(l.tax) as tax,
        sum(l.commission) as commission
      from s join sale_lines l on l.tenant_id = s.tenant_id and l.store_id = s.store_id and l.sale_id = s.id
      group by l.employee_id
    ),
    td as (
      select e.user_id, count(*) as sales_count, sum(e.tip_amount) as tips
      from s join sale_employees e on e.tenant_id = s.tenant_id and e.store_id = s.store_id and e.sale_id = s.id
      group by e.user_id
    ),
    rd as (select employee_id as user_id, sum(amount) as refunds from (${refundedLines(ctx)}) as x group by 1)
    select user_id, u.display_name as name,
      coalesce(sales_count, 0) as sales_count, coalesce(items, 0) as items, coalesce(gross, 0) as gross,
      coalesce(line_discounts, 0) as line_discounts, coalesce(net, 0) as net, coalesce(tax, 0) as tax,
      coalesce(commission, 0) as commission, coalesce(tips, 0) as tips, coalesce(refunds, 0) as refunds
    from (select * from ld full join td using (user_id) full join rd using (user_id)${only}) as e
    join users u on u.tenant_id = ${ctx.tenantId} and u.id = e.user_id`;
}

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

function employeeOf(record: ReportRecord): SummaryEmployee {
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
  rows: employeeRows,
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
