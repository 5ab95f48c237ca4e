/**
 * Customer points earned on sales (services/sales/points.ts awardSalePoints / takeBackSalePoints; the
 * arithmetic is src/domain/points.ts) and the gift card number rule of a sale line, through the API.
 *
 * The rule (memberships in db/schema/customers.ts): a completed sale earns
 * floor(spent / points_unit_amount) × points_per_unit points for its customer's active membership, where
 * spent is the money paid for the sale: its payments minus the change, without gift card, points and coupon
 * payments, and never more than total_price − tips. A void takes the points back; a refund takes back the
 * share refunded (floor(earned × refunded_amount / total_price), everything once the sale is fully refunded).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { TestDatabase } from '../../../tests/support/test-db';
import { DISCOUNT_TYPE, ITEM_TYPE, PAYMENT_TYPE, SALE_STATUS } from '../../domain/constants';
import { buildApp } from '../app';
import { createTenantWithUsers } from '../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import { coupons } from '../db/schema/coupons';
import { customers, memberships } from '../db/schema/customers';
import { customerPointHistory } from '../db/schema/ledger-histories';
import { dataOf } from '../../../tests/support/server/api-harness';
import { createSaleCatalog, saleBody } from '../../../tests/support/server/sale-test-data';
import type { LineSpec, SaleCatalog } from '../../../tests/support/server/sale-test-data';

let testDb: TestDatabase;
let app: FastifyInstance;
let a: TenantFixture;
let cat: SaleCatalog;
let goldId: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp({ db: testDb.db, config: { clientDir: null } });
  await app.ready();
  a = await createTenantWithUsers(testDb.db);
  cat = await createSaleCatalog(testDb.db, a);
  // 3 points per 10.00 spent.
  const [member] = await testDb.db.select().from(customers).where(eq(customers.id, cat.member));
  goldId = member!.membershipId!;
  await testDb.db
    .update(memberships)
    .set({ pointsPerUnit: 3, pointsUnitAmount: 1_000 })
    .where(eq(memberships.id, goldId));
  await testDb.db.insert(coupons).values({
    tenantId: a.tenantId,
    code: 'TAKE5',
    discountType: DISCOUNT_TYPE.AMOUNT,
    discountValue: 500,
  });
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

const headers = () => ({ ...a.headers('manager', { approver: 'manager' }), 'idempotency-key': randomUUID() });

function post(url: string, payload: unknown) {
  return app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers: headers() });
}

type Pay = { payment_type: number; payment_amount: number; payment_info?: Record<string, unknown> };
const cash = (amount: number): Pay => ({ payment_type: PAYMENT_TYPE.CASH, payment_amount: amount });

async function sell(options: {
  lines: LineSpec[];
  payments: Pay[];
  customerId?: number | null;
  tip?: number;
  status?: number;
}) {
  const res = await post(
    '/api/pos/sales',
    saleBody({
      employeeId: a.users.staff.id,
      lines: options.lines,
      payments: options.payments,
      tip: options.tip,
      status: options.status,
      extra: { customer: options.customerId === null ? null : { id: options.customerId ?? cat.member } },
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res);
}

async function balanceOf(customerId: number): Promise<number> {
  const [row] = await testDb.db
    .select({ points: customers.pointBalance })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row!.points;
}

/** Sets a customer's balance as an admin adjustment would (balance and history row together). */
async function setBalance(customerId: number, points: number): Promise<void> {
  const delta = points - (await balanceOf(customerId));
  await testDb.db.update(customers).set({ pointBalance: points }).where(eq(customers.id, customerId));
  await testDb.db.insert(customerPointHistory).values({
    tenantId: a.tenantId,
    customerId,
    kind: 'adjust',
    points: delta,
    balanceAfter: points,
  });
}

function historyOf(saleId: number) {
  return testDb.db
    .select({ kind: customerPointHistory.kind, points: customerPointHistory.points })
    .from(customerPointHistory)
    .where(and(eq(customerPointHistory.tenantId, a.tenantId), eq(customerPointHistory.saleId, saleId)))
    .orderBy(asc(customerPointHistory.id));
}

// Gel manicure 45.00 + 5 % and 9.5 % tax (6.53) − the Gold 10 % (4.50) = 47.03.
const MANICURE_TOTAL = 4_703;

