/**
 * Test fixture: a tenant with a store, a second store, a workstation and one user per role, each with a
 * password, a PIN and a live session, written straight to the database (no HTTP, no seed). Route tests of
 * every resource use it:
 *
 *   const a = await createTenantWithUsers(testDb.db);
 *   const b = await createTenantWithUsers(testDb.db);             // a second tenant for isolation tests
 *   await app.inject({ method: 'GET', url: '/api/...', headers: a.headers('staff') });
 *   await app.inject({ ..., headers: a.headers('staff', { approver: 'manager' }) });  // + X-Pin-Approval
 *   a.auth('manager')                                             // the AuthContext, for service tests
 *   a.users.owner.id / .username / .password / .pin / .token
 *
 * Defaults: owner, admin and manager have every module on (PERMISSION_TEMPLATE_ALL_ON); staff has the
 * front-desk modules (dashboard, sale, walk-in, schedule, turn system) readable and writable and the rest
 * off. Override per role with `permissions`. Every session is bound to `store` and `workstation`; staff's
 * home store is `store`, the others work tenant-wide (store_id null), as in the demo seed.
 *
 * Tenant codes are random unless given, so any number of fixtures can share one test database.
 */
import { randomBytes } from 'node:crypto';
import {
  MODULE,
  PERMISSION_TEMPLATE_ALL_OFF,
  PERMISSION_TEMPLATE_ALL_ON,
  ROLE,
} from '../../../src/domain/constants';
import type { ModuleId, ModulePermission, Role } from '../../../src/domain/constants';
import { withModule } from '../../../src/domain/permissions';
import { PIN_APPROVAL_HEADER } from '../../../src/contracts/auth';
import type { AuthContext } from '../../../src/server/auth-context';
import type { Queryable } from '../../../src/server/db/client';
import { stores } from '../../../src/server/db/schema/stores';
import type { StoreSettings } from '../../../src/server/db/schema/stores';
import { tenants } from '../../../src/server/db/schema/tenants';
import type { TenantGeneralSettings } from '../../../src/server/db/schema/tenants';
import { pinLookup, users } from '../../../src/server/db/schema/users';
import { workstations } from '../../../src/server/db/schema/workstations';
import { hashSecret } from '../../../src/server/auth/passwords';
import { PIN_APPROVAL_TTL_MS, signPinApproval } from '../../../src/server/auth/pin-approval';
import { createSession } from '../../../src/server/auth/sessions';

export const FIXTURE_ROLES = [ROLE.OWNER, ROLE.ADMIN, ROLE.MANAGER, ROLE.STAFF] as const;

/** PINs per role (unique in the tenant, as users_tenant_pin_lookup_key demands). */
export const FIXTURE_PINS: Readonly<Record<Role, string>> = {
  owner: '1111',
  admin: '2222',
  manager: '3333',
  staff: '4444',
};

const FRONT_DESK_MODULES: readonly ModuleId[] = [
  MODULE.DASHBOARD,
  MODULE.SALE,
  MODULE.WALKIN,
  MODULE.SCHEDULE,
  MODULE.TURN_SYSTEM,
];

/** What staff gets by default: the front-desk modules on, everything else off. */
export const STAFF_PERMISSIONS: readonly ModulePermission[] = FRONT_DESK_MODULES.reduce<ModulePermission[]>(
  (perms, module) => withModule(perms, module, { enable: true, is_readable: true, is_writable: true }),
  [...PERMISSION_TEMPLATE_ALL_OFF],
);

export const DEFAULT_FIXTURE_PERMISSIONS: Readonly<Record<Role, readonly ModulePermission[]>> = {
  owner: PERMISSION_TEMPLATE_ALL_ON,
  admin: PERMISSION_TEMPLATE_ALL_ON,
  manager: PERMISSION_TEMPLATE_ALL_ON,
  staff: STAFF_PERMISSIONS,
};

export interface FixtureUser {
  id: number;
  role: Role;
  username: string;
  displayName: string;
  password: string;
  pin: string;
  /** A live session bound to the fixture's store and workstation. */
  token: string;
  sessionId: number;
  permissions: readonly ModulePermission[];
}

export interface FixtureStore {
  id: number;
  code: string;
  name: string;
}

export interface TenantFixture {
  tenantId: number;
  tenantCode: string;
  tenantName: string;
  pinSecret: string;
  /** The store every session works in. */
  store: FixtureStore;
  /** Another store of the same tenant (for "another store → 403" tests); no session is bound to it. */
  otherStore: FixtureStore;
  workstation: { id: number; code: string; name: string; storeId: number };
  users: Readonly<Record<Role, FixtureUser>>;
  tokens: Readonly<Record<Role, string>>;
  /** The AuthContext the auth plugin would build for this role's session. */
  auth(role: Role): AuthContext;
  /**
   * Request headers for this role's session: `authorization`, plus `x-pin-approval` signed for the
   * approver's PIN when `approver` is given (what POST /api/role-by-code would return).
   */
  headers(role: Role, options?: { approver?: Role; extra?: Record<string, string> }): Record<string, string>;
  /** A PIN approval of `approver`, bound to `role`'s session (the X-Pin-Approval value). */
  approval(role: Role, approver?: Role): string;
}

