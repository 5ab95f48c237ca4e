/**
 * The daily and summary reports over HTTP (docs/reports.md): access, the period read in the store's time zone,
 * and the reconciliation identities over a month of sales, refunds, voids, tips and a drawer session made
 * through the real sale, refund, void and cash drawer routes.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../tests/support/server/api-harness';
import { addDays, countOf } from '../../../tests/support/server/report-helpers';
import { createSaleCatalog, saleBody } from '../../../tests/support/server/sale-test-data';
import type { LineSpec, SaleCatalog } from '../../../tests/support/server/sale-test-data';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { DailyReport, DailyRow, SaleFigures, SummaryReport } from '../../contracts/reports';
import {
  DISCOUNT_SOURCE,
  DISCOUNT_TYPE,
  ITEM_TYPE,
  PAYMENT_TYPE,
  PAYMENT_TYPES,
  SALE_STATUS,
} from '../../domain/constants';
import { dayInTimeZone } from '../../domain/report-periods';
import { storeTimeToIso } from '../../domain/store-time';
import { SALE_PAYMENT_STATUS, salePayments } from '../db/schema/sales';
import { stores } from '../db/schema/stores';

const api = await apiHarness();
const LA = 'America/Los_Angeles';
let a: TenantFixture;
let b: TenantFixture;
let cat: SaleCatalog;

/** The manager with their own PIN approval: the Report module and the report PIN (docs/roles.md#access-rules). */
const manager = () => api.as(a, 'manager', { approver: 'manager' });

const todayLA = () => dayInTimeZone(new Date(), LA);

