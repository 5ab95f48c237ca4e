/**
 * A scan of every stored amount of the whole database (all tenants), for the fuzz test's closing check "never
 * a stored invalid amount". The CHECK constraints of the schema are the last word against some of
 * these; this scan also holds what no single-row CHECK can: that totals agree with their lines, payments with
 * their sale, and balances with their histories. Each finding is one readable line; none means all is well.
 *
 * What holds:
 * - sales: every money column ≥ 0; the totals are what src/domain's computeOrderTotals gives for the stored
 *   order_snapshot; Σ lines gross = sub_total, Σ lines tax = taxes, Σ group tips = tip_amount; change ≤ paid;
 *   refunded_amount ≤ total_price and = Σ sale_refunds.amount.
 * - sale_lines: gross = (price override or unit price) × quantity, net = gross − discounts ≥ 0, refunded
 *   quantity within the quantity, tax = Σ tax_amounts.
 * - sale_payments: amount > 0, tip ≥ 0, refunded within amount + tip, points > 0 on a points payment.
 * - giftcards: balance ≥ 0, = Σ giftcard_histories.amount, each history row's balance_after the running sum.
 * - customers: point_balance ≥ 0, = Σ customer_point_history.points, running sums likewise.
 * - coupons: 0 ≤ used_count ≤ max_uses, = uses − releases.
 * - payment_requests: amount > 0; sale_refunds: amount ≥ 0.
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { computeOrderTotals } from '../../../src/domain/order-total';
import type { Order } from '../../../src/domain/order.types';
import type { Queryable } from '../../../src/server/db/client';

/** A finding's label and the query whose rows are the findings. */
type Check = [string, SQL];

/**
 * A balance kept beside its history (gift cards, customer points): the balance is the history's sum, and each
 * history row's balance_after is the running sum up to it, never negative.
 */
function ledgerChecks(of: {
  owners: string;
  balance: string;
  ledger: string;
  ownerKey: string;
  amount: string;
  differs: string;
  running: string;
}): Check[] {
  const owners = sql.identifier(of.owners);
  const balance = sql.identifier(of.balance);
  const ledger = sql.identifier(of.ledger);
  const key = sql.identifier(of.ownerKey);
  const amount = sql.identifier(of.amount);
  return [
    [
      of.differs,
      sql`select o.id, o.tenant_id, o.${balance}, coalesce(h.sum, 0) as history from ${owners} o
        left join (select tenant_id, ${key}, sum(${amount}) as sum from ${ledger} group by 1, 2) h
          on h.tenant_id = o.tenant_id and h.${key} = o.id
        where o.${balance} <> coalesce(h.sum, 0)`,
    ],
    [
      of.running,
      sql`select id, tenant_id, ${key} from (
          select id, tenant_id, ${key}, balance_after,
            sum(${amount}) over (partition by tenant_id, ${key} order by id) as running
          from ${ledger}) h
        where balance_after <> running or balance_after < 0`,
    ],
  ];
}

