/**
 * Authentication use cases (docs/security.md#sessions, docs/api.md#endpoints; ADR 006): login, login with a
 * token, logout, PIN check with approval, profile, profile update, password change. Settings views and the
 * initial settings live in services/settings/. Routes in
 * src/server/routes/auth/ call these; HTTP details (status codes, headers) stay in the routes except for the
 * HttpErrors thrown here.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import type { AuthUser, LoginResponse, ProfileBody } from '../../contracts/auth';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { ModulePermission, Role } from '../../domain/constants';
import { normalisePhone } from '../../domain/normalise';
import type { AuthContext } from '../auth-context';
import { verifySecret, hashSecret } from '../auth/passwords';
import { PIN_APPROVAL_TTL_MS, signPinApproval } from '../auth/pin-approval';
import { createSession, resolveSession, revokeOtherSessions, revokeSession } from '../auth/sessions';
import {
  claimPinAttempt,
  LOGIN_LOCKED_MESSAGE,
  LoginThrottle,
  PIN_LOCKED_MESSAGE,
  pinLockedMessage,
  recordPinFailure,
  resetPinFailures,
} from '../auth/throttling';
import type { Queryable } from '../db/client';
import { stores } from '../db/schema/stores';
import { tenants } from '../db/schema/tenants';
import { pinLookup, users } from '../db/schema/users';
import { workstations } from '../db/schema/workstations';
import { NO_STORE_MESSAGE, storeWhere, tenantIdWhere, tenantWhere } from '../db/scoped';
import { forbidden, HttpError, unauthorized, unprocessable } from '../errors';
import {
  generalSettingsView,
  loadStore,
  loadTenantSettings,
  readGeneralSettings,
  storeSettingsView,
} from './settings/views';

export const BAD_CREDENTIALS_MESSAGE = 'The username or password is incorrect.';
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';
export const WRONG_PIN_MESSAGE = 'The PIN is not correct.';

/** A 429 that tells the client when to retry. */
export class ThrottledError extends HttpError {
  constructor(
    message: string,
    readonly until: Date,
    code: typeof ERROR_CODE.LOGIN_LOCKED | typeof ERROR_CODE.PIN_LOCKED,
  ) {
    super(429, message, undefined, code);
  }
}

/**
 * A wrong PIN, on the form's `field`: `details.tries_left` is how many more wrong PINs lock PIN entry, so the
 * pad says it in the cashier's language (docs/errors.md) instead of reading the English sentence.
 */
export function wrongPinError(field: string, remaining: number): HttpError {
  const message = `${WRONG_PIN_MESSAGE} ${remaining} ${remaining === 1 ? 'try' : 'tries'} left before PIN entry is locked.`;
  return new HttpError(422, message, { [field]: [WRONG_PIN_MESSAGE] }, ERROR_CODE.WRONG_PIN, {
    tries_left: remaining,
  });
}

// ---- users -------------------------------------------------------------------------------------------

const userColumns = {
  id: users.id,
  tenantId: users.tenantId,
  storeId: users.storeId,
  role: users.role,
  username: users.username,
  displayName: users.displayName,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  avatarPath: users.avatarPath,
  permissions: users.permissions,
  isActive: users.isActive,
};
type UserRow = {
  id: number;
  tenantId: number;
  storeId: number | null;
  role: string;
  username: string;
  displayName: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  avatarPath: string | null;
  permissions: ModulePermission[];
  isActive: boolean;
};

function authUserView(user: UserRow, session: { storeId: number; workstationId: number | null }): AuthUser {
  return {
    id: user.id,
    username: user.username,
    name: user.displayName,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    phone: user.phone,
    avatar_path: user.avatarPath,
    role: user.role as Role,
    store_id: user.storeId,
    login_store_id: session.storeId,
    login_workstation_id: session.workstationId,
  };
}

async function loadUser(db: Queryable, auth: AuthContext): Promise<UserRow> {
  const [user] = await db
    .select(userColumns)
    .from(users)
    .where(tenantIdWhere(users, auth, auth.userId))
    .limit(1);
  if (!user || !user.isActive) throw unauthorized(SESSION_ENDED_MESSAGE);
  return user as UserRow;
}

/** The session's store; 403 for a session not bound to one. */
export function sessionStoreId(auth: AuthContext): number {
  if (auth.storeId === null) throw forbidden(NO_STORE_MESSAGE, ERROR_CODE.NO_STORE);
  return auth.storeId;
}

