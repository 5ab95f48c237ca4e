/**
 * The sale figures of a report (docs/reports.md#the-figures) as one aggregate SELECT per store day, and the
 * same summed over the range. Each source is grouped by the store day it happened on, then the day sets are
 * joined: a sale by its order time (sales.order_at, as the cash drawer counts it), a refund by when it was
 * made (sale_refunds.created_at), a drawer's float by when it was opened, a movement by when it was made.
 * Every filter is on an indexed instant range, [range.from, range.to), so PostgreSQL reads only the range.
 *
 * Which rows count (the drawer's rules, docs/cash-drawer.md#expected-cash, so the two reconcile):
 * - sales figures: completed sales, status Sale (1) or Refund (2); voids (3) apart; drafts and trash none;
 * - tenders: payments still taken (approved or refunded; voided, declined and pending never were money),
 *   whatever became of the sale later, amount plus any card tip;
 * - change: of the sales that still have such a cash payment; cash refunds: the Cash parts of refunds.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { SaleFigures } from '../../contracts/reports';
import { expectedCash } from '../../domain/cash-drawer';
import { PAYMENT_TYPE, PAYMENT_TYPES, SALE_STATUS } from '../../domain/constants';
import { SALE_PAYMENT_STATUS } from '../db/schema/sales';
import type { ReportContext, ReportRecord } from './report-factory';

const COUNTED = sql.raw(`${SALE_STATUS.SALE}, ${SALE_STATUS.REFUND}`);
const VOID = sql.raw(String(SALE_STATUS.VOID));
const CASH = sql.raw(String(PAYMENT_TYPE.CASH));
const TAKEN = sql.raw(`'${SALE_PAYMENT_STATUS.APPROVED}', '${SALE_PAYMENT_STATUS.REFUNDED}'`);

/** Output columns of the figures SELECT, each a sum over its rows (so a range's totals are a sum of days). */
export const FIGURE_COLUMNS = [
  'sales_count',
  'gross',
  'discounts',
  'net',
  'tax',
  'tips',
  'total',
  'refunds_count',
  'refunds',
  'voids_count',
  'voids',
  ...PAYMENT_TYPES.map((t) => `tender_${t}`),
  'cash_taken',
  'change_given',
  'cash_refunds',
  'opening_float',
  'pay_ins',
  'pay_outs',
  'drops',
  'tip_outs',
] as const;

/** The store day of an instant column, in the store's time zone. */
export function storeDay(ctx: ReportContext, column: SQL): SQL {
  return sql`(timezone(${ctx.range.timezone}::text, ${column}))::date`;
}

/** `column` in the report's range, half-open. */
export function inRange(ctx: ReportContext, column: SQL): SQL {
  return sql`${column} >= ${ctx.range.from}::timestamptz and ${column} < ${ctx.range.to}::timestamptz`;
}

/** The people filters on a sale aliased `alias`: rung up by the cashier, worked on by the employee. */
export function personFilter(ctx: ReportContext, alias: string): SQL {
  const s = sql.identifier(alias);
  const parts: SQL[] = [];
  if (ctx.cashierId !== undefined) parts.push(sql` and ${s}.cashier_id = ${ctx.cashierId}`);
  if (ctx.userId !== undefined) {
    parts.push(sql` and exists (select 1 from sale_employees pe where pe.tenant_id = ${s}.tenant_id
      and pe.store_id = ${s}.store_id and pe.sale_id = ${s}.id and pe.user_id = ${ctx.userId})`);
  }
  return sql.join(parts);
}

/** The drawer's floats and movements are the till's: a report narrowed to a person leaves them out. */
export function includesDrawer(ctx: ReportContext): boolean {
  return ctx.userId === undefined && ctx.cashierId === undefined;
}

/** The store's sales in the range (any status), with their store day: the base of every sales figure. */
export function salesInRange(ctx: ReportContext): SQL {
  return sql`select s.tenant_id, s.store_id, s.id, s.status, ${storeDay(ctx, sql`s.order_at`)} as day,
      coalesce(s.workstation_id, 0) as workstation, s.sub_total, s.discount_amount, s.taxes, s.tip_amount, s.total_price,
      s.paid_customer_change_amount_total as change
    from sales s
    where s.tenant_id = ${ctx.tenantId} and s.store_id = ${ctx.storeId}
      and ${inRange(ctx, sql`s.order_at`)}${personFilter(ctx, 's')}`;
}

/**
 * What the figures are grouped by: the store day and/or the till (docs/reports.md "Store"). A till is a
 * workstation, 0 for the store's till without one (docs/cash-drawer.md): a sale at the till it was rung on, a
 * refund at its sale's till, a float at its session's, a movement at its session's, as the drawer counts them.
 */
