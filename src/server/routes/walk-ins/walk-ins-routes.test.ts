import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiHarness } from '../../../../tests/support/server/api-harness';
import type { Headers } from '../../../../tests/support/server/api-harness';
import {
  CUSTOMER_NAME_MESSAGE,
  EFFECTIVE_ORDER_MESSAGE,
  EITHER_CUSTOMER_MESSAGE,
  FIRST_NAME_MESSAGE,
  MAX_WALK_IN_SERVICES,
} from '../../../contracts/walk-ins';
import type { WalkIn } from '../../../contracts/walk-ins';
import { MODULE, PERMISSION_TEMPLATE_ALL_ON } from '../../../domain/constants';
import { withModule } from '../../../domain/permissions';
import { STAFF_PERMISSIONS } from '../../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { categories, services } from '../../db/schema/catalog';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/users';
import { walkIns } from '../../db/schema/walk-ins';
import { DUPLICATE_PHONE_MESSAGE } from '../../services/customers';
import { WALK_IN_URL } from '../../services/push';
import {
  UNKNOWN_CUSTOMER_MESSAGE,
  UNKNOWN_SERVICE_MESSAGE,
  UNKNOWN_TECHNICIAN_MESSAGE,
  UUID_REUSED_MESSAGE,
} from '../../services/walk-ins';
import {
  decryptAes128gcm,
  newBrowser,
  startFakePushService,
  verifyVapid,
} from '../../../../tests/support/server/fake-push-service';
import type { FakeBrowser } from '../../../../tests/support/server/fake-push-service';

const LIST_URL = '/api/pos/walk-in';
const GROUPS_URL = '/api/pos/walk-in/group-by-employee';

const service = await startFakePushService();
afterAll(() => service.close());
const api = await apiHarness({
  config: {
    push: { subject: 'mailto:walk-in-test@example.com', endpointHosts: ['127.0.0.1'], agent: service.agent },
  },
});

/** The tenant under test; its store's devices get the pushes. */
let a: TenantFixture;
/** Another tenant, with every right: it must never see or write A's walk-ins. */
let b: TenantFixture;
/** Staff without the Walkin module; manager with it read-only. */
let limited: TenantFixture;

let amy: number; // technician, display_order 1
let zed: number; // technician, display_order 2
let noWalkins: number; // technician who does not take walk-ins
let otherStoreTech: number;
let inactiveTech: number;
let manicure: number;
let pedicure: number;
let retiredService: number;
let otherStoreService: number;
let bService: number;
let ann: number; // customer of A with a phone
let inactiveCustomer: number;
let bCustomer: number;

async function technician(
  f: TenantFixture,
  name: string,
  values: Partial<typeof users.$inferInsert> = {},
): Promise<number> {
  const [row] = await api.db
    .insert(users)
    .values({
      tenantId: f.tenantId,
      storeId: f.store.id,
      role: 'staff',
      username: `${name.toLowerCase()}-${f.tenantCode.toLowerCase()}`,
      displayName: name,
      isTechnician: true,
      enableWalkin: true,
      ...values,
    })
    .returning({ id: users.id });
  return row!.id;
}

async function catalogOf(f: TenantFixture, storeId: number) {
  const [category] = await api.db
    .insert(categories)
    .values({ tenantId: f.tenantId, storeId, type: 'service', name: 'Nails' })
    .returning({ id: categories.id });
  // One id per row, in order (a tuple, so destructuring needs no non-null checks).
  return <const T extends readonly { name: string; price: number; taxes?: string; isActive?: boolean }[]>(
    rows: T,
  ): Promise<{ [K in keyof T]: number }> =>
    api.db
      .insert(services)
      .values(rows.map((r) => ({ tenantId: f.tenantId, storeId, categoryId: category!.id, ...r })))
      .returning({ id: services.id })
      .then((ids) => ids.map((r) => r.id) as { [K in keyof T]: number });
}

