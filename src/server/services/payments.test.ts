import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { ErrorCode } from '../../contracts/error-codes';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { TestDatabase } from '../../../tests/support/test-db';
import { DISCOUNT_TYPE, PAYMENT_TYPE, ROLE } from '../../domain/constants';
import type { AuthContext } from '../auth-context';
import { createTenantWithUsers } from '../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import { coupons } from '../db/schema/coupons';
import { customers } from '../db/schema/customers';
import { giftcards } from '../db/schema/giftcards';
import { couponHistories, customerPointHistory, giftcardHistories } from '../db/schema/ledger-histories';
import { paymentRequests } from '../db/schema/payment-requests';
import { salePayments } from '../db/schema/sales';
import { stores } from '../db/schema/stores';
import { HttpError } from '../errors';
import { createTestSale } from '../../../tests/support/server/test-sales';
import type { TestSaleOptions } from '../../../tests/support/server/test-sales';
import type { SalePaymentInput } from './payments/payment-input';
import { recordSalePayments } from './payments/record';
import { reverseSalePayments } from './payments/reverse';

let testDb: TestDatabase;
let a: TenantFixture;
let b: TenantFixture;
let auth: AuthContext;

beforeAll(async () => {
  testDb = await createTestDatabase();
  a = await createTenantWithUsers(testDb.db, {
    storeSettings: { offline_card_limit_per_ticket: 5_000, points_value_minor: 10 },
  });
  b = await createTenantWithUsers(testDb.db);
  auth = a.auth(ROLE.STAFF);
});

afterAll(async () => {
  await testDb?.drop();
});

const code = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex').toUpperCase()}`;

async function giftcard(balance: number, fixture = a, extra: Partial<typeof giftcards.$inferInsert> = {}) {
  const [row] = await testDb.db
    .insert(giftcards)
    .values({ tenantId: fixture.tenantId, number: code('GC'), balance, initialAmount: balance, ...extra })
    .returning();
  return row!;
}

async function customer(points: number) {
  const [row] = await testDb.db
    .insert(customers)
    .values({ tenantId: a.tenantId, firstName: 'Lan', pointBalance: points })
    .returning();
  return row!;
}

async function coupon(extra: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await testDb.db
    .insert(coupons)
    .values({
      tenantId: a.tenantId,
      code: code('CP'),
      discountType: DISCOUNT_TYPE.AMOUNT,
      discountValue: 1_000,
      ...extra,
    })
    .returning();
  return row!;
}

/** A sale and its payments in one transaction, as the sales service does. */
async function pay(payments: SalePaymentInput[], options: TestSaleOptions = {}) {
  const sale = await createTestSale(testDb.db, auth, options);
  const recorded = await testDb.db.transaction((tx) =>
    recordSalePayments(tx, auth, {
      saleId: sale.id,
      storeId: a.store.id,
      customerId: options.customerId ?? null,
      payments,
      totalPrice: sale.totalPrice,
      orderAt: sale.orderAt,
      lines: [],
    }),
  );
  return { sale, recorded };
}