async function loginResponse(
  db: Queryable,
  user: UserRow,
  session: { token: string; expiresAt: Date; storeId: number; workstationId: number | null },
): Promise<LoginResponse> {
  const store = await loadStore(db, user.tenantId, session.storeId);
  if (!store) throw unauthorized(SESSION_ENDED_MESSAGE);
  const general = readGeneralSettings(await loadTenantSettings(db, user.tenantId));
  return {
    token: session.token,
    expires_at: session.expiresAt.toISOString(),
    user: authUserView(user, session),
    permissions: { modules: user.permissions, maximumEmployees: general.maximum_employees },
    store_id: session.storeId,
    workstation_id: session.workstationId,
    initial_settings: {
      storeSettings: storeSettingsView(store),
      generalSettings: generalSettingsView(general),
    },
  };
}

// ---- login -------------------------------------------------------------------------------------------

export interface LoginInput {
  tenant?: string;
  username: string;
  password: string;
  store_id?: number;
  workstation_id?: number;
}

async function findTenant(db: Queryable, code: string | undefined): Promise<{ id: number } | null> {
  if (code !== undefined) {
    const [tenant] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, code)).limit(1);
    return tenant ?? null;
  }
  // No code: allowed only while there is exactly one tenant (a one-salon install).
  const rows = await db.select({ id: tenants.id }).from(tenants).orderBy(asc(tenants.id)).limit(2);
  if (rows.length > 1) {
    throw unprocessable(
      'Enter your salon code.',
      { tenant: ['Enter your salon code.'] },
      ERROR_CODE.TENANT_REQUIRED,
    );
  }
  return rows[0] ?? null;
}

/**
 * POST /api/login. Unknown tenant, unknown user, inactive user and wrong password all take one argon2
 * verification and give the same 401, so neither the answer nor its timing tells which it was.
 */
