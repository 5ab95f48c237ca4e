/**
 * GET /api/report/customers and /api/report/customers/details (docs/reports.md "Customers"): one row per
 * customer of the period (their completed sales and the refunds made on their sales), and one customer's
 * sales. Sales by their order time, refunds by when they were made (docs/reports.md#the-figures).
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  CUSTOMER_DETAILS_SORTS,
  CUSTOMER_REPORT_SORTS,
  customerDetailsParams,
  customerReportParams,
  customerDetailsTotalsSchema,
  customerReportRowSchema,
  customerReportTotalsSchema,
  customerSaleRowSchema,
} from '../../contracts/reports-customers';
import type { CustomerReportRow, CustomerSaleRow } from '../../contracts/reports-customers';
import { averageTicket } from '../../domain/report-ratios';
import { REPORT_ACCESS } from '../auth/access';
import { notFound } from '../errors';
import { searchCondition } from '../services/customers';
import { COUNTED, CUSTOMER_NAME } from './customer-columns';
import { defineReport } from './report-factory';
import type { ReportContext, ReportRecord } from './report-factory';
import { periodVisitFigures } from './customer-visits';
import { inRange, personFilter, storeDay } from './sale-figures';

const num = (record: ReportRecord, column: string): number => Number(record[column] ?? 0);
const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** `and s.customer_id = <id>` when the report is one customer's. */
function oneCustomer(customerId: number | undefined): SQL {
  return customerId === undefined ? sql`` : sql` and s.customer_id = ${customerId}`;
}

/**
 * One row per customer with a completed sale in the range or a refund made in it on one of their sales:
 * visits, first and last visit (store days), gross, net, tips (of the sales), refunds (made in the range).
 */
export function customerRowsSql(ctx: ReportContext, customerId?: number): SQL {
  return sql`with v as (
      select s.customer_id, count(*) as visits, min(s.order_at) as first_at, max(s.order_at) as last_at,
        sum(s.sub_total) as gross, sum(s.sub_total - s.discount_amount) as net, sum(s.tip_amount) as tips
      from sales s
      where s.tenant_id = ${ctx.tenantId} and s.store_id = ${ctx.storeId} and s.status in (${COUNTED})
        and s.customer_id is not null and ${inRange(ctx, sql`s.order_at`)}${personFilter(ctx, 's')}${oneCustomer(customerId)}
      group by s.customer_id
    ),
    r as (
      select s.customer_id, sum(r.amount) as refunds
      from sale_refunds r
      join sales s on s.tenant_id = r.tenant_id and s.store_id = r.store_id and s.id = r.sale_id
      where r.tenant_id = ${ctx.tenantId} and r.store_id = ${ctx.storeId} and s.customer_id is not null
        and ${inRange(ctx, sql`r.created_at`)}${personFilter(ctx, 's')}${oneCustomer(customerId)}
      group by s.customer_id
    )
    select x.customer_id, ${CUSTOMER_NAME} as name, c.phone,
      coalesce(x.visits, 0) as visits,
      ${storeDay(ctx, sql`x.first_at`)}::text as first_visit, ${storeDay(ctx, sql`x.last_at`)}::text as last_visit,
      coalesce(x.gross, 0) as gross, coalesce(x.net, 0) as net, coalesce(x.tips, 0) as tips,
      coalesce(x.refunds, 0) as refunds
    from (select * from v full join r using (customer_id)) as x
    join customers c on c.tenant_id = ${ctx.tenantId} and c.id = x.customer_id${searchFilter(ctx)}`;
}

/** `filter[search]`: the customers whose name or phone contains the term, as the customer list finds them. */
function searchFilter(ctx: ReportContext): SQL {
  const filter = ctx.params.filter as { search?: string } | undefined;
  const condition = filter?.search ? searchCondition(filter.search) : undefined;
  if (!condition) return sql``;
  return sql` where exists (select 1 from customers where customers.tenant_id = ${ctx.tenantId}
    and customers.id = x.customer_id and ${condition})`;
}

function figuresOf(record: ReportRecord) {
  const visits = num(record, 'visits');
  const net = num(record, 'net');
  return {
    visits,
    gross: num(record, 'gross'),
    net,
    tips: num(record, 'tips'),
    refunds: num(record, 'refunds'),
    average_ticket: averageTicket(net, visits),
  };
}

function customerRowOf(record: ReportRecord): CustomerReportRow {
  return {
    customer_id: num(record, 'customer_id'),
    name: String(record.name ?? ''),
    phone: textOrNull(record.phone),
    first_visit: textOrNull(record.first_visit),
    last_visit: textOrNull(record.last_visit),
    ...figuresOf(record),
  };
}

/** The sums of the customers' rows: one statement over the same SELECT. */
async function customerSums(ctx: ReportContext, customerId?: number): Promise<ReportRecord> {
  const result = await ctx.db
    .execute<ReportRecord>(sql`select count(*) filter (where visits > 0) as customers,
      coalesce(sum(visits), 0)::bigint as visits, coalesce(sum(gross), 0)::bigint as gross,
      coalesce(sum(net), 0)::bigint as net, coalesce(sum(tips), 0)::bigint as tips,
      coalesce(sum(refunds), 0)::bigint as refunds
    from (${customerRowsSql(ctx, customerId)}) as x`);
  return result.rows[0] ?? {};
}

