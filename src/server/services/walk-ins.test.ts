import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { TestDatabase } from '../../../tests/support/test-db';
import { createWalkInBody, walkInGroupQuery, walkInListQuery } from '../../contracts/walk-ins';
import { createTenantWithUsers } from '../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';
import { stores } from '../db/schema/stores';
import { HttpError } from '../errors';
import { createWalkIn, listWalkIns, walkInsByEmployee } from './walk-ins';

let testDb: TestDatabase;
let f: TenantFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  f = await createTenantWithUsers(testDb.db);
  // UTC+13 in January: the store's day starts 13 hours before UTC's.
  await testDb.db
    .update(stores)
    .set({ timezone: 'Pacific/Auckland' })
    .where(and(eq(stores.tenantId, f.tenantId), eq(stores.id, f.store.id)));
});

afterAll(async () => {
  await testDb?.drop();
});

const body = (name: string) => createWalkInBody.parse({ customer_name: name });

describe('walk-in business dates', () => {
  it("files a check-in under the store-local date, and 'today' is the store's today", async () => {
    const auth = f.auth('staff');
    const lateUtc = new Date('2030-01-01T12:30:00Z'); // 01:30 on 2 January in Auckland
    const { walkIn, created } = await testDb.db.transaction((tx) =>
      createWalkIn(tx, auth, body('After midnight'), lateUtc),
    );
    expect(created).toBe(true);
    expect(walkIn).toMatchObject({ business_date: '2030-01-02', checked_in_at: lateUtc.toISOString() });

    const query = walkInListQuery.parse({});
    const sameDay = await listWalkIns(testDb.db, auth, query, new Date('2030-01-02T10:00:00Z'));
    expect(sameDay.items.map((w) => w.customer_name)).toEqual(['After midnight']);
    const nextDay = await listWalkIns(testDb.db, auth, query, new Date('2030-01-02T11:30:00Z'));
    expect(nextDay.items).toEqual([]);

    const groups = await walkInsByEmployee(testDb.db, auth, walkInGroupQuery.parse({}), lateUtc);
    expect(groups.business_date).toBe('2030-01-02');
    expect(groups.groups.map((g) => g.key)).toEqual(['any']);
  });

  it('needs a session bound to a store (403), as every store-scoped list does', async () => {
    const storeless = { ...f.auth('owner'), storeId: null };
    await expect(listWalkIns(testDb.db, storeless, walkInListQuery.parse({}))).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(
      testDb.db.transaction((tx) => createWalkIn(tx, storeless, body('Nobody'))),
    ).rejects.toBeInstanceOf(HttpError);
  });
});
