import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import { csvFile, multipart } from '../../../../tests/support/server/resource-multipart';
import { createTestSale } from '../../../../tests/support/server/test-sales';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import type { Coupon, CouponHistory, PosCoupon } from '../../../contracts/coupons';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { PAYMENT_TYPE } from '../../../domain/constants';
import type { ImportResult } from '../../../contracts/resource';
import { categories, services } from '../../db/schema/catalog';
import { coupons } from '../../db/schema/coupons';
import { customers } from '../../db/schema/customers';
import { couponHistories } from '../../db/schema/ledger-histories';
import { salePayments } from '../../db/schema/sales';
import { COUPON_RESOURCE } from './coupons-routes';

describeResourceApi({
  config: COUPON_RESOURCE,
  sample: (n) => ({
    code: `save-${n}`,
    name: `Save ${n}`,
    discount_type: '0',
    discount_value: '10',
    min_order_amount: '2000',
    max_uses: '100',
  }),
  update: { name: 'Spring special', discount_type: 1, discount_value: 500 },
  invalid: { body: { code: 'TOO-MUCH', discount_type: '0', discount_value: '150' }, field: 'discount_value' },
  textField: 'name',
  searchField: 'name',
  filter: ['is_active', 'true'],
  // A sale paid with the coupon: its payment names it.
  makeInUse: async (db, f, id) => {
    const sale = await createTestSale(db, f.auth('staff'));
    await db.insert(salePayments).values({
      tenantId: f.tenantId,
      storeId: f.store.id,
      saleId: sale.id,
      paymentType: PAYMENT_TYPE.COUPON,
      amount: 500,
      couponId: id,
    });
  },
});

