/**
 * GET /api/report/payrolls/preview over HTTP (docs/payroll.md, "Preview on the server"): docs/payroll.md's
 * worked example Anna, her week rung up through POST /api/pos/sales, gets the statement the document gives;
 * access; a voided sale left out; the period's edges in the store's time zone; hourly pay from the clock.
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../tests/support/server/api-harness';
import { saleBody } from '../../../tests/support/server/sale-test-data';
import type { LineSpec } from '../../../tests/support/server/sale-test-data';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { PayrollPreview, StorePayrollSettings, TechnicianPaySettings } from '../../contracts/payroll';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPE } from '../../domain/constants';
import { dayInTimeZone } from '../../domain/report-periods';
import { storeTimeToIso } from '../../domain/store-time';
import { categories, products, services } from '../db/schema/catalog';
import { stores } from '../db/schema/stores';
import { users } from '../db/schema/users';
import { workingTimeBreaks, workingTimes } from '../db/schema/working-times';

const api = await apiHarness();
const LA = 'America/Los_Angeles';
const PATH = '/api/report/payrolls/preview';
let a: TenantFixture;
let b: TenantFixture;
let anna: number;
let items: Record<string, number>;

const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
const at = (day: string, time: string) => storeTimeToIso(`${day}T${time}`, LA)!;
/** A past week (nothing else of tenant A is rung in it): the store's weekly periods count from its first day. */
const week = addDays(dayInTimeZone(new Date(), LA), -21);
const weekQuery = `effective_start=${week}&effective_end=${addDays(week, 6)}`;

/** Anna of docs/payroll.md: flat 40 %, products 10 %, no hourly pay, guarantee 500.00, check 65 %. */
const ANNA_SETTINGS: TechnicianPaySettings = {
  service: { mode: 'zero_based', tiers: [{ from: 0, rate: 40 }] },
  productRate: 10,
  hourlyRate: 0,
  plan: { kind: 'higher_of', guarantee: 50_000 },
  payout: { kind: 'check_percent', percent: 65 },
};

async function setStore(settings: Record<string, unknown>) {
  await api.db
    .update(stores)
    .set({ settings: sql`${stores.settings} || ${JSON.stringify(settings)}::jsonb` })
    .where(eq(stores.id, a.store.id));
}

