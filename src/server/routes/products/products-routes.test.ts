import { describe, expect, it, vi } from 'vitest';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { CATALOG_CATEGORY } from '../../../../tests/support/server/catalog-tenants';
import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import type { ServiceProductSetting } from '../../../contracts/catalog';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { InventoryMovement, InventoryRow, Product } from '../../../contracts/products';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { categories, productKitItems, productKits, suppliers, units } from '../../db/schema/catalog';
import { PRODUCT_RESOURCE } from './products-routes';

// The suite's tenants get a 'Retail' product category (a product needs one), which the samples name.
vi.mock('../../../../tests/support/server/tenant-fixture', async (importOriginal) =>
  (await import('../../../../tests/support/server/catalog-tenants')).withCatalogCategories(
    await importOriginal(),
  ),
);

describeResourceApi({
  config: PRODUCT_RESOURCE,
  sample: (n) => ({
    category: CATALOG_CATEGORY.PRODUCT,
    name: `Shampoo ${n}`,
    sku: `SH-${n}`,
    barcode: `40000${n}`,
    price: String(1500 + n),
    cost: '700',
    taxes: '5',
    stock_quantity: '10',
  }),
  update: { name: 'Conditioner', price: 1800, sku: 'CO-1', stock_quantity: 12 },
  invalid: { body: { category: CATALOG_CATEGORY.PRODUCT, name: 'Gel', price: '1.5' }, field: 'price' },
  textField: 'name',
  searchField: 'name',
  filter: ['is_active', 'true'],
  makeInUse: async (db, f, id) => {
    const [kit] = await db
      .insert(productKits)
      .values({ tenantId: f.tenantId, storeId: f.store.id, name: `Kit ${id}`, price: 100 })
      .returning({ id: productKits.id });
    await db
      .insert(productKitItems)
      .values({ tenantId: f.tenantId, storeId: f.store.id, kitId: kit!.id, productId: id, quantity: 2 });
  },
});

