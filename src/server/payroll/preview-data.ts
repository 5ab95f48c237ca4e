/**
 * What a payroll preview reads from the ledger (docs/payroll.md, "Preview on the server"), each in one statement
 * over the store's rows of the range, by the indexes the reports use (docs/reports.md#speed):
 *
 * - lines: the completed sales' lines (status Sale 1 or Refund 2, by sales.order_at in the range) of the
 *   technician's group, with the net and deductible the sale stored (docs/money.md step 11) less the refunded
 *   quantities' part, and the item's own commission rate as the sale copied it (sale_lines.commission_rate);
 * - tips: each group's tip (sale_employees.tip_amount) with the tender that carried it and the card fee percent
 *   the sale was rung with (order_snapshot.settings.creditcard_fee_percent);
 * - minutes: worked minutes per shift (working_times by date_work, less breaks), as src/domain/clock.ts counts
 *   them.
 *
 * The schema has no line shared with an assistant yet, so no line carries a split.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ITEM_TYPE, PAYMENT_TYPE, SALE_STATUS } from '../../domain/constants';
import type { ItemType } from '../../domain/constants';
import type { PayrollLine, PayrollTip } from '../../domain/payroll';
import type { Queryable } from '../db/client';
import { SALE_PAYMENT_STATUS } from '../db/schema/sales';
import type { ResolvedRange } from '../reports/report-range';

export interface PreviewScope {
  db: Queryable;
  tenantId: number;
  storeId: number;
  range: ResolvedRange;
  /** One technician, or everyone of the store. */
  userId: number | undefined;
  /**
   * Only the sales this person rang up (a report's `cashier_id`, docs/reports.md#the-query); the preview reads
   * every sale. Shifts are a person's, not a sale's: this narrows lines and tips only.
   */
  cashierId?: number | undefined;
  /** Open shifts count up to this instant (the working-time reports do the same). */
  now: Date;
  /**
   * The store's card fee percent now: for a sale whose snapshot has none. Null leaves such a sale's fee
   * percent null, for a caller that reads the store's settings itself (the income reports, docs/reports.md).
   */
  storeCardFeePercent: number | null;
}

const COUNTED = sql.raw(`${SALE_STATUS.SALE}, ${SALE_STATUS.REFUND}`);
const TAKEN = sql.raw(`'${SALE_PAYMENT_STATUS.APPROVED}', '${SALE_PAYMENT_STATUS.REFUNDED}'`);
const CREDIT = sql.raw(String(PAYMENT_TYPE.CREDIT));
const CASH = sql.raw(String(PAYMENT_TYPE.CASH));
const PAID_ITEMS = sql.raw(`${ITEM_TYPE.SERVICE}, ${ITEM_TYPE.PRODUCT}, ${ITEM_TYPE.PRODUCT_KIT}`);

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

function person(scope: PreviewScope, column: SQL): SQL {
  return scope.userId === undefined ? sql`` : sql` and ${column} = ${scope.userId}`;
}

/** The store's completed sales of the range, with the card fee percent each was rung with. */
function countedSales(scope: PreviewScope): SQL {
  const cashier = scope.cashierId === undefined ? sql`` : sql` and s.cashier_id = ${scope.cashierId}`;
  return sql`select s.tenant_id, s.store_id, s.id,
      (timezone(${scope.range.timezone}::text, s.order_at))::date as day,
      coalesce((s.order_snapshot -> 'settings' ->> 'creditcard_fee_percent')::numeric,
        ${scope.storeCardFeePercent}::numeric) as fee_percent
    from sales s
    where s.tenant_id = ${scope.tenantId} and s.store_id = ${scope.storeId} and s.status in (${COUNTED})
      and s.order_at >= ${scope.range.from}::timestamptz and s.order_at < ${scope.range.to}::timestamptz${cashier}`;
}

export interface PreviewLine extends PayrollLine {
  userId: number;
}

