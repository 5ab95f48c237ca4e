import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { multipart } from '../../../../tests/support/server/resource-multipart';
import { createSaleCatalog, saleBody } from '../../../../tests/support/server/sale-test-data';
import type {
  AdminCustomer,
  MembershipCheck,
  PointHistory,
  Review,
} from '../../../contracts/customers-admin';
import type { Page } from '../../../contracts/envelope';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { customers } from '../../db/schema/customers';
import { customerReviews } from '../../db/schema/ledger-histories';

const api = await apiHarness();

// The first bytes of a PNG: what saveImage and readMedia check (services/auth.ts imageExtension).
const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
]);

describe('GET /api/customers/check-membership', () => {
  it('says whether the membership holds today, and not once it has expired', async () => {
    const a = await api.tenant();
    const cat = await createSaleCatalog(api.db, a);
    const ask = async () =>
      dataOf<MembershipCheck>(
        await api.as(a, 'admin').get(`/api/customers/check-membership?customer_id=${cat.member}`),
      );
    expect(await ask()).toMatchObject({ customer_id: cat.member, membership: { name: 'Gold' }, holds: true });
    await api.db
      .update(customers)
      .set({ membershipExpiresOn: '2020-01-31' })
      .where(eq(customers.id, cat.member));
    expect(await ask()).toMatchObject({ expires_on: '2020-01-31', holds: false });
    const none = await api.as(a, 'admin').get(`/api/customers/check-membership?customer_id=${cat.customer}`);
    expect(dataOf<MembershipCheck>(none)).toMatchObject({ membership: null, holds: false });
  });

  it('is 404 for another tenant’s customer and 403 for staff', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const cat = await createSaleCatalog(api.db, a);
    const other = await api.as(b, 'admin').get(`/api/customers/check-membership?customer_id=${cat.member}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe(ERROR_CODE.NOT_FOUND);
    const staff = await api.as(a, 'staff').get(`/api/customers/check-membership?customer_id=${cat.member}`);
    expect(staff.statusCode).toBe(403);
  });
});

describe('GET /api/customers/historyPoint', () => {
  it('lists the points a sale earned with that sale and its invoice, newest first', async () => {
    const a = await api.tenant();
    const cat = await createSaleCatalog(api.db, a);
    const sale = await api.as(a, 'staff').post(
      '/api/pos/sales',
      saleBody({
        employeeId: a.users.staff.id,
        lines: [{ item_id: cat.pedicure }],
        extra: { customer: { id: cat.member, name: 'x' } },
      }),
    );
    expect(sale.statusCode, sale.body).toBe(201);
    const created = dataOf<{ id: number; invoice_no: string }>(sale);
    const res = await api.as(a, 'admin').get(`/api/customers/historyPoint?customer_id=${cat.member}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = dataOf<Page<PointHistory>>(res);
    const earned = page.items.find((h) => h.kind === 'earn');
    expect(earned).toMatchObject({ sale_id: created.id, invoice_no: created.invoice_no });
    expect(earned!.points).toBeGreaterThan(0);
    const [stored] = await api.db.select().from(customers).where(eq(customers.id, cat.member));
    expect(page.items[0]!.balance_after).toBe(stored!.pointBalance);
  });
});

describe('reviews', () => {
  it('POST /api/pos/reviews saves a rating from the till; GET /api/customers/reviews lists them by customer', async () => {
    const a = await api.tenant();
    const cat = await createSaleCatalog(api.db, a);
    const left = await api.as(a, 'staff').post('/api/pos/reviews', {
      customer_id: cat.member,
      rating: 5,
      comment: 'Lovely pedicure',
      employee_id: a.users.staff.id,
    });
    expect(left.statusCode, left.body).toBe(201);
    expect(dataOf<Review>(left)).toMatchObject({
      rating: 5,
      customer_name: 'Mai Tran',
      store_id: a.store.id,
    });
    await api.as(a, 'staff').post('/api/pos/reviews', { customer_id: cat.customer, rating: 3 });
    const mine = dataOf<Page<Review>>(
      await api.as(a, 'admin').get(`/api/customers/reviews?customer_id=${cat.member}`),
    );
    expect(mine.items.map((r) => [r.rating, r.comment])).toEqual([[5, 'Lovely pedicure']]);
    const all = dataOf<Page<Review>>(await api.as(a, 'admin').get('/api/customers/reviews'));
    expect(all.total).toBe(2);
  });

  it('refuses a rating out of 1-5, another tenant’s customer, and a review without an Idempotency-Key', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const cat = await createSaleCatalog(api.db, a);
    const six = await api.as(a, 'staff').post('/api/pos/reviews', { customer_id: cat.member, rating: 6 });
    expect(six.statusCode).toBe(422);
    expect(six.json().errors).toHaveProperty('rating');
    const theirs = await api.as(b, 'staff').post('/api/pos/reviews', { customer_id: cat.member, rating: 4 });
    expect(theirs.statusCode).toBe(404);
    const keyless = await api
      .as(a, 'staff')
      .post('/api/pos/reviews', { customer_id: cat.member, rating: 4 }, { key: null });
    expect(keyless.statusCode).toBe(400);
    const stored = await api.db
      .select()
      .from(customerReviews)
      .where(eq(customerReviews.tenantId, a.tenantId));
    expect(stored).toHaveLength(0);
  });
});

describe('a customer’s picture', () => {
  it('is uploaded with the customer (multipart) and served by /api/customers/avatar/{id}; 404 without one', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const form = multipart(
      { first_name: 'Lan', phone: '5557770001' },
      { field: 'avatar', filename: 'lan.png', content: PNG, contentType: 'image/png' },
    );
    const created = await api.as(a, 'admin').post('/api/customers', form.payload, { headers: form.headers });
    expect(created.statusCode, created.body).toBe(201);
    const lan = dataOf<AdminCustomer>(created);
    expect(lan.avatar_path).toMatch(/^customers\/\d+\/[0-9a-f]+\.png$/);
    const picture = await api.as(a, 'admin').get(`/api/customers/avatar/${lan.id}`);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toContain('image/png');
    expect(Buffer.from(picture.rawPayload).subarray(0, 8)).toEqual(PNG.subarray(0, 8));
    expect((await api.as(b, 'admin').get(`/api/customers/avatar/${lan.id}`)).statusCode).toBe(404);

    const plain = dataOf<AdminCustomer>(
      await api.as(a, 'admin').post('/api/customers', { first_name: 'Mai' }),
    );
    expect((await api.as(a, 'admin').get(`/api/customers/avatar/${plain.id}`)).statusCode).toBe(404);
    const text = multipart(
      { first_name: 'Kim' },
      { field: 'avatar', filename: 'x.png', content: 'not a picture', contentType: 'image/png' },
    );
    const refused = await api.as(a, 'admin').post('/api/customers', text.payload, { headers: text.headers });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toHaveProperty('avatar');
  });
});
