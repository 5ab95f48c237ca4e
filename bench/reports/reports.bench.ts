/**
 * Report speed over a big store (docs/reports.md#speed), in one process on a throwaway embedded PostgreSQL
 * (bench/support/bench-database.ts): 1,000,000 sales in one store over ten years (274 a day, a busy salon's
 * decade), 30 technicians, with their lines, employee groups, payments, 2 % refunded (a refund row the next
 * day) and 1 % voided, and a clock record per technician per day.
 *
 * The rows are generated inside PostgreSQL, a set-based INSERT … SELECT over generate_series per 100,000 sales,
 * the lines, groups and payments joined to the sales just written by their ticket numbers: nothing crosses the
 * wire, which is what COPY would save over row-by-row inserts (COPY FROM STDIN needs a streaming client
 * package; the rows here have no source outside the database, so there is nothing to stream). Then VACUUM
 * ANALYZE, as autovacuum would.
 *
 * Measured, each through app.inject (routing, access with the PIN approval, query schema, SQL, the domain's
 * arithmetic, the envelope) beside a hand-written SQL aggregate of the same figures, interleaved in the same
 * run (the machine is shared: only the ratios mean much):
 * - the daily report for a month and for a year (its page and its totals), beside one statement per source
 *   (sales, payments, refunds grouped by store day) with the totals summed in JS;
 * - the summary report for a month and a year (the daily totals, the kinds, the employees), beside the three
 *   aggregates it needs;
 * - the payroll preview for two weeks with 30 technicians, beside the per-technician sums of the lines and
 *   tips it reads.
 * Targets (docs/reports.md#speed): daily and summary p50 <= 300 ms and <= 1.5x their hand-written SQL; the
 * payroll preview <= 1 s.
 *
 *   npm run bench:reports
 *   npm run bench:reports -- --sales=200000 --requests=10
 */
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { ITEM_TYPE, PAYMENT_TYPE, SALE_STATUS } from '../../src/domain/constants';
import { buildApp } from '../../src/server/app';
import { planLine, withBenchDatabase } from '../support/bench-database';
import { figures, figuresText, loadText, ratioText, sampleRounds } from '../support/bench-figures';
import type { Figures } from '../support/bench-figures';

const { values: args } = parseArgs({
  options: {
    sales: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '3650' },
    requests: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
  },
});
const SALES = Number(args.sales);
const DAYS = Number(args.days);
const PER_DAY = Math.ceil(SALES / DAYS);
const ROUNDS = { warmup: Number(args.warmup), requests: Number(args.requests) };
const TECHNICIANS = 30;
const BATCH = 100_000;
const ZONE = 'America/New_York';
const TARGET_RATIO = 1.5;
const TARGET_REPORT_MS = 300;
const TARGET_PAYROLL_MS = 1000;

const addDays = (day: string, n: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};

interface Scope {
  tenantId: number;
  storeId: number;
  cashierId: number;
  technicians: number[];
  firstDay: string;
}

/** 30 technicians (copies of the fixture's staff member) and the store in New York. */
async function prepare(pool: pg.Pool, tenantId: number, storeId: number, staffId: number): Promise<number[]> {
  await pool.query(`update stores set timezone = $1 where tenant_id = $2 and id = $3`, [
    ZONE,
    tenantId,
    storeId,
  ]);
  const { rows } = await pool.query<{ id: string }>(
    `insert into users (tenant_id, store_id, role, username, display_name, first_name, last_name,
        commission_rate, is_technician, permissions)
      select u.tenant_id, u.store_id, u.role, 'tech' || n, 'Tech ' || n, 'Tech', n::text, 40, true, u.permissions
      from users u, generate_series(1, $3::int) n where u.tenant_id = $1 and u.id = $2
      returning id`,
    [tenantId, staffId, TECHNICIANS],
  );
  return rows.map((r) => Number(r.id));
}

