/**
 * GET /api/report/customers/birthay-in-month (the catalogue's spelling; also served as birthday-in-month,
 * docs/reports.md "Birthdays in a month"): the active customers whose birthday falls in a month (param
 * `month`, 1-12; none = the store's current month), with their last visit at this store. Customers are the
 * tenant's, not one store's (src/server/db/schema/customers.ts), so a chain's client is listed in every shop.
 * The period does not narrow a birthday list; it is echoed in `range` as every report's is.
 */
import { sql } from 'drizzle-orm';
import {
  BIRTHDAY_SORTS,
  birthdayParams,
  birthdayRowSchema,
  birthdayTotalsSchema,
} from '../../contracts/reports-customers';
import type { BirthdayRow } from '../../contracts/reports-customers';
import { dayInTimeZone } from '../../domain/report-periods';
import { REPORT_ACCESS } from '../auth/access';
import { COUNTED, CUSTOMER_NAME } from './customer-columns';
import { defineReport } from './report-factory';
import type { ReportContext, ReportRecord } from './report-factory';
import { storeDay } from './sale-figures';

/** The month asked, or the store's month today. */
function monthOf(ctx: ReportContext): number {
  const asked = ctx.params.month;
  if (typeof asked === 'number') return asked;
  return Number(dayInTimeZone(new Date(), ctx.range.timezone).slice(5, 7));
}

function birthdaysSql(ctx: ReportContext) {
  return sql`select c.id as customer_id, ${CUSTOMER_NAME} as name, c.phone, c.email, c.birthday::text as birthday,
      extract(day from c.birthday)::int as birth_day,
      ${storeDay(
        ctx,
        sql`(select max(s.order_at) from sales s where s.tenant_id = c.tenant_id
        and s.customer_id = c.id and s.store_id = ${ctx.storeId} and s.status in (${COUNTED}))`,
      )}::text as last_visit
    from customers c
    where c.tenant_id = ${ctx.tenantId} and c.is_active and c.birthday is not null
      and extract(month from c.birthday) = ${monthOf(ctx)}`;
}

const textOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

export const BIRTHDAY_REPORT = defineReport({
  name: 'customers/birthay-in-month',
  params: birthdayParams,
  summary: 'The active customers whose birthday is in a month (param month, default this month), last visit',
  access: REPORT_ACCESS,
  sortFields: BIRTHDAY_SORTS,
  defaultSort: 'birth_day',
  tiebreak: 'customer_id',
  row: birthdayRowSchema,
  rows: birthdaysSql,
  toRow: (record: ReportRecord): BirthdayRow => ({
    customer_id: Number(record.customer_id),
    name: String(record.name ?? ''),
    phone: textOrNull(record.phone),
    email: textOrNull(record.email),
    birthday: String(record.birthday),
    birth_day: Number(record.birth_day),
    last_visit: textOrNull(record.last_visit),
  }),
  totals: birthdayTotalsSchema,
  loadTotals: async (ctx) => {
    const result = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from (${birthdaysSql(ctx)}) as b`,
    );
    return { month: monthOf(ctx), customers: result.rows[0]?.n ?? 0 };
  },
  csv: [
    { header: 'customer_id', value: (r) => r.customer_id },
    { header: 'name', value: (r) => r.name },
    { header: 'phone', value: (r) => r.phone },
    { header: 'email', value: (r) => r.email },
    { header: 'birthday', value: (r) => r.birthday },
    { header: 'last_visit', value: (r) => r.last_visit },
  ],
});

/** The same list under the correctly spelled path. */
export const BIRTHDAY_REPORT_ALIAS = defineReport({
  ...BIRTHDAY_REPORT,
  name: 'customers/birthday-in-month',
});
