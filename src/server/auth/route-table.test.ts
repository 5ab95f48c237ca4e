/**
 * Generated from the route table (listRoutes / listRegisteredRoutes): every API route of buildApp, present
 * and future, is checked here without anyone writing a test for it.
 *
 * - Every /api route is declared through route() with an access declaration; the public ones are exactly
 *   the reviewed PUBLIC_ROUTES list (adding a public route is a deliberate edit here).
 * - Every path parameter of every route maps to a real row of tenant A (PARAM_VALUES), and every write
 *   route has a plausible body that passes its schema (SAMPLE_BODIES), both in tests/support/server/
 *   route-samples.ts: a request built from them reaches the handler, not a 404 of a made-up id or a 422.
 * - Each non-public route, called with the sample body and an Idempotency-Key: 401 without a session or
 *   with an unknown token; 403 for a role it does not list, for a session whose modules are all off, for a
 *   read-only session on a write, and without a PIN approval where it needs one. The checks come in the
 *   order 401 → 403 → 400/422: a caller without the right never learns what the body should be.
 * - Tenant isolation: tenant B's session, with every right and a PIN approval, calls each route
 *   with tenant A's ids in the path, the query and the body (createVictimRows made A's rows through the
 *   API: sales, lines, payments, gift card, coupon, points, customer, payment requests, working time). It
 *   must never get a 5xx, never a 2xx about A's rows, never anything of A's in any response, and every row
 *   of A in every table must be unchanged afterwards.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { TestDatabase } from '../../../tests/support/test-db';
import { PIN_APPROVAL_HEADER } from '../../contracts/auth';
import { IDEMPOTENCY_KEY_HEADER } from '../../contracts/envelope';
import { PERMISSION_TEMPLATE_ALL_OFF, PERMISSION_TEMPLATE_ALL_ON, ROLE } from '../../domain/constants';
import type { ModulePermission, Role } from '../../domain/constants';
import { withModule } from '../../domain/permissions';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import { stores } from '../db/schema/stores';
import { listRegisteredRoutes, listRoutes, route } from '../route';
import type { RouteInfo } from '../route';
import {
  concretePaths,
  isWrite,
  paramNames,
  ROUTES_WITHOUT_SAMPLE_BODY,
  routeKey,
  SAMPLE_BODIES,
  SAMPLE_QUERIES,
  sampleRequests,
} from '../../../tests/support/server/route-samples';
import { RESOURCE_OWN_DATA_ROUTES } from '../../../tests/support/server/resource-samples';
import type { SampleRequest } from '../../../tests/support/server/route-samples';
import { createVictimRows, leakedMarkers } from '../../../tests/support/server/victim-rows';
import type { VictimRows } from '../../../tests/support/server/victim-rows';
import { isPublic } from './access';
import type { SessionAccess } from './access';
import { PIN_APPROVAL_TTL_MS, signPinApproval } from './pin-approval';
import { createSession } from './sessions';
import { createTenantWithUsers } from '../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';

/** Routes anyone may call without a session. Reviewed: each one must be safe for the whole internet. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'POST /api/login',
  'POST /api/login-token',
  // Wallet providers call these without a session; each verifies the provider's signature instead.
  'POST /api/payments/momo/ipn',
  'GET /api/payments/vnpay/return',
  'GET /api/payments/vnpay/ipn',
  // The receipt page is public (docs/sales.md#receipts); the unguessable sale uuid is its capability (ADR 007).
  'GET /api/pos/receipts/:uuid',
  // The customer kiosk: no session, authorised by its X-Kiosk-Token instead and rate limited
  // (docs/front-desk.md#the-kiosk); without a valid token each answers 401 before reading anything.
  'GET /api/kiosk/session',
  'GET /api/kiosk/technicians',
  'GET /api/kiosk/services',
  'POST /api/kiosk/sign-in',
  'POST /api/kiosk/sign-up',
  'POST /api/kiosk/check-in',
  'POST /api/kiosk/reviews',
  'GET /api/kiosk/events',
];

/**
 * Session writes that run without an Idempotency-Key (docs/api.md#writes-and-idempotency requires one on sale
 * and payment writes only). Reviewed: every other write must answer 400 without a key.
 */
const WRITES_WITHOUT_REQUIRED_KEY = [
  'POST /api/logout',
  'POST /api/role-by-code',
  'POST /api/profile',
  'POST /api/change-pass',
  'POST /api/pos/customers',
  'POST /api/pos/customers/:id',
  'POST /api/pos/employees/check-in-out',
];