export type FigureKey = 'day' | 'workstation';

export interface FigureGrouping {
  keys: readonly [FigureKey, ...FigureKey[]];
  /** Only this till's figures (0: the till without a workstation). */
  workstationId?: number | undefined;
}

const KEY_OUTPUT: Readonly<Record<FigureKey, SQL>> = {
  day: sql`day::text as date`,
  workstation: sql`workstation as workstation_id`,
};

/** One row per store day with any sale, payment, refund, float or movement: the daily report's rows. */
export function dailyFiguresSql(ctx: ReportContext): SQL {
  return figuresSql(ctx, { keys: ['day'] });
}

/** One row per group (`grouping.keys`) with any sale, payment, refund, float or movement in the range. */
export function figuresSql(ctx: ReportContext, grouping: FigureGrouping): SQL {
  const tenders = sql.join(
    PAYMENT_TYPES.map(
      (t) =>
        sql`coalesce(sum(p.amount + p.tip_amount) filter (where p.payment_type = ${sql.raw(String(t))}), 0) as ${sql.identifier(`tender_${t}`)}`,
    ),
    sql`, `,
  );
  const drawer = includesDrawer(ctx) ? sql`true` : sql`false`;
  const columns = sql.join(
    FIGURE_COLUMNS.map((c) => sql`coalesce(${sql.identifier(c)}, 0) as ${sql.identifier(c)}`),
    sql`, `,
  );
  const keys = sql.raw(grouping.keys.join(', '));
  const till = grouping.workstationId;
  const onTill = (column: SQL): SQL => (till === undefined ? sql`` : sql` and ${column} = ${till}`);
  const refundKeys = sql.join(
    grouping.keys.map((k) =>
      k === 'day'
        ? sql`${storeDay(ctx, sql`r.created_at`)} as day`
        : sql`coalesce(s.workstation_id, 0) as workstation`,
    ),
    sql`, `,
  );
  const floatKeys = sql.join(
    grouping.keys.map((k) =>
      k === 'day'
        ? sql`${storeDay(ctx, sql`d.opened_at`)} as day`
        : sql`coalesce(d.workstation_id, 0) as workstation`,
    ),
    sql`, `,
  );
  const movementKeys = sql.join(
    grouping.keys.map((k) =>
      k === 'day'
        ? sql`${storeDay(ctx, sql`m.created_at`)} as day`
        : sql`coalesce(d.workstation_id, 0) as workstation`,
    ),
    sql`, `,
  );
  const groupBy = sql.raw(grouping.keys.map((_, i) => String(i + 1)).join(', '));
  return sql`with s as (select * from (${salesInRange(ctx)}) as a where true${onTill(sql`a.workstation`)}),
    sd as (
      select ${keys},
        count(*) filter (where status in (${COUNTED})) as sales_count,
        coalesce(sum(sub_total) filter (where status in (${COUNTED})), 0) as gross,
        coalesce(sum(discount_amount) filter (where status in (${COUNTED})), 0) as discounts,
        coalesce(sum(sub_total - discount_amount) filter (where status in (${COUNTED})), 0) as net,
        coalesce(sum(taxes) filter (where status in (${COUNTED})), 0) as tax,
        coalesce(sum(tip_amount) filter (where status in (${COUNTED})), 0) as tips,
        coalesce(sum(total_price) filter (where status in (${COUNTED})), 0) as total,
        count(*) filter (where status = ${VOID}) as voids_count,
        coalesce(sum(total_price) filter (where status = ${VOID}), 0) as voids
      from s group by ${keys}
    ),
    pd as (
      select ${sql.raw(grouping.keys.map((k) => `s.${k}`).join(', '))}, ${tenders},
        coalesce(sum(p.amount) filter (where p.payment_type = ${CASH}), 0) as cash_taken
      from s join sale_payments p on p.tenant_id = s.tenant_id and p.store_id = s.store_id and p.sale_id = s.id
      where p.status in (${TAKEN})
      group by ${groupBy}
    ),
    cd as (
      select ${keys}, sum(change) as change_given from s
      where exists (select 1 from sale_payments p where p.tenant_id = s.tenant_id and p.store_id = s.store_id
        and p.sale_id = s.id and p.payment_type = ${CASH} and p.status in (${TAKEN}))
      group by ${keys}
    ),
    rd as (
      select ${refundKeys}, count(*) as refunds_count, sum(r.amount) as refunds,
        coalesce(sum((select sum((e.value ->> 'amount')::bigint) from jsonb_array_elements(r.payments) e
          where (e.value ->> 'payment_type')::int = ${CASH})), 0) as cash_refunds
      from sale_refunds r
      join sales s on s.tenant_id = r.tenant_id and s.store_id = r.store_id and s.id = r.sale_id
      where r.tenant_id = ${ctx.tenantId} and r.store_id = ${ctx.storeId}
        and ${inRange(ctx, sql`r.created_at`)}${personFilter(ctx, 's')}${onTill(sql`coalesce(s.workstation_id, 0)`)}
      group by ${groupBy}
    ),
    fd as (
      select ${floatKeys}, sum(d.opening_float) as opening_float
      from cash_drawer_sessions d
      where ${drawer} and d.tenant_id = ${ctx.tenantId} and d.store_id = ${ctx.storeId}
        and ${inRange(ctx, sql`d.opened_at`)}${onTill(sql`coalesce(d.workstation_id, 0)`)}
      group by ${groupBy}
    ),
    md as (
      select ${movementKeys},
        sum(m.amount) filter (where m.kind = 'pay_in') as pay_ins,
        sum(m.amount) filter (where m.kind = 'pay_out') as pay_outs,
        sum(m.amount) filter (where m.kind = 'drop') as drops,
        sum(m.amount) filter (where m.kind = 'tip_out') as tip_outs
      from cash_drawer_movements m
      join cash_drawer_sessions d on d.tenant_id = m.tenant_id and d.id = m.session_id
      where ${drawer} and m.tenant_id = ${ctx.tenantId} and m.store_id = ${ctx.storeId}
        and ${inRange(ctx, sql`m.created_at`)}${onTill(sql`coalesce(d.workstation_id, 0)`)}
      group by ${groupBy}
    )
    select ${sql.join(
      grouping.keys.map((k) => KEY_OUTPUT[k]),
      sql`, `,
    )}, ${columns}
    from sd full join pd using (${keys}) full join cd using (${keys}) full join rd using (${keys})
      full join fd using (${keys}) full join md using (${keys})`;
}

