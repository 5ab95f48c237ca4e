import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../contracts/error-codes';
import { z } from 'zod';
import { apiHarness } from '../../../tests/support/server/api-harness';
import type { Headers } from '../../../tests/support/server/api-harness';
import { PIN_APPROVAL_HEADER } from '../../contracts/auth';
import { MODULE, PERMISSION_TEMPLATE_ALL_ON } from '../../domain/constants';
import type { Role } from '../../domain/constants';
import { withModule } from '../../domain/permissions';
import { requireStore, WRONG_STORE_MESSAGE } from '../auth-context';
import { users } from '../db/schema/users';
import { route } from '../route';
import { ADMIN_ROLES, MESSAGES, PIN_APPROVER_ROLES, REPORT_ACCESS, SETTINGS_ROLES } from './access';
import type { RouteAccess } from './access';
import { PIN_APPROVAL_TTL_MS, signPinApproval } from './pin-approval';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';

const SAMPLE_ROUTES: Record<string, { method: 'GET' | 'POST'; access: RouteAccess }> = {
  '/api/test/public': { method: 'GET', access: { public: true } },
  '/api/test/session': { method: 'GET', access: { module: null } },
  '/api/test/sale-read': { method: 'GET', access: { module: MODULE.SALE } },
  '/api/test/sale-write': { method: 'POST', access: { module: MODULE.SALE, write: true } },
  '/api/test/admin': { method: 'GET', access: { module: MODULE.BACK_OFFICE, roles: ADMIN_ROLES } },
  '/api/test/settings': {
    method: 'POST',
    access: { module: MODULE.SETTING, write: true, roles: SETTINGS_ROLES },
  },
  '/api/test/report': { method: 'GET', access: REPORT_ACCESS },
  '/api/test/refund': {
    method: 'POST',
    access: { module: MODULE.SALE, write: true, pin: { roles: PIN_APPROVER_ROLES } },
  },
};

const api = await apiHarness({
  beforeReady: (app) => {
    for (const [url, spec] of Object.entries(SAMPLE_ROUTES)) {
      route(app, {
        method: spec.method,
        url,
        access: spec.access,
        body: spec.method === 'POST' ? z.strictObject({ amount: z.number().int().positive() }) : undefined,
        data: z.object({ approver: z.number().nullable() }),
        handler: async ({ request }) => ({ approver: request.pinApprover?.userId ?? null }),
      });
    }
    route(app, {
      method: 'GET',
      url: '/api/test/stores/:store_id',
      access: { module: null },
      params: z.object({ store_id: z.coerce.number().int() }),
      data: z.number(),
      handler: async ({ params, auth }) => requireStore(auth!, params.store_id),
    });
  },
});
const a = await api.tenant();
const b = await api.tenant();
/** Staff whose Sale module is readable but not writable. */
const readOnly = await api.tenant({
  permissions: {
    staff: withModule(PERMISSION_TEMPLATE_ALL_ON, MODULE.SALE, { is_writable: false, is_readable: true }),
  },
});

function call(url: string, headers: Headers = {}, payload: unknown = { amount: 5 }) {
  const method = SAMPLE_ROUTES[url]?.method ?? 'GET';
  return api.as(headers).request(method, url, method === 'POST' ? payload : undefined, { key: null });
}

async function statusFor(url: string, role: Role | null, f: TenantFixture = a, approver?: Role) {
  const headers = role ? f.headers(role, approver ? { approver } : {}) : {};
  return (await call(url, headers)).statusCode;
}

