/**
 * Coupons at the till, through POST /api/pos/sales on a real database (docs/back-office.md "Coupons"): the
 * rules of src/domain/coupons.ts as the sale applies them, and two tills racing for a coupon's last use.
 * The sale's contract: a coupon it cannot take refuses the whole sale with 422 and the coupon's code, and
 * nothing of the sale is written (the cashier takes another tender and sends it again).
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiClient, apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import type { Response } from '../../../../tests/support/server/api-harness';
import { createSaleCatalog, saleBody } from '../../../../tests/support/server/sale-test-data';
import type { Coupon } from '../../../contracts/coupons';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { PAYMENT_TYPE } from '../../../domain/constants';
import { coupons } from '../../db/schema/coupons';
import { couponHistories } from '../../db/schema/ledger-histories';
import { salePayments, sales } from '../../db/schema/sales';

const api = await apiHarness({ poolMax: 20 });
const a = await api.tenant();
const cat = await createSaleCatalog(api.db, a);
// A second server on the same database: the other till.
const otherTill = apiClient(await api.buildApp());

async function coupon(body: Record<string, unknown>): Promise<Coupon> {
  const res = await api
    .as(a, 'admin')
    .post('/api/coupons', { discount_type: 1, discount_value: 500, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return dataOf<Coupon>(res);
}

/** A sale of `lines` paid `amount` by coupon `code` and the rest in cash, for `customer` when given. */
function saleWith(code: string, amount: number, options: { lines?: number[]; customer?: number } = {}) {
  return saleBody({
    employeeId: a.users.staff.id,
    lines: (options.lines ?? [cat.manicure]).map((item_id) => ({ item_id })),
    payments: [
      { payment_type: PAYMENT_TYPE.COUPON, payment_amount: amount, payment_info: { reference: code } },
      { payment_type: PAYMENT_TYPE.CASH, payment_amount: 100_000 },
    ],
    ...(options.customer ? { extra: { customer: { id: options.customer, name: 'x' } } } : {}),
  });
}

function refusedWith(res: Response, code: string, field = 'payment_info.reference'): void {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().code).toBe(code);
  expect(Object.keys(res.json().errors)).toEqual([`payments.0.${field}`]);
}

async function stored(id: number) {
  const [row] = await api.db.select().from(coupons).where(eq(coupons.id, id));
  return row!;
}

async function historyOf(id: number) {
  return api.db.select().from(couponHistories).where(eq(couponHistories.couponId, id));
}