async function daily(query: string, who = manager()): Promise<DailyReport> {
  const res = await who.get(`/api/report/daily?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<DailyReport>(res);
}

async function sell(lines: LineSpec[], options: { orderAt?: string; tip?: number; employee?: number } = {}) {
  const body = saleBody({
    employeeId: options.employee ?? a.users.staff.id,
    lines,
    // A card and a check under any total, the rest in cash with change: every sale gives change.
    payments: [
      { payment_type: PAYMENT_TYPE.CREDIT, payment_amount: 1000, payment_info: { last4: '4242' } },
      { payment_type: PAYMENT_TYPE.CHECK, payment_amount: 500, payment_info: { reference: '1001' } },
      { payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 },
    ],
    ...(options.tip ? { tip: options.tip } : {}),
    extra: options.orderAt ? { order_at: options.orderAt } : {},
  });
  const res = await manager().post('/api/pos/sales', body);
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res);
}

beforeAll(async () => {
  [a, b] = await Promise.all([api.tenant(), api.tenant()]);
  cat = await createSaleCatalog(api.db, a);
  await api.db.update(stores).set({ timezone: LA }).where(eq(stores.id, a.store.id));
});

describe('access', () => {
  for (const path of ['/api/report/daily', '/api/report/summary', '/api/report/daily/export']) {
    it(`${path}: 401 without a session, 403 without the module or the PIN, 200 with both`, async () => {
      expect((await api.get(path)).statusCode).toBe(401);
      const staff = await api.as(a, 'staff').get(path);
      expect(staff.statusCode).toBe(403);
      expect(staff.json().code).toBe(ERROR_CODE.MODULE_DISABLED);
      const noPin = await api.as(a, 'manager').get(path);
      expect(noPin.statusCode).toBe(403);
      expect(noPin.json().code).toBe(ERROR_CODE.PIN_APPROVAL_REQUIRED);
      expect((await manager().get(path)).statusCode).toBe(200);
    });
  }

  it("404 for a person who is not of the store (another tenant's employee)", async () => {
    const res = await manager().get(`/api/report/daily?user_id=${b.users.staff.id}`);
    expect(res.statusCode).toBe(404);
    const cashier = await manager().get(`/api/report/summary?cashier_id=${b.users.manager.id}`);
    expect(cashier.statusCode).toBe(404);
  });

  it('422 for an unknown sort field, an unknown period, or a range that ends before it starts', async () => {
    expect((await manager().get('/api/report/daily?sort=nope')).statusCode).toBe(422);
    expect((await manager().get('/api/report/daily?time_type=fortnight')).statusCode).toBe(422);
    const backwards = await manager().get(
      '/api/report/daily?time_type=other&effective_start=2026-03-10&effective_end=2026-03-01',
    );
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toHaveProperty('effective_end');
    const noStart = await manager().get('/api/report/daily?time_type=other');
    expect(noStart.json().errors).toHaveProperty('effective_start');
  });
});

describe('periods in the store time zone', () => {
  it('a sale at 23:30 store time lands on its store day, not the next UTC day', async () => {
    const day = addDays(todayLA(), -40);
    const orderAt = storeTimeToIso(`${day}T23:30`, LA)!;
    expect(orderAt.slice(0, 10)).toBe(addDays(day, 1)); // the next day in UTC
    const sale = await sell([{ item_id: cat.pedicure }], { orderAt });
    const report = await daily(`time_type=other&effective_start=${day}&effective_end=${addDays(day, 1)}`);
    expect(report.items.map((r) => [r.date, r.sales_count, r.gross])).toEqual([
      [day, 1, sale.totals.sub_total],
    ]);
    // The range's instants are the store's midnights.
    expect(report.range.from).toBe(storeTimeToIso(`${day}T00:00`, LA) + '');
    expect(new Date(report.range.to).getTime()).toBe(
      new Date(storeTimeToIso(`${addDays(day, 2)}T00:00`, LA)!).getTime(),
    );
    // A UTC instant names the store day it falls on: 06:30Z the next day is still `day` in Los Angeles.
    const byInstant = await daily(
      `effective_start=${encodeURIComponent(orderAt)}&effective_end=${encodeURIComponent(orderAt)}`,
    );
    expect(byInstant.range).toMatchObject({ time_type: 'other', start_date: day, end_date: day });
    expect(byInstant.totals.sales_count).toBe(1);
  });

  it("'all' runs from 1900-01-01 to today; no period is today", async () => {
    const all = await daily('time_type=all');
    expect(all.range).toMatchObject({ start_date: '1900-01-01', end_date: todayLA(), timezone: LA });
    const today = await daily('');
    expect(today.range).toMatchObject({ time_type: 'today', start_date: todayLA(), end_date: todayLA() });
  });
});

/** What the sale routes answered, summed per store day: the oracle the report must agree with. */
interface DayOracle {
  sales_count: number;
  gross: number;
  discounts: number;
  tax: number;
  tips: number;
}

const SCALARS = [
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
] as const;

describe('reconciliation over a month of sales, refunds, voids, tips and a drawer session', () => {
  const oracle = new Map<string, DayOracle>();
  const saleIds: number[] = [];
  let today: string;
  let month: DailyReport;
  let summary: SummaryReport;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let closed: any;
  let voidedTotal = 0;

  function count(day: string, sale: { totals: Record<string, number> }, sign = 1) {
    const o = oracle.get(day) ?? { sales_count: 0, gross: 0, discounts: 0, tax: 0, tips: 0 };
    o.sales_count += sign;
    o.gross += sign * sale.totals.sub_total!;
    o.discounts += sign * sale.totals.discount_amount!;
    o.tax += sign * sale.totals.taxes!;
    o.tips += sign * sale.totals.tip_amount!;
    oracle.set(day, o);
  }

  beforeAll(async () => {
    today = todayLA();
    // A fixed pseudo-random sequence (Park-Miller; its products stay exact in a double): the same month every run.
    let seed = 7;
    const pick = (n: number) => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % n;
    };
    const baskets: LineSpec[][] = [
      [{ item_id: cat.manicure }],
      [{ item_id: cat.pedicure }, { item_id: cat.oil, item_type: ITEM_TYPE.PRODUCT, quantity: 2 }],
      [{ item_id: cat.kit, item_type: ITEM_TYPE.PRODUCT_KIT }, { item_id: cat.pedicure }],
      [
        {
          item_id: cat.manicure,
          discounts: [{ type: DISCOUNT_SOURCE.ITEM, discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 } }],
        },
      ],
    ];
    const past = [];
    for (let k = 29; k >= 1; k--) {
      const day = addDays(today, -k);
      for (let i = 0; i < 1 + (k % 2); i++) {
        const time = `${String(9 + pick(11)).padStart(2, '0')}:${String(pick(60)).padStart(2, '0')}`;
        const sale = await sell(baskets[pick(baskets.length)]!, {
          orderAt: storeTimeToIso(`${day}T${time}`, LA)!,
          tip: pick(3) === 0 ? 500 : 0,
          employee: pick(2) === 0 ? a.users.staff.id : a.users.manager.id,
        });
        saleIds.push(sale.id);
        past.push({ day, sale });
        count(day, sale);
      }
    }
    // Trashed: out of the sales figures; the money it took stays in the drawer's count and the tenders.
    const trashed = past[3]!;
    const trash = await manager().post(`/api/pos/sales/${trashed.sale.id}/status`, {
      id: trashed.sale.id,
      status: SALE_STATUS.TRASH,
    });
    expect(trash.statusCode, trash.body).toBe(200);
    count(trashed.day, trashed.sale, -1);

    // Today: the drawer opened, sales rung, one voided, three older sales refunded, cash moved by hand.
    const open = await manager().post('/api/pos/cash-drawer/open', { count: { bill_100: 2 } });
    expect(open.statusCode, open.body).toBe(201);
    for (const basket of [baskets[0]!, baskets[1]!, baskets[2]!]) {
      const sale = await sell(basket, { tip: 300 });
      saleIds.push(sale.id);
      count(today, sale);
    }
    const voided = await sell(baskets[3]!);
    saleIds.push(voided.id);
    const voiding = await manager().post(`/api/pos/sales/${voided.id}/void`, { reason: 'Rung twice' });
    expect(voiding.statusCode, voiding.body).toBe(200);
    voidedTotal = voided.totals.total_price;
    for (const [i, body] of [
      [0, {}],
      [5, { lines: [{ sale_line_id: past[5]!.sale.orderEmployees[0].orderItems[0].id, quantity: 1 }] }],
      [10, { reason: 'Unhappy customer' }],
    ] as const) {
      const res = await manager().post(`/api/pos/sales/${past[i]!.sale.id}/refund`, body);
      expect(res.statusCode, res.body).toBe(200);
    }
    for (const [kind, amount] of [
      ['pay_in', 1000],
      ['pay_out', 700],
      ['drop', 5000],
      ['tip_out', 300],
    ] as const) {
      const res = await manager().post('/api/pos/cash-drawer/movements', { kind, amount, reason: 'Test' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const state = dataOf(await manager().get('/api/pos/cash-drawer'));
    const close = await manager().post('/api/pos/cash-drawer/close', {
      count: countOf(state.session.expected.expected),
    });
    expect(close.statusCode, close.body).toBe(200);
    closed = dataOf(close);

    const range = `time_type=other&effective_start=${addDays(today, -35)}&effective_end=${today}`;
    month = await daily(`${range}&per_page=200`);
    const res = await manager().get(`/api/report/summary?${range}&per_page=200`);
    expect(res.statusCode, res.body).toBe(200);
    summary = dataOf<SummaryReport>(res);
  });

  it('has one row per day with activity, oldest first', () => {
    expect(month.items.map((r) => r.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => addDays(today, i - 29)),
    );
    expect(month.total).toBe(30);
  });

  it('each day agrees with what the sale routes answered; voided and trashed sales are not in its net', () => {
    for (const row of month.items) {
      const o = oracle.get(row.date)!;
      expect({ date: row.date, ...pickFigures(row) }).toEqual({
        date: row.date,
        sales_count: o.sales_count,
        gross: o.gross,
        discounts: o.discounts,
        net: o.gross - o.discounts,
        tax: o.tax,
        tips: o.tips,
      });
    }
    const todayRow = rowOf(today);
    expect(todayRow).toMatchObject({ voids_count: 1, voids: voidedTotal });
  });

  it('tenders: the days add up to the payments table (taken payments, amount and card tip)', async () => {
    const stored = await api.db
      .select({
        type: salePayments.paymentType,
        sum: sql<string>`sum(${salePayments.amount} + ${salePayments.tipAmount})`,
      })
      .from(salePayments)
      .where(
        and(
          eq(salePayments.tenantId, a.tenantId),
          inArray(salePayments.saleId, saleIds),
          inArray(salePayments.status, [SALE_PAYMENT_STATUS.APPROVED, SALE_PAYMENT_STATUS.REFUNDED]),
        ),
      )
      .groupBy(salePayments.paymentType);
    const expected = Object.fromEntries(PAYMENT_TYPES.map((t) => [t, 0]));
    for (const s of stored) expected[s.type] = Number(s.sum);
    const summed = Object.fromEntries(PAYMENT_TYPES.map((t) => [t, 0]));
    for (const row of month.items) for (const p of row.payments) summed[p.payment_type]! += p.amount;
    expect(summed).toEqual(expected);
    expect(expected[PAYMENT_TYPE.CASH]).toBeGreaterThan(0);
    expect(Object.fromEntries(month.totals.payments.map((p) => [p.payment_type, p.amount]))).toEqual(
      expected,
    );
  });

  it("today's cash is the drawer's expected cash, part by part", () => {
    const e = closed.expected;
    expect(rowOf(today).cash).toEqual({
      opening_float: e.opening_float,
      cash_taken: e.cash_taken,
      change_given: e.change_given,
      cash_refunds: e.cash_refunds,
      pay_ins: e.pay_ins,
      pay_outs: e.pay_outs,
      drops: e.drops,
      tip_outs: e.tip_outs,
      expected_cash: e.expected,
    });
    expect(e.cash_refunds).toBeGreaterThan(0);
    expect(closed.over_short).toBe(0);
  });

  it('refunds count on the day they were made, not on the day of the sale', async () => {
    const made = await api.db.execute<{ n: string; sum: string }>(
      sql`select count(*) as n, sum(amount) as sum from sale_refunds where tenant_id = ${a.tenantId}`,
    );
    expect(rowOf(today)).toMatchObject({
      refunds_count: 3,
      refunds: Number(made.rows[0]!.sum),
    });
    expect(month.items.filter((r) => r.date !== today).every((r) => r.refunds === 0)).toBe(true);
  });

  it('the days add up to the totals, and the summary has the same totals', () => {
    for (const field of SCALARS) {
      expect(
        month.items.reduce((sum, r) => sum + r[field], 0),
        field,
      ).toBe(month.totals[field]);
    }
    const { categories, ...figures } = summary.totals;
    expect(figures).toEqual(month.totals);
    expect(categories.reduce((s, c) => s + c.gross, 0)).toBe(month.totals.gross);
    expect(summary.items.reduce((s, e) => s + e.gross, 0)).toBe(month.totals.gross);
    expect(summary.items.reduce((s, e) => s + e.tips, 0)).toBe(month.totals.tips);
    // Every refund here names its lines, so the employees' and the kinds' refunds are all of them.
    expect(summary.items.reduce((s, e) => s + e.refunds, 0)).toBe(month.totals.refunds);
    expect(categories.reduce((s, c) => s + c.refunds, 0)).toBe(month.totals.refunds);
    expect(categories.map((c) => c.category)).toEqual(['service', 'product', 'product_kit']);
    expect(summary.items.map((e) => e.user_id).sort()).toEqual([a.users.staff.id, a.users.manager.id].sort());
  });

  it('an employee filter keeps their sales and leaves the drawer out', async () => {
    const range = `time_type=other&effective_start=${addDays(today, -35)}&effective_end=${today}`;
    const theirs = await daily(`${range}&user_id=${a.users.staff.id}`);
    const row = summary.items.find((e) => e.user_id === a.users.staff.id)!;
    expect(theirs.totals.sales_count).toBe(row.sales_count);
    expect(theirs.totals.cash.expected_cash).toBeNull();
    expect(theirs.totals.cash.opening_float).toBe(0);
  });

  it('pages and sorts the days; the CSV export has every day', async () => {
    const range = `time_type=other&effective_start=${addDays(today, -35)}&effective_end=${today}`;
    const page = await daily(`${range}&sort=-date&per_page=7&page=2`);
    expect(page.items.map((r) => r.date)).toEqual(
      month.items
        .map((r) => r.date)
        .reverse()
        .slice(7, 14),
    );
    expect(page.total).toBe(30);
    const csv = await manager().get(`/api/report/daily/export?${range}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(31);
    const header = lines[0]!.split(',');
    const last = lines[30]!.split(',');
    expect(last[header.indexOf('date')]).toBe(today);
    expect(Number(last[header.indexOf('expected_cash')])).toBe(closed.expected.expected);
    expect(Number(last[header.indexOf('tender_cash')])).toBe(rowOf(today).payments[0]!.amount);
  });

  function rowOf(day: string): DailyRow {
    const row = month.items.find((r) => r.date === day);
    expect(row, day).toBeDefined();
    return row!;
  }
});

function pickFigures(row: SaleFigures) {
  const { sales_count, gross, discounts, net, tax, tips } = row;
  return { sales_count, gross, discounts, net, tax, tips };
}
