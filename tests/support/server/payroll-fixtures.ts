/**
 * The worked examples of docs/payroll.md rung up through the real routes, for the payroll API tests
 * (src/server/payroll/*.test.ts): Anna's and Binh's week, each sale through POST /api/pos/sales, their clock
 * through working_times, their pay settings on users.pay_settings.
 *
 *   const week = pastWeek(LA);                          // the first day of a week three weeks ago
 *   const { anna, items } = await ringAnnaWeek(api, a, week);
 *   const { binh } = await ringBinhWeek(api, c, week);  // another store: Binh's store deducts the card fee
 */
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { StorePayrollSettings, TechnicianPaySettings } from '../../../src/contracts/payroll';
import { DISCOUNT_SOURCE, DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPE } from '../../../src/domain/constants';
import { dayInTimeZone } from '../../../src/domain/report-periods';
import { storeTimeToIso } from '../../../src/domain/store-time';
import { categories, products, services } from '../../../src/server/db/schema/catalog';
import { stores } from '../../../src/server/db/schema/stores';
import { users } from '../../../src/server/db/schema/users';
import { workingTimeBreaks, workingTimes } from '../../../src/server/db/schema/working-times';
import type { ApiHarness } from './api-harness';
import { dataOf } from './api-harness';
import { saleBody } from './sale-test-data';
import type { LineSpec } from './sale-test-data';
import type { TenantFixture } from './tenant-fixture';

export const LA = 'America/Los_Angeles';

export const addDays = (day: string, n: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
};
export const at = (day: string, time: string, zone = LA) => storeTimeToIso(`${day}T${time}`, zone)!;
/** A past week of the store (ended, so it can be calculated): its first day, `weeksAgo` weeks before today. */
export const pastWeek = (zone = LA, weeksAgo = 3) => addDays(dayInTimeZone(new Date(), zone), -7 * weeksAgo);

/** Merges `settings` into the store's settings (stores.settings jsonb). */
export async function setStore(api: ApiHarness, storeId: number, settings: Record<string, unknown>) {
  await api.db
    .update(stores)
    .set({ settings: sql`${stores.settings} || ${JSON.stringify(settings)}::jsonb` })
    .where(eq(stores.id, storeId));
}

export interface SellOptions {
  orderAt?: string;
  tip?: number;
  /** A card payment of this amount (lines plus tip); else cash. */
  card?: number;
}