/** Sales `from`..`to` (ticket numbers), with their groups, lines, payments and refunds. */
async function seedBatch(pool: pg.Pool, s: Scope, from: number, to: number): Promise<void> {
  const techs = `(array[${s.technicians.join(',')}]::bigint[])`;
  const p = [s.tenantId, s.storeId, from, to];
  // n → its day (oldest first), its number of the day, its amounts. Line 1 a service of 20.00–50.00 by the
  // sale's technician, 2.00 off every tenth; line 2 a product of 15.00 (8 % tax) every third sale, by another
  // technician every sixth; a 5.00 tip every fourth; card for even numbers, cash for odd ones.
  const base = `with g as (
      select n, $5::date + ((n - 1) / ${PER_DAY})::int as day, (n - 1) % ${PER_DAY} + 1 as daily,
        2000 + (n % 7) * 500 as svc, case when n % 10 = 0 then 200 else 0 end as off,
        case when n % 3 = 0 then 1500 else 0 end as prod, case when n % 3 = 0 then 120 else 0 end as tax,
        case when n % 4 = 0 then 500 else 0 end as tip,
        case when n % 100 = 0 then ${SALE_STATUS.VOID} when n % 50 = 1 then ${SALE_STATUS.REFUND}
          else ${SALE_STATUS.SALE} end as status
      from generate_series($3::int, $4::int) n)`;
  await pool.query(
    `${base}
    insert into sales (tenant_id, store_id, uuid, status, ticket_no, daily_ticket_no, business_date, invoice_no,
      order_at, cashier_id, employee_id, sub_total, discount_amount, taxes, tip_amount, total_price,
      paid_customer_total, paid_customer_change_amount_total, total_cost, total_commission, total_deductible,
      creditcard_fee, discount, order_snapshot, refunded_amount, has_refund)
    select $1, $2, gen_random_uuid(), status, n, daily, day, 'B' || n,
      (day + time '09:00' + make_interval(mins => daily * 2)) at time zone '${ZONE}', $6,
      ${techs}[1 + n % ${TECHNICIANS}],
      svc + prod, off, tax, tip, svc + prod - off + tax + tip, svc + prod - off + tax + tip, 0, 0,
      ((svc - off) * 40 / 100), 0, 0, '{}'::jsonb, '{"settings":{"creditcard_fee_percent":3}}'::jsonb,
      case when status = ${SALE_STATUS.REFUND} then svc - off else 0 end, status = ${SALE_STATUS.REFUND}
    from g`,
    [...p, s.firstDay, s.cashierId],
  );
  const sales = `select id, ticket_no as n, order_at, status, tip_amount as tip, total_price as total,
      sub_total, discount_amount, taxes from sales
    where tenant_id = $1 and store_id = $2 and ticket_no between $3 and $4`;
  // Groups: the sale's technician (with the tip), and the product's when another.
  await pool.query(
    `insert into sale_employees (tenant_id, store_id, sale_id, user_id, position, service_amount, tip_amount)
    select $1, $2, s.id, ${techs}[1 + s.n % ${TECHNICIANS}], 1, s.sub_total - s.discount_amount, s.tip
    from (${sales}) s
    union all
    select $1, $2, s.id, ${techs}[1 + (s.n + 7) % ${TECHNICIANS}], 2, 0, 0
    from (${sales}) s where s.n % 6 = 0`,
    p,
  );
  await pool.query(
    `insert into sale_lines (tenant_id, store_id, sale_id, employee_id, position, item_id, item_type, name,
      unit_price, quantity, gross, item_discount, net, tax, commission_rate, commission, cost, deductible,
      refunded_quantity)
    select $1, $2, s.id, ${techs}[1 + s.n % ${TECHNICIANS}], 1, 1 + s.n % 7, ${ITEM_TYPE.SERVICE},
      'Service ' || (1 + s.n % 7), 2000 + (s.n % 7) * 500, 1, 2000 + (s.n % 7) * 500,
      case when s.n % 10 = 0 then 200 else 0 end,
      2000 + (s.n % 7) * 500 - case when s.n % 10 = 0 then 200 else 0 end, 0, 40,
      (2000 + (s.n % 7) * 500 - case when s.n % 10 = 0 then 200 else 0 end) * 40 / 100, 0, 100,
      case when s.status = ${SALE_STATUS.REFUND} then 1 else 0 end
    from (${sales}) s
    union all
    select $1, $2, s.id, ${techs}[1 + (case when s.n % 6 = 0 then s.n + 7 else s.n end) % ${TECHNICIANS}], 2,
      100, ${ITEM_TYPE.PRODUCT}, 'Polish', 1500, 1, 1500, 0, 1500, 120, 10, 150, 600, 0, 0
    from (${sales}) s where s.n % 3 = 0`,
    p,
  );
  await pool.query(
    `insert into sale_payments (tenant_id, store_id, sale_id, payment_type, amount, tip_amount, refunded_amount,
      status, taken_at, last4)
    select $1, $2, s.id,
      case when s.n % 2 = 0 then ${PAYMENT_TYPE.CREDIT} else ${PAYMENT_TYPE.CASH} end,
      case when s.n % 2 = 0 then s.total - s.tip else s.total end,
      case when s.n % 2 = 0 then s.tip else 0 end,
      case when s.status = ${SALE_STATUS.REFUND} then s.sub_total - s.discount_amount - 1500 * (1 - sign(s.n % 3))
        else 0 end,
      case when s.status = ${SALE_STATUS.VOID} then 'voided' else 'approved' end, s.order_at,
      case when s.n % 2 = 0 then '4242' end
    from (${sales}) s`,
    p,
  );
  await pool.query(
    `insert into sale_refunds (tenant_id, store_id, sale_id, amount, created_by, created_at, payments, reason)
    select $1, $2, s.id, s.sub_total - s.discount_amount - 1500 * (1 - sign(s.n % 3)), $5,
      s.order_at + interval '1 day',
      jsonb_build_array(jsonb_build_object('payment_type',
        case when s.n % 2 = 0 then ${PAYMENT_TYPE.CREDIT} else ${PAYMENT_TYPE.CASH} end,
        'amount', s.sub_total - s.discount_amount - 1500 * (1 - sign(s.n % 3)))), 'bench'
    from (${sales}) s where s.status = ${SALE_STATUS.REFUND}`,
    [...p, s.cashierId],
  );
}

