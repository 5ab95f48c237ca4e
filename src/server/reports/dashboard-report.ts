/**
 * The dashboard (docs/dashboard.md): two read routes over the report base, not report-factory pages (a
 * dashboard is a few figures, no rows to page or export):
 *
 *   GET /api/report/dashboard/income-summary   the period's figures against the same days a week earlier,
 *                                              walk-ins waiting now, appointments left today
 *   GET /api/report/dashboard/income-details   by hour of the store day, by technician, top services
 *
 * The period, the people filters and the store's time zone are read as every report reads them
 * (report-factory.ts reportContext, report-range.ts); the sale figures are sale-figures.ts's, the
 * technicians' the summary report's employee rows, so the dashboard and the reports never disagree.
 * Access: the Dashboard module, a session, no PIN (docs/roles.md#access-rules: "POS, walk-in and dashboard
 * screens need login only").
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DASHBOARD_DETAILS_PATH,
  DASHBOARD_SUMMARY_PATH,
  dashboardDetailsSchema,
  dashboardQuery,
  dashboardSummarySchema,
  TOP_SERVICES,
} from '../../contracts/dashboard';
import type {
  ComparisonRange,
  DashboardFigures,
  HourFigures,
  ServiceFigures,
  TechnicianFigures,
} from '../../contracts/dashboard';
import { BOOKING_STATUS } from '../../domain/bookings/status';
import { ITEM_TYPE, MODULE, PAYMENT_TYPE, SALE_STATUS } from '../../domain/constants';
import { averageTicket, daysEarlier, sameWallTimeWeekEarlier } from '../../domain/dashboard';
import { addDays, dayInTimeZone, formatDay, parseDay } from '../../domain/report-periods';
import { WALK_IN_STATUS } from '../../domain/walk-in-status';
import type { SessionAccess } from '../auth/access';
import { requireAuth } from '../auth-context';
import { route } from '../route';
import { rangeOf, reportContext } from './report-factory';
import type { ReportContext, ReportRecord } from './report-factory';
import { startOfStoreDay } from './report-range';
import type { ResolvedRange } from './report-range';
import { inRange, personFilter, rangeFigures, salesInRange } from './sale-figures';
import { employeeFiguresSql } from './employee-figures';

/** docs/roles.md#access-rules: dashboard screens need login only; the Dashboard module readable. */
export const DASHBOARD_ACCESS: SessionAccess = { module: MODULE.DASHBOARD };

const COUNTED = sql.raw(`${SALE_STATUS.SALE}, ${SALE_STATUS.REFUND}`);
const n = (record: ReportRecord | undefined, column: string): number => Number(record?.[column] ?? 0);

const nextDay = (day: string): string => formatDay(addDays(parseDay(day)!, 1));

/**
 * The same store days a week earlier (the same weekdays), cut at the same wall time a week before now, so a
 * period still running (today) is compared with the same part of those days (docs/dashboard.md#the-comparison).
 */
export function comparisonRange(range: ResolvedRange, now: Date): ResolvedRange {
  const start = daysEarlier(range.start_date);
  const end = daysEarlier(range.end_date);
  const fromAt = startOfStoreDay(start, range.timezone);
  const endAt = startOfStoreDay(nextDay(end), range.timezone);
  const cut = sameWallTimeWeekEarlier(now, range.timezone);
  const toAt = new Date(Math.max(fromAt.getTime(), Math.min(endAt.getTime(), cut.getTime())));
  return {
    ...range,
    start_date: start,
    end_date: end,
    from: fromAt.toISOString(),
    to: toAt.toISOString(),
    fromAt,
    toAt,
  };
}

async function figures(ctx: ReportContext): Promise<DashboardFigures> {
  const f = await rangeFigures(ctx);
  return {
    sales_count: f.sales_count,
    net: f.net,
    tips: f.tips,
    total: f.total,
    average_ticket: averageTicket(f.net, f.sales_count),
    refunds: f.refunds,
    // What each tender kept: the cash handed over less the change given back (docs/dashboard.md#the-figures).
    payments: f.payments.map((p) =>
      p.payment_type === PAYMENT_TYPE.CASH ? { ...p, amount: p.amount - f.cash.change_given } : p,
    ),
  };
}

/** Today's walk-ins still in the queue (docs/front-desk.md#walk-in-lifecycle); with user_id, theirs. */
async function walkInsNow(ctx: ReportContext, today: string) {
  const theirs =
    ctx.userId === undefined
      ? sql``
      : sql` and (w.user_id = ${ctx.userId} or w.technician_id = ${ctx.userId})`;
  const result = await ctx.db.execute<ReportRecord>(sql`select
      count(*) filter (where w.status in (${WALK_IN_STATUS.WAITING}, ${WALK_IN_STATUS.ASSIGNED})) as waiting,
      count(*) filter (where w.status = ${WALK_IN_STATUS.IN_SERVICE}) as in_service
    from walk_ins w
    where w.tenant_id = ${ctx.tenantId} and w.store_id = ${ctx.storeId} and w.business_date = ${today}${theirs}`);
  return { waiting: n(result.rows[0], 'waiting'), in_service: n(result.rows[0], 'in_service') };
}

/**
 * Today's appointments that have not arrived yet (booked or confirmed, docs/appointments.md#status), late ones
 * included, and the earliest start among them; with user_id, those with a service line of theirs.
 */
