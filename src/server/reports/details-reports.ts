/**
 * The details of the daily and summary reports (docs/reports.md, "Daily details" and "Summary details"):
 *
 *   GET /api/report/daily/details?date=    the sales of one store day (drafts aside), their tenders
 *   GET /api/report/summary/details?user_id=   one employee's lines of the period
 */
import { sql } from 'drizzle-orm';
import { saleFiguresSchema, summaryEmployeeSchema } from '../../contracts/reports';
import {
  DAILY_SALE_SORTS,
  dailySaleSchema,
  EMPLOYEE_LINE_SORTS,
  dayParam,
  employeeLineSchema,
  employeeParam,
} from '../../contracts/reports-income';
import type { DailySale } from '../../contracts/reports-income';
import { PAYMENT_TYPES, SALE_STATUS } from '../../domain/constants';
import type { SaleStatus } from '../../domain/constants';
import { REPORT_ACCESS } from '../auth/access';
import { SALE_PAYMENT_STATUS } from '../db/schema/sales';
import { employeeFiguresSql } from './employee-figures';
import { employeeLineOf, employeeLinesSql } from './employee-lines';
import { LINE_CSV } from './income-report';
import { defineReport } from './report-factory';
import type { ReportContext, ReportRecord } from './report-factory';
import { csvColumns } from './report-csv';
import { resolveRange } from './report-range';
import { personFilter, rangeFigures, storeDay } from './sale-figures';
import { employeeOf } from './summary-report';

const LISTED = sql.raw(
  [SALE_STATUS.SALE, SALE_STATUS.REFUND, SALE_STATUS.VOID, SALE_STATUS.TRASH].map(String).join(', '),
);
const TAKEN = sql.raw(`'${SALE_PAYMENT_STATUS.APPROVED}', '${SALE_PAYMENT_STATUS.REFUNDED}'`);

/** The report's context narrowed to the store day of its `date` param (the figures of that day only). */
function dayContext(ctx: ReportContext): ReportContext {
  const date = String(ctx.params.date);
  const range = resolveRange({ effective_start: date, effective_end: date }, ctx.range.timezone, new Date());
  return { ...ctx, range };
}

function dailySalesSql(ctx: ReportContext) {
  const day = dayContext(ctx);
  return sql`select s.id as sale_id, s.ticket_no, s.invoice_no, s.order_at, s.status,
      coalesce(c.display_name, '') as cashier,
      coalesce((select string_agg(u.display_name, ', ' order by e.position) from sale_employees e
        join users u on u.tenant_id = e.tenant_id and u.id = e.user_id
        where e.tenant_id = s.tenant_id and e.store_id = s.store_id and e.sale_id = s.id), '') as employees,
      s.sub_total as gross, s.discount_amount as discounts, s.sub_total - s.discount_amount as net,
      s.taxes as tax, s.tip_amount as tips, s.total_price as total,
      (select json_object_agg(p.payment_type, p.amount) from (select payment_type, sum(amount + tip_amount) as amount
        from sale_payments p where p.tenant_id = s.tenant_id and p.store_id = s.store_id and p.sale_id = s.id
          and p.status in (${TAKEN}) group by payment_type) as p) as payments
    from sales s left join users c on c.tenant_id = s.tenant_id and c.id = s.cashier_id
    where s.tenant_id = ${ctx.tenantId} and s.store_id = ${ctx.storeId} and s.status in (${LISTED})
      and s.order_at >= ${day.range.from}::timestamptz and s.order_at < ${day.range.to}::timestamptz
      and ${storeDay(day, sql`s.order_at`)} = ${String(ctx.params.date)}::date${personFilter(ctx, 's')}`;
}

function dailySaleOf(record: ReportRecord): DailySale {
  const n = (c: string) => Number(record[c] ?? 0);
  const taken = (record.payments ?? {}) as Record<string, unknown>;
  const orderAt = record.order_at instanceof Date ? record.order_at : new Date(String(record.order_at));
  return {
    sale_id: n('sale_id'),
    ticket_no: n('ticket_no'),
    invoice_no: String(record.invoice_no ?? ''),
    order_at: orderAt.toISOString(),
    status: n('status') as SaleStatus,
    cashier: String(record.cashier ?? ''),
    employees: String(record.employees ?? ''),
    gross: n('gross'),
    discounts: n('discounts'),
    net: n('net'),
    tax: n('tax'),
    tips: n('tips'),
    total: n('total'),
    payments: PAYMENT_TYPES.map((t) => ({ payment_type: t, amount: Number(taken[String(t)] ?? 0) })),
  };
}

export const DAILY_DETAILS_REPORT = defineReport({
  name: 'daily/details',
  params: dayParam,
  summary: 'The sales of one store day (date): time, numbers, cashier, employees, figures, tenders, status',
  // docs/roles.md#access-rules: the daily report and its details need the report PIN.
  access: REPORT_ACCESS,
  sortFields: DAILY_SALE_SORTS,
  defaultSort: 'order_at',
  tiebreak: 'sale_id',
  row: dailySaleSchema,
  rows: dailySalesSql,
  toRow: dailySaleOf,
  totals: saleFiguresSchema,
  // The day's figures as the daily report counts them (voids and trash apart).
  loadTotals: (ctx) => rangeFigures(dayContext(ctx)),
  csv: [
    ...csvColumns<DailySale>([
      'order_at',
      'ticket_no',
      'invoice_no',
      'status',
      'cashier',
      'employees',
      'gross',
      'discounts',
      'net',
      'tax',
      'tips',
      'total',
    ]),
    ...PAYMENT_TYPES.map((t) => ({
      header: `tender_${t}`,
      value: (r: DailySale) => r.payments.find((p) => p.payment_type === t)?.amount ?? 0,
    })),
  ],
});

export const SUMMARY_DETAILS_REPORT = defineReport({
  name: 'summary/details',
  params: employeeParam,
  summary: "One employee's lines of the period (user_id); the totals are their row of the summary",
  // docs/roles.md#access-rules: the summary report and its details need the report PIN.
  access: REPORT_ACCESS,
  sortFields: EMPLOYEE_LINE_SORTS,
  defaultSort: 'order_at',
  tiebreak: 'line_id',
  row: employeeLineSchema,
  rows: employeeLinesSql,
  toRow: employeeLineOf,
  totals: summaryEmployeeSchema.nullable(),
  loadTotals: async (ctx) => {
    const result = await ctx.db.execute<ReportRecord>(employeeFiguresSql(ctx));
    return result.rows[0] ? employeeOf(result.rows[0]) : null;
  },
  csv: LINE_CSV,
});
