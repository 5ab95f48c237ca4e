/**
 * Tenants whose store already has a catalog's categories, for the generated API suite of catalog items
 * (services, products, kits): the suite builds its own tenants, and a service or product needs a category of
 * the tenant's store, so the item tests swap the suite's fixture for this one, and their sample bodies name
 * the category by name ('Hair', 'Retail'), which the API resolves in the caller's store:
 *
 *   vi.mock('.../tests/support/server/tenant-fixture', async (importOriginal) =>
 *     (await import('.../tests/support/server/catalog-tenants')).withCatalogCategories(await importOriginal()));
 */
import { categories } from '../../../src/server/db/schema/catalog';
import type * as Fixtures from './tenant-fixture';

/** The categories every tenant's store gets: a service category and a product category. */
export const CATALOG_CATEGORY = { SERVICE: 'Hair', PRODUCT: 'Retail' } as const;

export function withCatalogCategories(original: typeof Fixtures): typeof Fixtures {
  return {
    ...original,
    createTenantWithUsers: async (db, options) => {
      const fixture = await original.createTenantWithUsers(db, options);
      await db.insert(categories).values([
        {
          tenantId: fixture.tenantId,
          storeId: fixture.store.id,
          type: 'service',
          name: CATALOG_CATEGORY.SERVICE,
        },
        {
          tenantId: fixture.tenantId,
          storeId: fixture.store.id,
          type: 'product',
          name: CATALOG_CATEGORY.PRODUCT,
        },
      ]);
      return fixture;
    },
  };
}