beforeAll(async () => {
  [a, b, limited] = await Promise.all([
    api.tenant(),
    api.tenant(),
    api.tenant({
      permissions: {
        staff: withModule(STAFF_PERMISSIONS, MODULE.WALKIN, { enable: false }),
        manager: withModule(PERMISSION_TEMPLATE_ALL_ON, MODULE.WALKIN, { is_writable: false }),
      },
    }),
  ]);
  zed = await technician(a, 'Zed', { displayOrder: 2 });
  amy = await technician(a, 'Amy', { displayOrder: 1 });
  noWalkins = await technician(a, 'Nora', { enableWalkin: false });
  otherStoreTech = await technician(a, 'Otto', { storeId: a.otherStore.id });
  inactiveTech = await technician(a, 'Ida', { isActive: false });

  [manicure, pedicure, retiredService] = await (
    await catalogOf(a, a.store.id)
  )([
    { name: 'Manicure', price: 2500, taxes: '5' },
    { name: 'Pedicure', price: 3500 },
    { name: 'Retired', price: 100, isActive: false },
  ]);
  [otherStoreService] = await (await catalogOf(a, a.otherStore.id))([{ name: 'Elsewhere', price: 900 }]);
  [bService] = await (await catalogOf(b, b.store.id))([{ name: 'B Manicure', price: 2500 }]);

  const people = await api.db
    .insert(customers)
    .values([
      { tenantId: a.tenantId, firstName: 'Ann', lastName: 'Lee', phone: '5551234567', pointBalance: 40 },
      { tenantId: a.tenantId, firstName: 'Gone', lastName: 'Away', isActive: false },
      { tenantId: b.tenantId, firstName: 'Bea', lastName: 'Other', phone: '5557654321' },
    ])
    .returning({ id: customers.id });
  [ann, inactiveCustomer, bCustomer] = people.map((p) => p.id) as [number, number, number];
});

function checkIn(body: unknown, headers: Headers = a.headers('staff'), key?: string | null) {
  return api.as(headers).post(LIST_URL, body, { key });
}

async function checkedIn(body: unknown, headers: Headers = a.headers('staff')): Promise<WalkIn> {
  const res = await checkIn(body, headers);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as WalkIn;
}

function get(url: string, headers: Headers = a.headers('staff')) {
  return api.as(headers).get(url);
}

async function walkInRows(tenantId: number) {
  return api.db.select().from(walkIns).where(eq(walkIns.tenantId, tenantId));
}

async function subscribe(headers: Headers): Promise<FakeBrowser> {
  const browser = newBrowser(service);
  const res = await api.as(headers).post('/api/push/subscribe', {
    subscription: browser.subscription,
    userAgent: 'Front desk tablet',
    platform: 'Android',
  });
  expect(res.statusCode, res.body).toBe(201);
  return browser;
}

async function vapidKey(headers: Headers): Promise<string> {
  const res = await get('/api/push/vapid-public-key', headers);
  return res.json().data.publicKey as string;
}

describe('POST /api/pos/walk-in: access', () => {
  it('needs a session, the Walkin module writable, and an Idempotency-Key', async () => {
    const body = { customer_name: 'Mai' };
    expect((await checkIn(body, {})).statusCode).toBe(401);
    expect((await checkIn(body, limited.headers('staff'))).statusCode).toBe(403);
    expect((await checkIn(body, limited.headers('manager'))).statusCode).toBe(403);
    expect((await checkIn(body, a.headers('staff'), null)).statusCode).toBe(400);
  });

  it('lets a read-only session see the queue but not check anyone in', async () => {
    expect((await api.as(limited, 'manager').get(LIST_URL)).statusCode).toBe(200);
    expect((await api.as(limited, 'staff').get(LIST_URL)).statusCode).toBe(403);
    expect((await api.as(limited, 'staff').get(GROUPS_URL)).statusCode).toBe(403);
  });
});

