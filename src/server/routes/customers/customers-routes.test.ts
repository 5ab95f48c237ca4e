import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_SEARCH_COUNT_CAP } from '../../../contracts/customers';
import type { CustomerSearchPage } from '../../../contracts/customers';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiHarness } from '../../../../tests/support/server/api-harness';
import { multipart } from '../../../../tests/support/server/resource-multipart';
import { MODULE, PERMISSION_TEMPLATE_ALL_ON } from '../../../domain/constants';
import { withModule } from '../../../domain/permissions';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { customers, memberships } from '../../db/schema/customers';
import { giftcards } from '../../db/schema/giftcards';
import { DUPLICATE_PHONE_MESSAGE } from '../../services/customers';

const api = await apiHarness();
let a: TenantFixture;
let b: TenantFixture;
let customerReadOnly: TenantFixture;
let gold: number;
let retired: number;
let ann: number;
let bOwnMembership: number;

beforeAll(async () => {
  [a, b, customerReadOnly] = await Promise.all([
    api.tenant(),
    api.tenant(),
    api.tenant({
      permissions: {
        manager: withModule(PERMISSION_TEMPLATE_ALL_ON, MODULE.CUSTOMER, { is_writable: false }),
      },
    }),
  ]);
  const db = api.db;
  const rows = await db
    .insert(memberships)
    .values([
      { tenantId: a.tenantId, name: 'Gold', discountType: 1, discountValue: 500, pointsPerUnit: 2 },
      { tenantId: a.tenantId, name: 'Retired', isActive: false },
      { tenantId: b.tenantId, name: 'B only' },
    ])
    .returning({ id: memberships.id });
  [gold, retired, bOwnMembership] = rows.map((r) => r.id) as [number, number, number];
  const people = await db
    .insert(customers)
    .values([
      {
        tenantId: a.tenantId,
        firstName: 'Ann',
        lastName: 'Lee',
        phone: '5551234567',
        pointBalance: 40,
        membershipId: gold,
      },
      { tenantId: a.tenantId, firstName: 'Bob', lastName: 'Annan', phone: '5559990000' },
      { tenantId: a.tenantId, firstName: 'Cy', lastName: 'Moss', phone: '5550001111', isActive: false },
      { tenantId: a.tenantId, firstName: 'Dee', lastName: '100%_real', email: 'dee@example.com' },
      { tenantId: b.tenantId, firstName: 'Ann', lastName: 'Other', phone: '5551234567' },
    ])
    .returning({ id: customers.id });
  ann = people[0]!.id;
  await db
    .insert(giftcards)
    .values([{ tenantId: a.tenantId, number: 'ANN-1', balance: 2500, initialAmount: 2500, customerId: ann }]);
});

const names = (res: { json: () => { data: { items: { name: string }[] } } }) =>
  res.json().data.items.map((c) => c.name);