async function sell(
  employee: number,
  lines: LineSpec[],
  options: { orderAt?: string; tip?: number; card?: number } = {},
) {
  const payments = options.card
    ? [{ payment_type: PAYMENT_TYPE.CREDIT, payment_amount: options.card, payment_info: { last4: '4242' } }]
    : [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 }];
  const res = await api.as(a, 'manager').post(
    '/api/pos/sales',
    saleBody({
      employeeId: employee,
      lines,
      payments,
      ...(options.tip ? { tip: options.tip } : {}),
      extra: options.orderAt ? { order_at: options.orderAt } : {},
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res);
}

async function preview(query: string): Promise<PayrollPreview> {
  const res = await api.as(a, 'manager').get(`${PATH}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<PayrollPreview>(res);
}

/** Three shifts of 09:00–16:55 with a 30-minute break: 3 × 7 h 25 min = 1,335 minutes (docs/payroll.md). */
async function clockThreeDays(userId: number) {
  for (const day of [week, addDays(week, 1), addDays(week, 2)]) {
    const [shift] = await api.db
      .insert(workingTimes)
      .values({
        tenantId: a.tenantId,
        storeId: a.store.id,
        userId,
        dateWork: day,
        checkInAt: new Date(at(day, '09:00')),
        checkOutAt: new Date(at(day, '16:55')),
      })
      .returning({ id: workingTimes.id });
    await api.db.insert(workingTimeBreaks).values({
      tenantId: a.tenantId,
      storeId: a.store.id,
      workingTimeId: shift!.id,
      startedAt: new Date(at(day, '12:00')),
      endedAt: new Date(at(day, '12:30')),
    });
  }
}

beforeAll(async () => {
  [a, b] = await Promise.all([api.tenant(), api.tenant()]);
  const period: StorePayrollSettings = {
    period: { kind: 'weekly', anchor: week },
    deductCardFeeFromTips: false,
  };
  await api.db.update(stores).set({ timezone: LA }).where(eq(stores.id, a.store.id));
  await setStore({ payroll: period, creditcard_fee_percent: 3 });
  const [person] = await api.db
    .insert(users)
    .values({
      tenantId: a.tenantId,
      storeId: a.store.id,
      role: 'staff',
      username: 'anna',
      displayName: 'Anna',
      isTechnician: true,
      commissionRate: 40,
      paySettings: ANNA_SETTINGS as unknown as Record<string, unknown>,
    })
    .returning({ id: users.id });
  anna = person!.id;
  const tenantId = a.tenantId;
  const storeId = a.store.id;
  const [nails, care] = await api.db
    .insert(categories)
    .values([
      { tenantId, storeId, type: 'service', name: 'Nails' },
      { tenantId, storeId, type: 'product', name: 'Care' },
    ])
    .returning({ id: categories.id });
  const svc = (name: string, price: number, cost: number, commissionRate: number | null = null) => ({
    tenantId,
    storeId,
    categoryId: nails!.id,
    name,
    price,
    cost,
    taxes: '',
    commissionRate,
  });
  const [gel, pedicure, acrylic, art] = await api.db
    .insert(services)
    .values([
      svc('Gel manicure', 3500, 200),
      // Her 60 % of a 45.00 pedicure with 3.00 of supplies: the schema has no shared lines yet, so the test
      // rings her share as a line of its own (net 27.00, supplies 1.80).
      svc('Pedicure (her share)', 2700, 180),
      svc('Acrylic full set', 6000, 800, 50),
      svc('Nail art', 150, 200),
    ])
    .returning({ id: services.id });
  const [oil, shampoo] = await api.db
    .insert(products)
    .values([
      { tenantId, storeId, categoryId: care!.id, name: 'Cuticle oil', price: 400, cost: 150, taxes: '' },
      {
        tenantId,
        storeId,
        categoryId: care!.id,
        name: 'Shampoo',
        price: 2499,
        cost: 900,
        taxes: '',
        commissionRate: 15,
      },
    ])
    .returning({ id: products.id });
  items = {
    gel: gel!.id,
    pedicure: pedicure!.id,
    acrylic: acrylic!.id,
    art: art!.id,
    oil: oil!.id,
    shampoo: shampoo!.id,
  };

  // Her week: the gel manicure after a 10 % line discount (35.00 → 31.50) and the acrylic set, 20.00 cash tip;
  const tenPercent = [{ type: DISCOUNT_SOURCE.ITEM, discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 } }];
  await sell(anna, [{ item_id: items.gel!, discounts: tenPercent }, { item_id: items.acrylic! }], {
    orderAt: at(week, '10:00'),
    tip: 2000,
  });
  // her pedicure share, the nail art and two cuticle oils on a card with a 15.00 tip, the fee then 3 %;
  await sell(
    anna,
    [
      { item_id: items.pedicure! },
      { item_id: items.art! },
      { item_id: items.oil!, item_type: ITEM_TYPE.PRODUCT, quantity: 2 },
    ],
    { orderAt: at(addDays(week, 1), '11:00'), tip: 1500, card: 2700 + 150 + 800 + 1500 },
  );
  // a shampoo and a 50.00 gift card on a card with an 8.50 tip, the fee by then 2.9 %.
  await setStore({ creditcard_fee_percent: 2.9 });
  await sell(
    anna,
    [
      { item_id: items.shampoo!, item_type: ITEM_TYPE.PRODUCT },
      { item_id: 0, item_type: ITEM_TYPE.GIFTCARD, unit_price: 5000, giftcard_number: 'ANNA-GC-1' },
    ],
    { orderAt: at(addDays(week, 3), '15:00'), tip: 850, card: 2499 + 5000 + 850 },
  );
  await clockThreeDays(anna);
});

describe('access', () => {
  it('401 without a session, 403 without the Report module, 200 for a manager without a PIN', async () => {
    expect((await api.get(PATH)).statusCode).toBe(401);
    const staff = await api.as(a, 'staff').get(PATH);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe(ERROR_CODE.MODULE_DISABLED);
    // docs/roles.md#access-rules: the payroll report needs no PIN approval.
    expect((await api.as(a, 'manager').get(PATH)).statusCode).toBe(200);
  });

  it("404 for another tenant's person; 422 for a range that ends before it starts", async () => {
    expect((await api.as(a, 'manager').get(`${PATH}?user_id=${b.users.staff.id}`)).statusCode).toBe(404);
    const backwards = await api
      .as(a, 'manager')
      .get(`${PATH}?effective_start=${addDays(week, 6)}&effective_end=${week}`);
    expect(backwards.statusCode).toBe(422);
  });
});

describe("Anna's week (docs/payroll.md, the statement)", () => {
  it('gives the document’s figures; no adjustment exists before periods are locked', async () => {
    const result = await preview(`${weekQuery}&user_id=${anna}`);
    expect(result.range).toMatchObject({ start_date: week, end_date: addDays(week, 6), timezone: LA });
    expect(result.items).toHaveLength(1);
    const { statement, issues } = result.items[0]!;
    expect(issues).toEqual([]);
    const s = statement!;
    expect(s.period).toEqual({ start: week, end: addDays(week, 6) });
    expect([s.service.gross, s.service.deductions, s.service.commissionable]).toEqual([12_000, 1330, 10_670]);
    expect([s.service.tieredBase, s.service.tiered.commission, s.service.ownRateCommission]).toEqual([
      5470, 2188, 2600,
    ]);
    expect(s.service.commission).toBe(4788);
    expect(s.service.lines.map((l) => [l.net, l.deduction, l.commissionable, l.ownRate])).toEqual([
      [3150, 200, 2950, null],
      [6000, 800, 5200, 50],
      [2700, 180, 2520, null],
      [150, 150, 0, null],
    ]);
    expect([s.product.sales, s.product.commission]).toEqual([3299, 455]);
    expect(s.earned).toBe(5243);
    expect(s.plan).toEqual({ kind: 'higher_of', base: 0, guarantee: 50_000, topUp: 44_757 });
    expect(s.tips).toEqual({
      total: 4350,
      byTender: { cash: 2000, card: 2350, other: 0 },
      cardFee: 70,
      feeDeducted: false,
      deduction: 0,
      paid: 4350,
    });
    expect(s.hourly).toEqual({ minutes: 1335, ratePerHour: 0, pay: 0 });
    expect(s.adjustments).toEqual({ lines: [], total: 0 });
    // The document's 536.78 includes a −6.72 adjustment from a locked week: without it, 543.50.
    expect(s.total).toBe(53_678 + 672);
    expect(s.payout).toEqual({ check: 35_328, cash: 19_022 });
  });

  it('takes the card fee out of the tips when the store turns it on', async () => {
    await setStore({ payroll: { period: { kind: 'weekly', anchor: week }, deductCardFeeFromTips: true } });
    try {
      const s = (await preview(`${weekQuery}&user_id=${anna}`)).items[0]!.statement!;
      expect([s.tips.deduction, s.tips.paid, s.total]).toEqual([70, 4280, 54_280]);
    } finally {
      await setStore({ payroll: { period: { kind: 'weekly', anchor: week }, deductCardFeeFromTips: false } });
    }
  });

  it('without a period asked, previews the store’s current pay period', async () => {
    const result = await preview(`user_id=${anna}`);
    const today = dayInTimeZone(new Date(), LA);
    expect(result.range.start_date <= today && today <= result.range.end_date).toBe(true);
    expect(result.range.start_date).toBe(addDays(week, 21));
    expect(result.items[0]!.statement!.service.lines).toEqual([]);
  });
});

describe('what counts', () => {
  it('a voided sale is left out', async () => {
    const today = dayInTimeZone(new Date(), LA);
    const query = `effective_start=${today}&effective_end=${today}&user_id=${anna}`;
    const sale = await sell(anna, [{ item_id: items.gel! }], { tip: 500 });
    const before = (await preview(query)).items[0]!.statement!;
    expect([before.service.gross, before.tips.total]).toEqual([3500, 500]);
    const voiding = await api
      .as(a, 'manager', { approver: 'manager' })
      .post(`/api/pos/sales/${sale.id}/void`, { reason: 'Rung twice' });
    expect(voiding.statusCode, voiding.body).toBe(200);
    const after = (await preview(query)).items[0]!.statement!;
    expect([after.service.gross, after.tips.total]).toEqual([0, 0]);
  });

  it('the period is whole days in the store’s time zone, at both ends', async () => {
    const staff = a.users.staff.id;
    const edges = `${weekQuery}&user_id=${staff}`;
    // 23:45 the day before the week (07:45Z on its first day): not this week.
    await sell(staff, [{ item_id: items.art! }], { orderAt: at(addDays(week, -1), '23:45') });
    // 00:15 on its first day and 23:30 on its last (07:30Z the day after): both this week.
    await sell(staff, [{ item_id: items.gel! }], { orderAt: at(week, '00:15') });
    await sell(staff, [{ item_id: items.acrylic! }], { orderAt: at(addDays(week, 6), '23:30') });
    expect(at(addDays(week, 6), '23:30').slice(0, 10)).toBe(addDays(week, 7));
    const s = (await preview(edges)).items[0]!.statement!;
    expect(s.service.gross).toBe(3500 + 6000);
  });

  it('pays hourly work from the clock, rounded once over the period (15.25 an hour, 1,335 minutes)', async () => {
    const staff = a.users.staff.id;
    const hourly: TechnicianPaySettings = {
      service: { mode: 'zero_based', tiers: [{ from: 0, rate: 0 }] },
      productRate: 0,
      hourlyRate: 1525,
      plan: { kind: 'commission' },
      payout: { kind: 'all_cash' },
    };
    await api.db
      .update(users)
      .set({ paySettings: hourly as unknown as Record<string, unknown> })
      .where(eq(users.id, staff));
    await clockThreeDays(staff);
    const all = await preview(weekQuery);
    const s = all.items.find((i) => i.user_id === staff)!.statement!;
    expect(s.hourly).toEqual({ minutes: 1335, ratePerHour: 1525, pay: 33_931 });
    // Every technician of the store is previewed, Anna among them, each with her own figures.
    expect(all.items.find((i) => i.user_id === anna)!.statement!.service.gross).toBe(12_000);
  });

  it('stored settings that fail their schema give issues, not a statement', async () => {
    const staff = a.users.staff.id;
    await api.db
      .update(users)
      .set({
        paySettings: { ...ANNA_SETTINGS, service: { mode: 'zero_based', tiers: [{ from: 100, rate: 40 }] } },
      })
      .where(eq(users.id, staff));
    const item = (await preview(`${weekQuery}&user_id=${staff}`)).items[0]!;
    expect(item.statement).toBeNull();
    expect(item.issues.map((i) => i.code)).toContain('tiers_first_not_zero');
  });
});