describe('POST /api/pos/walk-in: validation', () => {
  async function errorsOf(body: unknown): Promise<Record<string, string[]>> {
    const res = await checkIn(body);
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as Record<string, string[]>;
  }

  it('needs a name to call when there is no customer', async () => {
    expect(await errorsOf({})).toEqual({ customer_name: [CUSTOMER_NAME_MESSAGE] });
    expect(await errorsOf({ customer_name: '   ' })).toEqual({ customer_name: [CUSTOMER_NAME_MESSAGE] });
  });

  it('refuses each malformed field by name', async () => {
    const errors = await errorsOf({
      customer_name: 'x'.repeat(201),
      telephone: '555-CALL-NOW',
      title: 't'.repeat(101),
      notes: 'n'.repeat(2001),
      user_id: -1,
      customer_id: 'ann',
      uuid: 'not-a-uuid',
      effective_start: 'tomorrow',
      booking_appt_service: [{ service_id: 0 }, { service_id: manicure, unit_price: -5 }],
      surprise: true,
    });
    expect(Object.keys(errors).sort()).toEqual(
      [
        'booking_appt_service.0.service_id',
        'booking_appt_service.1.unit_price',
        'customer_id',
        'customer_name',
        'effective_start',
        'notes',
        'surprise',
        'telephone',
        'title',
        'user_id',
        'uuid',
      ].sort(),
    );
  });

  it(`refuses more than ${MAX_WALK_IN_SERVICES} services, and an end before the start`, async () => {
    expect(
      await errorsOf({
        customer_name: 'Mai',
        booking_appt_service: Array.from({ length: MAX_WALK_IN_SERVICES + 1 }, () => ({
          service_id: manicure,
        })),
      }),
    ).toEqual({ booking_appt_service: [`At most ${MAX_WALK_IN_SERVICES} services.`] });
    expect(
      await errorsOf({
        customer_name: 'Mai',
        effective_start: '2030-01-01T10:00:00Z',
        effective_end: '2030-01-01T09:59:59Z',
      }),
    ).toEqual({ effective_end: [EFFECTIVE_ORDER_MESSAGE] });
  });

  it('refuses a technician who is unknown, inactive, of another store, not taking walk-ins, or of another tenant', async () => {
    for (const userId of [999_999, inactiveTech, otherStoreTech, noWalkins, b.users.staff.id]) {
      expect(await errorsOf({ customer_name: 'Mai', user_id: userId }), String(userId)).toEqual({
        user_id: [UNKNOWN_TECHNICIAN_MESSAGE],
      });
    }
  });

  it("refuses a customer who is inactive or another tenant's", async () => {
    for (const customerId of [inactiveCustomer, bCustomer]) {
      expect(await errorsOf({ customer_id: customerId })).toEqual({
        customer_id: [UNKNOWN_CUSTOMER_MESSAGE],
      });
    }
  });

  it("checks every service against the store's catalog: inactive, another store's, another tenant's", async () => {
    const errors = await errorsOf({
      customer_name: 'Mai',
      booking_appt_service: [
        { service_id: manicure },
        { service_id: retiredService },
        { service_id: otherStoreService },
        { service_id: bService },
      ],
    });
    expect(errors).toEqual({
      'booking_appt_service.1.service_id': [UNKNOWN_SERVICE_MESSAGE],
      'booking_appt_service.2.service_id': [UNKNOWN_SERVICE_MESSAGE],
      'booking_appt_service.3.service_id': [UNKNOWN_SERVICE_MESSAGE],
    });
  });

  it('names every wrong field of one request at once', async () => {
    const errors = await errorsOf({
      user_id: noWalkins,
      customer_id: inactiveCustomer,
      booking_appt_service: [{ service_id: bService }],
    });
    expect(Object.keys(errors).sort()).toEqual([
      'booking_appt_service.0.service_id',
      'customer_id',
      'user_id',
    ]);
  });

  it('refuses a new customer without a first name, a customer chosen and registered at once, a bad email', async () => {
    expect(await errorsOf({ customer_info: { last_name: 'Nguyen' } })).toEqual({
      'customer_info.first_name': [FIRST_NAME_MESSAGE],
    });
    expect(await errorsOf({ customer_id: ann, customer_info: { first_name: 'Mai' } })).toEqual({
      customer_info: [EITHER_CUSTOMER_MESSAGE],
    });
    const bad = await errorsOf({
      customer_info: { first_name: 'Mai', email: 'mai-at-example', action: 'update' },
    });
    expect(Object.keys(bad).sort()).toEqual(['customer_info.action', 'customer_info.email']);
  });

  it("refuses to register a customer with a phone another active customer has, on the form's field", async () => {
    const errors = await errorsOf({ customer_info: { first_name: 'Ann', telephone: '(555) 123-4567' } });
    expect(errors).toEqual({ 'customer_info.telephone': [DUPLICATE_PHONE_MESSAGE] });
    expect(await walkInRows(a.tenantId)).toHaveLength(0);
  });
});