export async function login(
  db: Queryable,
  throttle: LoginThrottle,
  input: LoginInput,
  now: Date = new Date(),
): Promise<LoginResponse> {
  const tenant = await findTenant(db, input.tenant);
  const throttleKey = LoginThrottle.key(tenant?.id ?? `code:${input.tenant ?? ''}`, input.username);
  const locked = throttle.lockedUntil(throttleKey, now.getTime());
  if (locked) throw new ThrottledError(LOGIN_LOCKED_MESSAGE, locked, ERROR_CODE.LOGIN_LOCKED);

  const [found] = tenant
    ? await db
        .select({ ...userColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(
          tenantWhere(
            users,
            { tenantId: tenant.id },
            sql`lower(${users.username}) = lower(${input.username})`,
          ),
        )
        .limit(1)
    : [];
  const ok = await verifySecret(found?.isActive ? found.passwordHash : null, input.password);
  if (!ok || !found || !tenant) {
    const lockedNow = throttle.fail(throttleKey, now.getTime());
    if (lockedNow) throw new ThrottledError(LOGIN_LOCKED_MESSAGE, lockedNow, ERROR_CODE.LOGIN_LOCKED);
    throw unauthorized(BAD_CREDENTIALS_MESSAGE, ERROR_CODE.BAD_CREDENTIALS);
  }
  throttle.succeed(throttleKey);
  const user = found as UserRow;

  const storeId = await chooseStore(db, user, input.store_id);
  const workstationId = await checkWorkstation(db, user.tenantId, storeId, input.workstation_id);
  const session = await createSession(
    db,
    { tenantId: user.tenantId, userId: user.id, storeId, workstationId },
    now,
  );
  return loginResponse(db, user, { ...session, storeId, workstationId });
}

/** The login store: the one asked for (if this person may work there), else home, else the first. */
async function chooseStore(db: Queryable, user: UserRow, requested: number | undefined): Promise<number> {
  const scope = { tenantId: user.tenantId };
  if (requested !== undefined) {
    const store = await loadStore(db, user.tenantId, requested);
    if (!store)
      throw unprocessable('This store does not exist.', { store_id: ['This store does not exist.'] });
    if (user.storeId !== null && user.storeId !== requested) {
      throw forbidden('This account cannot log in to that store.');
    }
    return requested;
  }
  if (user.storeId !== null) return user.storeId;
  const [first] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(tenantWhere(stores, scope))
    .orderBy(asc(stores.id))
    .limit(1);
  if (!first)
    throw unprocessable('This salon has no store yet.', { store_id: ['This salon has no store yet.'] });
  return first.id;
}

async function checkWorkstation(
  db: Queryable,
  tenantId: number,
  storeId: number,
  workstationId: number | undefined,
): Promise<number | null> {
  if (workstationId === undefined) return null;
  const [row] = await db
    .select({ id: workstations.id })
    .from(workstations)
    .where(storeWhere(workstations, { tenantId, storeId }, eq(workstations.id, workstationId)))
    .limit(1);
  if (!row) {
    const message = 'This workstation does not belong to the store.';
    throw unprocessable(message, { workstation_id: [message] });
  }
  return row.id;
}

/** POST /api/login-token: the same answer as login for a live session, with its own token. */
export async function loginWithToken(
  db: Queryable,
  token: string,
  now: Date = new Date(),
): Promise<LoginResponse> {
  const session = await resolveSession(db, token, now);
  if (!session || session.auth.storeId === null) throw unauthorized(SESSION_ENDED_MESSAGE);
  const user = await loadUser(db, session.auth);
  return loginResponse(db, user, {
    token,
    expiresAt: session.expiresAt,
    storeId: session.auth.storeId,
    workstationId: session.auth.workstationId ?? null,
  });
}

export async function logout(db: Queryable, auth: AuthContext): Promise<void> {
  if (auth.sessionId !== undefined) await revokeSession(db, auth.tenantId, auth.sessionId);
}

// ---- PIN ---------------------------------------------------------------------------------------------

export interface PinCheckResult {
  role: Role;
  name: string;
  user_id: number;
  approval: string;
  approval_expires_at: string;
}

/**
 * POST /api/role-by-code: the owner of the PIN (one indexed query on users.pin_lookup, then argon2 on
 * pin_hash) and a PIN approval bound to this session. Counts consecutive failures on the caller's account
 * (throttling.ts): the 10th wrong PIN locks PIN entry for 15 minutes (429), a correct PIN resets the count.
 */
export async function checkPin(
  db: Queryable,
  auth: AuthContext,
  code: string,
  now: Date = new Date(),
): Promise<PinCheckResult> {
  if (auth.sessionId === undefined) throw unauthorized();
  const attempt = await claimPinAttempt(db, auth.tenantId, auth.userId, now);
  if (attempt.kind === 'locked')
    throw new ThrottledError(pinLockedMessage(attempt.until, now), attempt.until, ERROR_CODE.PIN_LOCKED);

  const [tenant] = await db
    .select({ pinSecret: tenants.pinSecret })
    .from(tenants)
    .where(eq(tenants.id, auth.tenantId))
    .limit(1);
  if (!tenant) throw unauthorized(SESSION_ENDED_MESSAGE);
  const [owner] = await db
    .select({ id: users.id, role: users.role, displayName: users.displayName, pinHash: users.pinHash })
    .from(users)
    .where(
      tenantWhere(
        users,
        auth,
        eq(users.pinLookup, pinLookup(tenant.pinSecret, code)),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  const ok = await verifySecret(owner?.pinHash ?? null, code);

  if (!ok || !owner) {
    const failure = await recordPinFailure(db, auth.tenantId, auth.userId, attempt.attempt, now);
    if (failure.locked && failure.until)
      throw new ThrottledError(PIN_LOCKED_MESSAGE, failure.until, ERROR_CODE.PIN_LOCKED);
    throw wrongPinError('code', failure.remaining);
  }
  await resetPinFailures(db, auth.tenantId, auth.userId);
  const expiresAt = new Date(now.getTime() + PIN_APPROVAL_TTL_MS);
  const role = owner.role as Role;
  return {
    role,
    name: owner.displayName,
    user_id: owner.id,
    approval: signPinApproval(tenant.pinSecret, {
      tenantId: auth.tenantId,
      sessionId: auth.sessionId,
      approverId: owner.id,
      approverRole: role,
      expiresAt,
    }),
    approval_expires_at: expiresAt.toISOString(),
  };
}

// ---- profile -----------------------------------------------------------------------------------------

export async function currentUser(db: Queryable, auth: AuthContext): Promise<AuthUser> {
  const user = await loadUser(db, auth);
  return authUserView(user, { storeId: sessionStoreId(auth), workstationId: auth.workstationId ?? null });
}

const IMAGE_TYPES: readonly { ext: string; matches: (b: Uint8Array) => boolean }[] = [
  { ext: 'png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { ext: 'jpg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { ext: 'gif', matches: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
  { ext: 'webp', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return bytes.length >= to ? Buffer.from(bytes.subarray(from, to)).toString('latin1') : '';
}

/** The image type by its first bytes (the file name and declared type are the client's word, not proof). */
export function imageExtension(bytes: Uint8Array): string | null {
  return IMAGE_TYPES.find((t) => t.matches(bytes))?.ext ?? null;
}

/** Directory of avatars under the media root; paths stored in users.avatar_path are relative to the root. */
export const AVATAR_DIR = 'avatars';

/**
 * POST /api/profile: names, email, phone (normalised, docs/money.md) and an optional avatar stored as
 * MEDIA/avatars/<tenant>/<user>-<random>.<ext>. The new file is written before the row points at it and the
 * old file removed after, so a failure never leaves the row pointing at nothing.
 */
export async function updateProfile(
  db: Queryable,
  auth: AuthContext,
  body: ProfileBody,
  mediaDir: string,
): Promise<AuthUser> {
  const before = await loadUser(db, auth);
  const changes: Partial<typeof users.$inferInsert> = {};
  if (body.first_name !== undefined) changes.firstName = body.first_name;
  if (body.last_name !== undefined) changes.lastName = body.last_name;
  if (body.email !== undefined) changes.email = body.email === '' ? null : body.email.toLowerCase();
  if (body.phone !== undefined) {
    const phone = normalisePhone(body.phone);
    changes.phone = phone === '' ? null : phone;
  }
  if (body.first_name !== undefined || body.last_name !== undefined) {
    const name = `${changes.firstName ?? before.firstName} ${changes.lastName ?? before.lastName}`.trim();
    if (name !== '') changes.displayName = name;
  }

  let written: string | null = null;
  if (body.avatar !== undefined) {
    const ext = imageExtension(body.avatar);
    if (!ext) {
      const message = 'The avatar must be a PNG, JPEG, GIF or WebP image.';
      throw unprocessable(message, { avatar: [message] });
    }
    const relative = path.posix.join(
      AVATAR_DIR,
      String(auth.tenantId),
      `${auth.userId}-${randomBytes(8).toString('hex')}.${ext}`,
    );
    const absolute = path.join(mediaDir, ...relative.split('/'));
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, body.avatar, { mode: 0o644 });
    written = absolute;
    changes.avatarPath = relative;
  }

  try {
    if (Object.keys(changes).length > 0) {
      await db
        .update(users)
        .set(changes)
        .where(tenantIdWhere(users, auth, auth.userId));
    }
  } catch (error) {
    if (written) await rm(written, { force: true });
    throw error;
  }
  if (written && before.avatarPath && before.avatarPath.startsWith(`${AVATAR_DIR}/`)) {
    await rm(path.join(mediaDir, ...before.avatarPath.split('/')), { force: true }).catch(() => undefined);
  }
  return currentUser(db, auth);
}

// ---- password ----------------------------------------------------------------------------------------

/**
 * POST /api/change-pass. A wrong current password is 422 (not 401: the client would log out) and counts
 * as a failed login of the account; the change revokes every other session of the user (a thief's copy of
 * the token dies with the old password).
 */
export async function changePassword(
  db: Queryable,
  throttle: LoginThrottle,
  auth: AuthContext,
  input: { current_password: string; new_password: string },
  now: Date = new Date(),
): Promise<{ revoked_sessions: number }> {
  const [user] = await db
    .select({ username: users.username, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(tenantIdWhere(users, auth, auth.userId))
    .limit(1);
  if (!user || !user.isActive) throw unauthorized(SESSION_ENDED_MESSAGE);
  const key = LoginThrottle.key(auth.tenantId, user.username);
  const locked = throttle.lockedUntil(key, now.getTime());
  if (locked) throw new ThrottledError(LOGIN_LOCKED_MESSAGE, locked, ERROR_CODE.LOGIN_LOCKED);
  if (!(await verifySecret(user.passwordHash, input.current_password))) {
    const lockedNow = throttle.fail(key, now.getTime());
    if (lockedNow) throw new ThrottledError(LOGIN_LOCKED_MESSAGE, lockedNow, ERROR_CODE.LOGIN_LOCKED);
    const message = 'The current password is not correct.';
    throw unprocessable(message, { current_password: [message] }, ERROR_CODE.WRONG_PASSWORD);
  }
  throttle.succeed(key);
  const passwordHash = await hashSecret(input.new_password);
  // One transaction: the new password never holds while the old sessions still live.
  const revoked = await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash })
      .where(tenantIdWhere(users, auth, auth.userId));
    return revokeOtherSessions(tx, auth.tenantId, auth.userId, auth.sessionId ?? null, now);
  });
  return { revoked_sessions: revoked };
}