async function refusal(work: Promise<unknown>): Promise<HttpError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('gift card payments', () => {
  it('debit the card and write a sale history row with the balance after, in the same transaction', async () => {
    const card = await giftcard(10_000);
    const { sale, recorded } = await pay([
      {
        payment_type: PAYMENT_TYPE.GIFTCARD,
        payment_amount: 4_000,
        payment_info: { reference: card.number.toLowerCase() },
      },
      { payment_type: PAYMENT_TYPE.CASH, payment_amount: 6_000 },
    ]);
    expect(recorded).toHaveLength(2);
    expect(recorded[0]).toMatchObject({
      payment_type: 3,
      amount: 4_000,
      giftcard_id: card.id,
      reference: card.number,
    });
    const [after] = await testDb.db.select().from(giftcards).where(eq(giftcards.id, card.id));
    expect(after!.balance).toBe(6_000);
    const history = await testDb.db
      .select()
      .from(giftcardHistories)
      .where(eq(giftcardHistories.giftcardId, card.id));
    expect(history).toMatchObject([{ kind: 'sale', amount: -4_000, balanceAfter: 6_000, saleId: sale.id }]);
  });

  it('two concurrent sales taking 60 of a 100 card: exactly one succeeds and the card never goes below 0', async () => {
    const card = await giftcard(10_000);
    const payment: SalePaymentInput = {
      payment_type: PAYMENT_TYPE.GIFTCARD,
      payment_amount: 6_000,
      payment_info: { reference: card.number },
    };
    const [s1, s2] = await Promise.all([
      createTestSale(testDb.db, auth, { prices: [6_000] }),
      createTestSale(testDb.db, auth, { prices: [6_000] }),
    ]);
    const results = await Promise.allSettled(
      [s1!, s2!].map((sale) =>
        testDb.db.transaction(async (tx) => {
          const rows = await recordSalePayments(tx, auth, {
            saleId: sale.id,
            storeId: a.store.id,
            customerId: null,
            payments: [payment],
            totalPrice: sale.totalPrice,
            orderAt: sale.orderAt,
            lines: [],
          });
          // Hold the transaction open a little so the two really overlap.
          await new Promise((resolve) => setTimeout(resolve, 50));
          return rows;
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(HttpError);
    expect((rejected.reason as HttpError).statusCode).toBe(422);
    const [after] = await testDb.db.select().from(giftcards).where(eq(giftcards.id, card.id));
    expect(after!.balance).toBe(4_000);
    const history = await testDb.db
      .select()
      .from(giftcardHistories)
      .where(eq(giftcardHistories.giftcardId, card.id));
    expect(history).toHaveLength(1);
  });

  it('refuse an insufficient balance with 422 and leave the card untouched', async () => {
    const card = await giftcard(1_000);
    const error = await refusal(
      pay([
        {
          payment_type: PAYMENT_TYPE.GIFTCARD,
          payment_amount: 1_001,
          payment_info: { reference: card.number },
        },
      ]),
    );
    expect(error.statusCode).toBe(422);
    expect(error.code).toBe(ERROR_CODE.GIFTCARD_INSUFFICIENT_BALANCE);
    expect(error.message).toMatch(/not enough balance/);
    expect(error.errors).toHaveProperty(['payments.0.payment_amount']);
    const [after] = await testDb.db.select().from(giftcards).where(eq(giftcards.id, card.id));
    expect(after!.balance).toBe(1_000);
  });

  it('refuse an unknown, inactive, expired or other-tenant card', async () => {
    const inactive = await giftcard(5_000, a, { isActive: false });
    const expired = await giftcard(5_000, a, { expiresAt: new Date(Date.now() - 86_400_000) });
    const foreign = await giftcard(5_000, b);
    for (const [reference, message, code] of [
      ['NO-SUCH-CARD', /not found/, ERROR_CODE.GIFTCARD_NOT_FOUND],
      [inactive.number, /not active/, ERROR_CODE.GIFTCARD_INACTIVE],
      [expired.number, /expired/, ERROR_CODE.GIFTCARD_EXPIRED],
      [foreign.number, /not found/, ERROR_CODE.GIFTCARD_NOT_FOUND],
    ] as const) {
      const error = await refusal(
        pay([{ payment_type: PAYMENT_TYPE.GIFTCARD, payment_amount: 100, payment_info: { reference } }]),
      );
      expect(error.statusCode).toBe(422);
      expect(error.code).toBe(code);
      expect(error.message).toMatch(message);
    }
  });
});

describe('point payments', () => {
  it('redeem amount / points_value_minor points from the sale customer with a redeem history row', async () => {
    const c = await customer(500);
    const { recorded } = await pay([{ payment_type: PAYMENT_TYPE.POINT, payment_amount: 2_000 }], {
      customerId: c.id,
    });
    expect(recorded[0]).toMatchObject({ payment_type: 5, points: 200 });
    const [after] = await testDb.db.select().from(customers).where(eq(customers.id, c.id));
    expect(after!.pointBalance).toBe(300);
    const history = await testDb.db
      .select()
      .from(customerPointHistory)
      .where(eq(customerPointHistory.customerId, c.id));
    expect(history).toMatchObject([{ kind: 'redeem', points: -200, balanceAfter: 300 }]);
  });

  it('need a customer, enough points, a multiple of one point and a matching points count', async () => {
    const c = await customer(10);
    const noCustomer = await refusal(pay([{ payment_type: PAYMENT_TYPE.POINT, payment_amount: 100 }]));
    expect(noCustomer.code).toBe(ERROR_CODE.POINTS_NEED_CUSTOMER);
    expect(noCustomer.message).toMatch(/customer/);
    const tooMany = await refusal(
      pay([{ payment_type: PAYMENT_TYPE.POINT, payment_amount: 200 }], { customerId: c.id }),
    );
    expect(tooMany.code).toBe(ERROR_CODE.POINTS_INSUFFICIENT);
    expect(tooMany.message).toMatch(/not enough points/);
    const notMultiple = await refusal(
      pay([{ payment_type: PAYMENT_TYPE.POINT, payment_amount: 55 }], { customerId: c.id }),
    );
    expect(notMultiple.code).toBe(ERROR_CODE.PAYMENT_REFUSED);
    expect(notMultiple.message).toMatch(/multiple of 10/);
    const mismatch = await refusal(
      pay([{ payment_type: PAYMENT_TYPE.POINT, payment_amount: 50, payment_info: { points: 50 } }], {
        customerId: c.id,
      }),
    );
    expect(mismatch.message).toMatch(/worth 5 points/);
    const [after] = await testDb.db.select().from(customers).where(eq(customers.id, c.id));
    expect(after!.pointBalance).toBe(10);
  });
});

describe('coupon payments', () => {
  const couponPayment = (reference: string, amount = 1_000): SalePaymentInput => ({
    payment_type: PAYMENT_TYPE.COUPON,
    payment_amount: amount,
    payment_info: { reference },
  });

  it('take one use with a use history row', async () => {
    const cp = await coupon({ maxUses: 2 });
    const { sale } = await pay([
      couponPayment(cp.code),
      { payment_type: PAYMENT_TYPE.CASH, payment_amount: 9_000 },
    ]);
    const [after] = await testDb.db.select().from(coupons).where(eq(coupons.id, cp.id));
    expect(after!.usedCount).toBe(1);
    const history = await testDb.db.select().from(couponHistories).where(eq(couponHistories.couponId, cp.id));
    expect(history).toMatchObject([{ kind: 'use', discountAmount: 1_000, saleId: sale.id }]);
  });

  it('refuse an expired, not yet valid, used up, too small order or over-valued coupon', async () => {
    const day = 86_400_000;
    const expired = await coupon({ endsAt: new Date(Date.now() - day) });
    const future = await coupon({ startsAt: new Date(Date.now() + day) });
    const usedUp = await coupon({ maxUses: 1, usedCount: 1 });
    const minOrder = await coupon({ minOrderAmount: 50_000 });
    const percent = await coupon({ discountType: DISCOUNT_TYPE.PERCENT, discountValue: 10 });
    const otherStore = await coupon({ storeId: a.otherStore.id });
    const cases: [string, number, RegExp, ErrorCode][] = [
      [expired.code, 1_000, /expired/, ERROR_CODE.COUPON_EXPIRED],
      [future.code, 1_000, /not valid yet/, ERROR_CODE.COUPON_NOT_YET_VALID],
      [usedUp.code, 1_000, /maximum number of uses/, ERROR_CODE.COUPON_USED_UP],
      [minOrder.code, 1_000, /at least 50000/, ERROR_CODE.COUPON_MIN_ORDER],
      [percent.code, 1_001, /worth 1000/, ERROR_CODE.PAYMENT_REFUSED],
      [otherStore.code, 1_000, /not found/, ERROR_CODE.COUPON_NOT_FOUND],
    ];
    for (const [reference, amount, message, code] of cases) {
      const error = await refusal(pay([couponPayment(reference, amount)]));
      expect(error.statusCode).toBe(422);
      expect(error.code).toBe(code);
      expect(error.message).toMatch(message);
    }
    const [after] = await testDb.db.select().from(coupons).where(eq(coupons.id, usedUp.id));
    expect(after!.usedCount).toBe(1);
  });

  it('never exceed max_uses under concurrency', async () => {
    const cp = await coupon({ maxUses: 1 });
    const results = await Promise.allSettled([pay([couponPayment(cp.code)]), pay([couponPayment(cp.code)])]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [after] = await testDb.db.select().from(coupons).where(eq(coupons.id, cp.id));
    expect(after!.usedCount).toBe(1);
  });
});

describe('card and other payments', () => {
  it('keep only brand, last 4 and approval code of a card', async () => {
    const { recorded } = await pay([
      {
        payment_type: PAYMENT_TYPE.CREDIT,
        payment_amount: 10_000,
        payment_info: { card_brand: 'VISA', last4: '1111', approval_code: 'A1B2C3' },
      },
    ]);
    expect(recorded[0]).toMatchObject({
      card_brand: 'VISA',
      last4: '1111',
      approval_code: 'A1B2C3',
      status: 'approved',
    });
  });

  it('refuse a card-number-like string in any field and unknown card fields', async () => {
    for (const info of [
      { reference: '4111111111111111' },
      { approval_code: '4111 1111 1111 1111' },
      { card_brand: 'visa 5555-5555-5555-4444' },
      { card_number: '4111111111111111' },
      { cvv: '123' },
    ]) {
      const error = await refusal(
        pay([
          {
            payment_type: PAYMENT_TYPE.CREDIT,
            payment_amount: 10_000,
            payment_info: info,
          } as SalePaymentInput,
        ]),
      );
      expect(error.statusCode).toBe(422);
    }
  });

  it('keep the check number; hold an offline card payment pending within the per-ticket limit', async () => {
    const { recorded } = await pay([
      { payment_type: PAYMENT_TYPE.CHECK, payment_amount: 6_000, payment_info: { reference: '000123' } },
      {
        payment_type: PAYMENT_TYPE.CREDIT,
        payment_amount: 4_000,
        payment_info: { last4: '4242', offline: true },
      },
    ]);
    expect(recorded[0]).toMatchObject({ reference: '000123' });
    expect(recorded[1]).toMatchObject({ status: 'pending', offline: true });
    const error = await refusal(
      pay([{ payment_type: PAYMENT_TYPE.CREDIT, payment_amount: 6_000, payment_info: { offline: true } }]),
    );
    expect(error.code).toBe(ERROR_CODE.OFFLINE_CARD_LIMIT);
    expect(error.message).toMatch(/limited to 5000/);
  });

  it('accept a wallet payment only for a paid request of that amount, once', async () => {
    const insertRequest = async (status: 'pending' | 'paid', amount = 10_000) => {
      const [row] = await testDb.db
        .insert(paymentRequests)
        .values({
          tenantId: a.tenantId,
          storeId: a.store.id,
          provider: 'momo',
          amount,
          orderId: code('ORD'),
          status,
        })
        .returning();
      return String(row!.id);
    };
    const momo = (ref: string): SalePaymentInput => ({
      payment_type: PAYMENT_TYPE.MOMO,
      payment_amount: 10_000,
      payment_info: { processor_reference: ref },
    });
    const pending = await insertRequest('pending');
    expect(await refusal(pay([momo(pending)]))).toMatchObject({
      code: ERROR_CODE.PAYMENT_REQUEST_UNUSABLE,
      message: expect.stringMatching(/pending, not paid/),
    });
    const wrongAmount = await insertRequest('paid', 9_000);
    expect((await refusal(pay([momo(wrongAmount)]))).message).toMatch(/paid 9000/);
    const paid = await insertRequest('paid');
    const { sale } = await pay([momo(paid)]);
    const [request] = await testDb.db
      .select()
      .from(paymentRequests)
      .where(eq(paymentRequests.id, Number(paid)));
    expect(request!.saleId).toBe(sale.id);
    expect((await refusal(pay([momo(paid)]))).message).toMatch(/another sale|already recorded/);
    expect((await refusal(pay([momo('999999')]))).message).toMatch(/not found/);
  });

  it('refuse a sale of another store of the session', async () => {
    const sale = await createTestSale(testDb.db, auth);
    const error = await refusal(
      testDb.db.transaction((tx) =>
        recordSalePayments(tx, auth, {
          saleId: sale.id,
          storeId: a.otherStore.id,
          customerId: null,
          payments: [{ payment_type: PAYMENT_TYPE.CASH, payment_amount: 1 }],
          totalPrice: sale.totalPrice,
          orderAt: sale.orderAt,
          lines: [],
        }),
      ),
    );
    expect(error.statusCode).toBe(403);
  });
});

describe('reversing payments', () => {
  it('refund gift card first, then cash, and give the card its money back with a refund history row', async () => {
    const card = await giftcard(3_000);
    const { sale } = await pay([
      { payment_type: PAYMENT_TYPE.CASH, payment_amount: 7_000 },
      {
        payment_type: PAYMENT_TYPE.GIFTCARD,
        payment_amount: 3_000,
        payment_info: { reference: card.number },
      },
    ]);
    const result = await testDb.db.transaction((tx) =>
      reverseSalePayments(tx, auth, { saleId: sale.id, kind: 'refund', amount: 5_000 }),
    );
    expect(result.allocations.map((x) => [x.payment_type, x.amount])).toEqual([
      [PAYMENT_TYPE.GIFTCARD, 3_000],
      [PAYMENT_TYPE.CASH, 2_000],
    ]);
    const byType = Object.fromEntries(result.reversed.map((p) => [p.payment_type, p]));
    expect(byType[PAYMENT_TYPE.GIFTCARD]).toMatchObject({ refunded_amount: 3_000, status: 'refunded' });
    expect(byType[PAYMENT_TYPE.CASH]).toMatchObject({ refunded_amount: 2_000, status: 'approved' });
    const [after] = await testDb.db.select().from(giftcards).where(eq(giftcards.id, card.id));
    expect(after!.balance).toBe(3_000);
    const history = await testDb.db
      .select()
      .from(giftcardHistories)
      .where(eq(giftcardHistories.giftcardId, card.id));
    expect(history.map((h) => [h.kind, h.amount])).toEqual([
      ['sale', -3_000],
      ['refund', 3_000],
    ]);
    const tooMuch = await refusal(
      testDb.db.transaction((tx) =>
        reverseSalePayments(tx, auth, { saleId: sale.id, kind: 'refund', amount: 5_001 }),
      ),
    );
    expect(tooMuch.code).toBe(ERROR_CODE.REFUND_TOO_LARGE);
    expect(tooMuch.message).toMatch(/\(5000\)/);
  });

  it('void everything: card credited, points returned, coupon use released, payments voided', async () => {
    const card = await giftcard(5_000);
    const c = await customer(100);
    const cp = await coupon({ maxUses: 5 });
    const { sale } = await pay(
      [
        {
          payment_type: PAYMENT_TYPE.GIFTCARD,
          payment_amount: 5_000,
          payment_info: { reference: card.number },
        },
        { payment_type: PAYMENT_TYPE.POINT, payment_amount: 1_000 },
        { payment_type: PAYMENT_TYPE.COUPON, payment_amount: 1_000, payment_info: { reference: cp.code } },
        { payment_type: PAYMENT_TYPE.CASH, payment_amount: 3_000 },
      ],
      { customerId: c.id },
    );
    const result = await testDb.db.transaction((tx) =>
      reverseSalePayments(tx, auth, { saleId: sale.id, kind: 'void' }),
    );
    expect(result.reversed.every((p) => p.status === 'voided')).toBe(true);
    const [cardAfter] = await testDb.db.select().from(giftcards).where(eq(giftcards.id, card.id));
    const [customerAfter] = await testDb.db.select().from(customers).where(eq(customers.id, c.id));
    const [couponAfter] = await testDb.db.select().from(coupons).where(eq(coupons.id, cp.id));
    expect(cardAfter!.balance).toBe(5_000);
    expect(customerAfter!.pointBalance).toBe(100);
    expect(couponAfter!.usedCount).toBe(0);
    const releases = await testDb.db
      .select()
      .from(couponHistories)
      .where(and(eq(couponHistories.couponId, cp.id), eq(couponHistories.kind, 'release')));
    expect(releases).toHaveLength(1);
    const live = await testDb.db
      .select()
      .from(salePayments)
      .where(and(eq(salePayments.saleId, sale.id), eq(salePayments.status, 'approved')));
    expect(live).toHaveLength(0);
  });

  it('return points on partial refunds so that they add up to exactly the points redeemed', async () => {
    await testDb.db
      .update(stores)
      .set({ settings: { offline_card_limit_per_ticket: 5_000, points_value_minor: 10 } })
      .where(eq(stores.id, a.store.id));
    const c = await customer(100);
    const { sale } = await pay([{ payment_type: PAYMENT_TYPE.POINT, payment_amount: 1_000 }], {
      customerId: c.id,
    });
    for (const amount of [15, 15, 970]) {
      await testDb.db.transaction((tx) =>
        reverseSalePayments(tx, auth, { saleId: sale.id, kind: 'refund', amount }),
      );
    }
    const [after] = await testDb.db.select().from(customers).where(eq(customers.id, c.id));
    expect(after!.pointBalance).toBe(100);
  });
});