describe('points earned on a completed sale', () => {
  it("earn floor(spent / unit) × per_unit for the customer's membership, with an 'earn' history row", async () => {
    await setBalance(cat.member, 0);
    const sale = await sell({ lines: [{ item_id: cat.manicure }], payments: [cash(10_000)] });
    expect(sale.totals.total_price).toBe(MANICURE_TOTAL);
    // Paid 100.00, 52.97 back: 47.03 spent → 4 units of 10.00 → 12 points.
    expect(await balanceOf(cat.member)).toBe(12);
    expect(await historyOf(sale.id)).toEqual([{ kind: 'earn', points: 12 }]);
  });

  it('earn nothing once the membership has expired, as it takes nothing off', async () => {
    await setBalance(cat.member, 0);
    await testDb.db
      .update(customers)
      .set({ membershipExpiresOn: '2020-01-31' })
      .where(eq(customers.id, cat.member));
    try {
      const sale = await sell({ lines: [{ item_id: cat.manicure }], payments: [cash(10_000)] });
      // No Gold 10 % either: the manicure at its price with its taxes.
      expect(sale.totals.total_price).toBe(MANICURE_TOTAL + 450);
      expect(await balanceOf(cat.member)).toBe(0);
      expect(await historyOf(sale.id)).toEqual([]);
    } finally {
      await testDb.db
        .update(customers)
        .set({ membershipExpiresOn: null })
        .where(eq(customers.id, cat.member));
    }
  });

  it('count no gift card, points or coupon money, and no change', async () => {
    await sell({
      lines: [{ item_id: 0, item_type: ITEM_TYPE.GIFTCARD, price: 5_000, giftcard_number: 'PTS-GC-1' }],
      payments: [cash(5_000)],
      customerId: cat.customer,
    });
    await setBalance(cat.member, 1_000);
    // Two manicures: 90.00 + 13.05 tax − 9.00 = 94.05.
    const sale = await sell({
      lines: [{ item_id: cat.manicure, quantity: 2 }],
      payments: [
        {
          payment_type: PAYMENT_TYPE.GIFTCARD,
          payment_amount: 2_000,
          payment_info: { reference: 'PTS-GC-1' },
        },
        { payment_type: PAYMENT_TYPE.POINT, payment_amount: 1_000 },
        { payment_type: PAYMENT_TYPE.COUPON, payment_amount: 500, payment_info: { reference: 'TAKE5' } },
        {
          payment_type: PAYMENT_TYPE.CREDIT,
          payment_amount: 3_000,
          payment_info: { card_brand: 'VISA', last4: '4242' },
        },
        cash(4_000),
      ],
    });
    expect(sale.totals.total_price).toBe(9_405);
    // Money: card 30.00 + cash 40.00 − change 10.95 = 59.05 → 5 units → 15 points.
    expect(sale.totals.paid_customer_change_amount_total).toBe(1_095);
    expect(await historyOf(sale.id)).toEqual([
      { kind: 'redeem', points: -1_000 },
      { kind: 'earn', points: 15 },
    ]);
    expect(await balanceOf(cat.member)).toBe(15);
  });

  it('earn nothing on tips', async () => {
    await setBalance(cat.member, 0);
    const sale = await sell({ lines: [{ item_id: cat.manicure }], payments: [cash(5_703)], tip: 1_000 });
    expect(sale.totals.total_price).toBe(MANICURE_TOTAL + 1_000);
    expect(await balanceOf(cat.member)).toBe(12);
  });

  it('earn nothing without a customer, without a membership or with an inactive one', async () => {
    const anonymous = await sell({
      lines: [{ item_id: cat.manicure }],
      payments: [cash(10_000)],
      customerId: null,
    });
    expect(await historyOf(anonymous.id)).toEqual([]);
    const before = await balanceOf(cat.customer);
    await sell({ lines: [{ item_id: cat.manicure }], payments: [cash(10_000)], customerId: cat.customer });
    expect(await balanceOf(cat.customer)).toBe(before);

    await setBalance(cat.member, 0);
    await testDb.db.update(memberships).set({ isActive: false }).where(eq(memberships.id, goldId));
    try {
      const sale = await sell({ lines: [{ item_id: cat.manicure }], payments: [cash(10_000)] });
      expect(await historyOf(sale.id)).toEqual([]);
    } finally {
      await testDb.db.update(memberships).set({ isActive: true }).where(eq(memberships.id, goldId));
    }
  });

  it('earn when a draft is completed, not when it is saved', async () => {
    await setBalance(cat.member, 0);
    const uuid = randomUUID();
    const body = (status: number, payments: Pay[]) =>
      saleBody({
        employeeId: a.users.staff.id,
        lines: [{ item_id: cat.manicure }],
        uuid,
        status,
        payments,
        extra: { customer: { id: cat.member } },
      });
    const draft = await post('/api/pos/sales', body(SALE_STATUS.DRAFT, []));
    expect(draft.statusCode, draft.body).toBe(201);
    expect(await balanceOf(cat.member)).toBe(0);
    const done = await post(
      `/api/pos/sales/${dataOf(draft).id}`,
      body(SALE_STATUS.SALE, [cash(MANICURE_TOTAL)]),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(await historyOf(dataOf(draft).id)).toEqual([{ kind: 'earn', points: 12 }]);
  });
});

describe('points taken back', () => {
  it('on a void: every point the sale earned', async () => {
    await setBalance(cat.member, 100);
    const sale = await sell({ lines: [{ item_id: cat.manicure }], payments: [cash(MANICURE_TOTAL)] });
    expect(await balanceOf(cat.member)).toBe(112);
    const res = await post(`/api/pos/sales/${sale.id}/void`, { reason: 'test' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(cat.member)).toBe(100);
    expect(await historyOf(sale.id)).toEqual([
      { kind: 'earn', points: 12 },
      { kind: 'void', points: -12 },
    ]);
  });

  it('on a refund by lines: the share refunded, then the rest when the sale is fully refunded', async () => {
    await setBalance(cat.member, 0);
    // Manicure 51.53 + pedicure 30.00 − 7.50 = 74.03 → 21 points.
    const sale = await sell({
      lines: [{ item_id: cat.manicure }, { item_id: cat.pedicure }],
      payments: [cash(7_403)],
    });
    expect(await balanceOf(cat.member)).toBe(21);
    const lines = sale.orderEmployees[0].orderItems as { id: number; item_id: number }[];
    const pedicure = lines.find((l) => l.item_id === cat.pedicure)!;
    const first = await post(`/api/pos/sales/${sale.id}/refund`, {
      lines: [{ sale_line_id: pedicure.id, quantity: 1 }],
    });
    expect(first.statusCode, first.body).toBe(200);
    // 30.00 of 74.03 refunded: floor(21 × 3000 / 7403) = 8.
    expect(await balanceOf(cat.member)).toBe(13);
    const rest = await post(`/api/pos/sales/${sale.id}/refund`, {});
    expect(rest.statusCode, rest.body).toBe(200);
    expect(dataOf(rest).sale.status).toBe(SALE_STATUS.REFUND);
    expect(await balanceOf(cat.member)).toBe(0);
    expect(await historyOf(sale.id)).toEqual([
      { kind: 'earn', points: 21 },
      { kind: 'refund', points: -8 },
      { kind: 'refund', points: -13 },
    ]);
  });

  it('on a refund through a payment: the share refunded', async () => {
    await setBalance(cat.member, 0);
    const sale = await sell({ lines: [{ item_id: cat.manicure }], payments: [cash(MANICURE_TOTAL)] });
    const res = await post('/api/payments/refund', { payment_id: sale.payments[0].id, amount: 2_000 });
    expect(res.statusCode, res.body).toBe(200);
    // floor(12 × 2000 / 4703) = 5.
    expect(await balanceOf(cat.member)).toBe(7);
  });

  it('never below zero: points already spent are not taken twice', async () => {
    await setBalance(cat.member, 0);
    const earned = await sell({ lines: [{ item_id: cat.manicure }], payments: [cash(MANICURE_TOTAL)] });
    // Pedicure 30.00 − 3.00 = 27.00: 12 points and 26.88 cash, which earns 6.
    await sell({
      lines: [{ item_id: cat.pedicure }],
      payments: [{ payment_type: PAYMENT_TYPE.POINT, payment_amount: 12 }, cash(2_688)],
    });
    expect(await balanceOf(cat.member)).toBe(6);
    const res = await post(`/api/pos/sales/${earned.id}/void`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceOf(cat.member)).toBe(0);
    expect(await historyOf(earned.id)).toEqual([
      { kind: 'earn', points: 12 },
      { kind: 'void', points: -6 },
    ]);
  });
});

describe('a gift card sold on a sale', () => {
  const giftcardLine = (number: string): LineSpec => ({
    item_id: 0,
    item_type: ITEM_TYPE.GIFTCARD,
    price: 2_500,
    giftcard_number: number,
  });

  it.each([
    '4111111111111111',
    '4111 1111 1111 1111',
    '4111-1111-1111-1111',
    '378282246310005',
    'GC4111111111111111',
  ])(
    'is refused when its number %s reads as a payment card number (it could never be spent)',
    async (number) => {
      for (const status of [SALE_STATUS.SALE, SALE_STATUS.DRAFT]) {
        const res = await post(
          '/api/pos/sales',
          saleBody({
            employeeId: a.users.staff.id,
            lines: [giftcardLine(number)],
            status,
            payments: status === SALE_STATUS.SALE ? [cash(2_500)] : [],
          }),
        );
        expect(res.statusCode, res.body).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual(['orderEmployees.0.orderItems.0.giftcard_number']);
      }
    },
  );

  it('is sold when a long number fails the Luhn check', async () => {
    const sale = await sell({
      lines: [giftcardLine('4111111111111112')],
      payments: [cash(2_500)],
      customerId: null,
    });
    expect(sale.orderEmployees[0].orderItems[0].giftcard_number).toBe('4111111111111112');
  });
});