async function appointmentsLeft(ctx: ReportContext, today: string) {
  const tz = ctx.range.timezone;
  const theirs =
    ctx.userId === undefined
      ? sql``
      : sql` and exists (select 1 from booking_lines l where l.tenant_id = b.tenant_id
          and l.booking_id = b.id and l.user_id = ${ctx.userId})`;
  const result = await ctx.db.execute<ReportRecord>(sql`select count(*) as left_today,
      min(b.starts_at) as next_starts_at
    from bookings b
    where b.tenant_id = ${ctx.tenantId} and b.store_id = ${ctx.storeId}
      and b.starts_at >= ${startOfStoreDay(today, tz).toISOString()}::timestamptz
      and b.starts_at < ${startOfStoreDay(nextDay(today), tz).toISOString()}::timestamptz
      and b.status in (${BOOKING_STATUS.BOOKED}, ${BOOKING_STATUS.CONFIRMED})${theirs}`);
  const next = result.rows[0]?.next_starts_at;
  return {
    left_today: n(result.rows[0], 'left_today'),
    next_starts_at: next ? new Date(next as string | Date).toISOString() : null,
  };
}

/** Completed sales by the hour of the store day they were rung in: all 24 hours, 0 where none. */
async function byHour(ctx: ReportContext): Promise<HourFigures[]> {
  const result = await ctx.db.execute<ReportRecord>(sql`select
      extract(hour from timezone(${ctx.range.timezone}::text, s.order_at))::int as hour,
      count(*) as sales_count, sum(s.sub_total - s.discount_amount) as net, sum(s.total_price) as total
    from sales s
    where s.tenant_id = ${ctx.tenantId} and s.store_id = ${ctx.storeId}
      and ${inRange(ctx, sql`s.order_at`)} and s.status in (${COUNTED})${personFilter(ctx, 's')}
    group by 1`);
  const found = new Map(result.rows.map((r) => [n(r, 'hour'), r]));
  return Array.from({ length: 24 }, (_, hour) => {
    const r = found.get(hour);
    return { hour, sales_count: n(r, 'sales_count'), net: n(r, 'net'), total: n(r, 'total') };
  });
}

/** The summary report's employee rows (summary-report.ts), highest net first. */
async function byTechnician(ctx: ReportContext): Promise<TechnicianFigures[]> {
  const result = await ctx.db.execute<ReportRecord>(sql`select user_id, name, sales_count, net, tips
    from (${employeeFiguresSql(ctx)}) as e order by net desc, user_id`);
  return result.rows.map((r) => ({
    user_id: n(r, 'user_id'),
    name: String(r.name ?? ''),
    sales_count: n(r, 'sales_count'),
    net: n(r, 'net'),
    tips: n(r, 'tips'),
  }));
}

/** The services with the highest net of their lines on completed sales; with user_id, their lines. */
async function topServices(ctx: ReportContext): Promise<ServiceFigures[]> {
  const theirs = ctx.userId === undefined ? sql`` : sql` and l.employee_id = ${ctx.userId}`;
  const result = await ctx.db.execute<ReportRecord>(sql`with s as (
      select * from (${salesInRange(ctx)}) as a where a.status in (${COUNTED})
    )
    select l.item_id as service_id, (array_agg(l.name order by l.id desc))[1] as name,
      sum(l.quantity) as quantity, sum(l.net) as net
    from s join sale_lines l on l.tenant_id = s.tenant_id and l.store_id = s.store_id and l.sale_id = s.id
    where l.item_type = ${ITEM_TYPE.SERVICE}${theirs}
    group by l.item_id
    order by net desc, quantity desc, l.item_id
    limit ${TOP_SERVICES}`);
  return result.rows.map((r) => ({
    service_id: n(r, 'service_id'),
    name: String(r.name ?? ''),
    quantity: n(r, 'quantity'),
    net: n(r, 'net'),
  }));
}

function comparisonOf(range: ResolvedRange): ComparisonRange {
  return { start_date: range.start_date, end_date: range.end_date, from: range.from, to: range.to };
}

export function registerDashboardRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'GET',
    url: DASHBOARD_SUMMARY_PATH,
    summary:
      "Dashboard: the period's figures against the same days a week earlier, walk-ins waiting, appointments left today",
    tags: ['report'],
    access: DASHBOARD_ACCESS,
    querystring: dashboardQuery,
    data: dashboardSummarySchema,
    handler: async ({ db, query, request }) => {
      const now = new Date();
      const ctx = await reportContext(db, requireAuth(request), query, now, []);
      const earlier = { ...ctx, range: comparisonRange(ctx.range, now) };
      const today = dayInTimeZone(now, ctx.range.timezone);
      // Four aggregates side by side on the pool (a read route's db, docs/architecture.md).
      const [current, previous, walkIns, appointments] = await Promise.all([
        figures(ctx),
        figures(earlier),
        walkInsNow(ctx, today),
        appointmentsLeft(ctx, today),
      ]);
      return {
        as_of: now.toISOString(),
        range: rangeOf(ctx.range),
        comparison: comparisonOf(earlier.range),
        current,
        previous,
        walk_ins: walkIns,
        appointments,
      };
    },
  });

  route(app, {
    method: 'GET',
    url: DASHBOARD_DETAILS_PATH,
    summary: 'Dashboard: sales by hour of the store day, by technician, top services',
    tags: ['report'],
    access: DASHBOARD_ACCESS,
    querystring: dashboardQuery,
    data: dashboardDetailsSchema,
    handler: async ({ db, query, request }) => {
      const ctx = await reportContext(db, requireAuth(request), query, new Date(), []);
      const [hours, technicians, services] = await Promise.all([
        byHour(ctx),
        byTechnician(ctx),
        topServices(ctx),
      ]);
      return {
        range: rangeOf(ctx.range),
        by_hour: hours,
        by_technician: technicians,
        top_services: services,
      };
    },
  });
}