describe('POST /api/pos/walk-in: a check-in', () => {
  it("stores the catalog's names, taxes and prices, never the client's; normalises the phone", async () => {
    const walkIn = await checkedIn({
      customer_name: '  Mai Tran ',
      telephone: '(555) 000-1111',
      title: 'Ms',
      notes: 'Allergic to acetone',
      user_id: amy,
      point_balance: 99_999,
      booking_appt_service: [
        { service_id: manicure, service_name: 'Free stuff', unit_price: 1, taxes: '0' },
        { service_id: pedicure },
      ],
      effective_start: '2030-01-01T10:00:00+07:00',
      effective_end: '2030-01-01T11:00:00+07:00',
      customer_info: { first_name: '', last_name: '', action: 'register' },
    });
    expect(walkIn).toMatchObject({
      store_id: a.store.id,
      status: 'waiting',
      customer_id: null,
      customer_name: 'Mai Tran',
      telephone: '5550001111',
      title: 'Ms',
      notes: 'Allergic to acetone',
      user_id: amy,
      employee: { id: amy, name: 'Amy' },
      booking_appt_service: [
        { service_id: manicure, service_name: 'Manicure', taxes: '5', unit_price: 2500 },
        { service_id: pedicure, service_name: 'Pedicure', taxes: '', unit_price: 3500 },
      ],
      effective_start: '2030-01-01T03:00:00.000Z',
      effective_end: '2030-01-01T04:00:00.000Z',
    });
    expect(walkIn.business_date).toBe(new Date().toISOString().slice(0, 10));
    const [row] = await api.db
      .select()
      .from(walkIns)
      .where(and(eq(walkIns.tenantId, a.tenantId), eq(walkIns.id, walkIn.id)));
    expect(row).toMatchObject({ createdBy: a.users.staff.id, uuid: walkIn.uuid });
  });

  it('takes the name and phone of a chosen customer when the form leaves them blank', async () => {
    const walkIn = await checkedIn({ customer_id: ann, customer_name: '', telephone: '' });
    expect(walkIn).toMatchObject({ customer_id: ann, customer_name: 'Ann Lee', telephone: '5551234567' });
  });

  it('registers a new customer from customer_info through the customers service', async () => {
    const walkIn = await checkedIn({
      customer_info: {
        first_name: 'Linh',
        last_name: 'Pham',
        email: 'linh@example.com',
        birthday: '1990-04-01',
        telephone: '+84 (90) 123-4567',
      },
    });
    expect(walkIn).toMatchObject({ customer_name: 'Linh Pham', telephone: '+84901234567' });
    const [customer] = await api.db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, a.tenantId), eq(customers.id, walkIn.customer_id!)));
    expect(customer).toMatchObject({
      firstName: 'Linh',
      lastName: 'Pham',
      phone: '+84901234567',
      email: 'linh@example.com',
      birthday: '1990-04-01',
      storeId: a.store.id,
      isActive: true,
    });
  });

  it('replays the first answer for a repeated Idempotency-Key: one walk-in', async () => {
    const key = randomUUID();
    const body = { customer_name: 'Replay Rita', booking_appt_service: [{ service_id: manicure }] };
    const first = await checkIn(body, a.headers('staff'), key);
    const second = await checkIn(body, a.headers('staff'), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const rows = (await walkInRows(a.tenantId)).filter((r) => r.customerName === 'Replay Rita');
    expect(rows).toHaveLength(1);
  });

  it('answers the first walk-in for its uuid under another key (200), and 409 for another check-in', async () => {
    const uuid = randomUUID();
    const body = { uuid, customer_name: 'Uma', user_id: zed };
    const first = await checkedIn(body);
    expect(first.uuid).toBe(uuid);
    const again = await checkIn(body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual(first);
    const other = await checkIn({ ...body, customer_name: 'Someone else' });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: ERROR_CODE.UUID_REUSED, message: UUID_REUSED_MESSAGE });
    expect((await walkInRows(a.tenantId)).filter((r) => r.uuid === uuid)).toHaveLength(1);
  });
});