/** A shift per technician per day, 09:00–18:00 store time. */
async function seedShifts(pool: pg.Pool, s: Scope): Promise<void> {
  await pool.query(
    `insert into working_times (tenant_id, store_id, user_id, date_work, check_in_at, check_out_at)
    select $1, $2, u, d::date, (d::date + time '09:00') at time zone '${ZONE}',
      (d::date + time '18:00') at time zone '${ZONE}'
    from unnest($3::bigint[]) u, generate_series($4::date, $4::date + $5::int - 1, interval '1 day') d`,
    [s.tenantId, s.storeId, s.technicians, s.firstDay, DAYS],
  );
}

// ---- the hand-written references ---------------------------------------------------------------------

const bounds = (zone: string) =>
  `order_at >= ($3::date::timestamp at time zone '${zone}') and order_at < (($4::date + 1)::timestamp at time zone '${zone}')`;

/**
 * The daily report's figures by store day: sales (with the change of those paid in cash), tenders and refunds,
 * each one grouped statement. The drawer's floats and movements are left out: a few rows a day, nothing to
 * measure.
 */
async function rawDaily(pool: pg.Pool, s: Scope, from: string, to: string): Promise<unknown> {
  const p = [s.tenantId, s.storeId, from, to];
  const day = `(timezone('${ZONE}', order_at))::date`;
  const [salesByDay, tenders, refunds] = await Promise.all([
    pool.query(
      `select ${day} as day, count(*) filter (where status in (1, 2)) as n,
        sum(sub_total) filter (where status in (1, 2)) as gross,
        sum(discount_amount) filter (where status in (1, 2)) as discounts,
        sum(taxes) filter (where status in (1, 2)) as tax, sum(tip_amount) filter (where status in (1, 2)) as tips,
        sum(total_price) filter (where status in (1, 2)) as total, count(*) filter (where status = 3) as voids,
        sum(paid_customer_change_amount_total) filter (where exists (select 1 from sale_payments p
          where p.tenant_id = sales.tenant_id and p.sale_id = sales.id and p.payment_type = 1
            and p.status in ('approved', 'refunded'))) as change_given
      from sales where tenant_id = $1 and store_id = $2 and ${bounds(ZONE)} group by 1`,
      p,
    ),
    pool.query(
      `select ${day.replace('order_at', 's.order_at')} as day, p.payment_type, sum(p.amount + p.tip_amount) as amount
      from sales s join sale_payments p on p.tenant_id = s.tenant_id and p.store_id = s.store_id and p.sale_id = s.id
      where s.tenant_id = $1 and s.store_id = $2 and ${bounds(ZONE).replaceAll('order_at', 's.order_at')}
        and p.status in ('approved', 'refunded')
      group by 1, 2`,
      p,
    ),
    pool.query(
      `select (timezone('${ZONE}', created_at))::date as day, count(*), sum(amount) from sale_refunds
      where tenant_id = $1 and store_id = $2 and ${bounds(ZONE).replaceAll('order_at', 'created_at')} group by 1`,
      p,
    ),
  ]);
  // The totals, as the report gives them beside its rows.
  let gross = 0;
  for (const row of salesByDay.rows as { gross: string | null }[]) gross += Number(row.gross ?? 0);
  return { gross, tenders: tenders.rowCount, refunds: refunds.rowCount };
}