describe('/api/products special cases', async () => {
  const api = await apiHarness();

  async function setUp(f: TenantFixture) {
    const t = { tenantId: f.tenantId, storeId: f.store.id };
    const [[category], [unit], [supplier], [elsewhereUnit]] = await Promise.all([
      api.db
        .insert(categories)
        .values({ ...t, type: 'product', name: 'Care' })
        .returning(),
      api.db
        .insert(units)
        .values({ ...t, name: 'Bottle' })
        .returning(),
      api.db
        .insert(suppliers)
        .values({ ...t, name: 'Acme' })
        .returning(),
      api.db
        .insert(units)
        .values({ tenantId: f.tenantId, storeId: f.otherStore.id, name: 'Box' })
        .returning(),
    ]);
    return {
      categoryId: category!.id,
      unitId: unit!.id,
      supplierId: supplier!.id,
      elsewhereUnitId: elsewhereUnit!.id,
    };
  }

  it('a duplicate SKU or barcode is 409 duplicate naming the field; blank ones never clash', async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    const { categoryId } = await setUp(a);
    const base = { category_id: categoryId, price: 100 };
    expect(
      (await owner.post('/api/products', { ...base, name: 'A', sku: 'X1', barcode: '111' })).statusCode,
    ).toBe(201);
    const sku = await owner.post('/api/products', { ...base, name: 'B', sku: 'X1' });
    expect(sku.statusCode).toBe(409);
    expect(sku.json()).toMatchObject({ code: ERROR_CODE.DUPLICATE, errors: { sku: [expect.any(String)] } });
    const barcode = await owner.post('/api/products', { ...base, name: 'C', barcode: '111' });
    expect(barcode.json()).toMatchObject({
      code: ERROR_CODE.DUPLICATE,
      errors: { barcode: [expect.any(String)] },
    });
    for (const name of ['D', 'E']) {
      expect((await owner.post('/api/products', { ...base, name, sku: '', barcode: '' })).statusCode).toBe(
        201,
      );
    }
  });

  it("the unit and supplier must be the store's; another store's unit is 422 on unit_id", async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    const { categoryId, unitId, supplierId, elsewhereUnitId } = await setUp(a);
    const made = await owner.post('/api/products', {
      category_id: categoryId,
      name: 'Oil',
      price: 900,
      unit_id: unitId,
      supplier_id: supplierId,
    });
    expect(dataOf(made)).toMatchObject({ unit_id: unitId, supplier_id: supplierId });
    const bad = await owner.post('/api/products', {
      category_id: categoryId,
      name: 'Oil 2',
      price: 900,
      unit_id: elsewhereUnitId,
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['unit_id']);
    const badSupplier = await owner.post(`/api/products/${dataOf(made).id}`, { supplier_id: 999999999 });
    expect(Object.keys(badSupplier.json().errors)).toEqual(['supplier_id']);
    const cleared = await owner.post(`/api/products/${dataOf(made).id}`, { unit_id: '' });
    expect(dataOf(cleared).unit_id).toBeNull();
  });

  it('a stock change records a movement with its reason and user; inventory and inventoriesDetail show them', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const owner = api.as(a, 'owner');
    const { categoryId, unitId } = await setUp(a);
    const product = dataOf(
      await owner.post('/api/products', {
        category_id: categoryId,
        name: 'Serum',
        sku: 'SE-1',
        price: 2500,
        stock_quantity: 4,
        unit_id: unitId,
      }),
    ) as Product;

    await owner.post(`/api/products/${product.id}`, {
      stock_quantity: 10,
      stock_reason: 'received',
      stock_note: 'Delivery 12',
    });
    await owner.post(`/api/products/${product.id}`, { stock_quantity: 9, stock_reason: 'damaged' });
    // Nothing changes the count: no movement.
    await owner.post(`/api/products/${product.id}`, { stock_quantity: 9, name: 'Serum+' });

    const detail = dataOf(
      await owner.get(`/api/products/inventoriesDetail?filter[product_id]=${product.id}`),
    );
    expect(detail.total).toBe(2);
    expect(detail.items as InventoryMovement[]).toEqual([
      expect.objectContaining({
        change: -1,
        quantity_after: 9,
        reason: 'damaged',
        note: null,
        user_id: a.users.owner.id,
        product_name: 'Serum+',
      }),
      expect.objectContaining({
        change: 6,
        quantity_after: 10,
        reason: 'received',
        note: 'Delivery 12',
        user_name: a.users.owner.displayName,
      }),
    ]);

    const inventory = dataOf(await owner.get('/api/products/inventory?search=SE-1'));
    expect(inventory.items as InventoryRow[]).toEqual([
      expect.objectContaining({
        product_id: product.id,
        stock_quantity: 9,
        unit_name: 'Bottle',
        last_movement_at: expect.any(String),
      }),
    ]);
    const low = dataOf(await owner.get('/api/products/inventory?filter[stock_at_most]=5'));
    expect(low.total).toBe(0);

    // Another tenant sees none of it.
    const theirs = api.as(b, 'owner');
    expect(
      dataOf(await theirs.get(`/api/products/inventoriesDetail?filter[product_id]=${product.id}`)).total,
    ).toBe(0);
    expect(dataOf(await theirs.get('/api/products/inventory')).total).toBe(0);
    // The front desk does not read the back office's stock.
    expect((await api.as(a, 'staff').get('/api/products/inventory')).statusCode).toBe(403);
  });

  it('a product saved here is what the sale screen sells, with its stock', async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    const { categoryId } = await setUp(a);
    const product = dataOf(
      await owner.post('/api/products', {
        category_id: categoryId,
        name: 'Balm',
        price: 1200,
        taxes: '7',
        stock_quantity: 3,
      }),
    ) as Product;
    await owner.post(`/api/products/${product.id}/ordering`, { display_order: 4 });
    const setting = dataOf(
      await api.as(a, 'staff').get('/api/pos/sales/service-product-setting'),
    ) as ServiceProductSetting;
    const sold = setting.categories.flatMap((c) => (c.type === 'product' ? c.products : []));
    expect(sold).toEqual([
      expect.objectContaining({
        item_id: product.id,
        unit_price: 1200,
        taxes: '7',
        stock_quantity: 3,
        display_order: 4,
      }),
    ]);
  });
});