export interface TenantFixtureOptions {
  /** Tenant code (upper-case, unique); random by default. */
  code?: string;
  name?: string;
  permissions?: Partial<Record<Role, readonly ModulePermission[]>>;
  storeSettings?: StoreSettings;
  generalSettings?: Partial<TenantGeneralSettings>;
  /** Create sessions (default true); false for tests that log in through HTTP themselves. */
  sessions?: boolean;
}

/**
 * A random tenant code: 'T' and 13 digits that never pass the Luhn check.
 * WHY digits only: display names carry the code, and a code with letters ("…BE…") made name-filter tests
 * match the fixture's own people now and then. WHY never Luhn-valid: fixture values built from the code (a
 * gift card 'VG-<code>') are refused when they read as a payment card number (13-19 digits passing Luhn),
 * which one random code in ten did, failing a whole test file in its setup.
 */
export function randomTenantCode(): string {
  const body = randomBytes(5).readUIntBE(0, 5).toString().padStart(12, '0').slice(-12);
  const valid = luhnCheckDigit(body);
  return `T${body}${(valid + 1) % 10}`;
}

/** The digit that makes `digits` + it pass the Luhn check. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

export async function createTenantWithUsers(
  db: Queryable,
  options: TenantFixtureOptions = {},
): Promise<TenantFixture> {
  const code = options.code ?? randomTenantCode();
  const name = options.name ?? `Salon ${code}`;
  const [tenant] = await db
    .insert(tenants)
    .values({
      code,
      name,
      settings: {
        country_code: 'US',
        enable_checkin_employee_daily: 0,
        enterPinCodeScreens: [],
        ...options.generalSettings,
      },
    })
    .returning({ id: tenants.id, pinSecret: tenants.pinSecret });
  const tenantId = tenant!.id;
  const pinSecret = tenant!.pinSecret;

  const storeRows = await db
    .insert(stores)
    .values([
      { tenantId, code: '0001', name: `${name} Main`, settings: options.storeSettings ?? {} },
      { tenantId, code: '0002', name: `${name} Second` },
    ])
    .returning({ id: stores.id, code: stores.code, name: stores.name });
  const store = storeRows[0]!;
  const otherStore = storeRows[1]!;

  const [workstation] = await db
    .insert(workstations)
    .values({ tenantId, storeId: store.id, code: '01', name: 'Front desk' })
    .returning({
      id: workstations.id,
      code: workstations.code,
      name: workstations.name,
      storeId: workstations.storeId,
    });

  const prepared = await Promise.all(
    FIXTURE_ROLES.map(async (role) => {
      const password = `${role}-password-${code.toLowerCase()}`;
      const pin = FIXTURE_PINS[role];
      const [passwordHash, pinHash] = await Promise.all([hashSecret(password), hashSecret(pin)]);
      return {
        role,
        password,
        pin,
        values: {
          tenantId,
          storeId: role === ROLE.STAFF ? store.id : null,
          role,
          username: `${role}-${code.toLowerCase()}`,
          displayName: `${role[0]!.toUpperCase()}${role.slice(1)} ${code}`,
          firstName: `${role[0]!.toUpperCase()}${role.slice(1)}`,
          lastName: code,
          passwordHash,
          pinHash,
          pinLookup: pinLookup(pinSecret, pin),
          permissions: [...(options.permissions?.[role] ?? DEFAULT_FIXTURE_PERMISSIONS[role])],
        },
      };
    }),
  );
  const inserted = await db
    .insert(users)
    .values(prepared.map((p) => p.values))
    .returning({ id: users.id, role: users.role, username: users.username });

  const made = {} as Record<Role, FixtureUser>;
  for (const p of prepared) {
    const row = inserted.find((r) => r.role === p.role)!;
    const session =
      options.sessions === false
        ? { token: '', sessionId: 0 }
        : await createSession(db, {
            tenantId,
            userId: row.id,
            storeId: store.id,
            workstationId: workstation!.id,
          });
    made[p.role] = {
      id: row.id,
      role: p.role,
      username: row.username,
      displayName: p.values.displayName,
      password: p.password,
      pin: p.pin,
      token: session.token,
      sessionId: session.sessionId,
      permissions: p.values.permissions,
    };
  }

  const auth = (role: Role): AuthContext => ({
    tenantId,
    userId: made[role].id,
    storeId: store.id,
    role,
    workstationId: workstation!.id,
    permissions: made[role].permissions,
    sessionId: made[role].sessionId,
  });
  const approval = (role: Role, approver: Role = ROLE.MANAGER): string =>
    signPinApproval(pinSecret, {
      tenantId,
      sessionId: made[role].sessionId,
      approverId: made[approver].id,
      approverRole: approver,
      expiresAt: new Date(Date.now() + PIN_APPROVAL_TTL_MS),
    });

  return {
    tenantId,
    tenantCode: code,
    tenantName: name,
    pinSecret,
    store,
    otherStore,
    workstation: workstation!,
    users: made,
    tokens: Object.fromEntries(FIXTURE_ROLES.map((r) => [r, made[r].token])) as Record<Role, string>,
    auth,
    approval,
    headers: (role, opts = {}) => ({
      authorization: `Bearer ${made[role].token}`,
      ...(opts.approver ? { [PIN_APPROVAL_HEADER]: approval(role, opts.approver) } : {}),
      ...opts.extra,
    }),
  };
}