/** The summary's figures: the daily totals, the kinds of item and the employees' lines and tips. */
async function rawSummary(pool: pg.Pool, s: Scope, from: string, to: string): Promise<unknown> {
  const p = [s.tenantId, s.storeId, from, to];
  const inRange = bounds(ZONE).replaceAll('order_at', 's.order_at');
  const [totals, kinds, employees, tips] = await Promise.all([
    rawDaily(pool, s, from, to),
    pool.query(
      `select l.item_type, sum(l.quantity), sum(l.gross), sum(l.item_discount + l.employee_discount), sum(l.net),
        sum(l.tax)
      from sales s join sale_lines l on l.tenant_id = s.tenant_id and l.store_id = s.store_id and l.sale_id = s.id
      where s.tenant_id = $1 and s.store_id = $2 and ${inRange} and s.status in (1, 2)
      group by 1`,
      p,
    ),
    pool.query(
      `select l.employee_id, count(distinct s.id), sum(l.quantity), sum(l.gross), sum(l.net), sum(l.tax),
        sum(l.commission)
      from sales s join sale_lines l on l.tenant_id = s.tenant_id and l.store_id = s.store_id and l.sale_id = s.id
      where s.tenant_id = $1 and s.store_id = $2 and ${inRange} and s.status in (1, 2)
      group by 1`,
      p,
    ),
    pool.query(
      `select e.user_id, sum(e.tip_amount)
      from sales s join sale_employees e on e.tenant_id = s.tenant_id and e.store_id = s.store_id and e.sale_id = s.id
      where s.tenant_id = $1 and s.store_id = $2 and ${inRange} and s.status in (1, 2)
      group by 1`,
      p,
    ),
  ]);
  return { totals, kinds: kinds.rowCount, employees: employees.rowCount, tips: tips.rowCount };
}

/** The payroll preview's reads, summed per technician: commissionable net, tips, worked minutes. */
async function rawPayroll(pool: pg.Pool, s: Scope, from: string, to: string): Promise<unknown> {
  const p = [s.tenantId, s.storeId, from, to];
  const inRange = bounds(ZONE).replaceAll('order_at', 's.order_at');
  const [lines, tips, minutes] = await Promise.all([
    pool.query(
      `select l.employee_id, l.item_type, sum((l.net - l.deductible) * (l.quantity - l.refunded_quantity) / l.quantity)
      from sales s join sale_lines l on l.tenant_id = s.tenant_id and l.store_id = s.store_id and l.sale_id = s.id
      where s.tenant_id = $1 and s.store_id = $2 and ${inRange} and s.status in (1, 2)
      group by 1, 2`,
      p,
    ),
    pool.query(
      `select e.user_id, sum(e.tip_amount)
      from sales s join sale_employees e on e.tenant_id = s.tenant_id and e.store_id = s.store_id and e.sale_id = s.id
      where s.tenant_id = $1 and s.store_id = $2 and ${inRange} and s.status in (1, 2)
      group by 1`,
      p,
    ),
    pool.query(
      `select user_id, sum(extract(epoch from check_out_at - check_in_at) / 60) from working_times
      where tenant_id = $1 and store_id = $2 and date_work between $3::date and $4::date group by 1`,
      p,
    ),
  ]);
  return { lines: lines.rowCount, tips: tips.rowCount, minutes: minutes.rowCount };
}