const CHECKS: readonly Check[] = [
  [
    'sale money column negative',
    sql`select id, tenant_id from sales where least(sub_total, discount_amount, taxes, tip_amount, total_price,
      paid_customer_total, paid_customer_change_amount_total, total_cost, total_commission, total_deductible,
      creditcard_fee, refunded_amount) < 0`,
  ],
  [
    'sale change more than paid',
    sql`select id, tenant_id from sales where paid_customer_change_amount_total > paid_customer_total`,
  ],
  [
    'sale refunded more than its total',
    sql`select id, tenant_id, refunded_amount, total_price from sales where refunded_amount > total_price`,
  ],
  [
    'sale refunded_amount differs from its refunds',
    sql`select s.id, s.tenant_id, s.refunded_amount, coalesce(r.sum, 0) as refunds from sales s
      left join (select tenant_id, sale_id, sum(amount) as sum from sale_refunds group by 1, 2) r
        on r.tenant_id = s.tenant_id and r.sale_id = s.id
      where s.refunded_amount <> coalesce(r.sum, 0)`,
  ],
  [
    'sale lines do not add up to the sale',
    sql`select s.id, s.tenant_id, s.sub_total, l.gross, s.taxes, l.tax from sales s
      join (select tenant_id, sale_id, sum(gross) as gross, sum(tax) as tax from sale_lines group by 1, 2) l
        on l.tenant_id = s.tenant_id and l.sale_id = s.id
      where l.gross <> s.sub_total or l.tax <> s.taxes`,
  ],
  [
    'sale tips differ from its groups',
    sql`select s.id, s.tenant_id, s.tip_amount, g.tip from sales s
      join (select tenant_id, sale_id, sum(tip_amount) as tip from sale_employees group by 1, 2) g
        on g.tenant_id = s.tenant_id and g.sale_id = s.id
      where g.tip <> s.tip_amount`,
  ],
  [
    'sale line amounts inconsistent',
    sql`select id, tenant_id, sale_id from sale_lines
      where gross <> coalesce(price_override, unit_price) * quantity
        or net <> gross - item_discount - employee_discount or net < 0
        or least(unit_price, coalesce(price_override, 0), gross, item_discount, employee_discount, tax,
          commission, cost, deductible) < 0
        or refunded_quantity < 0 or refunded_quantity > quantity or quantity < 1
        or tax <> (select coalesce(sum(x::bigint), 0) from jsonb_array_elements_text(tax_amounts) x)`,
  ],
  [
    'sale group amount negative',
    sql`select id, tenant_id, sale_id from sale_employees where service_amount < 0 or tip_amount < 0`,
  ],
  [
    'payment amount invalid',
    sql`select id, tenant_id, sale_id from sale_payments
      where amount <= 0 or tip_amount < 0 or refunded_amount < 0 or refunded_amount > amount + tip_amount
        or (payment_type = 5 and (points is null or points <= 0))`,
  ],
  [
    'gift card balance invalid',
    sql`select id, tenant_id, number, balance from giftcards where balance < 0 or initial_amount < 0`,
  ],
  ...ledgerChecks({
    owners: 'giftcards',
    balance: 'balance',
    ledger: 'giftcard_histories',
    ownerKey: 'giftcard_id',
    amount: 'amount',
    differs: 'gift card balance differs from its history',
    running: 'gift card history running balance wrong',
  }),
  [
    'customer points invalid',
    sql`select id, tenant_id, point_balance from customers where point_balance < 0`,
  ],
  ...ledgerChecks({
    owners: 'customers',
    balance: 'point_balance',
    ledger: 'customer_point_history',
    ownerKey: 'customer_id',
    amount: 'points',
    differs: 'customer points differ from their history',
    running: 'customer point history running balance wrong',
  }),
  [
    'coupon uses invalid',
    sql`select c.id, c.tenant_id, c.used_count from coupons c
      left join (select tenant_id, coupon_id,
          count(*) filter (where kind = 'use') - count(*) filter (where kind = 'release') as uses
        from coupon_histories group by 1, 2) h on h.tenant_id = c.tenant_id and h.coupon_id = c.id
      where c.used_count < 0 or c.used_count > coalesce(c.max_uses, c.used_count)
        or c.used_count <> coalesce(h.uses, 0)`,
  ],
  ['payment request amount invalid', sql`select id, tenant_id from payment_requests where amount <= 0`],
  ['refund amount invalid', sql`select id, tenant_id, sale_id from sale_refunds where amount < 0`],
];

const TOTAL_COLUMNS = {
  sub_total: 'sub_total',
  discount_amount: 'discount_amount',
  taxes: 'taxes',
  tip_amount: 'tip_amount',
  total_price: 'total_price',
  paid_customer_total: 'paid_customer_total',
  paid_customer_change_amount_total: 'paid_customer_change_amount_total',
  total_cost: 'total_cost',
  total_commission: 'total_commission',
  total_deductible: 'total_deductible',
  creditcard_fee: 'creditcard_fee',
} as const;

/** Every finding of the scan (empty when every stored amount is valid). */
export async function findInvalidAmounts(db: Queryable): Promise<string[]> {
  const findings: string[] = [];
  for (const [what, query] of CHECKS) {
    const result = await db.execute<Record<string, unknown>>(query);
    for (const row of result.rows) findings.push(`${what}: ${JSON.stringify(row)}`);
  }
  const salesRows = await db.execute<Record<string, unknown> & { id: string; order_snapshot: Order }>(
    sql`select * from sales`,
  );
  for (const row of salesRows.rows) {
    let totals;
    try {
      totals = computeOrderTotals(row.order_snapshot).total;
    } catch (error) {
      findings.push(`sale ${row.id}: its order_snapshot does not compute (${(error as Error).message})`);
      continue;
    }
    for (const [field, column] of Object.entries(TOTAL_COLUMNS)) {
      const stored = Number(row[column]);
      const computed = totals[field as keyof typeof TOTAL_COLUMNS];
      if (!Number.isSafeInteger(computed) || stored !== computed) {
        findings.push(`sale ${row.id}: ${column} is ${stored}, its order_snapshot computes ${computed}`);
      }
    }
  }
  return findings;
}
