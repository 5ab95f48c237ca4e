import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import { describeResourceApi } from '../../../../tests/support/server/resource-api-suite';
import { createSaleCatalog, saleBody } from '../../../../tests/support/server/sale-test-data';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import type { Page } from '../../../contracts/envelope';
import type { Membership, MembershipHistory } from '../../../contracts/memberships';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { DISCOUNT_TYPE } from '../../../domain/constants';
import { membershipEndsOn } from '../../../domain/membership';
import { dayInTimeZone } from '../../../domain/report-periods';
import type { Queryable } from '../../db/client';
import { customers } from '../../db/schema/customers';
import { membershipHistories } from '../../db/schema/ledger-histories';
import { DUPLICATE_MEMBERSHIP_MESSAGE, MEMBERSHIP_RESOURCE } from './memberships-routes';

/** A customer of the fixture's tenant holding membership `membershipId`. */
async function addHolder(db: Queryable, f: TenantFixture, membershipId: number): Promise<void> {
  await db.insert(customers).values({
    tenantId: f.tenantId,
    storeId: f.store.id,
    firstName: `Holder ${membershipId}`,
    membershipId,
  });
}

describeResourceApi({
  config: MEMBERSHIP_RESOURCE,
  sample: (n) => ({
    name: `Gold ${n}`,
    discount_type: '0',
    discount_value: '10',
    price: '4900',
    duration_months: '12',
    benefits: 'Free nail art',
  }),
  update: { name: 'Platinum', discount_type: 1, discount_value: 500, benefits: 'Priority booking' },
  invalid: { body: { name: 'Silver', discount_type: 0, discount_value: 150 }, field: 'discount_value' },
  textField: 'benefits',
  searchField: 'name',
  filter: ['is_active', 'true'],
  makeInUse: (db, f, id) => addHolder(db, f, id),
});