async function inject(app: FastifyInstance, url: string, headers: Record<string, string>): Promise<void> {
  const response = await app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200)
    throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 400)}`);
}

function line(label: string, app: Figures, raw: Figures, targetMs: number): void {
  console.log(`  ${label}`);
  console.log(
    `    app  ${figuresText(app)} (target p50 <= ${targetMs} ms) ${app.p50 <= targetMs ? 'OK' : 'MISSED'}`,
  );
  console.log(`    raw  ${figuresText(raw)}`);
  console.log(`    ${ratioText(app, raw, TARGET_RATIO)}`);
}

await withBenchDatabase('reports', async ({ pool, db, tenants: [a] }) => {
  console.log(`start: ${loadText()}`);
  const started = performance.now();
  const technicians = await prepare(pool, a.tenantId, a.store.id, a.users.staff.id);
  const today = new Date().toISOString().slice(0, 10);
  const scope: Scope = {
    tenantId: a.tenantId,
    storeId: a.store.id,
    cashierId: a.users.manager.id,
    technicians,
    firstDay: addDays(today, -DAYS),
  };
  for (let from = 1; from <= SALES; from += BATCH) {
    await seedBatch(pool, scope, from, Math.min(SALES, from + BATCH - 1));
    process.stdout.write(`\r  seeded ${Math.min(SALES, from + BATCH - 1)} sales`);
  }
  await seedShifts(pool, scope);
  await pool.query('vacuum analyze');
  const counts = await pool.query<{ sales: string; lines: string; payments: string; refunds: string }>(
    `select (select count(*) from sales) as sales, (select count(*) from sale_lines) as lines,
      (select count(*) from sale_payments) as payments, (select count(*) from sale_refunds) as refunds`,
  );
  console.log(
    `\nseeded ${JSON.stringify(counts.rows[0])} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  const app = await buildApp({ db, config: { clientDir: null } });
  await app.ready();
  const headers = a.headers('manager', { approver: 'manager' });
  const lastDay = addDays(today, -1);
  const month = { from: addDays(lastDay, -29), to: lastDay };
  const year = { from: addDays(lastDay, -364), to: lastDay };
  const payPeriod = { from: addDays(lastDay, -13), to: lastDay };
  const range = (r: { from: string; to: string }) =>
    `time_type=other&effective_start=${r.from}&effective_end=${r.to}`;

  for (const [label, r] of [
    ['a month (30 days)', month],
    ['a year (365 days)', year],
  ] as const) {
    const times = await sampleRounds(ROUNDS, {
      daily: () => inject(app, `/api/report/daily?${range(r)}&per_page=200`, headers),
      dailyRaw: () => rawDaily(pool, scope, r.from, r.to),
      summary: () => inject(app, `/api/report/summary?${range(r)}&per_page=50`, headers),
      summaryRaw: () => rawSummary(pool, scope, r.from, r.to),
    });
    console.log(`\n${label}, ${ROUNDS.requests} requests each (${loadText()})`);
    line('GET /api/report/daily', figures(times.daily), figures(times.dailyRaw), TARGET_REPORT_MS);
    line('GET /api/report/summary', figures(times.summary), figures(times.summaryRaw), TARGET_REPORT_MS);
  }

  const payroll = await sampleRounds(ROUNDS, {
    app: () => inject(app, `/api/report/payrolls/preview?${range(payPeriod)}`, headers),
    raw: () => rawPayroll(pool, scope, payPeriod.from, payPeriod.to),
  });
  console.log(`\npayroll preview, two weeks, ${TECHNICIANS} technicians (${loadText()})`);
  line('GET /api/report/payrolls/preview', figures(payroll.app), figures(payroll.raw), TARGET_PAYROLL_MS);

  const plan = await planLine(
    pool,
    `select count(*) from sales where tenant_id = $1 and store_id = $2 and ${bounds(ZONE)}`,
    [scope.tenantId, scope.storeId, year.from, year.to],
  );
  console.log(`\nplan of a year's sales: ${plan}`);
  console.log(`end: ${loadText()}`);
  await app.close();
});
