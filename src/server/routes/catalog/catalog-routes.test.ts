import { describe, expect, it } from 'vitest';
import { apiHarness } from '../../../../tests/support/server/api-harness';
import type { ServiceProductSetting } from '../../../contracts/catalog';
import { MODULE, PERMISSION_TEMPLATE_ALL_ON } from '../../../domain/constants';
import { withModule } from '../../../domain/permissions';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { categories, productKitItems, productKits, products, services } from '../../db/schema/catalog';
import { customers, memberships } from '../../db/schema/customers';

const api = await apiHarness();

async function seedCatalog(f: TenantFixture) {
  const db = api.db;
  const t = { tenantId: f.tenantId, storeId: f.store.id };
  const [nails, hidden, retail, otherStoreCat] = await db
    .insert(categories)
    .values([
      { ...t, type: 'service', name: 'Nails', displayOrder: 2 },
      { ...t, type: 'service', name: 'Retired', displayOrder: 0, isActive: false },
      { ...t, type: 'product', name: 'Retail', displayOrder: 1 },
      { tenantId: f.tenantId, storeId: f.otherStore.id, type: 'service', name: 'Elsewhere' },
    ])
    .returning({ id: categories.id });
  const [gel] = await db
    .insert(services)
    .values([
      {
        ...t,
        categoryId: nails!.id,
        name: 'Gel manicure',
        price: 3500,
        taxes: '5',
        cost: 300,
        displayOrder: 2,
      },
      {
        ...t,
        categoryId: nails!.id,
        name: 'Classic manicure',
        price: 2000,
        taxes: '',
        commissionRate: 12.5,
        displayOrder: 1,
      },
      { ...t, categoryId: nails!.id, name: 'Old service', price: 100, isActive: false },
      { ...t, categoryId: hidden!.id, name: 'In a retired category', price: 100 },
      {
        tenantId: f.tenantId,
        storeId: f.otherStore.id,
        categoryId: otherStoreCat!.id,
        name: 'Other store',
        price: 1,
      },
    ])
    .returning({ id: services.id });
  const [polish, file] = await db
    .insert(products)
    .values([
      {
        ...t,
        categoryId: retail!.id,
        name: 'Polish',
        sku: 'P-1',
        price: 1200,
        taxes: '5,9.5',
        cost: 400,
        stockQuantity: 7,
      },
      { ...t, categoryId: retail!.id, name: 'Nail file', price: 300, taxes: '5,9.5', isActive: false },
    ])
    .returning({ id: products.id });
  const [kit] = await db
    .insert(productKits)
    .values([
      { ...t, name: 'Care kit', sku: 'K-1', price: 1500, taxes: '5,9.5', cost: 500 },
      { ...t, name: 'Old kit', price: 1500, isActive: false },
    ])
    .returning({ id: productKits.id });
  await db.insert(productKitItems).values([
    { ...t, kitId: kit!.id, productId: polish!.id, quantity: 2 },
    { ...t, kitId: kit!.id, productId: file!.id, quantity: 1 },
  ]);
  const [membership] = await db
    .insert(memberships)
    .values({ tenantId: f.tenantId, name: 'Gold', discountType: 0, discountValue: 10 })
    .returning({ id: memberships.id });
  const [customer] = await db
    .insert(customers)
    .values({
      tenantId: f.tenantId,
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '5551234567',
      pointBalance: 40,
      membershipId: membership!.id,
    })
    .returning({ id: customers.id });
  return {
    gel: gel!.id,
    polish: polish!.id,
    kit: kit!.id,
    customer: customer!.id,
    membership: membership!.id,
  };
}

const [a, b, saleOff] = await Promise.all([
  api.tenant({
    storeSettings: {
      config_tax_on_tax: 2,
      creditcard_fee_percent: 3,
      offline_card_limit_per_ticket: 20_000,
      momo: { partnerCode: 'P', accessKey: 'A', secretKey: 'momo-secret-value' },
      vnpay: { tmnCode: 'T', hashSecret: 'vnpay-hash-secret-value' },
    },
  }),
  api.tenant(),
  api.tenant({
    permissions: { staff: withModule(PERMISSION_TEMPLATE_ALL_ON, MODULE.SALE, { enable: false }) },
  }),
]);
const ids = await seedCatalog(a);