/**
 * The period's paid lines per technician. A refunded quantity takes its part of the net and the deductible
 * off (round(amount × kept / quantity), half away from zero as PostgreSQL rounds numeric): a refund in the
 * open period is the caller's to take off (docs/payroll.md, invalid input). Gift cards earn nothing and are
 * left out here.
 */
export async function previewLines(scope: PreviewScope): Promise<PreviewLine[]> {
  const result = await scope.db.execute<Row>(sql`${paidLinesSql(scope)} order by sale_id, position`);
  return result.rows.map(payrollLineOf);
}

/**
 * The SELECT of previewLines, unordered, with each line's store day (`day`, of its sale's order time): the
 * income reports aggregate it per employee or per day (docs/reports.md, "Employee income").
 */
export function paidLinesSql(scope: PreviewScope): SQL {
  return sql`with s as (${countedSales(scope)})
    select l.employee_id as user_id, l.sale_id, l.id as line_id, l.position, l.item_type, l.commission_rate,
      s.day, round(l.net::numeric * (l.quantity - l.refunded_quantity) / l.quantity) as net,
      round(l.deductible::numeric * (l.quantity - l.refunded_quantity) / l.quantity) as deductible
    from s join sale_lines l on l.tenant_id = s.tenant_id and l.store_id = s.store_id and l.sale_id = s.id
    where l.item_type in (${PAID_ITEMS}) and l.refunded_quantity < l.quantity${person(scope, sql`l.employee_id`)}`;
}

/** A row of paidLinesSql (from node-postgres or from its json_agg) as the payroll domain's line. */
export function payrollLineOf(r: Row): PreviewLine {
  return {
    userId: num(r.user_id),
    saleId: num(r.sale_id),
    lineId: num(r.line_id),
    itemType: num(r.item_type) as ItemType,
    net: num(r.net),
    deductible: num(r.deductible),
    ownRate: r.commission_rate === null || r.commission_rate === undefined ? null : num(r.commission_rate),
  };
}

export interface PreviewTip extends PayrollTip {
  userId: number;
}

/**
 * The period's tips per technician, one entry per sale and tender (the fee is rounded per card payment's tip,
 * docs/payroll.md, tips). Which tender carried a tip (docs/payroll.md leaves it to the server): a sale's tips
 * are card tips up to what its card payments took (amount + tip adjust, so a tip adjust is always a card
 * tip), taken group by group in the sale's order; the rest is cash when the sale took cash, else other.
 */
export async function previewTips(scope: PreviewScope): Promise<PreviewTip[]> {
  const result = await scope.db.execute<Row>(sql`${groupTipsSql(scope)} order by sale_id, user_id`);
  return result.rows.flatMap(payrollTipsOf);
}

/** The SELECT of previewTips, unordered: one row per group with a tip, its card part and its store day. */
export function groupTipsSql(scope: PreviewScope): SQL {
  return sql`with s as (${countedSales(scope)}),
    pay as (
      select p.sale_id,
        coalesce(sum(p.amount + p.tip_amount) filter (where p.payment_type = ${CREDIT}), 0) as card,
        bool_or(p.payment_type = ${CASH}) as took_cash
      from s join sale_payments p on p.tenant_id = s.tenant_id and p.store_id = s.store_id and p.sale_id = s.id
      where p.status in (${TAKEN})
      group by p.sale_id
    ),
    g as (
      select e.user_id, e.sale_id, s.day, s.fee_percent, e.tip_amount as tip,
        sum(e.tip_amount) over (partition by e.sale_id order by e.position) as upto
      from s join sale_employees e on e.tenant_id = s.tenant_id and e.store_id = s.store_id and e.sale_id = s.id
      where e.tip_amount > 0
    ),
    split as (
      select g.user_id, g.sale_id, g.day, g.fee_percent, g.tip, coalesce(pay.took_cash, false) as took_cash,
        greatest(0, least(g.upto, coalesce(pay.card, 0)) - (g.upto - g.tip)) as card_tip
      from g left join pay on pay.sale_id = g.sale_id
    )
    select user_id, sale_id, day, fee_percent, card_tip, tip - card_tip as rest, took_cash from split
    where true${person(scope, sql`user_id`)}`;
}

