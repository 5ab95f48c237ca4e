/**
 * Who came, per store day (docs/reports.md "Customer totals" and "Customer analysis"):
 *
 *   GET /api/report/customers/total   visits, customers, new and returning ones, walk-ins (no customer)
 *   GET /api/report/analysis-customer the same and rebooking: the share of customer visits followed within
 *                                     `within_days` by another visit or a booking
 *
 * A visit is a completed sale (Sale 1 or Refund 2) by its order time. A customer is new on a day (or in the
 * period) when their first completed sale at this store ever falls in it, returning when they had one before.
 * The period's customers are distinct over the period, so they are not the sum of the days' customers.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import {
  CUSTOMER_VISIT_SORTS,
  DEFAULT_REBOOK_DAYS,
  analysisCustomerParams,
  analysisCustomerRowSchema,
  analysisCustomerTotalsSchema,
  customerVisitFiguresSchema,
  customerVisitRowSchema,
} from '../../contracts/reports-customers';
import type { AnalysisCustomerRow, CustomerVisitRow } from '../../contracts/reports-customers';
import { BOOKING_STATUS } from '../../domain/bookings/status';
import { shareBasisPoints } from '../../domain/report-ratios';
import { REPORT_ACCESS } from '../auth/access';
import { COUNTED } from './customer-columns';
import { defineReport } from './report-factory';
import type { ReportColumn, ReportContext, ReportRecord } from './report-factory';
import { inRange, personFilter, storeDay } from './sale-figures';

const NOT_KEPT = sql.raw(`'${BOOKING_STATUS.CANCELLED}', '${BOOKING_STATUS.NO_SHOW}'`);

const withinDays = (ctx: ReportContext): number =>
  typeof ctx.params.within_days === 'number' ? ctx.params.within_days : DEFAULT_REBOOK_DAYS;

/**
 * The range's visits with their store day, each customer's first completed sale at this store ever, and
 * whether the visit was rebooked (only read when `rebooking`): another completed sale of the customer at this
 * store, or a booking of theirs here (kept: not cancelled, not a no-show, not the one this sale completed),
 * in (order_at, order_at + N days].
 */
function visitsCte(ctx: ReportContext, rebooking: boolean): SQL {
  const days = withinDays(ctx);
  const rebooked = rebooking
    ? sql`s.customer_id is not null and (
        exists (select 1 from sales n where n.tenant_id = s.tenant_id and n.store_id = s.store_id
          and n.customer_id = s.customer_id and n.status in (${COUNTED}) and n.order_at > s.order_at
          and n.order_at <= s.order_at + make_interval(days => ${days}::int))
        or exists (select 1 from bookings b where b.tenant_id = s.tenant_id and b.store_id = s.store_id
          and b.customer_id = s.customer_id and b.status not in (${NOT_KEPT})
          and (b.sale_id is null or b.sale_id <> s.id) and b.starts_at > s.order_at
          and b.starts_at <= s.order_at + make_interval(days => ${days}::int)))`
    : sql`false`;
  return sql`v as (
      select s.id, s.customer_id, ${storeDay(ctx, sql`s.order_at`)} as day, ${rebooked} as rebooked
      from sales s
      where s.tenant_id = ${ctx.tenantId} and s.store_id = ${ctx.storeId} and s.status in (${COUNTED})
        and ${inRange(ctx, sql`s.order_at`)}${personFilter(ctx, 's')}
    ),
    f as (
      select f.customer_id, ${storeDay(ctx, sql`min(f.order_at)`)} as first_day
      from sales f
      where f.tenant_id = ${ctx.tenantId} and f.store_id = ${ctx.storeId} and f.status in (${COUNTED})
        and f.customer_id in (select customer_id from v where customer_id is not null)
      group by f.customer_id
    )`;
}

