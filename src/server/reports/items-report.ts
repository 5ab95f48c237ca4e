/**
 * GET /api/report/services-products and /api/report/services-products/details (docs/reports.md "Services and
 * products"): per item sold in the period (a service, product, product kit or gift card), its lines of the
 * completed sales by order day and the refunds of its lines by the day they were made; the details are one
 * item's lines. The same lines and refunds as the summary's kinds (summary-report.ts), one row per item.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  ITEM_DETAILS_SORTS,
  ITEM_SORTS,
  itemDetailsParams,
  itemDetailsTotalsSchema,
  itemLineRowSchema,
  itemTotalsSchema,
  itemReportParams,
  itemRowSchema,
} from '../../contracts/reports-store';
import type { ItemFigures, ItemKind, ItemLineRow, ItemRow } from '../../contracts/reports-store';
import { ITEM_TYPE } from '../../domain/constants';
import { REPORT_ACCESS } from '../auth/access';
import { notFound } from '../errors';
import { defineReport } from './report-factory';
import type { ReportContext, ReportRecord } from './report-factory';
import { countedSales, lineFilter, refundedLines } from './employee-figures';
import { CATEGORY_OF } from './summary-report';

/** The report's item filter on a line aliased `alias`: one kind (`item_type`), one item (`item_id`). */
function itemFilter(ctx: ReportContext, alias: string): SQL {
  const l = sql.identifier(alias);
  const parts: SQL[] = [];
  if (ctx.params.item_type !== undefined)
    parts.push(sql` and ${l}.item_type = ${Number(ctx.params.item_type)}`);
  if (ctx.params.item_id !== undefined) parts.push(sql` and ${l}.item_id = ${Number(ctx.params.item_id)}`);
  return sql.join(parts);
}

/** One row per item with a line sold or refunded in the range. */
function itemRows(ctx: ReportContext): SQL {
  return sql`with s as (${countedSales(ctx)}),
    ld as (
      select l.item_type, l.item_id, (array_agg(l.name order by l.id desc))[1] as sold_name,
        count(distinct l.sale_id) as sales_count, sum(l.quantity) as quantity, sum(l.gross) as gross,
        sum(l.item_discount + l.employee_discount) as line_discounts, sum(l.net) as net, sum(l.tax) as tax
      from s join sale_lines l on l.tenant_id = s.tenant_id and l.store_id = s.store_id and l.sale_id = s.id
      where true${lineFilter(ctx, 'l')}${itemFilter(ctx, 'l')}
      group by l.item_type, l.item_id
    ),
    rd as (
      select x.item_type, x.item_id, (array_agg(x.name order by x.sale_line_id desc))[1] as refunded_name,
        sum(x.quantity) as refunded_quantity, sum(x.amount) as refunds
      from (${refundedLines(ctx)}) as x where true${itemFilter(ctx, 'x')}
      group by x.item_type, x.item_id
    )
    select item_type || '-' || item_id as item_key, item_type, item_id,
      coalesce(sold_name, refunded_name, '') as name,
      coalesce(sales_count, 0) as sales_count, coalesce(quantity, 0) as quantity, coalesce(gross, 0) as gross,
      coalesce(line_discounts, 0) as line_discounts, coalesce(net, 0) as net, coalesce(tax, 0) as tax,
      coalesce(refunded_quantity, 0) as refunded_quantity, coalesce(refunds, 0) as refunds
    from ld full join rd using (item_type, item_id)`;
}

const n = (record: ReportRecord, column: string): number => Number(record[column] ?? 0);

function figuresOf(record: ReportRecord): ItemFigures {
  return {
    sales_count: n(record, 'sales_count'),
    quantity: n(record, 'quantity'),
    gross: n(record, 'gross'),
    line_discounts: n(record, 'line_discounts'),
    net: n(record, 'net'),
    tax: n(record, 'tax'),
    refunded_quantity: n(record, 'refunded_quantity'),
    refunds: n(record, 'refunds'),
  };
}

function itemOf(record: ReportRecord): ItemRow {
  const itemType = n(record, 'item_type');
  return {
    item_key: String(record.item_key),
    item_type: itemType,
    category: CATEGORY_OF[itemType] ?? 'service',
    item_id: n(record, 'item_id'),
    name: String(record.name ?? ''),
    ...figuresOf(record),
  };
}

/** The figures summed over the rows: an item's sales count is its own, so the sum counts a sale per item. */
const SUMS = sql.join(
  ['sales_count', 'quantity', 'gross', 'line_discounts', 'net', 'tax', 'refunded_quantity', 'refunds'].map(
    (c) => sql`coalesce(sum(${sql.identifier(c)}), 0)::bigint as ${sql.identifier(c)}`,
  ),
  sql`, `,
);

/** Every kind sold in the period, the `item_type` asked or not: the screen offers them as its filter. */
async function kindsOf(ctx: ReportContext): Promise<ItemKind[]> {
  const { item_type: _asked, ...params } = ctx.params;
  const result = await ctx.db.execute<ReportRecord>(
    sql`select item_type, ${SUMS} from (${itemRows({ ...ctx, params })}) as r group by item_type order by item_type`,
  );
  return result.rows.map((record) => ({
    item_type: n(record, 'item_type'),
    category: CATEGORY_OF[n(record, 'item_type')] ?? 'service',
    ...figuresOf(record),
  }));
}

async function totalsOf(ctx: ReportContext): Promise<ReportRecord> {
  const result = await ctx.db.execute<ReportRecord>(
    sql`select ${SUMS}, max(name) as name from (${itemRows(ctx)}) as r`,
  );
  return result.rows[0] ?? {};
}