describe('GET /api/pos/customers', () => {
  it('lists active customers by name with points and membership discount, paged', async () => {
    const res = await api.as(a, 'staff').get('/api/pos/customers');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 3, page: 1, per_page: 15, total_capped: false });
    expect(names(res)).toEqual(['Ann Lee', 'Bob Annan', 'Dee 100%_real']);
    expect(data.items[0]).toEqual({
      id: ann,
      first_name: 'Ann',
      last_name: 'Lee',
      name: 'Ann Lee',
      phone: '5551234567',
      email: null,
      birthday: null,
      point_balance: 40,
      membership: {
        id: gold,
        name: 'Gold',
        discount: { type: 1, value: 500 },
        points_per_unit: 2,
        points_unit_amount: 100,
        expires_on: null,
      },
    });
  });

  it('searches names anywhere and phones in their normalised form', async () => {
    expect(names(await api.as(a, 'staff').get('/api/pos/customers?search=ann'))).toEqual([
      'Ann Lee',
      'Bob Annan',
    ]);
    expect(names(await api.as(a, 'staff').get('/api/pos/customers?search=lee%20ann'))).toEqual(['Ann Lee']);
    const phone = await api
      .as(a, 'staff')
      .get(`/api/pos/customers?filter[search]=${encodeURIComponent('(555) 123-45')}`);
    expect(names(phone)).toEqual(['Ann Lee']);
    expect(names(await api.as(a, 'staff').get('/api/pos/customers?filter[phone]=999'))).toEqual([
      'Bob Annan',
    ]);
    // LIKE wildcards in a search are plain characters.
    expect(names(await api.as(a, 'staff').get('/api/pos/customers?search=%25_'))).toEqual(['Dee 100%_real']);
    expect(names(await api.as(a, 'staff').get('/api/pos/customers?search=moss'))).toEqual([]);
  });

  it('sorts and pages', async () => {
    const res = await api.as(a, 'staff').get('/api/pos/customers?sort=-point_balance,name&per_page=1&page=2');
    expect(res.json().data).toMatchObject({ total: 3, page: 2, per_page: 1 });
    expect(names(res)).toEqual(['Bob Annan']);
  });

  it('counts a search up to 100 matches and says when there are more (total_capped)', async () => {
    const c = await api.tenant();
    // 101 customers named Zed: Zed Z001 … Zed Z101, with 40 points less each step so sorting by points differs.
    const zeds = await api.db
      .insert(customers)
      .values(
        Array.from({ length: CUSTOMER_SEARCH_COUNT_CAP + 1 }, (_, i) => ({
          tenantId: c.tenantId,
          firstName: 'Zed',
          lastName: `Z${String(i + 1).padStart(3, '0')}`,
          phone: `55570${String(i + 1).padStart(5, '0')}`,
          pointBalance: 5000 - i * 40,
        })),
      )
      .returning({ id: customers.id });
    const search = async (query: string) => {
      const res = await api.as(c, 'staff').get(`/api/pos/customers?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as CustomerSearchPage;
    };

    // Broad, by name (trigrams) and by two letters (none): 100 and "more", the page sorted by name.
    for (const term of ['zed', 'ze']) {
      const page = await search(`search=${term}`);
      expect(page, term).toMatchObject({ total: 100, total_capped: true, page: 1, per_page: 15 });
      expect(page.items).toHaveLength(15);
      const shown = page.items.map((item) => item.last_name);
      expect(shown, term).toEqual([...shown].sort());
    }
    // The other sorts apply to the matches read.
    const byPoints = await search('search=zed&sort=-point_balance');
    const points = byPoints.items.map((item) => item.point_balance);
    expect(points).toEqual([...points].sort((x, y) => y - x));
    // Pages end at the cap: page 7 holds matches 91-100, page 8 none, and both still say "100+".
    expect(await search('search=zed&page=7')).toMatchObject({ total: 100, total_capped: true });
    expect((await search('search=zed&page=7')).items).toHaveLength(10);
    expect(await search('search=zed&page=8')).toMatchObject({ items: [], total: 100, total_capped: true });
    // Narrower terms are counted exactly: Z100 and Z101 by name, one phone by its digits.
    expect(await search('search=zed%20z10')).toMatchObject({ total: 2, total_capped: false });
    expect(names(await api.as(c, 'staff').get('/api/pos/customers?search=zed%20z10'))).toEqual([
      'Zed Z100',
      'Zed Z101',
    ]);
    expect(await search(`filter[phone]=${encodeURIComponent('(555) 700-0004')}`)).toMatchObject({
      total: 1,
      total_capped: false,
      items: [{ name: 'Zed Z004' }],
    });
    // Exactly 100 matches is a count, not "more".
    await api.db.update(customers).set({ isActive: false }).where(eq(customers.id, zeds[0]!.id));
    expect(await search('search=zed')).toMatchObject({ total: 100, total_capped: false });
    // Without a search the list is counted exactly, however long.
    expect(await search('per_page=1')).toMatchObject({ total: 100, total_capped: false });
  });

  it('shows another tenant only its own customers', async () => {
    const res = await api.as(b, 'owner').get('/api/pos/customers?search=ann');
    expect(names(res)).toEqual(['Ann Other']);
  });

  it('answers 422 for a bad sort, filter or page, and 401 without a session', async () => {
    for (const query of ['sort=password', 'filter[city]=x', 'page=0', 'per_page=1000']) {
      expect((await api.as(a, 'staff').get(`/api/pos/customers?${query}`)).statusCode, query).toBe(422);
    }
    expect((await api.get('/api/pos/customers')).statusCode).toBe(401);
  });
});

describe('GET /api/pos/customers/:id', () => {
  it('gives the details with points, membership and gift cards', async () => {
    const res = await api.as(a, 'staff').get(`/api/pos/customers/${ann}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: ann,
      name: 'Ann Lee',
      point_balance: 40,
      is_active: true,
      notes: null,
      membership: { id: gold, discount: { type: 1, value: 500 } },
      giftcards: [{ number: 'ANN-1', balance: 2500, is_active: true, expires_at: null }],
    });
  });

  it("answers 404 for an unknown or another tenant's customer, 422 for a malformed id", async () => {
    expect((await api.as(a, 'staff').get('/api/pos/customers/999999')).statusCode).toBe(404);
    expect((await api.as(b, 'owner').get(`/api/pos/customers/${ann}`)).statusCode).toBe(404);
    expect((await api.as(a, 'staff').get('/api/pos/customers/abc')).statusCode).toBe(422);
    expect((await api.get(`/api/pos/customers/${ann}`)).statusCode).toBe(401);
  });
});