describe('access declarations: the permission matrix', () => {
  it('public routes need nothing', async () => {
    expect(await statusFor('/api/test/public', null)).toBe(200);
  });

  it('session routes need a live session, any role', async () => {
    expect(await statusFor('/api/test/session', null)).toBe(401);
    for (const role of ['owner', 'admin', 'manager', 'staff'] as const) {
      expect(await statusFor('/api/test/session', role)).toBe(200);
    }
    const garbage = await call('/api/test/session', { authorization: 'Bearer not-a-token' });
    expect(garbage.statusCode).toBe(401);
    expect(garbage.json()).toMatchObject({
      code: ERROR_CODE.UNAUTHENTICATED,
      message: 'Please log in again.',
    });
  });

  it('module routes need the module enabled and readable; writes need it writable', async () => {
    expect(await statusFor('/api/test/sale-read', 'staff')).toBe(200);
    expect(await statusFor('/api/test/sale-write', 'staff')).toBe(200);
    expect(await statusFor('/api/test/sale-read', 'staff', readOnly)).toBe(200);
    const write = await call('/api/test/sale-write', readOnly.headers('staff'));
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: ERROR_CODE.FORBIDDEN, message: MESSAGES.write });
  });

  it('a module switched off grants nothing (staff has no back office, report or settings module)', async () => {
    const res = await call('/api/test/report', a.headers('staff', { approver: 'manager' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: ERROR_CODE.MODULE_DISABLED, message: MESSAGES.moduleDisabled });
  });

  it('admin routes need the admin role (000 §6), settings admin or owner', async () => {
    const admin: Record<Role, number> = { owner: 403, admin: 200, manager: 403, staff: 403 };
    const settings: Record<Role, number> = { owner: 200, admin: 200, manager: 403, staff: 403 };
    for (const role of ['owner', 'admin', 'manager', 'staff'] as const) {
      expect(await statusFor('/api/test/admin', role), `admin route, ${role}`).toBe(admin[role]);
      expect(await statusFor('/api/test/settings', role), `settings route, ${role}`).toBe(settings[role]);
    }
    expect((await call('/api/test/admin', a.headers('owner'))).json().message).toBe(MESSAGES.role);
  });

  it('PIN routes need an X-Pin-Approval of this session; the approver reaches the handler', async () => {
    const without = await call('/api/test/report', a.headers('manager'));
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ code: ERROR_CODE.PIN_APPROVAL_REQUIRED, message: MESSAGES.pin });
    const withApproval = await call('/api/test/report', a.headers('manager', { approver: 'staff' }));
    expect(withApproval.statusCode).toBe(200);
    expect(withApproval.json().data.approver).toBe(a.users.staff.id);
  });

  it('a PIN approval from POST /api/role-by-code opens a PIN route for 5 minutes', async () => {
    const check = await api.app.inject({
      method: 'POST',
      url: '/api/role-by-code',
      payload: { code: a.users.owner.pin },
      headers: a.headers('manager'),
    });
    const approval = check.json().data.approval as string;
    const res = await call('/api/test/report', { ...a.headers('manager'), [PIN_APPROVAL_HEADER]: approval });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.approver).toBe(a.users.owner.id);
  });

  it('refuses an approval of another session, another tenant, or one that expired', async () => {
    const ofOtherSession = a.approval('owner', 'manager');
    const res = await call('/api/test/report', {
      ...a.headers('manager'),
      [PIN_APPROVAL_HEADER]: ofOtherSession,
    });
    expect(res.statusCode).toBe(403);
    const ofOtherTenant = b.approval('manager', 'manager');
    expect(
      (await call('/api/test/report', { ...a.headers('manager'), [PIN_APPROVAL_HEADER]: ofOtherTenant }))
        .statusCode,
    ).toBe(403);
    const expired = signPinApproval(a.pinSecret, {
      tenantId: a.tenantId,
      sessionId: a.users.manager.sessionId,
      approverId: a.users.owner.id,
      approverRole: 'owner',
      expiresAt: new Date(Date.now() - 1),
    });
    expect(
      (await call('/api/test/report', { ...a.headers('manager'), [PIN_APPROVAL_HEADER]: expired }))
        .statusCode,
    ).toBe(403);
    expect(PIN_APPROVAL_TTL_MS).toBe(5 * 60_000);
  });

  it('a PIN route limited to approver roles refuses a staff PIN', async () => {
    const staffPin = await call('/api/test/refund', a.headers('staff', { approver: 'staff' }));
    expect(staffPin.statusCode).toBe(403);
    expect(staffPin.json()).toMatchObject({
      code: ERROR_CODE.PIN_APPROVER_NOT_ALLOWED,
      message: MESSAGES.pinRole,
    });
    const managerPin = await call('/api/test/refund', a.headers('staff', { approver: 'manager' }));
    expect(managerPin.statusCode).toBe(200);
  });

  it('checks access before the body: no session is 401 and no right is 403, whatever the body', async () => {
    const anonymous = await call('/api/test/sale-write', {}, { amount: 'lots', extra: 1 });
    expect(anonymous.statusCode).toBe(401);
    const noRight = await call('/api/test/sale-write', readOnly.headers('staff'), { amount: 'lots' });
    expect(noRight.statusCode).toBe(403);
    const allowed = await call('/api/test/sale-write', a.headers('staff'), { amount: 'lots' });
    expect(allowed.statusCode).toBe(422);
  });

  it('permissions are read per request: a change takes effect on the next call', async () => {
    const c = await api.tenant();
    expect(await statusFor('/api/test/sale-read', 'staff', c)).toBe(200);
    await api.db
      .update(users)
      .set({ permissions: [] })
      .where(and(eq(users.tenantId, c.tenantId), eq(users.id, c.users.staff.id)));
    expect(await statusFor('/api/test/sale-read', 'staff', c)).toBe(403);
    await api.db
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.tenantId, c.tenantId), eq(users.id, c.users.staff.id)));
    expect(await statusFor('/api/test/session', 'staff', c)).toBe(401);
  });
});

describe('store scoping', () => {
  it('requireStore lets the session store through and refuses any other with 403', async () => {
    const own = await api.app.inject({
      method: 'GET',
      url: `/api/test/stores/${a.store.id}`,
      headers: a.headers('owner'),
    });
    expect(own.statusCode).toBe(200);
    const other = await api.app.inject({
      method: 'GET',
      url: `/api/test/stores/${a.otherStore.id}`,
      headers: a.headers('owner'),
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: ERROR_CODE.WRONG_STORE, message: WRONG_STORE_MESSAGE });
    const foreign = await api.app.inject({
      method: 'GET',
      url: `/api/test/stores/${b.store.id}`,
      headers: a.headers('owner'),
    });
    expect(foreign.statusCode).toBe(403);
  });
});
