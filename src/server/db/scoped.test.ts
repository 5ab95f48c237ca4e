import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { TestDatabase } from '../../../tests/support/test-db';
import { HttpError } from '../errors';
import { categories } from './schema/catalog';
import { customers } from './schema/customers';
import { stores } from './schema/stores';
import { tenants } from './schema/tenants';
import { storeIdWhere, storeValues, storeWhere, tenantIdWhere, tenantValues, tenantWhere } from './scoped';

let testDb: TestDatabase;
const ids = { tenantA: 0, tenantB: 0, storeA1: 0, storeA2: 0, storeB: 0 };

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb;
  const [a, b] = await db
    .insert(tenants)
    .values([
      { code: 'SCOPEA', name: 'A' },
      { code: 'SCOPEB', name: 'B' },
    ])
    .returning({ id: tenants.id });
  ids.tenantA = a!.id;
  ids.tenantB = b!.id;
  const [s1, s2, s3] = await db
    .insert(stores)
    .values([
      { tenantId: ids.tenantA, code: '1', name: 'A1' },
      { tenantId: ids.tenantA, code: '2', name: 'A2' },
      { tenantId: ids.tenantB, code: '1', name: 'B1' },
    ])
    .returning({ id: stores.id });
  ids.storeA1 = s1!.id;
  ids.storeA2 = s2!.id;
  ids.storeB = s3!.id;
  await db.insert(categories).values([
    { tenantId: ids.tenantA, storeId: ids.storeA1, type: 'service', name: 'A1 nails' },
    { tenantId: ids.tenantA, storeId: ids.storeA2, type: 'service', name: 'A2 nails' },
    { tenantId: ids.tenantB, storeId: ids.storeB, type: 'service', name: 'B nails' },
  ]);
});
afterAll(async () => {
  await testDb?.drop();
});

describe('scoped query helpers', () => {
  it("storeWhere returns only the caller's store rows of the caller's tenant", async () => {
    const rows = await testDb.db
      .select({ name: categories.name })
      .from(categories)
      .where(storeWhere(categories, { tenantId: ids.tenantA, storeId: ids.storeA1 }));
    expect(rows.map((r) => r.name)).toEqual(['A1 nails']);
  });

  it("tenantWhere returns every store's rows of the tenant and none of another tenant", async () => {
    const rows = await testDb.db
      .select({ name: categories.name })
      .from(categories)
      .where(tenantWhere(categories, { tenantId: ids.tenantA }))
      .orderBy(categories.name);
    expect(rows.map((r) => r.name)).toEqual(['A1 nails', 'A2 nails']);
  });

  it('extra conditions are ANDed and undefined ones skipped', async () => {
    const rows = await testDb.db
      .select({ name: categories.name })
      .from(categories)
      .where(tenantWhere(categories, { tenantId: ids.tenantA }, undefined, eq(categories.name, 'A2 nails')));
    expect(rows.map((r) => r.name)).toEqual(['A2 nails']);
  });

  it("another tenant's id matches nothing, so the route answers 404", async () => {
    const [bRow] = await testDb.db
      .select({ id: categories.id })
      .from(categories)
      .where(tenantWhere(categories, { tenantId: ids.tenantB }));
    const seenByA = await testDb.db
      .select()
      .from(categories)
      .where(tenantIdWhere(categories, { tenantId: ids.tenantA }, bRow!.id));
    expect(seenByA).toEqual([]);
    const seenByOtherStore = await testDb.db
      .select()
      .from(categories)
      .where(storeIdWhere(categories, { tenantId: ids.tenantB, storeId: ids.storeB + 1000 }, bRow!.id));
    expect(seenByOtherStore).toEqual([]);
  });

  it('a session without a store gets 403 from the store helpers', () => {
    const noStore = { tenantId: ids.tenantA, storeId: null };
    expect(() => storeWhere(categories, noStore)).toThrow(HttpError);
    expect(() => storeValues(noStore, {})).toThrow(expect.objectContaining({ statusCode: 403 }));
  });

  it("insert helpers overwrite a smuggled tenant or store id with the caller's", async () => {
    const smuggled = { tenantId: ids.tenantB, storeId: ids.storeB, type: 'product' as const, name: 'Polish' };
    const values = storeValues({ tenantId: ids.tenantA, storeId: ids.storeA1 }, smuggled);
    expect(values).toMatchObject({ tenantId: ids.tenantA, storeId: ids.storeA1 });
    const [row] = await testDb.db.insert(categories).values(values).returning();
    expect(row).toMatchObject({ tenantId: ids.tenantA, storeId: ids.storeA1, name: 'Polish' });

    const customer = tenantValues({ tenantId: ids.tenantA }, { tenantId: ids.tenantB, firstName: 'Ann' });
    const [c] = await testDb.db.insert(customers).values(customer).returning();
    expect(c!.tenantId).toBe(ids.tenantA);
  });

  it("the composite keys refuse a row that points at another tenant's store", async () => {
    await expect(
      testDb.db
        .insert(categories)
        .values({ tenantId: ids.tenantA, storeId: ids.storeB, type: 'service', name: 'cross' }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
  });
});
