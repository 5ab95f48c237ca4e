/**
 * Catalog rows of a fixture tenant's store, written straight to the database (no HTTP), for tests that need
 * a row to refer to another: a product counted in a unit, bought from a supplier.
 */
import type { Queryable } from '../../../src/server/db/client';
import { categories, products } from '../../../src/server/db/schema/catalog';
import type { TenantFixture } from './tenant-fixture';

/** A product of the fixture's store, in a product category of its own named `category`. */
export async function insertProduct(
  db: Queryable,
  f: TenantFixture,
  category: string,
  product: Omit<typeof products.$inferInsert, 'tenantId' | 'storeId' | 'categoryId'>,
): Promise<void> {
  const store = { tenantId: f.tenantId, storeId: f.store.id };
  const [row] = await db
    .insert(categories)
    .values({ ...store, type: 'product', name: category })
    .returning({ id: categories.id });
  await db.insert(products).values({ ...store, categoryId: row!.id, ...product });
}
