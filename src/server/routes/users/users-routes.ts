/**
 * /api/users (docs/api.md#endpoints "Users: /users, /users/total, /users/{id}, /users/{id}/change-pass,
 * /users/bulk, /users/import"): the salon's members on the resource factory (docs/back-office.md), with the
 * special cases docs/back-office-members.md describes: passwords and PINs stored as argon2id hashes (a PIN
 * also as its tenant-keyed lookup, so it is unique in the salon and the PIN pad finds its owner), an avatar
 * picture, the role rules (only an owner makes or changes an owner; nobody removes their own account or the
 * last owner), and the permissions' maximumEmployees on every way a member becomes active.
 */
import { count, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { bulkRequestSchema } from '../../../contracts/resource';
import {
  createUserBody,
  setUserPasswordBody,
  setUserPasswordResponse,
  updateUserBody,
  USER_CSV_COLUMNS,
  USER_EXPORT_COLUMNS,
  USER_ROLES,
  userSchema,
  usersTotalSchema,
} from '../../../contracts/users';
import type { User } from '../../../contracts/users';
import { resourceIdParamsSchema } from '../../../contracts/resource';
import { MODULE, ROLE } from '../../../domain/constants';
import type { Role } from '../../../domain/constants';
import type { AuthContext } from '../../auth-context';
import { requireAuth } from '../../auth-context';
import { hashSecret } from '../../auth/passwords';
import { revokeOtherSessions } from '../../auth/sessions';
import type { Queryable } from '../../db/client';
import { booleanFilter, idFilter, listFilter, lowerOf } from '../../db/list-query';
import { auditLog } from '../../db/schema/audit-log';
import { expenses } from '../../db/schema/expenses';
import { couponHistories, customerPointHistory, giftcardHistories } from '../../db/schema/ledger-histories';
import { paymentRequests } from '../../db/schema/payment-requests';
import { saleEmployees, salePayments, saleRefunds, sales } from '../../db/schema/sales';
import { stores } from '../../db/schema/stores';
import { tenants } from '../../db/schema/tenants';
import { pinLookup, users } from '../../db/schema/users';
import { walkIns } from '../../db/schema/walk-ins';
import { workingTimes } from '../../db/schema/working-times';
import { tenantIdWhere, tenantWhere } from '../../db/scoped';
import { conflict, duplicate, forbidden, notFound, unprocessable } from '../../errors';
import { writeResourceAudit } from '../../resources/audit';
import { saveImage } from '../../resources/media';
import {
  BACK_OFFICE_ROLES,
  defineResource,
  registerResource,
  usedBy,
} from '../../resources/resource-factory';
import { timestampSorts } from '../../resources/resource-parts';
import type { WriteContext } from '../../resources/resource-config';
import { route } from '../../route';
import { DEMO_PERMISSIONS } from '../../seed/demo-data';
import { loadTenantSettings, readGeneralSettings } from '../../services/settings/views';

export const DUPLICATE_USERNAME_MESSAGE = 'Another member already has this username.';
/** Never says whose PIN it is. */
export const DUPLICATE_PIN_MESSAGE = 'This PIN is already in use. Choose another.';
export const MAXIMUM_EMPLOYEES_MESSAGE = (maximum: number) =>
  `The salon may have at most ${maximum} active employees. Disable someone first, or ask to raise the limit.`;
export const LAST_OWNER_MESSAGE =
  "The salon's last active owner cannot be deleted, disabled or given another role.";
export const OWN_ACCOUNT_MESSAGE = 'You cannot delete or disable your own account, nor change your own role.';
export const OWNER_ONLY_MESSAGE = 'Only an owner can add, change or remove an owner.';
export const UNKNOWN_STORE_MESSAGE = 'This store does not exist.';
/** Directory of member pictures under the media root (the profile's avatars live there too). */
export const MEMBER_AVATAR_DIR = 'avatars';

type UserRecord = typeof users.$inferSelect;

/** What a new member may open: the modules the demo's people of the same role have (src/server/seed). */
function defaultPermissions(role: Role, isTechnician: boolean) {
  if (role === ROLE.STAFF) return isTechnician ? DEMO_PERMISSIONS.technician() : DEMO_PERMISSIONS.cashier();
  return DEMO_PERMISSIONS[role]();
}

/** First word and the rest: the sale screen's employee views read first and last names too. */
function splitName(name: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/**
 * Per request: the salon's PIN secret, its maximumEmployees, how many members are active and how many this
 * request has added so far (an import adds one per row before any row is written).
 */
interface RequestState {
  pinSecret?: Promise<string>;
  /** PIN lookups this request has given out (an import's rows each need their own). */
  pins?: Set<string>;
  room?: Promise<{ active: number; maximum: number; adding: number }>;
}
const requestState = new WeakMap<FastifyRequest, RequestState>();
function stateOf(request: FastifyRequest): RequestState {
  let state = requestState.get(request);
  if (!state) requestState.set(request, (state = {}));
  return state;
}

async function tenantPinSecret(db: Queryable, request: FastifyRequest, tenantId: number): Promise<string> {
  const state = stateOf(request);
  state.pinSecret ??= (async () => {
    const [tenant] = await db
      .select({ pinSecret: tenants.pinSecret })
      .from(tenants)
      .where(eq(tenants.id, tenantId))
      .limit(1);
    if (!tenant) throw notFound();
    return tenant.pinSecret;
  })();
  return state.pinSecret;
}

/**
 * 409 `duplicate` on `pin` when another member of the salon (or an earlier row of the same import) has this
 * PIN: the PIN pad finds its owner by the lookup alone (docs/back-office-members.md). The answer never
 * says whose PIN it is. The unique index users_tenant_pin_lookup_key stays the last word for a race.
 */
async function checkPinFree(
  db: Queryable,
  auth: AuthContext,
  request: FastifyRequest,
  lookup: string,
  exceptId?: number,
) {
  const state = stateOf(request);
  state.pins ??= new Set();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      tenantWhere(
        users,
        auth,
        eq(users.pinLookup, lookup),
        exceptId !== undefined ? ne(users.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken || state.pins.has(lookup)) throw duplicate(DUPLICATE_PIN_MESSAGE, 'pin');
  state.pins.add(lookup);
}

/** The salon's permissions' maximumEmployees (general settings, docs/back-office-members.md). */
async function maximumEmployees(db: Queryable, tenantId: number): Promise<number> {
  return readGeneralSettings(await loadTenantSettings(db, tenantId)).maximum_employees;
}

/** Active members of the salon matching `conditions`. */
async function countActive(db: Queryable, auth: AuthContext, ...conditions: (SQL | undefined)[]) {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(tenantWhere(users, auth, eq(users.isActive, true), ...conditions));
  return row?.n ?? 0;
}

const activeMembers = (db: Queryable, auth: AuthContext) => countActive(db, auth);

/**
 * Serialises the writes that make members active within one salon for the rest of the transaction, so two
 * concurrent creates cannot both take the last free place.
 */
async function lockMembers(db: Queryable, tenantId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('users.active'), ${tenantId})`);
}

function maximumReached(maximum: number) {
  return conflict(MAXIMUM_EMPLOYEES_MESSAGE(maximum), ERROR_CODE.MAXIMUM_EMPLOYEES_REACHED, {
    maximum_employees: maximum,
  });
}

/** 409 `maximum_employees_reached` when `adding` more active members would pass the salon's maximum. */
async function takeRoom(db: Queryable, auth: AuthContext, request: FastifyRequest, adding = 1) {
  const state = stateOf(request);
  // One reading per request, shared by the rows of an import that ask at the same time.
  state.room ??= (async () => {
    await lockMembers(db, auth.tenantId);
    return {
      active: await activeMembers(db, auth),
      maximum: await maximumEmployees(db, auth.tenantId),
      adding: 0,
    };
  })();
  const room = await state.room;
  if (room.active + room.adding + adding > room.maximum) throw maximumReached(room.maximum);
  room.adding += adding;
}

const otherActiveOwners = (db: Queryable, auth: AuthContext, except: readonly number[]) =>
  countActive(db, auth, eq(users.role, ROLE.OWNER), notInArray(users.id, [...except]));

async function checkStore(db: Queryable, auth: AuthContext, storeId: number | null | undefined) {
  if (storeId === undefined || storeId === null) return;
  const [store] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(tenantIdWhere(stores, auth, storeId))
    .limit(1);
  if (!store) throw unprocessable(UNKNOWN_STORE_MESSAGE, { store_id: [UNKNOWN_STORE_MESSAGE] });
}

/** Only an owner makes, changes or removes an owner. */
function checkOwnerRule(auth: AuthContext, ...roles: (string | undefined)[]) {
  if (auth.role !== ROLE.OWNER && roles.includes(ROLE.OWNER)) throw forbidden(OWNER_ONLY_MESSAGE);
}

/** The secrets and the picture of a body, as columns. */
async function secretValues(
  body: { password?: string | undefined; pin?: string | undefined; avatar?: Uint8Array | undefined },
  { db, auth, request }: WriteContext,
  exceptId?: number,
) {
  let pin = {};
  if (body.pin !== undefined) {
    const lookup = pinLookup(await tenantPinSecret(db, request, auth.tenantId), body.pin);
    await checkPinFree(db, auth, request, lookup, exceptId);
    pin = { pinHash: await hashSecret(body.pin), pinLookup: lookup };
  }
  return {
    ...(body.password !== undefined ? { passwordHash: await hashSecret(body.password) } : {}),
    ...pin,
    ...(body.avatar !== undefined
      ? {
          avatarPath: await saveImage(
            request.server.mediaDir,
            MEMBER_AVATAR_DIR,
            auth.tenantId,
            body.avatar,
            'avatar',
          ),
        }
      : {}),
  };
}

function toRow(record: UserRecord): User {
  return {
    id: record.id,
    name: record.displayName,
    username: record.username,
    role: record.role,
    store_id: record.storeId,
    commission_rate: record.commissionRate,
    is_technician: record.isTechnician,
    has_password: record.passwordHash !== null,
    has_pin: record.pinHash !== null,
    avatar_path: record.avatarPath,
    is_active: record.isActive,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  };
}

const usedByHistory = usedBy(
  { resource: 'sales', table: sales, column: sales.employeeId },
  { resource: 'sales', table: sales, column: sales.cashierId },
  { resource: 'sale_employees', table: saleEmployees, column: saleEmployees.userId },
  { resource: 'sale_payments', table: salePayments, column: salePayments.createdBy },
  { resource: 'sale_refunds', table: saleRefunds, column: saleRefunds.createdBy },
  { resource: 'sale_refunds', table: saleRefunds, column: saleRefunds.approvedBy },
  { resource: 'working_times', table: workingTimes, column: workingTimes.userId },
  { resource: 'walk_ins', table: walkIns, column: walkIns.userId },
  { resource: 'walk_ins', table: walkIns, column: walkIns.createdBy },
  { resource: 'expenses', table: expenses, column: expenses.paidBy },
  { resource: 'payment_requests', table: paymentRequests, column: paymentRequests.createdBy },
  { resource: 'giftcard_histories', table: giftcardHistories, column: giftcardHistories.userId },
  { resource: 'coupon_histories', table: couponHistories, column: couponHistories.userId },
  { resource: 'customer_point_history', table: customerPointHistory, column: customerPointHistory.userId },
  { resource: 'audit_log', table: auditLog, column: auditLog.userId },
  { resource: 'audit_log', table: auditLog, column: auditLog.approvedBy },
);

export const USER_RESOURCE = defineResource({
  name: 'users',
  label: 'Member',
  table: users,
  scope: 'tenant',
  module: MODULE.BACK_OFFICE,
  roles: BACK_OFFICE_ROLES,
  row: userSchema,
  toRow,
  createBody: createUserBody,
  updateBody: updateUserBody,
  toInsert: async (body, ctx) => {
    checkOwnerRule(ctx.auth, body.role);
    await checkStore(ctx.db, ctx.auth, body.store_id);
    const isActive = body.is_active ?? true;
    if (isActive) await takeRoom(ctx.db, ctx.auth, ctx.request);
    const isTechnician = body.is_technician ?? false;
    return {
      role: body.role,
      username: body.username,
      displayName: body.name,
      ...splitName(body.name),
      storeId: body.store_id ?? null,
      commissionRate: body.commission_rate ?? 0,
      isTechnician,
      // A technician takes walk-ins and bookings unless the salon says otherwise later.
      enableWalkin: isTechnician,
      enableBooking: isTechnician,
      isActive,
      permissions: defaultPermissions(body.role, isTechnician),
      ...(await secretValues(body, ctx)),
    };
  },
  toUpdate: async (body, ctx) => {
    const { auth, before } = ctx;
    checkOwnerRule(auth, before.role, body.role);
    const self = before.id === auth.userId;
    const roleChanges = body.role !== undefined && body.role !== before.role;
    const disables = body.is_active === false && before.isActive;
    if (self && (roleChanges || disables)) throw conflict(OWN_ACCOUNT_MESSAGE, ERROR_CODE.OWN_ACCOUNT);
    if (before.role === ROLE.OWNER && before.isActive && (roleChanges || disables)) {
      if ((await otherActiveOwners(ctx.db, auth, [before.id])) === 0)
        throw conflict(LAST_OWNER_MESSAGE, ERROR_CODE.LAST_OWNER);
    }
    if (body.is_active === true && !before.isActive) await takeRoom(ctx.db, auth, ctx.request);
    await checkStore(ctx.db, auth, body.store_id);
    // A new password, or a member switched off, ends the member's sessions (not the caller's own).
    if (body.password !== undefined || disables)
      await revokeOtherSessions(ctx.db, auth.tenantId, before.id, self ? (auth.sessionId ?? null) : null);
    return {
      ...(body.role !== undefined ? { role: body.role } : {}),
      ...(body.username !== undefined ? { username: body.username } : {}),
      ...(body.name !== undefined ? { displayName: body.name, ...splitName(body.name) } : {}),
      ...(body.store_id !== undefined ? { storeId: body.store_id } : {}),
      ...(body.commission_rate !== undefined ? { commissionRate: body.commission_rate } : {}),
      ...(body.is_technician !== undefined ? { isTechnician: body.is_technician } : {}),
      ...(body.is_active !== undefined ? { isActive: body.is_active } : {}),
      ...(await secretValues(body, ctx, before.id)),
    };
  },
  list: {
    sort: {
      name: lowerOf(users.displayName),
      username: lowerOf(users.username),
      role: users.role,
      commission_rate: users.commissionRate,
      ...timestampSorts(users),
    },
    defaultSort: 'name',
    tiebreak: users.id,
    filters: {
      role: listFilter(z.enum(USER_ROLES), (role) => eq(users.role, role)),
      is_active: booleanFilter(users.isActive),
      is_technician: booleanFilter(users.isTechnician),
      store_id: idFilter(users.storeId),
    },
    search: [users.displayName, users.username],
  },
  unique: [
    {
      field: 'username',
      column: users.username,
      index: 'users_tenant_username_key',
      message: DUPLICATE_USERNAME_MESSAGE,
      caseInsensitive: true,
    },
  ],
  inUse: async (db, auth, id) => {
    const [target] = await db
      .select({ role: users.role, isActive: users.isActive })
      .from(users)
      .where(tenantIdWhere(users, auth, id))
      .limit(1);
    if (!target) return [];
    if (id === auth.userId) throw conflict(OWN_ACCOUNT_MESSAGE, ERROR_CODE.OWN_ACCOUNT);
    checkOwnerRule(auth, target.role);
    if (target.role === ROLE.OWNER && target.isActive && (await otherActiveOwners(db, auth, [id])) === 0)
      throw conflict(LAST_OWNER_MESSAGE, ERROR_CODE.LAST_OWNER);
    return usedByHistory(db, auth, id);
  },
  active: users.isActive,
  importColumns: USER_CSV_COLUMNS,
  exportColumns: USER_EXPORT_COLUMNS.map((header) => ({
    header,
    value: (row: User) => row[header],
  })),
});

/**
 * Bulk enable and disable go through the factory's one update per row, which has no hook: the member rules
 * are checked for the whole request before it runs (a refusal changes nothing). Deletes are checked row by
 * row in `inUse`, inside the request's transaction.
 */
async function checkBulk(request: FastifyRequest): Promise<void> {
  const parsed = bulkRequestSchema.safeParse(request.body);
  if (!parsed.success || parsed.data.action === 'delete') return;
  const auth = requireAuth(request);
  const db = request.server.db;
  const ids = [...new Set(parsed.data.ids)];
  const targets = await db
    .select({ id: users.id, role: users.role, isActive: users.isActive })
    .from(users)
    .where(tenantWhere(users, auth, inArray(users.id, ids)));
  checkOwnerRule(auth, ...targets.map((t) => t.role));
  if (parsed.data.action === 'disable') {
    if (targets.some((t) => t.id === auth.userId))
      throw conflict(OWN_ACCOUNT_MESSAGE, ERROR_CODE.OWN_ACCOUNT);
    const owners = targets.filter((t) => t.role === ROLE.OWNER && t.isActive).map((t) => t.id);
    if (owners.length > 0 && (await otherActiveOwners(db, auth, owners)) === 0)
      throw conflict(LAST_OWNER_MESSAGE, ERROR_CODE.LAST_OWNER);
    return;
  }
  const enabling = targets.filter((t) => !t.isActive).length;
  if (enabling === 0) return;
  const maximum = await maximumEmployees(db, auth.tenantId);
  if ((await activeMembers(db, auth)) + enabling > maximum) throw maximumReached(maximum);
}

export function registerUserRoutes(app: FastifyInstance): void {
  // In its own scope, so the bulk check below sees only this resource's routes.
  void app.register(async (scope) => {
    scope.addHook('onRoute', (options) => {
      if (options.url !== '/api/users/bulk') return;
      const own = options.preHandler;
      options.preHandler = [...(own ? [own].flat() : []), checkBulk];
    });

    route(scope, {
      method: 'GET',
      url: '/api/users/total',
      summary: "How many members the salon has, how many are active, and the permissions' maximumEmployees",
      tags: ['back-office'],
      access: { module: MODULE.BACK_OFFICE, roles: BACK_OFFICE_ROLES },
      data: usersTotalSchema,
      handler: async ({ db, request }) => {
        const auth = requireAuth(request);
        const [all] = await db.select({ n: count() }).from(users).where(tenantWhere(users, auth));
        return {
          total: all?.n ?? 0,
          active: await activeMembers(db, auth),
          maximum_employees: await maximumEmployees(db, auth.tenantId),
        };
      },
    });

    route(scope, {
      method: 'POST',
      url: '/api/users/:id/change-pass',
      summary: "Set a member's new password; every session of the member ends",
      tags: ['back-office'],
      access: { module: MODULE.BACK_OFFICE, write: true, roles: BACK_OFFICE_ROLES },
      idempotency: { required: true },
      params: resourceIdParamsSchema,
      body: setUserPasswordBody,
      data: setUserPasswordResponse,
      message: 'Password changed.',
      handler: async ({ db, body, params, request }) => {
        const auth = requireAuth(request);
        const [target] = await db
          .select()
          .from(users)
          .where(tenantIdWhere(users, auth, params.id))
          .for('update')
          .limit(1);
        if (!target) throw notFound('Member not found.');
        checkOwnerRule(auth, target.role);
        await db
          .update(users)
          .set({ passwordHash: await hashSecret(body.new_password) })
          .where(tenantIdWhere(users, auth, target.id));
        // The caller changing their own password here keeps the session they are using.
        const keep = target.id === auth.userId ? (auth.sessionId ?? null) : null;
        const revoked = await revokeOtherSessions(db, auth.tenantId, target.id, keep);
        const row = toRow(target);
        await writeResourceAudit(db, auth, [
          { action: 'users.change-pass', entityType: 'users', entityId: target.id, before: row, after: row },
        ]);
        return { revoked_sessions: revoked };
      },
    });

    registerResource(scope, USER_RESOURCE);
  });
}