/**
 * Routes whose 2xx to tenant B is about B's own rows whatever A's ids say (the session's own user, lists of
 * B's store filtered by A's ids, which hold nothing). Any other route naming A's rows must answer 4xx.
 */
const OWN_DATA_ROUTES = [
  'GET /api/push/vapid-public-key',
  'POST /api/push/unsubscribe',
  'POST /api/logout',
  'POST /api/role-by-code',
  'POST /api/profile',
  'GET /api/initial-settings',
  'GET /api/initial-settings/general',
  'GET /api/store-settings/initial-profile',
  'GET /api/settings',
  'GET /api/settings/initial',
  'GET /api/store-settings/initial',
  'GET /api/codes',
  // Lists B's own rows of the named model (a model name, not a row of A's).
  'GET /api/support/ordering/:model',
  'GET /api/pos/sales',
  'GET /api/payments',
  'GET /api/pos/customers',
  'GET /api/customers/search',
  // The tenant's own stores: no id of A's in it.
  'GET /api/pos/stores',
  // B's own store's day: a date names nobody of A's.
  'GET /api/report/working-times/details-in-date',
  // B's own store's dashboard: a period's figures, queue counts and B's own technicians, nobody of A's.
  'GET /api/report/dashboard/income-summary',
  'GET /api/report/dashboard/income-details',
  // B's own store's turn board, services and queue: they name nobody of A's.
  'GET /api/pos/turn-system',
  'GET /api/pos/turn-system/services',
  'GET /api/pos/turn-system/reorder',
  // B's own store's appointment book and its bookable technicians: a time range names nobody of A's.
  'GET /api/pos/bookingAppt',
  'GET /api/pos/bookingAppt/unassigned',
  'GET /api/pos/bookingAppt/count-in-days',
  'GET /api/pos/bookingAppt/top-services',
  'GET /api/pos/employees/enable-booking',
  // B's own store's kiosk tokens (none of A's).
  'GET /api/settings/kiosk-tokens',
  // B's own workstation's cash drawer: the bodies are counts and amounts, naming nothing of A's.
  'GET /api/pos/cash-drawer',
  'POST /api/pos/cash-drawer/open',
  'POST /api/pos/cash-drawer/movements',
  'POST /api/pos/cash-drawer/close',
  // Records a drawer open of B's own till: the body names no row of A's (a fresh uuid and a reason).
  'POST /api/pos/drawer/no-sale',
  // Clears B's own trash (nothing of A's is in B's store).
  'DELETE /api/pos/sales/clear-trashed/all',
  // B's own store's pay runs, and a pay period of B's own store calculated (a period names nobody of A's).
  'GET /api/report/payrolls',
  'POST /api/report/payrolls/calculate',
  // B's own store's pay settings: its technicians and its own period rule.
  'GET /api/report/payrolls/settings',
  'PUT /api/report/payrolls/settings/store',
  // Back-office resources: B's own list, export, creates, imports, and bulks that report A's ids not found.
  ...RESOURCE_OWN_DATA_ROUTES,
];

const ROLES: readonly Role[] = [ROLE.OWNER, ROLE.ADMIN, ROLE.MANAGER, ROLE.STAFF];

// The table is read from an app built at collection time (no request reaches its database), so each route
// gets its own named test below.
const listing = await buildApp({ db: {} as Db, config: { clientDir: null } });
await listing.ready();
const declared = listRoutes(listing);
const registered = listRegisteredRoutes(listing);
await listing.close();

/** API routes Fastify has that the factory did not declare, and declared routes without access. */
function routeTableProblems(
  routes: readonly RouteInfo[],
  all: readonly { method: string; url: string }[],
): { undeclared: string[]; withoutAccess: string[] } {
  const declaredKeys = new Set(routes.map(routeKey));
  const undeclared = all
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
    .map(routeKey)
    .filter((k) => !declaredKeys.has(k));
  const withoutAccess = routes.filter((r) => r.access === undefined).map(routeKey);
  return { undeclared, withoutAccess };
}
const guarded = declared.filter(
  (r): r is RouteInfo & { access: SessionAccess } => r.access !== undefined && !isPublic(r.access),
);