/** The figures of a group of visits `v` joined to their customer's first day `f`; `since` the group's first day. */
function figureColumns(since: SQL): SQL {
  return sql`count(*) as visits, count(v.customer_id) as customer_visits,
    count(*) filter (where v.customer_id is null) as walk_ins,
    count(distinct v.customer_id) as customers,
    count(distinct v.customer_id) filter (where f.first_day >= ${since}) as new_customers,
    count(distinct v.customer_id) filter (where f.first_day < ${since}) as returning_customers,
    count(*) filter (where v.rebooked) as rebooked`;
}

function dayRows(ctx: ReportContext, rebooking: boolean): SQL {
  return sql`with ${visitsCte(ctx, rebooking)}
    select v.day::text as date, ${figureColumns(sql`v.day`)}
    from v left join f using (customer_id)
    group by v.day`;
}

export async function periodVisitFigures(ctx: ReportContext, rebooking: boolean): Promise<ReportRecord> {
  const result = await ctx.db.execute<ReportRecord>(sql`with ${visitsCte(ctx, rebooking)}
    select ${figureColumns(sql`${ctx.range.start_date}::date`)}
    from v left join f using (customer_id)`);
  return result.rows[0] ?? {};
}

const num = (record: ReportRecord, column: string): number => Number(record[column] ?? 0);

function visitFigures(record: ReportRecord) {
  return {
    visits: num(record, 'visits'),
    customer_visits: num(record, 'customer_visits'),
    walk_ins: num(record, 'walk_ins'),
    customers: num(record, 'customers'),
    new_customers: num(record, 'new_customers'),
    returning_customers: num(record, 'returning_customers'),
  };
}

function rebookingOf(record: ReportRecord) {
  const rebooked = num(record, 'rebooked');
  return { rebooked, rebooking_bp: shareBasisPoints(rebooked, num(record, 'customer_visits')) };
}

const VISIT_CSV: ReportColumn<CustomerVisitRow>[] = [
  { header: 'date', value: (r) => r.date },
  { header: 'visits', value: (r) => r.visits },
  { header: 'customer_visits', value: (r) => r.customer_visits },
  { header: 'walk_ins', value: (r) => r.walk_ins },
  { header: 'customers', value: (r) => r.customers },
  { header: 'new_customers', value: (r) => r.new_customers },
  { header: 'returning_customers', value: (r) => r.returning_customers },
];

export const CUSTOMER_TOTAL_REPORT = defineReport({
  name: 'customers/total',
  summary: 'Customers of the period per store day: visits, customers, new, returning, walk-ins',
  access: REPORT_ACCESS,
  sortFields: CUSTOMER_VISIT_SORTS,
  defaultSort: 'date',
  tiebreak: 'date',
  row: customerVisitRowSchema,
  rows: (ctx) => dayRows(ctx, false),
  toRow: (record): CustomerVisitRow => ({ date: String(record.date), ...visitFigures(record) }),
  totals: customerVisitFiguresSchema,
  loadTotals: async (ctx) => visitFigures(await periodVisitFigures(ctx, false)),
  csv: VISIT_CSV,
});

export const ANALYSIS_CUSTOMER_REPORT = defineReport({
  name: 'analysis-customer',
  params: analysisCustomerParams,
  summary:
    'New, returning and walk-in customers per store day, and rebooking within within_days (default 30)',
  access: REPORT_ACCESS,
  sortFields: CUSTOMER_VISIT_SORTS,
  defaultSort: 'date',
  tiebreak: 'date',
  row: analysisCustomerRowSchema,
  rows: (ctx) => dayRows(ctx, true),
  toRow: (record): AnalysisCustomerRow => ({
    date: String(record.date),
    ...visitFigures(record),
    ...rebookingOf(record),
  }),
  totals: analysisCustomerTotalsSchema,
  loadTotals: async (ctx) => {
    const record = await periodVisitFigures(ctx, true);
    return { ...visitFigures(record), ...rebookingOf(record), within_days: withinDays(ctx) };
  },
  csv: [
    ...(VISIT_CSV as ReportColumn<AnalysisCustomerRow>[]),
    { header: 'rebooked', value: (r) => r.rebooked },
    { header: 'rebooking_bp', value: (r) => r.rebooking_bp },
  ],
});
