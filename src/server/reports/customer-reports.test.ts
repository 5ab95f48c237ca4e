/**
 * The customer reports and the payment analysis over HTTP (docs/reports.md "Customers", "Customer totals",
 * "Customer analysis", "Payment analysis"): three customers and walk-ins over twenty days of a Los Angeles
 * store, made through the real sale, refund, void, trash, tip adjust and booking routes; every figure is
 * checked against what those routes answered or wrote.
 *
 *   day      Ann (returning)          Bo (new)                 Cy (new)               no customer
 *   T-40     a visit (before the range)
 *   T-15     a visit, tip, card tip    —                        —                      a walk-in
 *   T-10                              a visit at 23:30 (his first)
 *   T-5                               a visit
 *   T-4                               a visit, trashed
 *   T-3                                                        a visit                —
 *   T-2                                                                               a walk-in
 *   T        a visit; T-15 refunded                            a visit, voided
 *   T+1                                                        a booking
 *   T+2                               a booking, cancelled
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../tests/support/server/api-harness';
import {
  BOOKINGS_URL,
  bookingBody,
  bookingLine,
  bookingServices,
  bookingTechnician,
} from '../../../tests/support/server/booking-fixtures';
import { createSaleCatalog, saleBody } from '../../../tests/support/server/sale-test-data';
import type { LineSpec, SaleCatalog } from '../../../tests/support/server/sale-test-data';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { DailyReport } from '../../contracts/reports';
import type {
  AnalysisCustomerReport,
  BirthdayReport,
  CustomerDetails,
  CustomerReport,
  CustomerTotalReport,
  PaymentAnalysis,
} from '../../contracts/reports-customers';
import { addDays } from '../../domain/bookings/availability';
import { PAYMENT_TYPE, PAYMENT_TYPES, SALE_STATUS } from '../../domain/constants';
import { dayInTimeZone } from '../../domain/report-periods';
import { storeTimeToIso } from '../../domain/store-time';
import { customers } from '../db/schema/customers';
import { SALE_PAYMENT_STATUS, salePayments } from '../db/schema/sales';
import { stores } from '../db/schema/stores';

const api = await apiHarness();
const LA = 'America/Los_Angeles';
let a: TenantFixture;
let b: TenantFixture;
let cat: SaleCatalog;

const manager = () => api.as(a, 'manager', { approver: 'manager' });

async function report<T>(path: string, query: string): Promise<T> {
  const res = await manager().get(`/api/report/${path}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<T>(res);
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the sale routes' answers, read as the client reads them */
interface Sold {
  day: string;
  sale: any;
}

async function sell(
  day: string,
  customer: { id: number; name: string } | null,
  options: { lines?: LineSpec[]; tip?: number; time?: string } = {},
): Promise<any> {
  const body = saleBody({
    employeeId: a.users.staff.id,
    lines: options.lines ?? [{ item_id: cat.manicure }],
    payments: [
      { payment_type: PAYMENT_TYPE.CREDIT, payment_amount: 1000, payment_info: { last4: '4242' } },
      { payment_type: PAYMENT_TYPE.CHECK, payment_amount: 500, payment_info: { reference: '1001' } },
      { payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 },
    ],
    ...(options.tip ? { tip: options.tip } : {}),
    extra: {
      ...(day === today ? {} : { order_at: storeTimeToIso(`${day}T${options.time ?? '11:00'}`, LA) }),
      ...(customer ? { customer } : {}),
    },
  });
  const res = await manager().post('/api/pos/sales', body);
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res);
}

let today: string;
let range: string;
let ann: { id: number; name: string };
let bo: { id: number; name: string };
let cy: { id: number; name: string };
const visits = new Map<number, Sold[]>();
const walkIns: Sold[] = [];
let annRefund = 0;
let tippedSaleId = 0;
/** The month of Bo's and Cy's birthdays: never the current one, so the default month is told apart. */
let birthdayMonth: number;

