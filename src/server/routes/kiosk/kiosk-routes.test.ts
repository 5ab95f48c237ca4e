import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { KIOSK_PATHS, KIOSK_TOKEN_HEADER, kioskTokenPath } from '../../../contracts/kiosk';
import type { IssuedKioskToken, KioskCustomer } from '../../../contracts/kiosk';
import { apiHarness } from '../../../../tests/support/server/api-harness';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { categories, services } from '../../db/schema/catalog';
import { customers } from '../../db/schema/customers';
import { kioskTokens } from '../../db/schema/kiosk';
import { customerReviews } from '../../db/schema/ledger-histories';
import { users } from '../../db/schema/users';
import { walkIns } from '../../db/schema/walk-ins';

const api = await apiHarness();

let a: TenantFixture;
let b: TenantFixture;
let token: IssuedKioskToken;
let bToken: IssuedKioskToken;
let amy: number;
let manicure: number;

async function issue(f: TenantFixture, label = 'Door tablet'): Promise<IssuedKioskToken> {
  const res = await api.as(f, 'admin').post(KIOSK_PATHS.tokens, { store_id: f.store.id, label });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as IssuedKioskToken;
}

function kiosk(t: string | null = token.token) {
  return api.as(t === null ? {} : { [KIOSK_TOKEN_HEADER]: t });
}

beforeAll(async () => {
  [a, b] = await Promise.all([api.tenant(), api.tenant()]);
  [token, bToken] = await Promise.all([issue(a), issue(b)]);
  const [tech] = await api.db
    .insert(users)
    .values({
      tenantId: a.tenantId,
      storeId: a.store.id,
      role: 'staff',
      username: `amy-${a.tenantCode.toLowerCase()}`,
      displayName: 'Amy Pham',
      firstName: 'Amy',
      lastName: 'Pham',
      isTechnician: true,
      enableWalkin: true,
    })
    .returning({ id: users.id });
  amy = tech!.id;
  const [category] = await api.db
    .insert(categories)
    .values({ tenantId: a.tenantId, storeId: a.store.id, type: 'service', name: 'Nails' })
    .returning({ id: categories.id });
  const [service] = await api.db
    .insert(services)
    .values([
      { tenantId: a.tenantId, storeId: a.store.id, categoryId: category!.id, name: 'Manicure', price: 2500 },
      {
        tenantId: a.tenantId,
        storeId: a.store.id,
        categoryId: category!.id,
        name: 'Old',
        price: 1,
        isActive: false,
      },
    ])
    .returning({ id: services.id });
  manicure = service!.id;
  await api.db.insert(customers).values({
    tenantId: a.tenantId,
    firstName: 'Ann',
    lastName: 'Lee',
    phone: '5551234567',
    email: 'ann.lee@example.com',
  });
});

describe('kiosk tokens in settings', () => {
  it('are issued and revoked by admins only, listed without their secret, stored hashed', async () => {
    expect(token.token).toMatch(/^kiosk_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ store_id: a.store.id, label: 'Door tablet', hint: token.token.slice(-4) });
    expect(
      (await api.as(a, 'staff').post(KIOSK_PATHS.tokens, { store_id: a.store.id, label: 'x' })).statusCode,
    ).toBe(403);
    expect((await api.as(a, 'manager').get(KIOSK_PATHS.tokens)).statusCode).toBe(403);

    const list = await api.as(a, 'admin').get(KIOSK_PATHS.tokens);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token.token);
    expect(list.json().data.map((t: { id: number }) => t.id)).toContain(token.id);
    const [row] = await api.db.select().from(kioskTokens).where(eq(kioskTokens.id, token.id));
    expect(JSON.stringify(row)).not.toContain(token.token);

    // Another tenant cannot revoke A's token; A's admin can, and the kiosk is locked out at once.
    const spare = await issue(a, 'Spare');
    expect((await kiosk(spare.token).get(KIOSK_PATHS.session)).statusCode).toBe(200);
    expect((await api.as(b, 'admin').del(kioskTokenPath(spare.id))).statusCode).toBe(404);
    const revoked = await api.as(a, 'admin').del(kioskTokenPath(spare.id));
    expect(revoked.json().data.revoked_at).not.toBeNull();
    const refused = await kiosk(spare.token).get(KIOSK_PATHS.session);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(ERROR_CODE.KIOSK_TOKEN_REVOKED);
  });
});