describe('POST /api/pos/customers', () => {
  it('creates a customer from JSON with the phone normalised', async () => {
    const res = await api.as(a, 'manager').post('/api/pos/customers', {
      first_name: ' Eva ',
      last_name: 'Nguyen',
      phone: '(555) 222-3333',
      email: 'eva@example.com',
      birthday: '1990-04-05',
      notes: 'Prefers gel',
      membership_id: gold,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Customer created.',
      data: {
        first_name: 'Eva',
        name: 'Eva Nguyen',
        phone: '5552223333',
        email: 'eva@example.com',
        birthday: '1990-04-05',
        notes: 'Prefers gel',
        point_balance: 0,
        store_id: a.store.id,
        membership: { id: gold },
        giftcards: [],
      },
    });
  });

  it('creates a customer from a multipart form, empty fields meaning none', async () => {
    const form = multipart({
      first_name: 'Fay',
      last_name: '',
      phone: '555 444 5555',
      email: '',
      membership_id: String(gold),
    });
    const res = await api.as(a, 'owner').post('/api/pos/customers', form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Fay',
      last_name: '',
      phone: '5554445555',
      email: null,
      membership: { id: gold },
    });
  });

  it('refuses a phone another active customer has, with the error on the phone field', async () => {
    const res = await api
      .as(a, 'manager')
      .post('/api/pos/customers', { first_name: 'Dup', phone: '555-123-4567' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: ERROR_CODE.DUPLICATE,
      message: DUPLICATE_PHONE_MESSAGE,
      errors: { phone: [DUPLICATE_PHONE_MESSAGE] },
    });
    // An inactive customer's old number and another tenant's customer do not block it.
    const inactive = await api
      .as(a, 'manager')
      .post('/api/pos/customers', { first_name: 'New', phone: '5550001111' });
    expect(inactive.statusCode, inactive.body).toBe(201);
    const elsewhere = await api
      .as(b, 'owner')
      .post('/api/pos/customers', { first_name: 'B', phone: '5559990000' });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('creates one of two simultaneous customers with the same new phone', async () => {
    const results = await Promise.all(
      [1, 2].map((n) =>
        api.as(a, 'manager').post('/api/pos/customers', { first_name: `Twin${n}`, phone: '5557770000' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });

  it('answers 422 with field errors for invalid fields', async () => {
    const res = await api.as(a, 'manager').post('/api/pos/customers', {
      first_name: '',
      phone: 'call me',
      email: 'not-an-email',
      birthday: '2999-01-01',
      membership_id: -1,
      favourite_colour: 'red',
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(
      ['birthday', 'email', 'favourite_colour', 'first_name', 'membership_id', 'phone'].sort(),
    );
    const missing = await api.as(a, 'manager').post('/api/pos/customers', { last_name: 'Only' });
    expect(missing.json().errors.first_name).toEqual(['Enter the first name.']);
  });

  it("answers 422 for an inactive or another tenant's membership", async () => {
    for (const membershipId of [retired, bOwnMembership]) {
      const res = await api
        .as(a, 'manager')
        .post('/api/pos/customers', { first_name: 'Gil', membership_id: membershipId });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toHaveProperty('membership_id');
    }
  });

  it('answers 401 without a session and 403 without the Customer module writable', async () => {
    expect((await api.post('/api/pos/customers', { first_name: 'X' })).statusCode).toBe(401);
    // The fixture's staff has the front-desk modules only (no Customer module).
    expect((await api.as(a, 'staff').post('/api/pos/customers', { first_name: 'X' })).statusCode).toBe(403);
    const readOnly = await api
      .as(customerReadOnly, 'manager')
      .post('/api/pos/customers', { first_name: 'X' });
    expect(readOnly.statusCode).toBe(403);
  });
});

describe('POST /api/pos/customers/:id', () => {
  it('changes the fields sent and keeps the rest; null or an empty string clears', async () => {
    const res = await api.as(a, 'manager').post(`/api/pos/customers/${ann}`, {
      last_name: 'Lee-Park',
      notes: 'VIP',
      membership_id: null,
      email: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Customer updated.',
      data: {
        id: ann,
        first_name: 'Ann',
        last_name: 'Lee-Park',
        phone: '5551234567',
        notes: 'VIP',
        membership: null,
        email: null,
      },
    });
  });

  it('accepts a multipart update and keeps its own phone without calling it a duplicate', async () => {
    const form = multipart({ phone: '555.123.4567'.replace(/\./g, '-'), membership_id: String(gold) });
    const res = await api
      .as(a, 'manager')
      .post(`/api/pos/customers/${ann}`, form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ phone: '5551234567', membership: { id: gold } });
  });

  it("refuses another customer's phone and an empty first name", async () => {
    const dup = await api.as(a, 'manager').post(`/api/pos/customers/${ann}`, { phone: '555 999 0000' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().code).toBe(ERROR_CODE.DUPLICATE);
    expect(dup.json().errors.phone).toEqual([DUPLICATE_PHONE_MESSAGE]);
    const blank = await api.as(a, 'manager').post(`/api/pos/customers/${ann}`, { first_name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toHaveProperty('first_name');
  });

  it("answers 404 for another tenant's customer and changes nothing", async () => {
    const res = await api.as(b, 'owner').post(`/api/pos/customers/${ann}`, { first_name: 'Hacked' });
    expect(res.statusCode).toBe(404);
    const [row] = await api.db
      .select({ firstName: customers.firstName })
      .from(customers)
      .where(eq(customers.id, ann));
    expect(row?.firstName).toBe('Ann');
  });

  it('answers 401 without a session and 403 without the Customer module writable', async () => {
    expect((await api.post(`/api/pos/customers/${ann}`, { notes: 'x' })).statusCode).toBe(401);
    expect((await api.as(a, 'staff').post(`/api/pos/customers/${ann}`, { notes: 'x' })).statusCode).toBe(403);
  });
});