beforeAll(async () => {
  [a, b] = await Promise.all([api.tenant(), api.tenant()]);
  cat = await createSaleCatalog(api.db, a);
  await api.db
    .update(stores)
    .set({ timezone: LA, settings: { creditcard_fee_percent: 2.9 } })
    .where(eq(stores.id, a.store.id));
  today = dayInTimeZone(new Date(), LA);
  range = `time_type=other&effective_start=${addDays(today, -20)}&effective_end=${today}`;
  const month = Number(today.slice(5, 7));
  birthdayMonth = (month % 12) + 1;
  const mm = String(birthdayMonth).padStart(2, '0');
  const rows = await api.db
    .insert(customers)
    .values([
      {
        tenantId: a.tenantId,
        storeId: a.store.id,
        firstName: 'Ann',
        lastName: 'Ames',
        birthday: `1980-${today.slice(5, 7)}-01`,
      },
      {
        tenantId: a.tenantId,
        storeId: a.store.id,
        firstName: 'Bo',
        lastName: 'Bui',
        birthday: `1990-${mm}-12`,
      },
      {
        tenantId: a.tenantId,
        storeId: a.store.id,
        firstName: 'Cy',
        lastName: 'Cao',
        birthday: `1985-${mm}-03`,
      },
    ])
    .returning({ id: customers.id });
  [ann, bo, cy] = rows.map((r, i) => ({ id: r.id, name: ['Ann Ames', 'Bo Bui', 'Cy Cao'][i]! })) as [
    typeof ann,
    typeof ann,
    typeof ann,
  ];
  const visit = async (
    day: string,
    who: typeof ann,
    options: { tip?: number; lines?: LineSpec[]; time?: string } = {},
  ) => {
    const sale = await sell(day, who, options);
    visits.set(who.id, [...(visits.get(who.id) ?? []), { day, sale }]);
    return sale;
  };

  await sell(addDays(today, -40), ann);
  const annFirst = await visit(addDays(today, -15), ann, { tip: 500 });
  walkIns.push({ day: addDays(today, -15), sale: await sell(addDays(today, -15), null) });
  // At 23:30 in Los Angeles, the next day in UTC: his first visit is still on its store day.
  await visit(addDays(today, -10), bo, { lines: [{ item_id: cat.pedicure }], time: '23:30' });
  await visit(addDays(today, -5), bo);
  const trashed = await sell(addDays(today, -4), bo);
  const trash = await manager().post(`/api/pos/sales/${trashed.id}/status`, {
    id: trashed.id,
    status: SALE_STATUS.TRASH,
  });
  expect(trash.statusCode, trash.body).toBe(200);
  await visit(addDays(today, -3), cy);
  walkIns.push({ day: addDays(today, -2), sale: await sell(addDays(today, -2), null) });
  await visit(today, ann);
  const voided = await sell(today, cy);
  expect((await manager().post(`/api/pos/sales/${voided.id}/void`, { reason: 'Twice' })).statusCode).toBe(
    200,
  );

  // A card tip added after the sale: in the tender's amount and tips, and in its card fee.
  const card = annFirst.payments.find((p: any) => p.payment_type === PAYMENT_TYPE.CREDIT);
  const tipped = await manager().post('/api/payments/tipAdjust', { payment_id: card.id, tip_amount: 300 });
  expect(tipped.statusCode, tipped.body).toBe(200);
  tippedSaleId = annFirst.id;
  annFirst.totals.tip_amount += 300;
  // Ann's first sale of the range refunded today: a refund of the range, on her row.
  const refund = await manager().post(`/api/pos/sales/${annFirst.id}/refund`, {});
  expect(refund.statusCode, refund.body).toBe(200);
  const made = await api.db.execute<{ sum: string }>(
    sql`select sum(amount) as sum from sale_refunds where tenant_id = ${a.tenantId} and sale_id = ${annFirst.id}`,
  );
  annRefund = Number(made.rows[0]!.sum);
  expect(annRefund).toBeGreaterThan(0);

  // Bookings: Cy's tomorrow rebooks her visit; Bo's, cancelled, rebooks nothing.
  const tech = await bookingTechnician(api.db, a, 'Tam');
  const [service] = (await bookingServices(api.db, a, [
    { name: 'Fill', price: 3000, durationMinutes: 30 },
  ])) as [number];
  const book = async (who: typeof ann, day: string) => {
    const res = await manager().post(
      BOOKINGS_URL,
      bookingBody([bookingLine(service, tech, storeTimeToIso(`${day}T10:00`, LA)!)], {
        customer_id: who.id,
        customer_name: who.name,
        allow_outside_hours: true,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return dataOf(res);
  };
  await book(cy, addDays(today, 1));
  const cancelled = await book(bo, addDays(today, 2));
  const cancel = await manager().post(`${BOOKINGS_URL}/${cancelled.id}/status`, {
    status: 'cancelled',
    version: cancelled.version,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
});

const sum = (sales: Sold[], pick: (t: Record<string, number>) => number) =>
  sales.reduce((s, v) => s + pick(v.sale.totals), 0);

describe('access', () => {
  const paths = [
    'customers',
    'customers/details?customer_id=1',
    'customers/birthay-in-month',
    'customers/birthday-in-month',
    'customers/total',
    'analysis-customer',
    'payment-analysis/summary',
  ];
  for (const path of paths) {
    it(`/api/report/${path}: 401, 403 without the module or the PIN (REPORT_ACCESS)`, async () => {
      const url = `/api/report/${path}`;
      expect((await api.get(url)).statusCode).toBe(401);
      expect((await api.as(a, 'staff').get(url)).json().code).toBe(ERROR_CODE.MODULE_DISABLED);
      expect((await api.as(a, 'manager').get(url)).json().code).toBe(ERROR_CODE.PIN_APPROVAL_REQUIRED);
    });
  }

  it("another tenant's customer is a 404, on the details and their export; a bad month or window a 422", async () => {
    const other = await api.db
      .insert(customers)
      .values({ tenantId: b.tenantId, firstName: 'Zed' })
      .returning({ id: customers.id });
    for (const path of ['customers/details', 'customers/details/export']) {
      const res = await manager().get(`/api/report/${path}?customer_id=${other[0]!.id}&time_type=all`);
      expect(res.statusCode, path).toBe(404);
    }
    expect((await manager().get('/api/report/customers/details')).statusCode).toBe(422);
    expect((await manager().get('/api/report/customers/birthay-in-month?month=13')).statusCode).toBe(422);
    expect((await manager().get('/api/report/analysis-customer?within_days=0')).statusCode).toBe(422);
  });
});

describe('customers', () => {
  it('has a row per customer of the period with what their sales answered and their refunds', async () => {
    const r = await report<CustomerReport>('customers', `${range}&sort=name`);
    expect(r.items.map((c) => c.name)).toEqual(['Ann Ames', 'Bo Bui', 'Cy Cao']);
    for (const who of [ann, bo, cy]) {
      const mine = visits.get(who.id)!;
      const row = r.items.find((c) => c.customer_id === who.id)!;
      const net = sum(mine, (t) => t.sub_total! - t.discount_amount!);
      expect(row).toEqual({
        customer_id: who.id,
        name: who.name,
        phone: null,
        visits: mine.length,
        first_visit: mine[0]!.day,
        last_visit: mine.at(-1)!.day,
        gross: sum(mine, (t) => t.sub_total!),
        net,
        tips: sum(mine, (t) => t.tip_amount!),
        refunds: who === ann ? annRefund : 0,
        average_ticket: Math.round(net / mine.length),
      });
    }
    const all = [...visits.values()].flat();
    expect(r.totals).toEqual({
      customers: 3,
      new_customers: 2,
      returning_customers: 1,
      walk_ins: walkIns.length,
      visits: all.length,
      gross: sum(all, (t) => t.sub_total!),
      net: sum(all, (t) => t.sub_total! - t.discount_amount!),
      tips: sum(all, (t) => t.tip_amount!),
      refunds: annRefund,
      average_ticket: Math.round(sum(all, (t) => t.sub_total! - t.discount_amount!) / all.length),
    });
  });

  it('filters by name or phone in the list dialect', async () => {
    const r = await report<CustomerReport>('customers', `${range}&filter[search]=bui`);
    expect(r.items.map((c) => c.name)).toEqual(['Bo Bui']);
    expect(r.total).toBe(1);
  });

  it('sorts and pages; the CSV has every customer', async () => {
    const byVisits = await report<CustomerReport>('customers', `${range}&sort=-visits,name&per_page=2`);
    expect(byVisits.items.map((c) => c.name)).toEqual(['Ann Ames', 'Bo Bui']);
    expect(byVisits.total).toBe(3);
    const csv = await manager().get(`/api/report/customers/export?${range}&sort=-last_visit`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'customer_id,name,phone,visits,first_visit,last_visit,gross,net,tips,refunds,average_ticket',
    );
    expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['Ann Ames', 'Cy Cao', 'Bo Bui']);
  });

  it("details: one customer's sales of the period, the refund on its sale, the totals of their row", async () => {
    const d = await report<CustomerDetails>('customers/details', `${range}&customer_id=${ann.id}`);
    const mine = visits.get(ann.id)!;
    expect(d.items.map((s) => [s.sale_id, s.invoice_no, s.date, s.net, s.tips, s.refunds])).toEqual(
      mine.map((v) => [
        v.sale.id,
        v.sale.invoice_no,
        v.day,
        v.sale.totals.sub_total - v.sale.totals.discount_amount,
        v.sale.totals.tip_amount,
        v.sale.id === tippedSaleId ? annRefund : 0,
      ]),
    );
    const row = (await report<CustomerReport>('customers', range)).items.find(
      (c) => c.customer_id === ann.id,
    )!;
    const { customer_id: _id, name, phone, first_visit: _f, last_visit: _l, ...figures } = row;
    expect(d.totals).toEqual({ customer: { id: ann.id, name, phone }, ...figures });
  });
});

describe('birthdays in a month', () => {
  it('lists the month asked by day, with the last visit; both spellings', async () => {
    for (const path of ['customers/birthay-in-month', 'customers/birthday-in-month']) {
      const r = await report<BirthdayReport>(path, `month=${birthdayMonth}`);
      expect(r.items.map((c) => [c.name, c.birth_day, c.last_visit])).toEqual([
        ['Cy Cao', 3, addDays(today, -3)],
        ['Bo Bui', 12, addDays(today, -5)],
      ]);
      expect(r.totals).toEqual({ month: birthdayMonth, customers: 2 });
    }
  });

  it("defaults to the store's month", async () => {
    const r = await report<BirthdayReport>('customers/birthay-in-month', '');
    expect(r.totals.month).toBe(Number(today.slice(5, 7)));
    expect(r.items.map((c) => [c.name, c.last_visit])).toEqual([['Ann Ames', today]]);
  });
});

describe('customer totals and analysis', () => {
  const expectedTotals = () => ({
    visits: 7,
    customer_visits: 5,
    walk_ins: 2,
    customers: 3,
    new_customers: 2,
    returning_customers: 1,
  });

  it('counts new, returning and walk-ins over the period and per store day', async () => {
    const r = await report<CustomerTotalReport>('customers/total', range);
    expect(r.totals).toEqual(expectedTotals());
    expect(
      r.items.map((d) => [d.date, d.visits, d.walk_ins, d.new_customers, d.returning_customers]),
    ).toEqual([
      [addDays(today, -15), 2, 1, 0, 1],
      [addDays(today, -10), 1, 0, 1, 0],
      [addDays(today, -5), 1, 0, 0, 1],
      [addDays(today, -3), 1, 0, 1, 0],
      [addDays(today, -2), 1, 1, 0, 0],
      [today, 1, 0, 0, 1],
    ]);
    expect(r.items.reduce((s, d) => s + d.visits, 0)).toBe(r.totals.visits);
  });

  it('rebooking: a later visit or a kept booking within the window; not a trashed sale nor a cancelled booking', async () => {
    const r = await report<AnalysisCustomerReport>('analysis-customer', range);
    // Ann T-15 (her visit today), Bo T-10 (his T-5), Cy T-3 (her booking tomorrow): 3 of 5.
    expect(r.totals).toEqual({ ...expectedTotals(), rebooked: 3, rebooking_bp: 6000, within_days: 30 });
    expect(r.items.filter((d) => d.rebooked > 0).map((d) => d.date)).toEqual([
      addDays(today, -15),
      addDays(today, -10),
      addDays(today, -3),
    ]);
    // Five days: Ann's visit today is 15 days on, Bo's 5, Cy's booking 4.
    const short = await report<AnalysisCustomerReport>('analysis-customer', `${range}&within_days=4`);
    expect(short.totals).toMatchObject({ rebooked: 1, rebooking_bp: 2000, within_days: 4 });
  });
});

describe('payment analysis', () => {
  let pa: PaymentAnalysis;
  let daily: DailyReport;
  beforeAll(async () => {
    pa = await report<PaymentAnalysis>('payment-analysis/summary', `${range}&per_page=20`);
    daily = await report<DailyReport>('daily', range);
  });

  it("has the twelve tenders, each amount the daily report's tender for the same period", () => {
    expect(pa.items.map((t) => t.payment_type)).toEqual([...PAYMENT_TYPES]);
    expect(Object.fromEntries(pa.items.map((t) => [t.payment_type, t.amount]))).toEqual(
      Object.fromEntries(daily.totals.payments.map((p) => [p.payment_type, p.amount])),
    );
    expect(pa.totals.amount).toBe(daily.totals.payments.reduce((s, p) => s + p.amount, 0));
  });

  it('counts the taken payments of the sale routes, the card tip and the refunds by tender', async () => {
    const stored = await api.db
      .select({
        type: salePayments.paymentType,
        n: sql<number>`count(*)::int`,
        tips: sql<string>`sum(tip_amount)`,
      })
      .from(salePayments)
      .where(
        and(
          eq(salePayments.tenantId, a.tenantId),
          inArray(salePayments.status, [SALE_PAYMENT_STATUS.APPROVED, SALE_PAYMENT_STATUS.REFUNDED]),
          sql`${salePayments.saleId} in (select id from sales where tenant_id = ${a.tenantId}
            and order_at >= ${pa.range.from}::timestamptz)`,
        ),
      )
      .groupBy(salePayments.paymentType);
    for (const s of stored) {
      const row = pa.items.find((t) => t.payment_type === s.type)!;
      expect([row.count, row.tips], String(s.type)).toEqual([s.n, Number(s.tips)]);
    }
    expect(pa.items.find((t) => t.payment_type === PAYMENT_TYPE.CREDIT)!.tips).toBe(300);
    expect(pa.totals.refunds).toBe(daily.totals.refunds);
    expect(pa.totals.refunds).toBe(annRefund);
    const byTender = await api.db.execute<{
      t: number;
      amount: string;
    }>(sql`select (e.value ->> 'payment_type')::int as t,
        sum((e.value ->> 'amount')::bigint) as amount
      from sale_refunds r cross join jsonb_array_elements(r.payments) e where r.tenant_id = ${a.tenantId} group by 1`);
    for (const row of byTender.rows) {
      expect(pa.items.find((t) => t.payment_type === Number(row.t))!.refunds).toBe(Number(row.amount));
    }
  });

  it("card fees: 2.9 % of each sale's card payments, tip adjust included, at the percent the sale was rung with", async () => {
    // Seven sales of the range took 10.00 on a card (the voided one gave it back, the trashed one did not):
    // 0.29 each; Ann's T-15 card took 10.00 + 3.00 tip = 13.00 → 0.377 → 0.38.
    const credit = pa.items.find((t) => t.payment_type === PAYMENT_TYPE.CREDIT)!;
    expect(credit.count).toBe(8);
    expect(credit.card_fees).toBe(7 * 29 + 38);
    expect(credit.net).toBe(credit.amount - credit.refunds - credit.card_fees);
    expect(
      pa.items.filter((t) => t.payment_type !== PAYMENT_TYPE.CREDIT).every((t) => t.card_fees === 0),
    ).toBe(true);
    expect(pa.totals).toMatchObject({ card_fees: credit.card_fees, card_fee_percent: 2.9 });
    // A new percent in the settings does not change the fee of sales already rung.
    await api.db
      .update(stores)
      .set({ settings: { creditcard_fee_percent: 5 } })
      .where(eq(stores.id, a.store.id));
    const later = await report<PaymentAnalysis>('payment-analysis/summary', range);
    expect(later.totals).toMatchObject({ card_fees: credit.card_fees, card_fee_percent: 5 });
    await api.db
      .update(stores)
      .set({ settings: { creditcard_fee_percent: 2.9 } })
      .where(eq(stores.id, a.store.id));
  });

  it('sorts the tenders and exports them', async () => {
    const top = await report<PaymentAnalysis>('payment-analysis/summary', `${range}&sort=-amount&per_page=1`);
    expect(top.items[0]!.payment_type).toBe(PAYMENT_TYPE.CASH);
    expect(top.total).toBe(12);
    const csv = await manager().get(`/api/report/payment-analysis/summary/export?${range}`);
    expect(
      csv.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(13);
  });
});