describe('/api/coupons special cases', async () => {
  const api = await apiHarness();

  async function serviceOf(f: TenantFixture, name = 'Gel manicure'): Promise<number> {
    const [category] = await api.db
      .insert(categories)
      .values({ tenantId: f.tenantId, storeId: f.store.id, type: 'service', name: `Nails ${name}` })
      .returning({ id: categories.id });
    const [service] = await api.db
      .insert(services)
      .values({ tenantId: f.tenantId, storeId: f.store.id, categoryId: category!.id, name, price: 4500 })
      .returning({ id: services.id });
    return service!.id;
  }

  async function coupon(f: TenantFixture, body: Record<string, unknown>): Promise<Coupon> {
    const res = await api
      .as(f, 'admin')
      .post('/api/coupons', { discount_type: 1, discount_value: 500, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return dataOf<Coupon>(res);
  }

  it('stores the code normalised and upper-cased, and a code in use in another form is 409 duplicate', async () => {
    const a = await api.tenant();
    const created = await coupon(a, { code: ' spring 15! ', name: 'Spring' });
    expect(created.code).toBe('SPRING15');
    const again = await api.as(a, 'admin').post('/api/coupons', {
      code: 'Spring-15'.replace('-', ''),
      discount_type: 0,
      discount_value: 5,
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({
      code: ERROR_CODE.DUPLICATE,
      errors: { code: [expect.any(String)] },
    });
    // Another tenant may use the same code.
    const b = await api.tenant();
    expect((await coupon(b, { code: 'spring15' })).code).toBe('SPRING15');
  });

  it('refuses a percent over 100, an amount in fractions, a last day before the first, a code of symbols, and used_count', async () => {
    const a = await api.tenant();
    const admin = api.as(a, 'admin');
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'P', discount_type: 0, discount_value: 101 }, 'discount_value'],
      [{ code: 'A', discount_type: 1, discount_value: 5.5 }, 'discount_value'],
      [
        { code: 'D', discount_type: 1, discount_value: 5, starts_at: '2026-12-10', ends_at: '2026-12-01' },
        'ends_at',
      ],
      [{ code: '!!!', discount_type: 1, discount_value: 5 }, 'code'],
      [{ code: 'U', discount_type: 1, discount_value: 5, used_count: 3 }, ''],
      [{ code: 'M', discount_type: 1, discount_value: 5, max_uses: 0 }, 'max_uses'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/coupons', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().code).toBe(ERROR_CODE.VALIDATION_FAILED);
      if (field) expect(Object.keys(res.json().errors)).toContain(field);
    }
    // An update is checked against the stored other half: a percent coupon's value cannot go past 100.
    const percent = await coupon(a, {
      code: 'TEN',
      discount_type: 0,
      discount_value: 10,
      ends_at: '2026-12-31',
    });
    const over = await admin.post(`/api/coupons/${percent.id}`, { discount_value: 150 });
    expect(over.statusCode).toBe(422);
    expect(Object.keys(over.json().errors)).toEqual(['discount_value']);
    const early = await admin.post(`/api/coupons/${percent.id}`, { starts_at: '2027-01-01' });
    expect(early.statusCode).toBe(422);
    expect(Object.keys(early.json().errors)).toEqual(['ends_at']);
    const [stored] = await api.db.select().from(coupons).where(eq(coupons.id, percent.id));
    expect(stored!.discountValue).toBe(10);
  });

  it("keeps service_ids to the tenant's services: another tenant's id is 422 naming service_ids", async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const mine = await serviceOf(a);
    const theirs = await serviceOf(b);
    const created = await coupon(a, { code: 'MANI', service_ids: [mine, String(mine)] });
    expect(created.service_ids).toEqual([mine]);
    const res = await api.as(a, 'admin').post('/api/coupons', {
      code: 'OTHER',
      discount_type: 1,
      discount_value: 100,
      service_ids: [mine, theirs],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.service_ids[0]).toContain(String(theirs));
    expect(res.json().errors.service_ids[0]).not.toContain(String(mine) + ',');
  });

  it('imports a file with a byte-order mark, Windows line endings and services listed in a cell; exports them back', async () => {
    const a = await api.tenant();
    const [one, two] = [await serviceOf(a, 'Gel'), await serviceOf(a, 'Spa')];
    const content =
      '\ufeff' +
      csvFile(
        ['code', 'name', 'discount_type', 'discount_value', 'service_ids', 'starts_at', 'ends_at'],
        [
          {
            code: 'bom-1',
            name: 'Nails',
            discount_type: '0',
            discount_value: '12.5',
            service_ids: `${one};${two}`,
            starts_at: '2026-01-01',
            ends_at: '2026-12-31',
          },
        ],
      );
    expect(content).toContain('\r\n');
    const form = multipart({ mode: 'commit' }, { field: 'file', filename: 'coupons.csv', content });
    const res = await api.as(a, 'admin').post('/api/coupons/import', form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<ImportResult>(res)).toMatchObject({ imported: 1, error_rows: 0 });
    const listed = dataOf<{ items: Coupon[] }>(await api.as(a, 'admin').get('/api/coupons?search=BOM-1'));
    expect(listed.items[0]).toMatchObject({
      code: 'BOM-1',
      discount_value: 12.5,
      service_ids: [one, two],
      starts_at: '2026-01-01',
      ends_at: '2026-12-31',
    });
    const exported = await api.as(a, 'admin').get('/api/coupons/export?search=BOM-1');
    expect(exported.body).toContain(`BOM-1,Nails,0,12.5,0,,,${one};${two},2026-01-01,2026-12-31,true`);
  });

  it('refuses, with a message on file, a file in another encoding and a file with a column coupons do not have', async () => {
    const a = await api.tenant();
    const admin = api.as(a, 'admin');
    const post = (content: string | Buffer) => {
      const form = multipart({ mode: 'dry_run' }, { field: 'file', filename: 'coupons.csv', content });
      return admin.post('/api/coupons/import', form.payload, { headers: form.headers });
    };
    // "Café" saved by an old Excel in Windows-1252: é is the single byte 0xE9.
    const latin1 = Buffer.from('code,name,discount_type,discount_value\r\nCAFE,Caf\xe9,1,500\r\n', 'latin1');
    const encoded = await post(latin1);
    expect(encoded.statusCode, encoded.body).toBe(422);
    expect(encoded.json().errors.file[0]).toContain('UTF-8');
    const extra = await post('code,discount_type,discount_value,notes\r\nEXTRA,1,500,hello\r\n');
    expect(extra.statusCode, extra.body).toBe(422);
    expect(extra.json().errors.file[0]).toContain('notes');
    expect(dataOf<{ total: number }>(await admin.get('/api/coupons?search=CAFE')).total).toBe(0);
  });

  it('histories list the uses and releases newest first, a page at a time; another tenant gets 404', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const cp = await coupon(a, { code: 'HIST', max_uses: 10 });
    const [customer] = await api.db
      .insert(customers)
      .values({ tenantId: a.tenantId, storeId: a.store.id, firstName: 'Mai', lastName: 'Tran' })
      .returning({ id: customers.id });
    await api.db.insert(couponHistories).values(
      ['use', 'use', 'release'].map((kind, i) => ({
        tenantId: a.tenantId,
        couponId: cp.id,
        storeId: a.store.id,
        customerId: customer!.id,
        kind: kind as 'use' | 'release',
        discountAmount: 500,
        userId: a.users.staff.id,
        createdAt: new Date(Date.UTC(2026, 10, 1 + i)),
      })),
    );
    const admin = api.as(a, 'admin');
    const page1 = await admin.get(`/api/coupons/${cp.id}/histories?per_page=2`);
    expect(page1.statusCode, page1.body).toBe(200);
    const first = dataOf<{ items: CouponHistory[]; total: number }>(page1);
    expect(first.total).toBe(3);
    expect(first.items.map((h) => h.kind)).toEqual(['release', 'use']);
    expect(first.items[0]).toMatchObject({
      customer_name: 'Mai Tran',
      discount_amount: 500,
      coupon_id: cp.id,
    });
    const second = dataOf<{ items: CouponHistory[] }>(
      await admin.get(`/api/coupons/${cp.id}/histories?per_page=2&page=2`),
    );
    expect(second.items).toHaveLength(1);
    const uses = dataOf<{ total: number }>(
      await admin.get(`/api/coupons/${cp.id}/histories?filter[kind]=use`),
    );
    expect(uses.total).toBe(2);
    const other = await api.as(b, 'admin').get(`/api/coupons/${cp.id}/histories`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Mai');
    expect((await api.as(a, 'staff').get(`/api/coupons/${cp.id}/histories`)).statusCode).toBe(403);
  });

  it("limits a coupon to one of the tenant's stores (blank = every store); another tenant's store is 422", async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const admin = api.as(a, 'admin');
    const here = await coupon(a, { code: 'HERE', store_id: String(a.otherStore.id) });
    expect(here.store_id).toBe(a.otherStore.id);
    const everywhere = await coupon(a, { code: 'ALL', store_id: '' });
    expect(everywhere.store_id).toBeNull();
    const moved = await admin.post(`/api/coupons/${here.id}`, { store_id: a.store.id });
    expect(dataOf<Coupon>(moved).store_id).toBe(a.store.id);
    const freed = await admin.post(`/api/coupons/${here.id}`, { store_id: '' });
    expect(dataOf<Coupon>(freed).store_id).toBeNull();
    const theirs = await admin.post('/api/coupons', {
      code: 'THEIRS',
      discount_type: 1,
      discount_value: 500,
      store_id: b.store.id,
    });
    expect(theirs.statusCode, theirs.body).toBe(422);
    expect(theirs.json()).toMatchObject({
      errors: { store_id: [expect.any(String)] },
      details: { field_codes: { store_id: 'unknown_reference' } },
    });
    // The store's list the screen's select reads: the tenant's stores only, by name.
    const listed = dataOf<{ items: { id: number }[] }>(await admin.get('/api/pos/stores'));
    expect(listed.items.map((s) => s.id).sort()).toEqual([a.store.id, a.otherStore.id].sort());
  });

  it('GET /api/pos/coupons/{code} answers a cashier what the sale screen needs, and why a coupon cannot be used', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const cashier = api.as(a, 'staff');
    const cp = await coupon(a, {
      code: 'VIP20',
      discount_value: 2000,
      max_uses: 3,
      max_uses_per_customer: 1,
    });
    const found = await cashier.get('/api/pos/coupons/vip-20'.replace('-', ''));
    expect(found.statusCode, found.body).toBe(200);
    expect(dataOf<PosCoupon>(found)).toMatchObject({
      id: cp.id,
      code: 'VIP20',
      remaining_uses: 3,
      customer_uses: null,
      refusal: null,
    });
    expect(dataOf<PosCoupon>(await cashier.get(`/api/pos/coupons/${cp.id}`)).code).toBe('VIP20');

    const expired = await coupon(a, { code: 'OLD', ends_at: '2020-01-31' });
    expect(dataOf<PosCoupon>(await cashier.get('/api/pos/coupons/old')).refusal).toBe(
      ERROR_CODE.COUPON_EXPIRED,
    );
    await api.db.update(coupons).set({ storeId: a.otherStore.id }).where(eq(coupons.id, expired.id));
    const elsewhere = await cashier.get('/api/pos/coupons/OLD');
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe(ERROR_CODE.COUPON_NOT_FOUND);
    expect((await api.as(b, 'staff').get('/api/pos/coupons/VIP20')).statusCode).toBe(404);
  });

  it('bulk disables coupons; a disabled coupon is refused at the till', async () => {
    const a = await api.tenant();
    const cp = await coupon(a, { code: 'OFF' });
    const res = await api.as(a, 'admin').post('/api/coupons/bulk', { action: 'disable', ids: [cp.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf<PosCoupon>(await api.as(a, 'staff').get('/api/pos/coupons/OFF')).refusal).toBe(
      ERROR_CODE.COUPON_INACTIVE,
    );
  });
});