describe('/api/memberships special cases', async () => {
  const api = await apiHarness();

  async function level(f: TenantFixture, body: Record<string, unknown>): Promise<Membership> {
    const res = await api.as(f, 'admin').post('/api/memberships', body);
    expect(res.statusCode, res.body).toBe(201);
    return dataOf<Membership>(res);
  }

  it('stores price, duration and benefits, and refuses an update leaving an amount that is not whole cents', async () => {
    const a = await api.tenant();
    const gold = await level(a, {
      name: 'Gold',
      price: 4900,
      duration_months: 12,
      benefits: 'Free polish change',
    });
    expect(gold).toMatchObject({
      discount_type: DISCOUNT_TYPE.PERCENT,
      discount_value: 0,
      price: 4900,
      duration_months: 12,
      benefits: 'Free polish change',
    });
    // 12.5 is a fine percentage but not an amount: the pair left stored is what counts.
    const pct = await api.as(a, 'admin').post(`/api/memberships/${gold.id}`, { discount_value: 12.5 });
    expect(pct.statusCode, pct.body).toBe(200);
    const amount = await api.as(a, 'admin').post(`/api/memberships/${gold.id}`, { discount_type: 1 });
    expect(amount.statusCode, amount.body).toBe(422);
    expect(amount.json().errors).toHaveProperty('discount_value');
    const over = await api.as(a, 'admin').post(`/api/memberships/${gold.id}`, { discount_value: 101 });
    expect(over.statusCode).toBe(422);
    await level(a, { name: 'Cash off', discount_type: 1, discount_value: 500 });
    const amounts = await api.as(a, 'admin').get('/api/memberships?filter[discount_type]=1');
    expect(dataOf<{ items: Membership[] }>(amounts).items.map((m) => m.name)).toEqual(['Cash off']);
    expect(dataOf<Membership>(await api.as(a, 'admin').get(`/api/memberships/${gold.id}`))).toMatchObject({
      discount_type: DISCOUNT_TYPE.PERCENT,
      discount_value: 12.5,
    });
  });

  it('a customer joining, renewing after expiry, changing and leaving each write a history row and set the expiry', async () => {
    const a = await api.tenant();
    const admin = api.as(a, 'admin');
    const gold = await level(a, { name: 'Gold', price: 4900, duration_months: 1 });
    const silver = await level(a, { name: 'Silver', price: 1900 });
    const created = await admin.post('/api/pos/customers', { first_name: 'Lan', membership_id: gold.id });
    expect(created.statusCode, created.body).toBe(201);
    const customerId = dataOf<{ id: number }>(created).id;
    // Fixture stores keep the schema's default time zone, UTC.
    const today = dayInTimeZone(new Date(), 'UTC');
    const [joined] = await api.db.select().from(customers).where(eq(customers.id, customerId));
    expect(joined!.membershipExpiresOn).toBe(membershipEndsOn(today, 1));
    expect(dataOf<{ membership: { expires_on: string } }>(created).membership.expires_on).toBe(
      membershipEndsOn(today, 1),
    );

    // The same level again while it holds changes nothing; once expired it is a renewal from today.
    await admin.post(`/api/pos/customers/${customerId}`, { membership_id: gold.id });
    await api.db
      .update(customers)
      .set({ membershipExpiresOn: '2020-01-31' })
      .where(eq(customers.id, customerId));
    await admin.post(`/api/pos/customers/${customerId}`, { membership_id: gold.id });
    await admin.post(`/api/pos/customers/${customerId}`, { membership_id: silver.id });
    const [changed] = await api.db.select().from(customers).where(eq(customers.id, customerId));
    expect(changed).toMatchObject({ membershipId: silver.id, membershipExpiresOn: null });
    await admin.post(`/api/pos/customers/${customerId}`, { membership_id: null });
    const [left] = await api.db.select().from(customers).where(eq(customers.id, customerId));
    expect(left).toMatchObject({ membershipId: null, membershipExpiresOn: null });

    const goldHistory = dataOf<Page<MembershipHistory>>(
      await admin.get(`/api/memberships/${gold.id}/histories`),
    );
    expect(goldHistory.items.map((h) => [h.kind, h.price, h.ends_on])).toEqual([
      ['renew', 4900, membershipEndsOn(today, 1)],
      ['join', 4900, membershipEndsOn(today, 1)],
    ]);
    expect(goldHistory.items[0]).toMatchObject({
      customer_id: customerId,
      customer_name: 'Lan',
      starts_on: today,
    });
    const silverHistory = dataOf<Page<MembershipHistory>>(
      await admin.get(`/api/memberships/${silver.id}/histories`),
    );
    expect(silverHistory.items.map((h) => [h.kind, h.price])).toEqual([
      ['leave', 0],
      ['change', 1900],
    ]);
    expect(silverHistory.items[0]!.user_id).toBe(a.users.admin.id);
    const joins = dataOf<Page<MembershipHistory>>(
      await admin.get(`/api/memberships/${gold.id}/histories?filter[kind]=join&per_page=1`),
    );
    expect(joins).toMatchObject({ total: 1, page: 1, per_page: 1 });
    expect(joins.items.map((h) => h.kind)).toEqual(['join']);
  });

  it('a name another membership of the tenant has, however cased, is 409 duplicate on name; another tenant may use it', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    await level(a, { name: 'Gold' });
    const twin = await api.as(a, 'admin').post('/api/memberships', { name: '  gOLD ' });
    expect(twin.statusCode, twin.body).toBe(409);
    expect(twin.json()).toMatchObject({
      code: ERROR_CODE.DUPLICATE,
      message: DUPLICATE_MEMBERSHIP_MESSAGE,
      errors: { name: [DUPLICATE_MEMBERSHIP_MESSAGE] },
    });
    const silver = await level(a, { name: 'Silver' });
    const renamed = await api.as(a, 'admin').post(`/api/memberships/${silver.id}`, { name: 'GOLD' });
    expect(renamed.statusCode, renamed.body).toBe(409);
    expect(renamed.json().code).toBe(ERROR_CODE.DUPLICATE);
    // Its own name in another case is not a duplicate of itself.
    const recased = await api.as(a, 'admin').post(`/api/memberships/${silver.id}`, { name: 'SILVER' });
    expect(recased.statusCode, recased.body).toBe(200);
    await level(b, { name: 'gold' });
  });

  it('histories are 404 for another tenant’s membership and an unknown one, and staff may not read them', async () => {
    const [a, b] = await Promise.all([api.tenant(), api.tenant()]);
    const gold = await level(a, { name: 'Gold' });
    const other = await api.as(b, 'admin').get(`/api/memberships/${gold.id}/histories`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe(ERROR_CODE.NOT_FOUND);
    expect((await api.as(a, 'admin').get('/api/memberships/999999999/histories')).statusCode).toBe(404);
    expect((await api.as(a, 'staff').get(`/api/memberships/${gold.id}/histories`)).statusCode).toBe(403);
    const rows = await api.db
      .select()
      .from(membershipHistories)
      .where(eq(membershipHistories.tenantId, b.tenantId));
    expect(rows).toHaveLength(0);
  });

  it('a sale takes the membership discount while the membership holds, and none once it has expired', async () => {
    const a = await api.tenant();
    const cat = await createSaleCatalog(api.db, a);
    const sell = async () => {
      const body = saleBody({
        employeeId: a.users.staff.id,
        lines: [{ item_id: cat.pedicure }],
        extra: { customer: { id: cat.member, name: 'x' } },
      });
      const res = await api.as(a, 'staff').post('/api/pos/sales', body);
      expect(res.statusCode, res.body).toBe(201);
      return dataOf<{ discount_amounts: { discount_membership: number } }>(res);
    };
    // Gold is 10 % of 30.00; an expiry of today still holds, yesterday's does not.
    // Fixture stores keep the schema's default time zone, UTC.
    const today = dayInTimeZone(new Date(), 'UTC');
    await api.db.update(customers).set({ membershipExpiresOn: today }).where(eq(customers.id, cat.member));
    expect((await sell()).discount_amounts.discount_membership).toBe(300);
    await api.db
      .update(customers)
      .set({ membershipExpiresOn: '2020-01-01' })
      .where(eq(customers.id, cat.member));
    expect((await sell()).discount_amounts.discount_membership).toBe(0);
  });
});
