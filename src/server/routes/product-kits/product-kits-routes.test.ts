import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import type { ServiceProductSetting } from '../../../contracts/catalog';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { KitItems, ProductKit } from '../../../contracts/product-kits';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { auditLog } from '../../db/schema/audit-log';
import { categories, products } from '../../db/schema/catalog';
import { PRODUCT_KIT_RESOURCE } from './product-kits-routes';

describeResourceApi({
  config: PRODUCT_KIT_RESOURCE,
  sample: (n) => ({ name: `Spa set ${n}`, sku: `KIT-${n}`, price: String(5000 + n), taxes: '5' }),
  update: { name: 'Holiday set', price: 5900, sku: 'KIT-HOLIDAY' },
  invalid: { body: { name: 'Set', price: '10', taxes: '5%' }, field: 'taxes' },
  textField: 'name',
  searchField: 'name',
  filter: ['is_active', 'true'],
});

describe('/api/productkits items', async () => {
  const api = await apiHarness();

  async function twoProducts(f: TenantFixture, storeId = f.store.id) {
    const t = { tenantId: f.tenantId, storeId };
    const [category] = await api.db
      .insert(categories)
      .values({ ...t, type: 'product', name: 'Care' })
      .returning();
    return api.db
      .insert(products)
      .values([
        { ...t, categoryId: category!.id, name: 'Shampoo', sku: 'SH', price: 1000 },
        { ...t, categoryId: category!.id, name: 'Conditioner', sku: 'CO', price: 1200 },
      ])
      .returning({ id: products.id });
  }

  it('replaces the items in one write, audited; the sale screen sells the kit with them', async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    const [shampoo, conditioner] = await twoProducts(a);
    const kit = dataOf(await owner.post('/api/productkits', { name: 'Care set', price: 2000 })) as ProductKit;
    expect(dataOf(await owner.get(`/api/productkits/${kit.id}/items`))).toEqual({
      kit_id: kit.id,
      items: [],
    });

    const saved = await owner.put(`/api/productkits/${kit.id}/items`, {
      items: [
        { product_id: shampoo!.id, quantity: 2 },
        { product_id: conditioner!.id, quantity: '1' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((dataOf(saved) as KitItems).items).toEqual([
      { product_id: conditioner!.id, name: 'Conditioner', sku: 'CO', quantity: 1 },
      { product_id: shampoo!.id, name: 'Shampoo', sku: 'SH', quantity: 2 },
    ]);
    await owner.put(`/api/productkits/${kit.id}/items`, {
      items: [{ product_id: shampoo!.id, quantity: 3 }],
    });
    const items = dataOf(await owner.get(`/api/productkits/${kit.id}/items`)) as KitItems;
    expect(items.items).toEqual([expect.objectContaining({ product_id: shampoo!.id, quantity: 3 })]);

    const setting = dataOf(
      await api.as(a, 'staff').get('/api/pos/sales/service-product-setting'),
    ) as ServiceProductSetting;
    expect(setting.kits).toEqual([
      expect.objectContaining({
        item_id: kit.id,
        unit_price: 2000,
        items: [{ product_id: shampoo!.id, name: 'Shampoo', quantity: 3 }],
      }),
    ]);

    const audits = await api.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenantId), eq(auditLog.entityType, 'productkits')));
    expect(audits.map((r) => r.action)).toEqual([
      'productkits.create',
      'productkits.items',
      'productkits.items',
    ]);

    // The product in the kit cannot be deleted; the kit can, and takes its items with it.
    const refused = await owner.del(`/api/products/${shampoo!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: ERROR_CODE.IN_USE,
      details: { in_use: [{ resource: 'productkits', count: 1 }] },
    });
    expect((await owner.del(`/api/productkits/${kit.id}`)).statusCode).toBe(200);
    expect((await owner.del(`/api/products/${shampoo!.id}`)).statusCode).toBe(200);
  });

  it("another store's product, a product twice or no such kit: refused, nothing changed", async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const owner = api.as(a, 'owner');
    const [mine] = await twoProducts(a);
    const [elsewhere] = await twoProducts(a, a.otherStore.id);
    const kit = dataOf(await owner.post('/api/productkits', { name: 'Set', price: 100 })) as ProductKit;
    await owner.put(`/api/productkits/${kit.id}/items`, { items: [{ product_id: mine!.id, quantity: 1 }] });

    const foreign = await owner.put(`/api/productkits/${kit.id}/items`, {
      items: [{ product_id: elsewhere!.id, quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(422);
    expect(Object.keys(foreign.json().errors)).toEqual(['items']);
    const twice = await owner.put(`/api/productkits/${kit.id}/items`, {
      items: [
        { product_id: mine!.id, quantity: 1 },
        { product_id: mine!.id, quantity: 2 },
      ],
    });
    expect(twice.statusCode).toBe(422);
    const zero = await owner.put(`/api/productkits/${kit.id}/items`, {
      items: [{ product_id: mine!.id, quantity: 0 }],
    });
    expect(zero.statusCode).toBe(422);
    expect((dataOf(await owner.get(`/api/productkits/${kit.id}/items`)) as KitItems).items).toEqual([
      expect.objectContaining({ product_id: mine!.id, quantity: 1 }),
    ]);

    const theirs = api.as(b, 'owner');
    expect((await theirs.get(`/api/productkits/${kit.id}/items`)).statusCode).toBe(404);
    expect((await theirs.put(`/api/productkits/${kit.id}/items`, { items: [] })).statusCode).toBe(404);
    expect((await api.as(a, 'staff').get(`/api/productkits/${kit.id}/items`)).statusCode).toBe(403);
  });
});