export const ITEMS_REPORT = defineReport({
  name: 'services-products',
  summary:
    'Per item sold (service, product, product kit, gift card): quantity, gross, discounts, net, tax, refunds',
  params: itemReportParams,
  // docs/roles.md#access-rules: the service/product report needs a PIN check first.
  access: REPORT_ACCESS,
  sortFields: ITEM_SORTS,
  defaultSort: 'name',
  tiebreak: 'item_key',
  row: itemRowSchema,
  rows: itemRows,
  toRow: itemOf,
  totals: itemTotalsSchema,
  // One after the other: ctx.db may be one client.
  loadTotals: async (ctx) => ({ ...figuresOf(await totalsOf(ctx)), kinds: await kindsOf(ctx) }),
  csv: [
    { header: 'item_type', value: (r) => r.item_type },
    { header: 'category', value: (r) => r.category },
    { header: 'item_id', value: (r) => r.item_id },
    { header: 'name', value: (r) => r.name },
    { header: 'sales_count', value: (r) => r.sales_count },
    { header: 'quantity', value: (r) => r.quantity },
    { header: 'gross', value: (r) => r.gross },
    { header: 'line_discounts', value: (r) => r.line_discounts },
    { header: 'net', value: (r) => r.net },
    { header: 'tax', value: (r) => r.tax },
    { header: 'refunded_quantity', value: (r) => r.refunded_quantity },
    { header: 'refunds', value: (r) => r.refunds },
  ],
});

function lineOf(record: ReportRecord): ItemLineRow {
  const at = record.order_at;
  return {
    sale_line_id: n(record, 'sale_line_id'),
    sale_id: n(record, 'sale_id'),
    invoice_no: String(record.invoice_no ?? ''),
    order_at: (at instanceof Date ? at : new Date(String(at))).toISOString(),
    date: String(record.date),
    employee_name: String(record.employee_name ?? ''),
    quantity: n(record, 'quantity'),
    unit_price: n(record, 'unit_price'),
    gross: n(record, 'gross'),
    line_discounts: n(record, 'line_discounts'),
    net: n(record, 'net'),
    tax: n(record, 'tax'),
    refunded_quantity: n(record, 'refunded_quantity'),
  };
}

/** Where an item of each kind is kept (sale_lines.item_id points there by item_type; docs/sales.md). */
const ITEM_TABLES: Readonly<Record<number, string>> = {
  [ITEM_TYPE.SERVICE]: 'services',
  [ITEM_TYPE.PRODUCT]: 'products',
  [ITEM_TYPE.PRODUCT_KIT]: 'product_kits',
  [ITEM_TYPE.GIFTCARD]: 'giftcards',
};

/** The item named by `item_type` and `item_id` is the tenant's (a gift card sold by number is item 0); else a 404. */
async function checkItem(ctx: ReportContext): Promise<void> {
  const itemType = Number(ctx.params.item_type);
  const itemId = Number(ctx.params.item_id);
  if (itemType === ITEM_TYPE.GIFTCARD && itemId === 0) return;
  const table = sql.identifier(ITEM_TABLES[itemType] ?? 'services');
  const found = await ctx.db.execute(
    sql`select 1 from ${table} where tenant_id = ${ctx.tenantId} and id = ${itemId}`,
  );
  if (found.rows.length === 0) throw notFound('No such item.');
}

export const ITEM_DETAILS_REPORT = defineReport({
  name: 'services-products/details',
  summary: "One item's lines on the completed sales of the period (item_type, item_id)",
  params: itemDetailsParams,
  access: REPORT_ACCESS,
  sortFields: ITEM_DETAILS_SORTS,
  defaultSort: 'order_at',
  tiebreak: 'sale_line_id',
  row: itemLineRowSchema,
  rows: (ctx) => sql`with s as (${countedSales(ctx)})
    select l.id as sale_line_id, l.sale_id, sa.invoice_no, sa.order_at, s.day::text as date,
      u.display_name as employee_name, l.quantity, coalesce(l.price_override, l.unit_price) as unit_price,
      l.gross, l.item_discount + l.employee_discount as line_discounts, l.net, l.tax, l.refunded_quantity
    from s join sale_lines l on l.tenant_id = s.tenant_id and l.store_id = s.store_id and l.sale_id = s.id
    join sales sa on sa.tenant_id = s.tenant_id and sa.id = s.id
    left join users u on u.tenant_id = l.tenant_id and u.id = l.employee_id
    where true${lineFilter(ctx, 'l')}${itemFilter(ctx, 'l')}`,
  toRow: lineOf,
  totals: itemDetailsTotalsSchema,
  // Another tenant's item is a 404, on the export too.
  check: checkItem,
  loadTotals: async (ctx) => {
    const record = await totalsOf(ctx);
    return {
      item_type: Number(ctx.params.item_type),
      item_id: Number(ctx.params.item_id),
      name: String(record.name ?? ''),
      ...figuresOf(record),
    };
  },
  csv: [
    { header: 'sale_line_id', value: (r) => r.sale_line_id },
    { header: 'invoice_no', value: (r) => r.invoice_no },
    { header: 'order_at', value: (r) => r.order_at },
    { header: 'date', value: (r) => r.date },
    { header: 'employee', value: (r) => r.employee_name },
    { header: 'quantity', value: (r) => r.quantity },
    { header: 'unit_price', value: (r) => r.unit_price },
    { header: 'gross', value: (r) => r.gross },
    { header: 'line_discounts', value: (r) => r.line_discounts },
    { header: 'net', value: (r) => r.net },
    { header: 'tax', value: (r) => r.tax },
    { header: 'refunded_quantity', value: (r) => r.refunded_quantity },
  ],
});
