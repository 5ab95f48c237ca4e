import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import type { CustomerGroup } from '../../../contracts/customer-groups';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { Queryable } from '../../db/client';
import { customerGroups, customers } from '../../db/schema/customers';
import { CUSTOMER_GROUP_RESOURCE } from './customer-groups-routes';

/** `n` customers of the fixture's tenant in group `groupId`. */
async function addCustomers(db: Queryable, f: TenantFixture, groupId: number, n = 1): Promise<void> {
  await db.insert(customers).values(
    Array.from({ length: n }, (_, i) => ({
      tenantId: f.tenantId,
      storeId: f.store.id,
      firstName: `Client ${groupId}-${i}`,
      customerGroupId: groupId,
    })),
  );
}

describeResourceApi({
  config: CUSTOMER_GROUP_RESOURCE,
  sample: (n) => ({ name: `Regulars ${n}`, description: 'Come every two weeks' }),
  update: { name: 'Students', description: 'Show a student card' },
  invalid: { body: { name: 'VIP', description: 'x'.repeat(501) }, field: 'description' },
  textField: 'name',
  searchField: 'name',
  filter: ['is_active', 'true'],
  makeInUse: (db, f, id) => addCustomers(db, f, id),
});

describe('/api/customer-groups special cases', async () => {
  const api = await apiHarness();

  async function group(f: TenantFixture, name: string): Promise<CustomerGroup> {
    const res = await api.as(f, 'admin').post('/api/customer-groups', { name });
    expect(res.statusCode, res.body).toBe(201);
    return dataOf<CustomerGroup>(res);
  }

  it('check-has-customer counts the customers in the group, without an Idempotency-Key', async () => {
    const a = await api.tenant();
    const admin = api.as(a, 'admin');
    const [empty, used] = [await group(a, 'Walk-ins'), await group(a, 'Regulars')];
    await addCustomers(api.db, a, used.id, 3);

    const none = await admin.post(`/api/customer-groups/${empty.id}/check-has-customer`, undefined, {
      key: null,
    });
    expect(none.statusCode, none.body).toBe(200);
    expect(dataOf(none)).toEqual({ has_customer: false, count: 0 });
    const three = await admin.post(`/api/customer-groups/${used.id}/check-has-customer`, undefined, {
      key: null,
    });
    expect(dataOf(three)).toEqual({ has_customer: true, count: 3 });
  });

  it('check-has-customer is 404 for an unknown id and for another tenant’s group, and staff may not ask', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const theirs = await group(a, 'VIP');
    await addCustomers(api.db, a, theirs.id, 2);

    const other = await api.as(b, 'admin').post(`/api/customer-groups/${theirs.id}/check-has-customer`);
    expect(other.statusCode, other.body).toBe(404);
    expect(other.json().code).toBe(ERROR_CODE.NOT_FOUND);
    expect(other.body).not.toContain('"count"');
    const unknown = await api.as(a, 'admin').post('/api/customer-groups/999999999/check-has-customer');
    expect(unknown.statusCode).toBe(404);
    const staff = await api.as(a, 'staff').post(`/api/customer-groups/${theirs.id}/check-has-customer`);
    expect(staff.statusCode).toBe(403);
  });

  it('a delete of a group with customers is 409 in_use counting them, and deletes nothing', async () => {
    const a = await api.tenant();
    const admin = api.as(a, 'admin');
    const students = await group(a, 'Students');
    await addCustomers(api.db, a, students.id, 2);

    const res = await admin.del(`/api/customer-groups/${students.id}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: ERROR_CODE.IN_USE,
      details: { in_use: [{ resource: 'customers', count: 2 }] },
    });
    expect((await admin.get(`/api/customer-groups/${students.id}`)).statusCode).toBe(200);
    const members = await api.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.customerGroupId, students.id));
    expect(members).toHaveLength(2);
  });

  it('the database refuses a customer in a group of another tenant, and a group deleted under its customers', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const theirs = await group(a, 'Regulars');
    await expect(addCustomers(api.db, b, theirs.id)).rejects.toThrow();
    await addCustomers(api.db, a, theirs.id);
    await expect(api.db.delete(customerGroups).where(eq(customerGroups.id, theirs.id))).rejects.toThrow();
  });
});