describe('GET /api/pos/sales/service-product-setting', () => {
  it('gives the active categories in display order, each with its active items as catalog items', async () => {
    const res = await api.as(a, 'staff').get('/api/pos/sales/service-product-setting');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ServiceProductSetting;
    expect(data.success).toBe(true);
    expect(data.categories.map((c) => c.name)).toEqual(['Retail', 'Nails']);
    const nails = data.categories.find((c) => c.type === 'service');
    expect(nails?.type === 'service' && nails.services.map((s) => s.name)).toEqual([
      'Classic manicure',
      'Gel manicure',
    ]);
    const gel = nails?.type === 'service' ? nails.services[1] : undefined;
    expect(gel).toEqual({
      item_id: ids.gel,
      item_type: 1,
      name: 'Gel manicure',
      taxes: '5',
      unit_price: 3500,
      cost: 300,
      display_order: 2,
      category_id: nails?.id,
      duration_minutes: 30,
    });
    expect(nails?.type === 'service' && nails.services[0]?.commission_rate).toBe(12.5);
    const retail = data.categories.find((c) => c.type === 'product');
    expect(retail?.type === 'product' && retail.products).toEqual([
      expect.objectContaining({
        item_id: ids.polish,
        item_type: 2,
        unit_price: 1200,
        cost: 400,
        taxes: '5,9.5',
        sku: 'P-1',
        stock_quantity: 7,
      }),
    ]);
    expect(data.kits).toEqual([
      expect.objectContaining({
        item_id: ids.kit,
        item_type: 3,
        name: 'Care kit',
        unit_price: 1500,
        items: [
          expect.objectContaining({ name: 'Nail file', quantity: 1 }),
          { product_id: ids.polish, name: 'Polish', quantity: 2 },
        ],
      }),
    ]);
  });

  it('sends the settings the sale computes with and never a provider secret', async () => {
    const res = await api.as(a, 'staff').get(`/api/pos/sales/service-product-setting?store_id=${a.store.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.settings).toMatchObject({
      store_id: a.store.id,
      currency: 'USD',
      config_tax_on_tax: 2,
      config_indian_tax: '0',
      creditcard_fee_percent: 3,
      creditcard_fee_to_customer: false,
      offline_card_limit_per_ticket: 20_000,
    });
    expect(res.body).not.toContain('secret');
  });

  it("answers 403 for another store, of this tenant or another, and shows another tenant nothing of A's", async () => {
    const other = await api
      .as(a, 'staff')
      .get(`/api/pos/sales/service-product-setting?store_id=${a.otherStore.id}`);
    expect(other.statusCode).toBe(403);
    const cross = await api
      .as(b, 'owner')
      .get(`/api/pos/sales/service-product-setting?store_id=${a.store.id}`);
    expect(cross.statusCode).toBe(403);
    const own = await api.as(b, 'owner').get('/api/pos/sales/service-product-setting');
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ categories: [], kits: [] });
  });

  it('answers 422 for a store_id that is not an id', async () => {
    const res = await api.as(a, 'staff').get('/api/pos/sales/service-product-setting?store_id=abc');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('store_id');
  });

  it('answers 401 without a session and 403 when the Sale module is off', async () => {
    expect((await api.get('/api/pos/sales/service-product-setting')).statusCode).toBe(401);
    expect((await api.as(saleOff, 'staff').get('/api/pos/sales/service-product-setting')).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/pos/sales/init', () => {
  it('gives the settings, the caller as employee and no customer, booking or turn', async () => {
    const res = await api.as(a, 'staff').get('/api/pos/sales/init');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.settings.store_id).toBe(a.store.id);
    expect(data.employee).toMatchObject({
      id: a.users.staff.id,
      name: a.users.staff.displayName,
      role: 'staff',
    });
    expect(data).toMatchObject({ customer: null, booking: null, turn: null });
  });

  it("preloads the customer asked for, with points and the membership's discount", async () => {
    const res = await api.as(a, 'manager').get(`/api/pos/sales/init?customer_id=${ids.customer}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.customer).toEqual({
      id: ids.customer,
      name: 'Ann Lee',
      telephone: '5551234567',
      point_balance: 40,
      // No end: the discount holds whatever the day (src/domain/membership.ts).
      membership: { id: ids.membership, name: 'Gold', discount: { type: 0, value: 10 }, expires_on: null },
    });
  });

  it("answers 404 for another tenant's customer and 422 for a malformed id", async () => {
    expect((await api.as(b, 'owner').get(`/api/pos/sales/init?customer_id=${ids.customer}`)).statusCode).toBe(
      404,
    );
    expect((await api.as(a, 'owner').get('/api/pos/sales/init?customer_id=-4')).statusCode).toBe(422);
  });

  it('answers 401 without a session and 403 when the Sale module is off', async () => {
    expect((await api.get('/api/pos/sales/init')).statusCode).toBe(401);
    expect((await api.as(saleOff, 'staff').get('/api/pos/sales/init')).statusCode).toBe(403);
  });
});