describe('tenant isolation', () => {
  it("never shows another tenant's walk-ins, and refuses its ids in a check-in", async () => {
    await checkedIn({ customer_name: 'Private Pat', customer_id: ann, user_id: amy });
    const before = await walkInRows(a.tenantId);

    const list = await api.as(b, 'owner').get(LIST_URL);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ items: [], total: 0 });
    const groups = await api.as(b, 'owner').get(GROUPS_URL);
    expect(groups.json().data.groups).toEqual([]);
    expect(list.body + groups.body).not.toContain('Private Pat');

    // A's store named in the query: 403, as for any store the session does not work in.
    expect((await api.as(b, 'owner').get(`${LIST_URL}?store_id=${a.store.id}`)).statusCode).toBe(403);
    expect((await api.as(b, 'owner').get(`${GROUPS_URL}?store_id=${a.store.id}`)).statusCode).toBe(403);
    expect((await get(`${LIST_URL}?store_id=${a.otherStore.id}`)).statusCode).toBe(403);

    const write = await checkIn(
      { customer_id: ann, user_id: amy, booking_appt_service: [{ service_id: manicure }] },
      b.headers('owner'),
    );
    expect(write.statusCode).toBe(422);
    expect(Object.keys(write.json().errors).sort()).toEqual([
      'booking_appt_service.0.service_id',
      'customer_id',
      'user_id',
    ]);
    // B reusing the uuid of one of A's walk-ins makes a walk-in of B's own, and reveals nothing of A's.
    const stolen = await checkIn({ uuid: before[0]!.uuid, customer_name: 'B guest' }, b.headers('owner'));
    expect(stolen.statusCode, stolen.body).toBe(201);
    expect(stolen.json().data.store_id).toBe(b.store.id);
    expect(await walkInRows(a.tenantId)).toEqual(before);
  });
});

describe('GET /api/pos/walk-in and group-by-employee', () => {
  let c: TenantFixture;
  let first: WalkIn;
  let second: WalkIn;
  let third: WalkIn;
  let fourth: WalkIn;
  let cAmy: number;
  let cBo: number;

  beforeAll(async () => {
    c = await api.tenant();
    cBo = await technician(c, 'Bo', { displayOrder: 5 });
    cAmy = await technician(c, 'Amy', { displayOrder: 1 });
    first = await checkedIn({ customer_name: 'First' }, c.headers('staff'));
    second = await checkedIn({ customer_name: 'Second', user_id: cBo }, c.headers('staff'));
    third = await checkedIn({ customer_name: 'Third', user_id: cAmy }, c.headers('staff'));
    fourth = await checkedIn({ customer_name: 'Fourth', user_id: cBo }, c.headers('staff'));
    const served = await checkedIn({ customer_name: 'Served', user_id: cAmy }, c.headers('staff'));
    await api.db
      .update(walkIns)
      .set({ status: 'done' })
      .where(and(eq(walkIns.tenantId, c.tenantId), eq(walkIns.id, served.id)));
    // Yesterday's walk-in is not in today's queue.
    await api.db.insert(walkIns).values({
      tenantId: c.tenantId,
      storeId: c.store.id,
      uuid: randomUUID(),
      customerName: 'Yesterday',
      businessDate: '2020-01-01',
      checkedInAt: new Date('2020-01-01T12:00:00Z'),
      createdBy: c.users.staff.id,
    });
  });

  it("lists today's queue of the store oldest first, with the status filter and paging", async () => {
    const all = await api.as(c, 'staff').get(LIST_URL);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.items.map((w: WalkIn) => w.customer_name)).toEqual([
      'First',
      'Second',
      'Third',
      'Fourth',
      'Served',
    ]);
    expect(all.json().data).toMatchObject({ total: 5, page: 1, per_page: 15 });

    const waiting = await api.as(c, 'staff').get(`${LIST_URL}?filter[status]=waiting`);
    expect(waiting.json().data.items.map((w: WalkIn) => w.id)).toEqual([
      first.id,
      second.id,
      third.id,
      fourth.id,
    ]);
    const done = await api.as(c, 'staff').get(`${LIST_URL}?filter[status]=done,left`);
    expect(done.json().data.items.map((w: WalkIn) => w.customer_name)).toEqual(['Served']);

    const page2 = await api.as(c, 'staff').get(`${LIST_URL}?per_page=2&page=2`);
    expect(page2.json().data).toMatchObject({ total: 5, page: 2, per_page: 2 });
    expect(page2.json().data.items.map((w: WalkIn) => w.customer_name)).toEqual(['Third', 'Fourth']);

    const old = await api.as(c, 'staff').get(`${LIST_URL}?filter[date]=2020-01-01`);
    expect(old.json().data.items.map((w: WalkIn) => w.customer_name)).toEqual(['Yesterday']);

    const badStatus = await api.as(c, 'staff').get(`${LIST_URL}?filter[status]=gone`);
    expect(badStatus.statusCode).toBe(422);
    expect(Object.keys(badStatus.json().errors)).toEqual(['filter.status.0']);
  });

  it("groups today's waiting walk-ins by requested technician in the employee order, 'any' last", async () => {
    const res = await api.as(c, 'staff').get(GROUPS_URL);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as {
      business_date: string;
      groups: { key: string; employee: { id: number; name: string } | null; items: WalkIn[] }[];
    };
    expect(data.business_date).toBe(first.business_date);
    expect(
      data.groups.map((g) => ({ key: g.key, employee: g.employee, ids: g.items.map((w) => w.id) })),
    ).toEqual([
      { key: String(cAmy), employee: { id: cAmy, name: 'Amy' }, ids: [third.id] },
      { key: String(cBo), employee: { id: cBo, name: 'Bo' }, ids: [second.id, fourth.id] },
      { key: 'any', employee: null, ids: [first.id] },
    ]);
  });
});