/**
 * A row of groupTipsSql as the payroll domain's tips: its card part (with the fee percent, `fallbackFeePercent`
 * when the row has none) and the rest, cash when the sale took cash, else other.
 */
export function payrollTipsOf(r: Row, fallbackFeePercent = 0): PreviewTip[] {
  const tips: PreviewTip[] = [];
  const base = { userId: num(r.user_id), saleId: num(r.sale_id) };
  const fee = r.fee_percent === null || r.fee_percent === undefined ? fallbackFeePercent : num(r.fee_percent);
  if (num(r.card_tip) > 0) {
    tips.push({ ...base, amount: num(r.card_tip), tender: 'card', cardFeePercent: fee });
  }
  if (num(r.rest) > 0) tips.push({ ...base, amount: num(r.rest), tender: r.took_cash ? 'cash' : 'other' });
  return tips;
}

export interface ShiftMinutes {
  userId: number;
  dateWork: string;
  minutes: number;
}

/** The period's shifts one by one (shiftMinutesSql), in clock-in order: the payroll's hours per person and day. */
export async function previewShifts(scope: PreviewScope): Promise<ShiftMinutes[]> {
  const result = await scope.db.execute<Row>(sql`select user_id, date_work::text as date_work, minutes
    from (${shiftMinutesSql(scope)}) as w order by start_at, id`);
  return result.rows.map((r) => ({
    userId: num(r.user_id),
    dateWork: String(r.date_work),
    minutes: num(r.minutes),
  }));
}

/**
 * Worked minutes per shift of the period's store days (working_times.date_work is the store day of the
 * clock-in): clock-in to clock-out (an open shift to `now`) less its breaks clipped to the shift, floored to
 * whole minutes, as workedMinutes of src/domain/clock.ts.
 */
export async function previewMinutes(scope: PreviewScope): Promise<Map<number, number[]>> {
  const result = await scope.db
    .execute<Row>(sql`select user_id, array_agg(minutes order by start_at) as minutes
    from (${shiftMinutesSql(scope)}) as w group by user_id`);
  return new Map(result.rows.map((r) => [num(r.user_id), (r.minutes as unknown[]).map(num)]));
}

/**
 * The SELECT of previewMinutes before it is gathered per person: one row per shift (user_id, id, date_work,
 * start_at, end_at, break_minutes, minutes). The income-by-hours reports sum it per employee and per day.
 */
export function shiftMinutesSql(scope: PreviewScope): SQL {
  const now = scope.now.toISOString();
  return sql`with w as (
      select w.user_id, w.id, w.date_work, w.check_in_at as start_at, w.check_out_at,
        coalesce(w.check_out_at, ${now}::timestamptz) as end_at
      from working_times w
      where w.tenant_id = ${scope.tenantId} and w.store_id = ${scope.storeId}
        and w.date_work between ${scope.range.start_date}::date and ${scope.range.end_date}::date
        ${person(scope, sql`w.user_id`)}
    ),
    b as (
      select w.id, sum(greatest(0, extract(epoch from
        least(coalesce(k.ended_at, ${now}::timestamptz), w.end_at) - greatest(k.started_at, w.start_at)))) as secs
      from w join working_time_breaks k on k.tenant_id = ${scope.tenantId} and k.working_time_id = w.id
      group by w.id
    )
    select w.user_id, w.id, w.date_work, w.start_at, w.check_out_at as end_at,
      floor(coalesce(b.secs, 0) / 60)::int as break_minutes,
      floor(greatest(0, extract(epoch from w.end_at - w.start_at) - coalesce(b.secs, 0)) / 60)::int as minutes
    from w left join b on b.id = w.id`;
}
