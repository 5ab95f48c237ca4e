import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { CATALOG_CATEGORY } from '../../../../tests/support/server/catalog-tenants';
import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import type { ServiceProductSetting } from '../../../contracts/catalog';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { PosService, Service } from '../../../contracts/services';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { auditLog } from '../../db/schema/audit-log';
import { categories } from '../../db/schema/catalog';
import { SERVICE_RESOURCE } from './services-routes';

// The suite's tenants get a 'Hair' service category (a service needs one), which the samples name.
vi.mock('../../../../tests/support/server/tenant-fixture', async (importOriginal) =>
  (await import('../../../../tests/support/server/catalog-tenants')).withCatalogCategories(
    await importOriginal(),
  ),
);

describeResourceApi({
  config: SERVICE_RESOURCE,
  sample: (n) => ({
    category: CATALOG_CATEGORY.SERVICE,
    name: `Haircut ${n}`,
    price: String(2000 + n),
    duration_minutes: '45',
    taxes: '5',
    turn_value: 'full',
  }),
  update: { name: 'Colour and cut', price: 6500, turn_value: 'half', cost: 400, commission_rate: 40 },
  invalid: { body: { category: CATALOG_CATEGORY.SERVICE, name: 'Trim', price: '-5' }, field: 'price' },
  textField: 'name',
  searchField: 'name',
  filter: ['turn_value', 'full'],
});

describe('/api/services special cases', async () => {
  const api = await apiHarness();

  async function serviceCategory(
    f: TenantFixture,
    storeId = f.store.id,
    type: 'service' | 'product' = 'service',
  ) {
    const [row] = await api.db
      .insert(categories)
      .values({ tenantId: f.tenantId, storeId, type, name: `Nails ${storeId} ${type}` })
      .returning({ id: categories.id });
    return row!.id;
  }

  it('a service saved in the back office is what the sale screen sells, at its new price, until disabled', async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    const categoryId = await serviceCategory(a);
    const created = await owner.post('/api/services', {
      category_id: categoryId,
      name: 'Gel manicure',
      price: 3500,
      taxes: '5, 9.5',
      cost: 300,
      duration_minutes: 40,
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = dataOf(created) as Service;
    expect(service).toMatchObject({ taxes: '5,9.5', turn_value: null, commission_rate: null });
    // Its own turn value, then back to the store's thresholds ('' from the editor's "by price").
    const half = await owner.post(`/api/services/${service.id}`, { turn_value: 'half' });
    expect((dataOf(half) as Service).turn_value).toBe('half');
    const byPrice = await owner.post(`/api/services/${service.id}`, { turn_value: '' });
    expect((dataOf(byPrice) as Service).turn_value).toBeNull();

    const sold = async () => {
      const setting = dataOf(
        await api.as(a, 'staff').get('/api/pos/sales/service-product-setting'),
      ) as ServiceProductSetting;
      return setting.categories.flatMap((c) => (c.type === 'service' ? c.services : []));
    };
    expect(await sold()).toEqual([
      expect.objectContaining({ item_id: service.id, unit_price: 3500, taxes: '5,9.5', cost: 300 }),
    ]);

    await owner.post(`/api/services/${service.id}`, { price: 3900, commission_rate: 35 });
    expect(await sold()).toEqual([
      expect.objectContaining({ item_id: service.id, unit_price: 3900, commission_rate: 35 }),
    ]);

    const pos = dataOf(await api.as(a, 'staff').get('/api/pos/services')) as PosService[];
    expect(pos.map((s) => s.id)).toEqual([service.id]);
    const walkIn = dataOf(await api.as(a, 'staff').get('/api/pos/services/walkin-services')) as PosService[];
    expect(walkIn).toEqual(pos);

    await owner.post('/api/services/bulk', { action: 'disable', ids: [service.id] });
    expect(await sold()).toEqual([]);
    expect(dataOf(await api.as(a, 'staff').get('/api/pos/services'))).toEqual([]);
  });

  it('a category of another store, of products or unknown by name is 422 on category_id, writing nothing', async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    const elsewhere = await serviceCategory(a, a.otherStore.id);
    const productCategory = await serviceCategory(a, a.store.id, 'product');
    for (const body of [
      { category_id: elsewhere },
      { category_id: productCategory },
      { category: 'No such category' },
      {},
    ]) {
      const response = await owner.post('/api/services', { ...body, name: 'Pedicure', price: 100 });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().code).toBe(ERROR_CODE.VALIDATION_FAILED);
      expect(Object.keys(response.json().errors)).toEqual(['category_id']);
    }
    expect(dataOf(await owner.get('/api/services')).total).toBe(0);
  });

  it('taxes are percentages separated by commas; anything else is 422 on taxes', async () => {
    const a = await api.tenant();
    const owner = api.as(a, 'owner');
    const categoryId = await serviceCategory(a);
    for (const taxes of ['5;9', '101', 'abc', '5,-1']) {
      const response = await owner.post('/api/services', {
        category_id: categoryId,
        name: 'X',
        price: 1,
        taxes,
      });
      expect(response.statusCode, taxes).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['taxes']);
    }
    const ok = await owner.post('/api/services', {
      category_id: categoryId,
      name: 'X',
      price: 1,
      taxes: ' 5 ,, 9.50',
    });
    expect(dataOf(ok).taxes).toBe('5,9.5');
  });

  it('POST /services/{id}/ordering moves the service, audited; another tenant gets 404', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const owner = api.as(a, 'owner');
    const categoryId = await serviceCategory(a);
    const make = async (name: string) =>
      dataOf(await owner.post('/api/services', { category_id: categoryId, name, price: 100 })) as Service;
    const [first, second] = [await make('Alpha'), await make('Beta')];
    const moved = await owner.post(`/api/services/${second.id}/ordering`, { display_order: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    await owner.post(`/api/services/${first.id}/ordering`, { display_order: 5 });
    const listed = dataOf(await owner.get('/api/services?sort=display_order')).items as Service[];
    expect(listed.map((s) => s.id)).toEqual([second.id, first.id]);

    const audits = await api.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, a.tenantId), eq(auditLog.entityId, String(first.id))));
    expect(audits.map((r) => r.action)).toEqual(['services.create', 'services.ordering']);

    const theirs = await api.as(b, 'owner').post(`/api/services/${first.id}/ordering`, { display_order: 1 });
    expect(theirs.statusCode).toBe(404);
    const bad = await owner.post(`/api/services/${first.id}/ordering`, { display_order: -1 });
    expect(Object.keys(bad.json().errors)).toEqual(['display_order']);
  });
});