describe('the kiosk', () => {
  it('needs a token and says which store it is for', async () => {
    const none = await kiosk(null).get(KIOSK_PATHS.session);
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(ERROR_CODE.KIOSK_TOKEN_INVALID);
    expect((await kiosk('kiosk_madeup').get(KIOSK_PATHS.technicians)).statusCode).toBe(401);
    expect((await kiosk().get(KIOSK_PATHS.session)).json().data.store.id).toBe(a.store.id);
  });

  it("lists the store's technicians by first name and its active services by category", async () => {
    const techs = await kiosk().get(KIOSK_PATHS.technicians);
    expect(techs.json().data.items).toEqual([{ id: amy, first_name: 'Amy', available: false }]);
    expect(techs.body).not.toContain('Pham');
    const catalog = await kiosk().get(KIOSK_PATHS.services);
    expect(catalog.json().data.categories).toEqual([
      { id: expect.any(Number), name: 'Nails', services: [{ id: manicure, name: 'Manicure', price: 2500 }] },
    ]);
    // B's kiosk sees B's store only.
    expect((await kiosk(bToken.token).get(KIOSK_PATHS.technicians)).json().data.items).toEqual([]);
  });

  it("signs a customer in by phone with a greeting and a handle, never the customer's data", async () => {
    const unknown = await kiosk().post(KIOSK_PATHS.signIn, { phone: '555 000 0000' });
    expect(unknown.json().data).toEqual({ found: false });
    const known = await kiosk().post(KIOSK_PATHS.signIn, { phone: '(555) 123-4567' });
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json().data).toEqual({
      found: true,
      customer: { handle: expect.any(String), first_name: 'Ann', last_initial: 'L' },
    });
    for (const secret of ['Lee', '5551234567', 'ann.lee@example.com'])
      expect(known.body).not.toContain(secret);
    // Another tenant's kiosk does not find A's customer.
    expect(
      (await kiosk(bToken.token).post(KIOSK_PATHS.signIn, { phone: '5551234567' })).json().data.found,
    ).toBe(false);
  });

  it('signs a new customer up, and greets one whose phone is known instead of registering twice', async () => {
    const body = { first_name: 'Hoa', last_name: 'Nguyen', phone: '5559990000' };
    const created = await kiosk().post(KIOSK_PATHS.signUp, body);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({
      registered: true,
      customer: { first_name: 'Hoa', last_initial: 'N' },
    });
    const again = await kiosk().post(KIOSK_PATHS.signUp, { ...body, first_name: 'Someone' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ registered: false, customer: { first_name: 'Hoa' } });
    const rows = await api.db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, a.tenantId), eq(customers.phone, '5559990000')));
    expect(rows).toHaveLength(1);
  });

  it('checks the customer in as a walk-in of its store, once per uuid, published live', async () => {
    const ann = (await kiosk().post(KIOSK_PATHS.signIn, { phone: '5551234567' })).json().data
      .customer as KioskCustomer;
    const seq = async () =>
      Number(
        (
          await api.db.execute<{ seq: string }>(
            sql`select seq from live_store_sequences where tenant_id = ${a.tenantId} and store_id = ${a.store.id}`,
          )
        ).rows[0]?.seq ?? 0,
      );
    const before = await seq();
    const body = {
      uuid: randomUUID(),
      customer_handle: ann.handle,
      technician_id: amy,
      service_ids: [manicure],
    };
    const res = await kiosk().post(KIOSK_PATHS.checkIn, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      first_name: 'Ann',
      last_initial: 'L',
      technician: { id: amy, first_name: 'Amy' },
      services: [{ id: manicure, name: 'Manicure' }],
      ahead: 0,
    });
    expect(await seq()).toBe(before + 1);
    const [row] = await api.db.select().from(walkIns).where(eq(walkIns.id, res.json().data.walk_in_id));
    expect(row).toMatchObject({
      storeId: a.store.id,
      createdBy: null,
      kioskTokenId: token.id,
      userId: amy,
      status: 'waiting',
    });

    const replay = await kiosk().post(KIOSK_PATHS.checkIn, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.walk_in_id).toBe(res.json().data.walk_in_id);
    expect(await seq()).toBe(before + 1);

    // The handle is this kiosk's: another token (even of another tenant) cannot use it.
    const stolen = await kiosk(bToken.token).post(KIOSK_PATHS.checkIn, { ...body, uuid: randomUUID() });
    expect(stolen.statusCode).toBe(401);
    expect(stolen.json().code).toBe(ERROR_CODE.KIOSK_HANDLE_EXPIRED);
    const badTech = await kiosk().post(KIOSK_PATHS.checkIn, {
      ...body,
      uuid: randomUUID(),
      technician_id: 999999,
    });
    expect(badTech.statusCode).toBe(422);
    expect(badTech.json().errors.technician_id).toBeDefined();
  });

  it('takes a review with stars, a comment and the technician', async () => {
    const ann = (await kiosk().post(KIOSK_PATHS.signIn, { phone: '5551234567' })).json().data
      .customer as KioskCustomer;
    const res = await kiosk().post(KIOSK_PATHS.reviews, {
      customer_handle: ann.handle,
      rating: 5,
      comment: 'Lovely',
      technician_id: amy,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await api.db
      .select()
      .from(customerReviews)
      .where(eq(customerReviews.id, res.json().data.id));
    expect(row).toMatchObject({ storeId: a.store.id, employeeId: amy, rating: 5, comment: 'Lovely' });
    expect(
      (await kiosk().post(KIOSK_PATHS.reviews, { customer_handle: ann.handle, rating: 6 })).statusCode,
    ).toBe(422);
  });

  it('is rate limited: a script trying phones is stopped', async () => {
    const other = await issue(a, 'Limited');
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      statuses.push(
        (await kiosk(other.token).post(KIOSK_PATHS.signIn, { phone: `55500${1000 + i}` })).statusCode,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
