import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import { categories, products } from '../../db/schema/catalog';
import { UNIT_RESOURCE } from './units-routes';

describeResourceApi({
  config: UNIT_RESOURCE,
  sample: (n) => ({ name: `Bottle ${n}`, abbreviation: 'btl' }),
  update: { name: 'Box of ten', abbreviation: 'box' },
  invalid: { body: { name: '', abbreviation: 'x' }, field: 'name' },
  textField: 'name',
  searchField: 'name',
  filter: ['is_active', 'true'],
  makeInUse: async (db, f, id) => {
    const [category] = await db
      .insert(categories)
      .values({ tenantId: f.tenantId, storeId: f.store.id, type: 'product', name: `Care ${id}` })
      .returning({ id: categories.id });
    await db.insert(products).values({
      tenantId: f.tenantId,
      storeId: f.store.id,
      categoryId: category!.id,
      name: `Shampoo ${id}`,
      price: 1000,
      unitId: id,
    });
  },
});