/** The figures over the whole range (of one till when given): the sum of its days, so the days add up to it. */
export async function rangeFigures(ctx: ReportContext, workstationId?: number): Promise<SaleFigures> {
  const sums = sql.join(
    FIGURE_COLUMNS.map((c) => sql`coalesce(sum(${sql.identifier(c)}), 0)::bigint as ${sql.identifier(c)}`),
    sql`, `,
  );
  const days = figuresSql(ctx, { keys: ['day'], workstationId });
  const result = await ctx.db.execute<ReportRecord>(sql`select ${sums} from (${days}) as d`);
  return figuresOf(result.rows[0] ?? {}, ctx);
}

const num = (record: ReportRecord, column: string): number => Number(record[column] ?? 0);

/** The figures of several days as one record: each figure column summed (the totals of the daily rows). */
export function sumFigures(records: readonly ReportRecord[]): ReportRecord {
  const sum: Record<string, number> = Object.fromEntries(FIGURE_COLUMNS.map((c) => [c, 0]));
  for (const record of records) for (const c of FIGURE_COLUMNS) sum[c]! += num(record, c);
  return sum;
}

/** A row of the figures SELECT as the wire shows it; the expected cash computed as the drawer computes it. */
export function figuresOf(record: ReportRecord, ctx: ReportContext): SaleFigures {
  const cash = {
    cashTaken: num(record, 'cash_taken'),
    changeGiven: num(record, 'change_given'),
    cashRefunds: num(record, 'cash_refunds'),
  };
  const parts = expectedCash(num(record, 'opening_float'), cash, [
    { kind: 'pay_in', amount: num(record, 'pay_ins') },
    { kind: 'pay_out', amount: num(record, 'pay_outs') },
    { kind: 'drop', amount: num(record, 'drops') },
    { kind: 'tip_out', amount: num(record, 'tip_outs') },
  ]);
  return {
    sales_count: num(record, 'sales_count'),
    gross: num(record, 'gross'),
    discounts: num(record, 'discounts'),
    net: num(record, 'net'),
    tax: num(record, 'tax'),
    tips: num(record, 'tips'),
    total: num(record, 'total'),
    refunds_count: num(record, 'refunds_count'),
    refunds: num(record, 'refunds'),
    voids_count: num(record, 'voids_count'),
    voids: num(record, 'voids'),
    payments: PAYMENT_TYPES.map((t) => ({ payment_type: t, amount: num(record, `tender_${t}`) })),
    cash: {
      opening_float: parts.openingFloat,
      cash_taken: cash.cashTaken,
      change_given: cash.changeGiven,
      cash_refunds: cash.cashRefunds,
      pay_ins: parts.payIns,
      pay_outs: parts.payOuts,
      drops: parts.drops,
      tip_outs: parts.tipOuts,
      expected_cash: includesDrawer(ctx) ? parts.expected : null,
    },
  };
}