/** A completed sale of `employee` through POST /api/pos/sales, by the fixture's manager. */
export async function sell(
  api: ApiHarness,
  f: TenantFixture,
  employee: number,
  lines: LineSpec[],
  options: SellOptions = {},
) {
  const payments = options.card
    ? [{ payment_type: PAYMENT_TYPE.CREDIT, payment_amount: options.card, payment_info: { last4: '4242' } }]
    : [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 }];
  const res = await api.as(f, 'manager').post(
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

/** Three shifts of 09:00–16:55 with a 30-minute break from `week`: 3 × 7 h 25 min = 1,335 minutes (docs/payroll.md). */
export async function clockThreeDays(
  api: ApiHarness,
  f: TenantFixture,
  userId: number,
  week: string,
  zone = LA,
) {
  for (const day of [week, addDays(week, 1), addDays(week, 2)]) {
    const [shift] = await api.db
      .insert(workingTimes)
      .values({
        tenantId: f.tenantId,
        storeId: f.store.id,
        userId,
        dateWork: day,
        checkInAt: new Date(at(day, '09:00', zone)),
        checkOutAt: new Date(at(day, '16:55', zone)),
      })
      .returning({ id: workingTimes.id });
    await api.db.insert(workingTimeBreaks).values({
      tenantId: f.tenantId,
      storeId: f.store.id,
      workingTimeId: shift!.id,
      startedAt: new Date(at(day, '12:00', zone)),
      endedAt: new Date(at(day, '12:30', zone)),
    });
  }
}

async function technician(api: ApiHarness, f: TenantFixture, name: string, settings: TechnicianPaySettings) {
  const [person] = await api.db
    .insert(users)
    .values({
      tenantId: f.tenantId,
      storeId: f.store.id,
      role: 'staff',
      username: name.toLowerCase(),
      displayName: name,
      isTechnician: true,
      commissionRate: 40,
      paySettings: settings as unknown as Record<string, unknown>,
    })
    .returning({ id: users.id });
  return person!.id;
}

async function catalog(api: ApiHarness, f: TenantFixture) {
  const [nails, care] = await api.db
    .insert(categories)
    .values([
      { tenantId: f.tenantId, storeId: f.store.id, type: 'service', name: 'Nails' },
      { tenantId: f.tenantId, storeId: f.store.id, type: 'product', name: 'Care' },
    ])
    .returning({ id: categories.id });
  const service = (name: string, price: number, cost: number, commissionRate: number | null = null) => ({
    tenantId: f.tenantId,
    storeId: f.store.id,
    categoryId: nails!.id,
    name,
    price,
    cost,
    taxes: '',
    commissionRate,
  });
  const product = (name: string, price: number, cost: number, commissionRate: number | null = null) => ({
    tenantId: f.tenantId,
    storeId: f.store.id,
    categoryId: care!.id,
    name,
    price,
    cost,
    taxes: '',
    commissionRate,
  });
  return { service, product };
}

/** The store pays weekly from `week` (its first day); the card fee taken from tips or not. */
export async function weeklyStore(
  api: ApiHarness,
  f: TenantFixture,
  week: string,
  deductCardFeeFromTips: boolean,
) {
  const payroll: StorePayrollSettings = { period: { kind: 'weekly', anchor: week }, deductCardFeeFromTips };
  await api.db.update(stores).set({ timezone: LA }).where(eq(stores.id, f.store.id));
  await setStore(api, f.store.id, { payroll, creditcard_fee_percent: 3 });
}

/** Anna of docs/payroll.md: flat 40 %, products 10 %, no hourly pay, guarantee 500.00, check 65 %. */
export const ANNA_SETTINGS: TechnicianPaySettings = {
  service: { mode: 'zero_based', tiers: [{ from: 0, rate: 40 }] },
  productRate: 10,
  hourlyRate: 0,
  plan: { kind: 'higher_of', guarantee: 50_000 },
  payout: { kind: 'check_percent', percent: 65 },
};

/**
 * Anna's week of docs/payroll.md ("The statement") in the fixture's store, which pays weekly from `week` and
 * does not take the card fee from tips. Her 60 % of the shared pedicure is a line of its own (net 27.00,
 * supplies 1.80): the schema has no shared lines yet. The card fee is 3 %, then 2.9 % for the last sale.
 */
export async function ringAnnaWeek(api: ApiHarness, a: TenantFixture, week: string) {
  await weeklyStore(api, a, week, false);
  const anna = await technician(api, a, 'Anna', ANNA_SETTINGS);
  const { service, product } = await catalog(api, a);
  const [gel, pedicure, acrylic, art] = await api.db
    .insert(services)
    .values([
      service('Gel manicure', 3500, 200),
      service('Pedicure (her share)', 2700, 180),
      service('Acrylic full set', 6000, 800, 50),
      service('Nail art', 150, 200),
    ])
    .returning({ id: services.id });
  const [oil, shampoo] = await api.db
    .insert(products)
    .values([product('Cuticle oil', 400, 150), product('Shampoo', 2499, 900, 15)])
    .returning({ id: products.id });
  const items = {
    gel: gel!.id,
    pedicure: pedicure!.id,
    acrylic: acrylic!.id,
    art: art!.id,
    oil: oil!.id,
    shampoo: shampoo!.id,
  };
  // The gel manicure after a 10 % line discount (35.00 → 31.50) and the acrylic set, 20.00 cash tip;
  const tenPercent = [{ type: DISCOUNT_SOURCE.ITEM, discount: { type: DISCOUNT_TYPE.PERCENT, value: 10 } }];
  await sell(api, a, anna, [{ item_id: items.gel, discounts: tenPercent }, { item_id: items.acrylic }], {
    orderAt: at(week, '10:00'),
    tip: 2000,
  });
  // her pedicure share, the nail art and two cuticle oils on a card with a 15.00 tip, the fee then 3 %;
  await sell(
    api,
    a,
    anna,
    [
      { item_id: items.pedicure },
      { item_id: items.art },
      { item_id: items.oil, item_type: ITEM_TYPE.PRODUCT, quantity: 2 },
    ],
    { orderAt: at(addDays(week, 1), '11:00'), tip: 1500, card: 2700 + 150 + 800 + 1500 },
  );
  // a shampoo and a 50.00 gift card on a card with an 8.50 tip, the fee by then 2.9 %.
  await setStore(api, a.store.id, { creditcard_fee_percent: 2.9 });
  await sell(
    api,
    a,
    anna,
    [
      { item_id: items.shampoo, item_type: ITEM_TYPE.PRODUCT },
      {
        item_id: 0,
        item_type: ITEM_TYPE.GIFTCARD,
        unit_price: 5000,
        giftcard_number: `ANNA-GC-${a.tenantId}`,
      },
    ],
    { orderAt: at(addDays(week, 3), '15:00'), tip: 850, card: 2499 + 5000 + 850 },
  );
  await clockThreeDays(api, a, anna, week);
  return { anna, items };
}

/** Binh of docs/payroll.md: progressive 35/40/45 %, base 200.00, 15.25 an hour, cash_fixed 300.00. */
export const BINH_SETTINGS: TechnicianPaySettings = {
  service: {
    mode: 'progressive',
    tiers: [
      { from: 0, rate: 35 },
      { from: 30_000, rate: 40 },
      { from: 45_000, rate: 45 },
    ],
  },
  productRate: 0,
  hourlyRate: 1525,
  plan: { kind: 'base_plus_commission', base: 20_000 },
  payout: { kind: 'cash_fixed', amount: 30_000 },
};

/**
 * Binh's week of docs/payroll.md in the fixture's store, which takes the card fee from tips. His 40 % of the
 * shared pedicure is a line of its own (18.00, supplies 1.20); the five gel pedicures are rung at 55.00 (the
 * document's 300.00 less a 25.00 line discount: the same net, 275.00). Tips: 10.00 cash, 40.00 on a card at
 * 3 %, 12.35 on a card at 2.9 %. Three clocked days: 1,335 minutes.
 */
export async function ringBinhWeek(api: ApiHarness, c: TenantFixture, week: string) {
  await weeklyStore(api, c, week, true);
  const binh = await technician(api, c, 'Binh', BINH_SETTINGS);
  const { service } = await catalog(api, c);
  const [pedicure, acrylic, gelPedicure, polish] = await api.db
    .insert(services)
    .values([
      service('Pedicure (his share)', 1800, 120),
      service('Acrylic full set', 6500, 800),
      service('Gel pedicure', 5500, 400),
      service('Polish change', 1500, 0, 60),
    ])
    .returning({ id: services.id });
  await sell(api, c, binh, [{ item_id: pedicure!.id }, { item_id: polish!.id }], {
    orderAt: at(week, '10:00'),
    tip: 1000,
  });
  await sell(api, c, binh, [{ item_id: acrylic!.id, quantity: 4 }], {
    orderAt: at(addDays(week, 1), '11:00'),
    tip: 4000,
    card: 26_000 + 4000,
  });
  await setStore(api, c.store.id, { creditcard_fee_percent: 2.9 });
  await sell(api, c, binh, [{ item_id: gelPedicure!.id, quantity: 5 }], {
    orderAt: at(addDays(week, 2), '15:00'),
    tip: 1235,
    card: 27_500 + 1235,
  });
  await clockThreeDays(api, c, binh, week);
  return { binh };
}
