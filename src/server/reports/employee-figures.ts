/**
 * Each employee's figures of a period (docs/reports.md#the-figures, "Summary"): their lines of the completed
 * sales (by the sale's order time), their groups' tips, the refunds of their lines (by when the refund was
 * made). The summary report lists them per employee; the income reports (docs/reports.md, "Employee income")
 * per employee and per store day, so the two always agree.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ITEM_TYPE, SALE_STATUS } from '../../domain/constants';
import type { ReportContext } from './report-factory';
import { inRange, personFilter, salesInRange, storeDay } from './sale-figures';

const COUNTED = sql.raw(`${SALE_STATUS.SALE}, ${SALE_STATUS.REFUND}`);
const SERVICE = sql.raw(String(ITEM_TYPE.SERVICE));
const PRODUCTS = sql.raw(`${ITEM_TYPE.PRODUCT}, ${ITEM_TYPE.PRODUCT_KIT}`);

/** Completed sales of the range (Sale or Refund), the base of the per-employee and per-kind figures. */
export function countedSales(ctx: ReportContext): SQL {
  return sql`select * from (${salesInRange(ctx)}) as a where a.status in (${COUNTED})`;
}

/** With an employee filter, only that employee's lines. */
export function lineFilter(ctx: ReportContext, alias: string): SQL {
  return ctx.userId === undefined ? sql`` : sql` and ${sql.identifier(alias)}.employee_id = ${ctx.userId}`;
}

/**
 * The refunds made in the range, line by line (sale_refunds.lines), with each refunded line's employee, kind,
 * item, quantity and the store day of the refund. A refund through a payment alone names no line, so it counts in the
 * totals' refunds only.
 */
export function refundedLines(ctx: ReportContext): SQL {
  return sql`select l.id as sale_line_id, l.employee_id, l.item_type, l.item_id, l.name,
      ${storeDay(ctx, sql`r.created_at`)} as day, (x.value ->> 'quantity')::int as quantity,
      (x.value ->> 'amount')::bigint as amount
    from sale_refunds r
    join sales s on s.tenant_id = r.tenant_id and s.store_id = r.store_id and s.id = r.sale_id
    cross join jsonb_array_elements(r.lines) x
    join sale_lines l on l.tenant_id = r.tenant_id and l.store_id = r.store_id
      and l.id = (x.value ->> 'sale_line_id')::bigint
    where r.tenant_id = ${ctx.tenantId} and r.store_id = ${ctx.storeId}
      and ${inRange(ctx, sql`r.created_at`)}${personFilter(ctx, 's')}${lineFilter(ctx, 'l')}`;
}

/**
 * One row per employee (`by` 'employee') or per employee and store day ('day', with `date`) who worked in the
 * range: user_id, name, sales_count, items, gross, services and products (the gross of those kinds),
 * line_discounts, net, tax, commission (as the sales stored it), tips, refunds.
 */
export function employeeFiguresSql(ctx: ReportContext, by: 'employee' | 'day' = 'employee'): SQL {
  const only = ctx.userId === undefined ? sql`` : sql` where user_id = ${ctx.userId}`;
  const day = by === 'day' ? sql`, day` : sql``;
  const keys = by === 'day' ? sql`(user_id, day)` : sql`(user_id)`;
  return sql`with s as (${countedSales(ctx)}),
    ld as (
      select l.employee_id as user_id${day}, sum(l.quantity) as items, sum(l.gross) as gross,
        sum(l.gross) filter (where l.item_type = ${SERVICE}) as services,
        sum(l.gross) filter (where l.item_type in (${PRODUCTS})) as products,
        sum(l.item_discount + l.employee_discount) as line_discounts, sum(l.net) as net, sum(l.tax) as tax,
        sum(l.commission) as commission
      from s join sale_lines l on l.tenant_id = s.tenant_id and l.store_id = s.store_id and l.sale_id = s.id
      group by l.employee_id${day}
    ),
    td as (
      select e.user_id${day}, count(*) as sales_count, sum(e.tip_amount) as tips
      from s join sale_employees e on e.tenant_id = s.tenant_id and e.store_id = s.store_id and e.sale_id = s.id
      group by e.user_id${day}
    ),
    rd as (
      select employee_id as user_id${day}, sum(amount) as refunds from (${refundedLines(ctx)}) as x
      group by employee_id${day}
    )
    select user_id${by === 'day' ? sql`, day::text as date` : sql``}, u.display_name as name,
      coalesce(sales_count, 0) as sales_count, coalesce(items, 0) as items, coalesce(gross, 0) as gross,
      coalesce(services, 0) as services, coalesce(products, 0) as products,
      coalesce(line_discounts, 0) as line_discounts, coalesce(net, 0) as net, coalesce(tax, 0) as tax,
      coalesce(commission, 0) as commission, coalesce(tips, 0) as tips, coalesce(refunds, 0) as refunds
    from (select * from ld full join td using ${keys} full join rd using ${keys}${only}) as e
    join users u on u.tenant_id = ${ctx.tenantId} and u.id = e.user_id`;
}