let testDb: TestDatabase;
let app: FastifyInstance;
/** The tenant whose data nobody else may touch. */
let a: TenantFixture;
/** A's rows, made through the API before the generated tests run. */
let victim: VictimRows;
/** The other tenant: every role has every module. */
let b: TenantFixture;
/** Every module off, for every role. */
let off: TenantFixture;
/** Every module readable but not writable, for every role. */
let readOnly: TenantFixture;
let before: Record<string, string>;

function allRoles(perms: readonly ModulePermission[]): Partial<Record<Role, readonly ModulePermission[]>> {
  return Object.fromEntries(ROLES.map((r) => [r, perms]));
}

const READ_ONLY = PERMISSION_TEMPLATE_ALL_ON.reduce<ModulePermission[]>(
  (perms, p) => withModule(perms, p.module, { is_writable: false }),
  [...PERMISSION_TEMPLATE_ALL_ON],
);

/** Hash of every row of the tenant in every table that has tenant_id (and its tenants row). */
async function tenantRows(db: Db, tenantId: number): Promise<Record<string, string>> {
  const tables = await db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'tenant_id' order by table_name`);
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const result = await db.execute<{ h: string | null; n: number }>(
      sql`select md5(string_agg(t::text, '|' order by t::text)) as h, count(*)::int as n
          from ${sql.identifier(table_name)} t where t.tenant_id = ${tenantId}`,
    );
    out[table_name] = `${result.rows[0]?.n ?? 0}:${result.rows[0]?.h ?? ''}`;
  }
  const tenant = await db.execute<{ h: string | null }>(
    sql`select md5(t::text) as h from tenants t where t.id = ${tenantId}`,
  );
  out.tenants = tenant.rows[0]?.h ?? '';
  return out;
}

function allowedRole(access: SessionAccess): Role {
  return access.roles?.[0] ?? ROLE.OWNER;
}

/** A new session of `role` in `f` (some routes end the session they are called with, e.g. logout). */
async function freshHeaders(f: TenantFixture, role: Role, pin: boolean): Promise<Record<string, string>> {
  const session = await createSession(testDb.db, {
    tenantId: f.tenantId,
    userId: f.users[role].id,
    storeId: f.store.id,
    workstationId: f.workstation.id,
  });
  const headers: Record<string, string> = { authorization: `Bearer ${session.token}` };
  if (pin) {
    headers[PIN_APPROVAL_HEADER] = signPinApproval(f.pinSecret, {
      tenantId: f.tenantId,
      sessionId: session.sessionId,
      approverId: f.users.owner.id,
      approverRole: ROLE.OWNER,
      expiresAt: new Date(Date.now() + PIN_APPROVAL_TTL_MS),
    });
  }
  return headers;
}

/** The route's first sample request (path, query and body naming A's rows). */
function firstRequest(route: RouteInfo): SampleRequest {
  return sampleRequests(route, victim)[0]!;
}

/** Sends with a fresh Idempotency-Key unless `key` is false. */
function send(request: SampleRequest, headers: Record<string, string>, options: { key?: boolean } = {}) {
  return app.inject({
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: {
      ...request.headers,
      ...(options.key === false ? headers : { ...headers, [IDEMPOTENCY_KEY_HEADER]: randomUUID() }),
    },
    ...(request.payload === undefined ? {} : { payload: request.payload as InjectOptions['payload'] }),
  });
}

const call = (route: RouteInfo, headers: Record<string, string>) => send(firstRequest(route), headers);

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp({ db: testDb.db, config: { clientDir: null } });
  await app.ready();
  [a, b, off, readOnly] = await Promise.all([
    createTenantWithUsers(testDb.db, { permissions: allRoles(PERMISSION_TEMPLATE_ALL_ON) }),
    createTenantWithUsers(testDb.db, { permissions: allRoles(PERMISSION_TEMPLATE_ALL_ON) }),
    createTenantWithUsers(testDb.db, { permissions: allRoles(PERMISSION_TEMPLATE_ALL_OFF) }),
    createTenantWithUsers(testDb.db, { permissions: allRoles(READ_ONLY) }),
  ]);
  victim = await createVictimRows(app, testDb.db, a);
  // B can take wallet payments too, so a wallet request naming A's sale is refused for being A's, not for
  // B's currency.
  await testDb.db
    .update(stores)
    .set({
      currency: 'VND',
      settings: {
        momo: { partnerCode: 'MOMOB', accessKey: 'access-b', secretKey: 'secret-b' },
        vnpay: { tmnCode: 'TMNB', hashSecret: 'HASHSECRETB' },
        vietqr: { acqId: '970415', accountNo: '123456789', accountName: 'SALON B' },
      },
    })
    .where(eq(stores.id, b.store.id));
  before = await tenantRows(testDb.db, a.tenantId);
});

afterAll(async () => {
  await app?.close();
  await testDb?.drop();
});

describe('the route table', () => {
  it('declares every API route through the route factory, each with an access declaration', () => {
    expect(routeTableProblems(declared, registered)).toEqual({ undeclared: [], withoutAccess: [] });
  });

  it('catches a route added around the factory and one without a declaration', async () => {
    const bad = await buildApp({ db: {} as Db, config: { clientDir: null } });
    bad.get('/api/raw', async () => ({}));
    route(bad, {
      method: 'GET',
      url: '/api/forgotten',
      data: z.null(),
      handler: async () => null,
    } as unknown as Parameters<typeof route>[1]);
    await bad.ready();
    const problems = routeTableProblems(listRoutes(bad), listRegisteredRoutes(bad));
    await bad.close();
    expect(problems.undeclared).toContain('GET /api/raw');
    expect(problems.withoutAccess).toContain('GET /api/forgotten');
  });

  it('has exactly the reviewed public routes', () => {
    const publicRoutes = declared.filter((r) => r.access !== undefined && isPublic(r.access)).map(routeKey);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('lists the auth routes with their access', () => {
    const byKey = new Map(declared.map((r) => [routeKey(r), r.access]));
    expect(byKey.get('POST /api/login')).toEqual({ public: true });
    expect(byKey.get('POST /api/role-by-code')).toEqual({ module: null });
    expect(byKey.get('GET /api/initial-settings/store/:store_id')).toEqual({ module: null });
  });

  it("maps every path parameter of every route to one of tenant A's rows", () => {
    const problems: string[] = [];
    for (const r of declared) {
      try {
        const paths = concretePaths(r, victim);
        if (paths.some((p) => /:[A-Za-z_]/.test(p) || p.includes('undefined'))) {
          problems.push(`${routeKey(r)} → ${paths.join(', ')}`);
        }
      } catch (error) {
        problems.push((error as Error).message);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has a sample body for every write route with a body schema, each passing that schema', () => {
    const writes = declared.filter(isWrite);
    const withoutSample = writes.filter((r) => SAMPLE_BODIES[routeKey(r)] === undefined).map(routeKey);
    expect(withoutSample.sort()).toEqual([...ROUTES_WITHOUT_SAMPLE_BODY].sort());
    expect(
      writes.filter((r) => withoutSample.includes(routeKey(r)) && r.body !== undefined).map(routeKey),
    ).toEqual([]);
    const known = new Set(declared.map(routeKey));
    expect(Object.keys({ ...SAMPLE_BODIES, ...SAMPLE_QUERIES }).filter((k) => !known.has(k))).toEqual([]);
    const invalid: Record<string, unknown> = {};
    for (const r of writes) {
      const request = firstRequest(r);
      // A multipart sample (an import's file) is checked by sending it: its route answers 400 without a key.
      if (!r.body || request.payload === undefined || request.headers) continue;
      const parsed = r.body.safeParse(request.payload);
      if (!parsed.success) invalid[routeKey(r)] = parsed.error.issues;
    }
    expect(invalid).toEqual({});
  });

  it('has sample queries that pass their routes’ query schemas', () => {
    const invalid: Record<string, unknown> = {};
    for (const r of declared.filter((d) => SAMPLE_QUERIES[routeKey(d)] !== undefined)) {
      // The server folds filter[x]=y into { filter: { x: y } } (src/server/query-string.ts).
      const query: Record<string, unknown> = {};
      for (const [k, value] of Object.entries(SAMPLE_QUERIES[routeKey(r)]!(victim))) {
        const m = /^(\w+)\[(\w+)\]$/.exec(k);
        if (m) query[m[1]!] = { ...(query[m[1]!] as object), [m[2]!]: value };
        else query[k] = value;
      }
      const parsed = r.querystring?.safeParse(query);
      if (!parsed?.success) invalid[routeKey(r)] = parsed?.error.issues ?? 'no query schema';
    }
    expect(invalid).toEqual({});
  });
});

describe.each(guarded.map((r) => [routeKey(r), r] as const))('%s', (name, route) => {
  const access = route.access;
  const role = allowedRole(access);
  const write = isWrite(route);

  it('answers 401 without a session and with an unknown token', async () => {
    expect((await call(route, {})).statusCode).toBe(401);
    expect((await call(route, { authorization: `Bearer ${'x'.repeat(22)}` })).statusCode).toBe(401);
  });

  it.runIf(access.roles !== undefined)('answers 403 to every role it does not list', async () => {
    for (const other of ROLES.filter((r) => !access.roles!.includes(r))) {
      const res = await call(route, await freshHeaders(b, other, true));
      expect(res.statusCode, `${other}: ${res.body}`).toBe(403);
    }
  });

  it.runIf(access.module !== null)('answers 403 when its module is off', async () => {
    const res = await call(route, await freshHeaders(off, role, true));
    expect(res.statusCode, res.body).toBe(403);
  });

  it.runIf(access.module !== null && access.write === true)(
    'answers 403 to a read-only session',
    async () => {
      const res = await call(route, await freshHeaders(readOnly, role, true));
      expect(res.statusCode, res.body).toBe(403);
    },
  );

  it.runIf(access.pin !== undefined)('answers 403 without a PIN approval', async () => {
    const res = await call(route, await freshHeaders(b, role, false));
    expect(res.statusCode, res.body).toBe(403);
  });

  it.runIf(write)(
    'checks the session, then the permission, then the request: 401 → 403 → 400/422',
    async () => {
      const request = firstRequest(route);
      // A body no schema takes (an array where an object is due), and no Idempotency-Key.
      const { headers: _multipart, ...plain } = request;
      const junk = { ...plain, payload: ['junk'] };
      expect((await send(junk, {}, { key: false })).statusCode).toBe(401);
      if (access.module !== null) {
        expect((await send(junk, await freshHeaders(off, role, true), { key: false })).statusCode).toBe(403);
      }
      if (route.body !== undefined) {
        const res = await send(junk, await freshHeaders(b, role, true), { key: false });
        expect(res.statusCode, res.body).toBe(422);
      }
      if (route.idempotency && !WRITES_WITHOUT_REQUIRED_KEY.includes(name)) {
        const res = await send(request, await freshHeaders(b, role, true), { key: false });
        expect(res.statusCode, res.body).toBe(400);
      }
    },
  );

  it("gives tenant B nothing of tenant A's through A's ids, never a 5xx", async () => {
    const namesRows = paramNames(route.url).length > 0;
    for (const request of sampleRequests(route, victim)) {
      const res = await send(request, await freshHeaders(b, role, true));
      const what = `${request.method} ${request.url} → ${res.statusCode} ${res.body.slice(0, 300)}`;
      expect(res.statusCode, what).toBeLessThan(500);
      expect(leakedMarkers(victim, res.body), what).toEqual([]);
      if (namesRows && !OWN_DATA_ROUTES.includes(name)) expect([403, 404], what).toContain(res.statusCode);
      else if (!OWN_DATA_ROUTES.includes(name)) expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('tenant isolation', () => {
  it('would catch a route that reads a row by id without its tenant', async () => {
    const leaky = await buildApp({ db: testDb.db, config: { clientDir: null } });
    route(leaky, {
      method: 'GET',
      url: '/api/leaky/:id',
      access: { module: null },
      params: z.object({ id: z.coerce.number() }),
      data: z.unknown(),
      handler: async ({ params, db }) =>
        (await db.execute(sql`select uuid from sales where id = ${params.id}`)).rows[0] ?? null,
    });
    await leaky.ready();
    const res = await leaky.inject({
      url: `/api/leaky/${victim.saleId}`,
      headers: await freshHeaders(b, ROLE.OWNER, false),
    });
    await leaky.close();
    expect(res.statusCode).toBe(200);
    expect(leakedMarkers(victim, res.body)).toEqual([victim.saleUuid]);
  });

  it("leaves every row of tenant A unchanged after tenant B called every route with A's ids", async () => {
    // Runs after the generated checks above (vitest runs a file's tests in order).
    const after = await tenantRows(testDb.db, a.tenantId);
    expect(after).toEqual(before);
    // The rows really are there: the comparison is not between two empty tables.
    for (const table of [
      'sales',
      'sale_lines',
      'sale_payments',
      'giftcards',
      'customers',
      'payment_requests',
    ]) {
      expect(after[table], table).not.toMatch(/^0:/);
    }
    expect(after.working_times).not.toMatch(/^0:/);
  });
});
