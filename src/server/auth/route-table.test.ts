/**
 * Generated from the route table (listRoutes / listRegisteredRoutes): every API route of buildApp, present
 * and future, is checked here without anyone writing a test for it.
 *
 * - Every /api route is declared through route() with an access declaration; the public ones are exactly
 *   the reviewed PUBLIC_ROUTES list (adding a public route is a deliberate edit here).
 * - Each non-public route: 401 without a session or with an unknown token; 403 for a role it does not list,
 *   for a session whose modules are all off, for a read-only session on a write, and without a PIN approval
 *   where it needs one.
 * - Tenant isolation (issue 3): tenant B's session, with every right and a PIN approval, calls each route
 *   with tenant A's ids in the path. It must never get a 5xx nor anything of A's, and every row of A in
 *   every table must be unchanged afterwards.
 *
 * Path parameters are filled from PARAM_VALUES (tenant A's ids by parameter name). A resource whose routes
 * take an id of its own should add its parameter there with an id of a row created for tenant A in
 * `createVictimRows`, so the isolation check points at a real row of A.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { TestDatabase } from '../../../tests/support/test-db';
import { PIN_APPROVAL_HEADER } from '../../contracts/auth';
import { PERMISSION_TEMPLATE_ALL_OFF, PERMISSION_TEMPLATE_ALL_ON, ROLE } from '../../domain/constants';
import type { ModulePermission, Role } from '../../domain/constants';
import { withModule } from '../../domain/permissions';
import { buildApp } from '../app';
import type { Db } from '../db/client';
import { listRegisteredRoutes, listRoutes, route } from '../route';
import type { RouteInfo } from '../route';
import { isPublic } from './access';
import type { SessionAccess } from './access';
import { PIN_APPROVAL_TTL_MS, signPinApproval } from './pin-approval';
import { createSession } from './sessions';
import { createTenantWithUsers } from './test-fixtures';
import type { TenantFixture } from './test-fixtures';

/** Routes anyone may call without a session. Reviewed: each one must be safe for the whole internet. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'POST /api/login',
  'POST /api/login-token',
  // Wallet providers call these without a session; each verifies the provider's signature instead.
  'POST /api/payments/momo/ipn',
  'GET /api/payments/vnpay/return',
  'GET /api/payments/vnpay/ipn',
];

const ROLES: readonly Role[] = [ROLE.OWNER, ROLE.ADMIN, ROLE.MANAGER, ROLE.STAFF];

// The table is read from an app built at collection time (no request reaches its database), so each route
// gets its own named test below.
const listing = await buildApp({ db: {} as Db, config: { clientDir: null } });
await listing.ready();
const declared = listRoutes(listing);
const registered = listRegisteredRoutes(listing);
await listing.close();

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** API routes Fastify has that the factory did not declare, and declared routes without access. */
function routeTableProblems(
  routes: readonly RouteInfo[],
  all: readonly { method: string; url: string }[],
): { undeclared: string[]; withoutAccess: string[] } {
  const declaredKeys = new Set(routes.map(key));
  const undeclared = all
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
    .map(key)
    .filter((k) => !declaredKeys.has(k));
  const withoutAccess = routes.filter((r) => r.access === undefined).map(key);
  return { undeclared, withoutAccess };
}
const guarded = declared.filter(
  (r): r is RouteInfo & { access: SessionAccess } => r.access !== undefined && !isPublic(r.access),
);

let testDb: TestDatabase;
let app: FastifyInstance;
/** The tenant whose data nobody else may touch. Its sessions are never used here. */
let a: TenantFixture;
/** The other tenant: every role has every module. */
let b: TenantFixture;
/** Every module off, for every role. */
let off: TenantFixture;
/** Every module readable but not writable, for every role. */
let readOnly: TenantFixture;
let paramValues: Record<string, number>;
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
    const result = await db.execute<{ h: string | null }>(
      sql`select md5(string_agg(t::text, '|' order by t::text)) as h from ${sql.identifier(table_name)} t
          where t.tenant_id = ${tenantId}`,
    );
    out[table_name] = result.rows[0]?.h ?? '';
  }
  const tenant = await db.execute<{ h: string | null }>(
    sql`select md5(t::text) as h from tenants t where t.id = ${tenantId}`,
  );
  out.tenants = tenant.rows[0]?.h ?? '';
  return out;
}

function fillPath(url: string): string {
  return url.replace(/:([A-Za-z_]+)/g, (_, name: string) => String(paramValues[name] ?? paramValues.id));
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

function call(route: RouteInfo, headers: Record<string, string>) {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return app.inject({
    method: route.method as InjectOptions['method'],
    url: fillPath(route.url),
    headers,
    ...(hasBody ? { payload: {} } : {}),
  });
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildApp({ db: testDb.db, config: { clientDir: null } });
  await app.ready();
  a = await createTenantWithUsers(testDb.db, { permissions: allRoles(PERMISSION_TEMPLATE_ALL_ON) });
  b = await createTenantWithUsers(testDb.db, { permissions: allRoles(PERMISSION_TEMPLATE_ALL_ON) });
  off = await createTenantWithUsers(testDb.db, { permissions: allRoles(PERMISSION_TEMPLATE_ALL_OFF) });
  readOnly = await createTenantWithUsers(testDb.db, { permissions: allRoles(READ_ONLY) });
  paramValues = {
    store_id: a.store.id,
    workstation_id: a.workstation.id,
    user_id: a.users.staff.id,
    employee_id: a.users.staff.id,
    id: a.users.staff.id,
  };
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
    const publicRoutes = declared.filter((r) => r.access !== undefined && isPublic(r.access)).map(key);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('lists the auth routes with their access', () => {
    const byKey = new Map(declared.map((r) => [key(r), r.access]));
    expect(byKey.get('POST /api/login')).toEqual({ public: true });
    expect(byKey.get('POST /api/role-by-code')).toEqual({ module: null });
    expect(byKey.get('GET /api/initial-settings/store/:store_id')).toEqual({ module: null });
  });
});

describe.each(guarded.map((r) => [key(r), r] as const))('%s', (_name, route) => {
  const access = route.access;
  const role = allowedRole(access);

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

  it("gives tenant B nothing of tenant A's through A's ids, and never a 5xx", async () => {
    const res = await call(route, await freshHeaders(b, role, true));
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.body.toLowerCase()).not.toContain(a.tenantCode.toLowerCase());
  });
});

describe('tenant isolation', () => {
  it("leaves every row of tenant A unchanged after tenant B called every route with A's ids", async () => {
    // Runs after the generated checks above (vitest runs a file's tests in order).
    expect(await tenantRows(testDb.db, a.tenantId)).toEqual(before);
  });
});