describe('the push notification of a check-in', () => {
  it("sends a real Web Push to the store's subscribed devices after the check-in, with the spec's payload", async () => {
    const d = await api.tenant();
    const publicKey = await vapidKey(d.headers('staff'));
    const desk = await subscribe(d.headers('staff'));
    const manager = await subscribe(d.headers('manager'));
    const otherTenant = await subscribe(b.headers('staff'));

    const walkIn = await checkedIn({ customer_name: 'Mai  Nguyen' }, d.headers('staff'));

    await vi.waitFor(
      () => {
        expect(service.receivedBy(desk.endpoint)).toHaveLength(1);
        expect(service.receivedBy(manager.endpoint)).toHaveLength(1);
      },
      { timeout: 10_000, interval: 20 },
    );
    for (const browser of [desk, manager]) {
      const [message] = service.receivedBy(browser.endpoint);
      const claims = verifyVapid(message!.headers.authorization as string, publicKey);
      expect(claims.aud).toBe(service.origin);
      expect(JSON.parse(decryptAes128gcm(message!.body, browser))).toMatchObject({
        title: 'Walk-in check-in',
        body: 'Mai Nguyen just checked in.',
        data: { url: WALK_IN_URL, type: 'walk-in', storeId: walkIn.store_id },
      });
    }
    expect(WALK_IN_URL).toBe('/pos/walk-in');
    expect(service.receivedBy(otherTenant.endpoint)).toEqual([]);
  });

  it('sends nothing for a refused check-in, nor for a replay: one check-in, one notification', async () => {
    const d = await api.tenant();
    const desk = await subscribe(d.headers('staff'));
    expect((await checkIn({}, d.headers('staff'))).statusCode).toBe(422);
    const key = randomUUID();
    const uuid = randomUUID();
    const body = { uuid, customer_name: 'Once' };
    expect((await checkIn(body, d.headers('staff'), key)).statusCode).toBe(201);
    expect((await checkIn(body, d.headers('staff'), key)).statusCode).toBe(201);
    expect((await checkIn(body, d.headers('staff'))).statusCode).toBe(200);
    // A later check-in's notice marks the end: everything before it has been delivered by then.
    await checkedIn({ customer_name: 'Marker' }, d.headers('staff'));
    await vi.waitFor(() => expect(service.receivedBy(desk.endpoint)).toHaveLength(2), {
      timeout: 10_000,
      interval: 20,
    });
    const bodies = service
      .receivedBy(desk.endpoint)
      .map((m) => (JSON.parse(decryptAes128gcm(m.body, desk)) as { body: string }).body)
      .sort();
    expect(bodies).toEqual(['Marker just checked in.', 'Once just checked in.']);
  });

  it('checks the customer in even when the push service fails', async () => {
    const d = await api.tenant();
    const desk = await subscribe(d.headers('staff'));
    service.answer(desk.path, 500);
    const res = await checkIn({ customer_name: 'Still Here' }, d.headers('staff'));
    expect(res.statusCode, res.body).toBe(201);
    await vi.waitFor(() => expect(service.receivedBy(desk.endpoint)).toHaveLength(1), {
      timeout: 10_000,
      interval: 20,
    });
    const list = await api.as(d, 'staff').get(LIST_URL);
    expect(list.json().data.items.map((w: WalkIn) => w.customer_name)).toEqual(['Still Here']);
  });
});