export const CUSTOMER_REPORT = defineReport({
  name: 'customers',
  params: customerReportParams,
  summary:
    'Per customer of the period: visits, first and last visit, gross, net, tips, refunds, average ticket',
  // docs/roles.md#access-rules: the customer report needs a PIN check first.
  access: REPORT_ACCESS,
  sortFields: CUSTOMER_REPORT_SORTS,
  defaultSort: 'name',
  tiebreak: 'customer_id',
  row: customerReportRowSchema,
  rows: (ctx) => customerRowsSql(ctx),
  toRow: customerRowOf,
  totals: customerReportTotalsSchema,
  // One after the other: ctx.db may be one client.
  loadTotals: async (ctx) => {
    const sums = await customerSums(ctx);
    const who = await periodVisitFigures(ctx, false);
    return {
      customers: num(sums, 'customers'),
      new_customers: num(who, 'new_customers'),
      returning_customers: num(who, 'returning_customers'),
      walk_ins: num(who, 'walk_ins'),
      ...figuresOf(sums),
    };
  },
  csv: [
    { header: 'customer_id', value: (r) => r.customer_id },
    { header: 'name', value: (r) => r.name },
    { header: 'phone', value: (r) => r.phone },
    { header: 'visits', value: (r) => r.visits },
    { header: 'first_visit', value: (r) => r.first_visit },
    { header: 'last_visit', value: (r) => r.last_visit },
    { header: 'gross', value: (r) => r.gross },
    { header: 'net', value: (r) => r.net },
    { header: 'tips', value: (r) => r.tips },
    { header: 'refunds', value: (r) => r.refunds },
    { header: 'average_ticket', value: (r) => r.average_ticket },
  ],
});

// ---- one customer's sales ---------------------------------------------------------------------------

const customerIdOf = (ctx: ReportContext): number => Number(ctx.params.customer_id);

function customerSalesSql(ctx: ReportContext): SQL {
  return sql`select s.id as sale_id, s.invoice_no, s.order_at, ${storeDay(ctx, sql`s.order_at`)}::text as date,
      s.status, s.sub_total as gross, s.discount_amount as discounts, s.sub_total - s.discount_amount as net,
      s.taxes as tax, s.tip_amount as tips, s.total_price as total,
      coalesce((select sum(r.amount) from sale_refunds r where r.tenant_id = s.tenant_id
        and r.store_id = s.store_id and r.sale_id = s.id and ${inRange(ctx, sql`r.created_at`)}), 0) as refunds
    from sales s
    where s.tenant_id = ${ctx.tenantId} and s.store_id = ${ctx.storeId} and s.status in (${COUNTED})
      and ${inRange(ctx, sql`s.order_at`)}${personFilter(ctx, 's')}${oneCustomer(customerIdOf(ctx))}`;
}

async function customerOf(ctx: ReportContext): Promise<ReportRecord> {
  const found = await ctx.db.execute<ReportRecord>(sql`select c.id, ${CUSTOMER_NAME} as name, c.phone
    from customers c where c.tenant_id = ${ctx.tenantId} and c.id = ${customerIdOf(ctx)}`);
  const customer = found.rows[0];
  if (!customer) throw notFound('Customer not found.');
  return customer;
}

function saleRowOf(record: ReportRecord): CustomerSaleRow {
  const at = record.order_at;
  return {
    sale_id: num(record, 'sale_id'),
    invoice_no: String(record.invoice_no ?? ''),
    order_at: (at instanceof Date ? at : new Date(String(at))).toISOString(),
    date: String(record.date),
    status: num(record, 'status'),
    gross: num(record, 'gross'),
    discounts: num(record, 'discounts'),
    net: num(record, 'net'),
    tax: num(record, 'tax'),
    tips: num(record, 'tips'),
    total: num(record, 'total'),
    refunds: num(record, 'refunds'),
  };
}

export const CUSTOMER_DETAILS_REPORT = defineReport({
  name: 'customers/details',
  params: customerDetailsParams,
  summary: "One customer's completed sales in the period, with the refunds made on them in it",
  access: REPORT_ACCESS,
  sortFields: CUSTOMER_DETAILS_SORTS,
  defaultSort: 'order_at',
  tiebreak: 'sale_id',
  row: customerSaleRowSchema,
  rows: customerSalesSql,
  toRow: saleRowOf,
  totals: customerDetailsTotalsSchema,
  // The customer before any row: anyone not of the tenant is a 404 that tells nothing (docs/reports.md
  // "Customers"), on the export too.
  check: async (ctx) => {
    await customerOf(ctx);
  },
  loadTotals: async (ctx) => {
    const id = customerIdOf(ctx);
    const [customer, sums] = [await customerOf(ctx), await customerSums(ctx, id)];
    return {
      customer: { id, name: String(customer.name ?? ''), phone: textOrNull(customer.phone) },
      ...figuresOf(sums),
    };
  },
  csv: [
    { header: 'sale_id', value: (r) => r.sale_id },
    { header: 'invoice_no', value: (r) => r.invoice_no },
    { header: 'order_at', value: (r) => r.order_at },
    { header: 'date', value: (r) => r.date },
    { header: 'status', value: (r) => r.status },
    { header: 'gross', value: (r) => r.gross },
    { header: 'discounts', value: (r) => r.discounts },
    { header: 'net', value: (r) => r.net },
    { header: 'tax', value: (r) => r.tax },
    { header: 'tips', value: (r) => r.tips },
    { header: 'total', value: (r) => r.total },
    { header: 'refunds', value: (r) => r.refunds },
  ],
});