describe('coupons in a sale', () => {
  it('an admin creates a coupon and a cashier sells with it: the use is counted and recorded', async () => {
    const cp = await coupon({ code: 'welcome-5', max_uses: 10 });
    const res = await api
      .as(a, 'staff')
      .post('/api/pos/sales', saleWith(' welcome-5! ', 500, { customer: cat.customer }));
    expect(res.statusCode, res.body).toBe(201);
    const sale = dataOf(res);
    expect(sale.payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ payment_type: PAYMENT_TYPE.COUPON, payment_amount: 500 }),
      ]),
    );
    expect((await stored(cp.id)).usedCount).toBe(1);
    const history = await historyOf(cp.id);
    expect(history).toEqual([
      expect.objectContaining({
        kind: 'use',
        saleId: sale.id,
        customerId: cat.customer,
        discountAmount: 500,
      }),
    ]);
    // The coupon's history shows it to the admin; the coupon is now in use and cannot be deleted.
    const histories = dataOf(await api.as(a, 'admin').get(`/api/coupons/${cp.id}/histories`));
    expect(histories.items).toEqual([
      expect.objectContaining({ kind: 'use', sale_id: sale.id, customer_name: 'Ann Lee' }),
    ]);
    const del = await api.as(a, 'admin').del(`/api/coupons/${cp.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({
      code: ERROR_CODE.IN_USE,
      details: { in_use: [{ resource: 'sales', count: 1 }] },
    });
  });

  it("discounts only the named services' lines: 10 % of the manicure's 51.53 is 5.15, whatever else is sold", async () => {
    await coupon({ code: 'MANI10', discount_type: 0, discount_value: 10, service_ids: [cat.manicure] });
    const cashier = api.as(a, 'staff');
    const lines = [cat.manicure, cat.pedicure];
    refusedWith(
      await cashier.post('/api/pos/sales', saleWith('MANI10', 516, { lines })),
      ERROR_CODE.PAYMENT_REFUSED,
      'payment_amount',
    );
    const ok = await cashier.post('/api/pos/sales', saleWith('MANI10', 515, { lines }));
    expect(ok.statusCode, ok.body).toBe(201);
    // A ticket without the manicure: the coupon has nothing to discount.
    refusedWith(
      await cashier.post('/api/pos/sales', saleWith('MANI10', 100, { lines: [cat.pedicure] })),
      ERROR_CODE.COUPON_NOT_APPLICABLE,
    );
  });

  it('refuses a ticket below the minimum spend, and a coupon whose last day has passed', async () => {
    await coupon({ code: 'BIG', min_order_amount: 6000 });
    await coupon({ code: 'GONE', ends_at: '2025-12-31' });
    const cashier = api.as(a, 'staff');
    refusedWith(await cashier.post('/api/pos/sales', saleWith('BIG', 500)), ERROR_CODE.COUPON_MIN_ORDER);
    const enough = await cashier.post(
      '/api/pos/sales',
      saleWith('BIG', 500, { lines: [cat.manicure, cat.pedicure] }),
    );
    expect(enough.statusCode, enough.body).toBe(201);
    refusedWith(await cashier.post('/api/pos/sales', saleWith('GONE', 500)), ERROR_CODE.COUPON_EXPIRED);
  });

  it('a coupon of one store is taken in that store and not found in another, taking no use', async () => {
    const cp = await coupon({ code: 'SHOP', store_id: a.otherStore.id, max_uses: 5 });
    const cashier = api.as(a, 'staff');
    refusedWith(await cashier.post('/api/pos/sales', saleWith('SHOP', 500)), ERROR_CODE.COUPON_NOT_FOUND);
    expect((await stored(cp.id)).usedCount).toBe(0);
    expect(await historyOf(cp.id)).toEqual([]);
    await api.as(a, 'admin').post(`/api/coupons/${cp.id}`, { store_id: a.store.id });
    const sold = await cashier.post('/api/pos/sales', saleWith('SHOP', 500));
    expect(sold.statusCode, sold.body).toBe(201);
    expect((await stored(cp.id)).usedCount).toBe(1);
  });

  it('holds the per-customer limit (uses minus releases) and needs a customer to count it', async () => {
    const cp = await coupon({ code: 'ONCE', max_uses_per_customer: 1 });
    const cashier = api.as(a, 'staff');
    refusedWith(
      await cashier.post('/api/pos/sales', saleWith('ONCE', 500)),
      ERROR_CODE.COUPON_NEEDS_CUSTOMER,
    );
    const first = await cashier.post('/api/pos/sales', saleWith('ONCE', 500, { customer: cat.customer }));
    expect(first.statusCode, first.body).toBe(201);
    refusedWith(
      await cashier.post('/api/pos/sales', saleWith('ONCE', 500, { customer: cat.customer })),
      ERROR_CODE.COUPON_CUSTOMER_LIMIT,
    );
    // Another customer has their own use; the refused sale took no use.
    const other = await cashier.post('/api/pos/sales', saleWith('ONCE', 500, { customer: cat.member }));
    expect(other.statusCode, other.body).toBe(201);
    expect((await stored(cp.id)).usedCount).toBe(2);
    // A voided sale gives its use back (a 'release' row for its customer), which frees the customer's use again.
    const voided = await api
      .as(a, 'manager', { approver: 'manager' })
      .post(`/api/pos/sales/${dataOf(first).id}/void`, {});
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await historyOf(cp.id)).filter((h) => h.kind === 'release')).toEqual([
      expect.objectContaining({ customerId: cat.customer, saleId: dataOf(first).id }),
    ]);
    expect((await stored(cp.id)).usedCount).toBe(1);
    const again = await cashier.post('/api/pos/sales', saleWith('ONCE', 500, { customer: cat.customer }));
    expect(again.statusCode, again.body).toBe(201);
    expect((await stored(cp.id)).usedCount).toBe(2);
    const pos = dataOf(await cashier.get(`/api/pos/coupons/ONCE?customer_id=${cat.customer}`));
    expect(pos).toMatchObject({ customer_uses: 1, refusal: ERROR_CODE.COUPON_CUSTOMER_LIMIT });
  });

  it('two tills redeeming the last use at once: exactly one sale gets it, the other is refused coupon_used_up', async () => {
    const cp = await coupon({ code: 'LAST', max_uses: 3 });
    await api.db.update(coupons).set({ usedCount: 2 }).where(eq(coupons.id, cp.id));
    const tills = [api.as(a, 'staff'), otherTill.as(a, 'manager')];
    for (let round = 0; round < 3; round++) {
      if (round > 0) await api.db.update(coupons).set({ usedCount: 2 }).where(eq(coupons.id, cp.id));
      const before = (await historyOf(cp.id)).filter((h) => h.kind === 'use').length;
      const bodies = tills.map(() => saleWith('LAST', 500));
      const results = await Promise.all(tills.map((till, i) => till.post('/api/pos/sales', bodies[i])));
      const won = results.filter((r) => r.statusCode === 201);
      const lostIndex = results.findIndex((r) => r.statusCode !== 201);
      expect(won, results.map((r) => r.body).join('\n')).toHaveLength(1);
      refusedWith(results[lostIndex]!, ERROR_CODE.COUPON_USED_UP);
      expect((await stored(cp.id)).usedCount).toBe(3);
      const uses = (await historyOf(cp.id)).filter((h) => h.kind === 'use');
      expect(uses).toHaveLength(before + 1);
      expect(uses.filter((h) => h.saleId === dataOf(won[0]!).id)).toHaveLength(1);
      // The refused sale wrote nothing: no sale row of its uuid.
      const lostUuid = bodies[lostIndex]!.uuid as string;
      const lostSale = await api.db
        .select({ id: sales.id })
        .from(sales)
        .where(and(eq(sales.tenantId, a.tenantId), eq(sales.uuid, lostUuid)));
      expect(lostSale).toEqual([]);
    }
    const payments = await api.db
      .select()
      .from(salePayments)
      .where(and(eq(salePayments.tenantId, a.tenantId), eq(salePayments.couponId, cp.id)));
    expect(payments).toHaveLength(3);
  });

  it('one customer at two tills with a once-per-customer coupon: exactly one sale gets it', async () => {
    const cp = await coupon({ code: 'ONE-EACH', max_uses_per_customer: 1 });
    const tills = [api.as(a, 'staff'), otherTill.as(a, 'manager')];
    const results = await Promise.all(
      tills.map((till) => till.post('/api/pos/sales', saleWith('ONE-EACH', 500, { customer: cat.member }))),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    refusedWith(
      results.find((r) => r.statusCode !== 201)!,
      ERROR_CODE.COUPON_CUSTOMER_LIMIT,
    );
    expect((await stored(cp.id)).usedCount).toBe(1);
    expect(await historyOf(cp.id)).toHaveLength(1);
  });
});
