import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { apiHarness, bearer } from '../../../../tests/support/server/api-harness';
import { multipart } from '../../../../tests/support/server/resource-multipart';
import { hashSessionToken } from '../../auth/sessions';
import {
  LOGIN_LOCKED_MESSAGE,
  MAX_CONSECUTIVE_PIN_FAILURES,
  PIN_LOCKED_MESSAGE,
} from '../../auth/throttling';
import { sessions } from '../../db/schema/sessions';
import { stores } from '../../db/schema/stores';
import { users } from '../../db/schema/users';
import { BAD_CREDENTIALS_MESSAGE } from '../../services/auth';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const mediaDir = await mkdtemp(path.join(tmpdir(), 'salon-media-'));
afterAll(() => rm(mediaDir, { recursive: true, force: true }));
const api = await apiHarness({ config: { mediaDir } });
const a = await api.tenant({
  storeSettings: {
    default_home: 'walkin_dashboard',
    language: 'vi',
    config_tax_on_tax: 2,
    momo: { partnerCode: 'MOMO1', accessKey: 'access-key-a', secretKey: 'momo-secret-of-a' },
  },
  generalSettings: { enterPinCodeScreens: ['/pos/cash-drawer'] },
});
const b = await api.tenant();

describe('POST /api/login', () => {
  it('returns the token and the auth record the client keeps', async () => {
    const res = await api.login(a, 'manager');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Logged in.' });
    const data = body.data;
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(data.user).toMatchObject({
      id: a.users.manager.id,
      username: a.users.manager.username,
      name: a.users.manager.displayName,
      role: 'manager',
      login_store_id: a.store.id,
      login_workstation_id: null,
    });
    expect(data.store_id).toBe(a.store.id);
    expect(data.workstation_id).toBeNull();
    expect(data.permissions.modules).toHaveLength(14);
    expect(data.permissions.maximumEmployees).toBe(100);
    expect(data.initial_settings.storeSettings).toMatchObject({
      store_id: a.store.id,
      default_home: 'walkin_dashboard',
      language: 'vi',
      config_tax_on_tax: 2,
      config_indian_tax: '0',
      currency: 'USD',
    });
    expect(data.initial_settings.generalSettings).toEqual({
      country_code: 'US',
      enable_checkin_employee_daily: 0,
      enterPinCodeScreens: ['/pos/cash-drawer'],
    });
    expect(Date.parse(data.expires_at)).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
  });

  it('never sends payment provider secrets to the client', async () => {
    const res = await api.login(a, 'owner');
    expect(res.body).not.toContain('momo-secret-of-a');
    expect(res.body).not.toContain('access-key-a');
  });

  it('stores only the SHA-256 of the token', async () => {
    const { token } = (await api.login(a, 'staff')).json().data;
    const rows = await api.db
      .select({ tokenHash: sessions.tokenHash })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(token)));
    expect(rows).toHaveLength(1);
    const raw = await api.testDb.pool.query('select count(*)::int as n from sessions where token_hash = $1', [
      token,
    ]);
    expect(raw.rows[0].n).toBe(0);
  });

  it('accepts any case of tenant code and username', async () => {
    const res = await api.post('/api/login', {
      tenant: a.tenantCode.toLowerCase(),
      username: a.users.admin.username.toUpperCase(),
      password: a.users.admin.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).toBe(a.users.admin.id);
  });

  it('binds the session to the chosen store and workstation', async () => {
    const res = await api.login(a, 'owner', { store_id: a.store.id, workstation_id: a.workstation.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ store_id: a.store.id, workstation_id: a.workstation.id });
    expect(res.json().data.user).toMatchObject({
      login_store_id: a.store.id,
      login_workstation_id: a.workstation.id,
    });
    const other = await api.login(a, 'owner', { store_id: a.otherStore.id });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.store_id).toBe(a.otherStore.id);
  });

  it('refuses a workstation of another store and a store of another tenant (422), and staff outside their store (403)', async () => {
    const wrongWorkstation = await api.login(a, 'owner', {
      store_id: a.otherStore.id,
      workstation_id: a.workstation.id,
    });
    expect(wrongWorkstation.statusCode).toBe(422);
    expect(wrongWorkstation.json().errors).toHaveProperty('workstation_id');
    const foreignStore = await api.login(a, 'owner', { store_id: b.store.id });
    expect(foreignStore.statusCode).toBe(422);
    expect(foreignStore.json().errors).toHaveProperty('store_id');
    const staffElsewhere = await api.login(a, 'staff', { store_id: a.otherStore.id });
    expect(staffElsewhere.statusCode).toBe(403);
  });

  it('answers a wrong password, an unknown user and an unknown tenant alike: 401, same message', async () => {
    const answers = await Promise.all([
      api.post('/api/login', {
        tenant: a.tenantCode,
        username: a.users.admin.username,
        password: 'wrong-pass',
      }),
      api.post('/api/login', { tenant: a.tenantCode, username: 'nobody-here', password: 'wrong-pass' }),
      api.post('/api/login', { tenant: 'NO-SUCH-SALON', username: a.users.admin.username, password: 'x' }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        data: null,
        code: ERROR_CODE.BAD_CREDENTIALS,
        message: BAD_CREDENTIALS_MESSAGE,
      });
    }
  });

  it('refuses a deactivated user with the same 401', async () => {
    const c = await api.tenant({ sessions: false });
    await api.db
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.tenantId, c.tenantId), eq(users.id, c.users.staff.id)));
    const res = await api.login(c, 'staff');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: ERROR_CODE.BAD_CREDENTIALS, message: BAD_CREDENTIALS_MESSAGE });
  });

  it('asks for the salon code when the server holds several tenants', async () => {
    const res = await api.post('/api/login', {
      username: a.users.admin.username,
      password: a.users.admin.password,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(ERROR_CODE.TENANT_REQUIRED);
    expect(res.json().errors).toEqual({ tenant: ['Enter your salon code.'] });
  });

  it('validates the body: missing fields and unknown fields are 422 with field errors', async () => {
    const missing = await api.post('/api/login', { tenant: a.tenantCode, username: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toHaveProperty('password');
    const extra = await api.post('/api/login', {
      tenant: a.tenantCode,
      username: 'x',
      password: 'y',
      is_admin: true,
    });
    expect(extra.statusCode).toBe(422);
    expect(extra.json().errors).toHaveProperty('is_admin');
  });

  it('locks an account after 10 consecutive wrong passwords (429), even for the right one', async () => {
    const c = await api.tenant({ sessions: false });
    const wrong = () =>
      api.post('/api/login', {
        tenant: c.tenantCode,
        username: c.users.staff.username,
        password: 'nope-nope',
      });
    for (let i = 1; i < 10; i++) expect((await wrong()).statusCode).toBe(401);
    const tenth = await wrong();
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toMatchObject({ code: ERROR_CODE.LOGIN_LOCKED, message: LOGIN_LOCKED_MESSAGE });
    expect(Number(tenth.headers['retry-after'])).toBeGreaterThan(800);
    const right = await api.login(c, 'staff');
    expect(right.statusCode).toBe(429);
    // Another account of the same tenant is not affected.
    expect((await api.login(c, 'manager')).statusCode).toBe(200);
  });
});

describe('POST /api/login-token', () => {
  it('resumes a live session with the same answer as login', async () => {
    const login = (await api.login(a, 'admin', { workstation_id: a.workstation.id })).json().data;
    const res = await api.post('/api/login-token', { token: login.token });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.token).toBe(login.token);
    expect(data.user).toEqual(login.user);
    expect(data.store_id).toBe(login.store_id);
    expect(data.workstation_id).toBe(a.workstation.id);
    expect(data.initial_settings).toEqual(login.initial_settings);
  });

  it('answers 401 to an unknown or malformed token', async () => {
    expect((await api.post('/api/login-token', { token: 'A'.repeat(22) })).statusCode).toBe(401);
    expect((await api.post('/api/login-token', { token: 'short' })).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('revokes the session: the token then gets 401 everywhere', async () => {
    const { token } = (await api.login(a, 'staff')).json().data;
    expect((await api.as(bearer(token)).get('/api/initial-settings')).statusCode).toBe(200);
    const res = await api.as(bearer(token)).post('/api/logout', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: null, message: 'Logged out.' });
    expect((await api.as(bearer(token)).get('/api/initial-settings')).statusCode).toBe(401);
    expect((await api.post('/api/login-token', { token })).statusCode).toBe(401);
    expect((await api.as(bearer(token)).post('/api/logout', {})).statusCode).toBe(401);
    const [row] = await api.db
      .select({ revokedAt: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(token)));
    expect(row!.revokedAt).toBeInstanceOf(Date);
  });

  it('needs a session (401 without one)', async () => {
    expect((await api.post('/api/logout', {})).statusCode).toBe(401);
  });
});

describe('session expiry', () => {
  async function freshSession() {
    const { token } = (await api.login(a, 'staff')).json().data;
    return { token, where: eq(sessions.tokenHash, hashSessionToken(token)) };
  }

  it('ends a session idle past its idle expiry (401)', async () => {
    const { token, where } = await freshSession();
    await api.db
      .update(sessions)
      .set({ idleExpiresAt: new Date(Date.now() - 1000) })
      .where(where);
    const res = await api.as(bearer(token)).get('/api/initial-settings');
    expect(res.statusCode).toBe(401);
    expect(res.json().success).toBe(false);
  });

  it('ends a session past its absolute expiry however recently it was used (401)', async () => {
    const { token, where } = await freshSession();
    const past = new Date(Date.now() - 1000);
    await api.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 3600_000), idleExpiresAt: past, expiresAt: past })
      .where(where);
    expect((await api.as(bearer(token)).get('/api/initial-settings')).statusCode).toBe(401);
  });

  it('moves the idle expiry forward on use, at most once a minute and never past the absolute expiry', async () => {
    const { token, where } = await freshSession();
    const [before] = await api.db.select().from(sessions).where(where);
    await api.as(bearer(token)).get('/api/initial-settings');
    const [unchanged] = await api.db.select().from(sessions).where(where);
    expect(unchanged!.lastSeenAt).toEqual(before!.lastSeenAt);

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    const absolute = new Date(Date.now() + 3600_000);
    await api.db
      .update(sessions)
      .set({ lastSeenAt: twoMinutesAgo, idleExpiresAt: new Date(Date.now() + 60_000), expiresAt: absolute })
      .where(where);
    expect((await api.as(bearer(token)).get('/api/initial-settings')).statusCode).toBe(200);
    const [touched] = await api.db.select().from(sessions).where(where);
    expect(touched!.lastSeenAt.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());
    expect(touched!.idleExpiresAt).toEqual(absolute);
  });
});

describe('POST /api/role-by-code', () => {
  it("returns the PIN owner's role, name and id, and an approval for this session", async () => {
    const res = await api.as(a, 'staff').post('/api/role-by-code', { code: a.users.manager.pin });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      role: 'manager',
      name: a.users.manager.displayName,
      user_id: a.users.manager.id,
    });
    expect(typeof data.approval).toBe('string');
    const ttl = Date.parse(data.approval_expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
  });

  it("does not find another tenant's PIN", async () => {
    // Both fixtures use the same PINs: the lookup key differs per tenant, so B's session finds B's manager.
    const res = await api.as(b, 'staff').post('/api/role-by-code', { code: a.users.manager.pin });
    expect(res.json().data.user_id).toBe(b.users.manager.id);
    const unknown = await api.as(b, 'staff').post('/api/role-by-code', { code: '98765' });
    expect(unknown.statusCode).toBe(422);
  });

  it('answers 422 with the tries left to a wrong PIN, and 422 without counting to a malformed one', async () => {
    const c = await api.tenant();
    const wrong = await api.as(c, 'staff').post('/api/role-by-code', { code: '0000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: ERROR_CODE.WRONG_PIN,
      message: 'The PIN is not correct. 9 tries left before PIN entry is locked.',
      details: { tries_left: 9 },
    });
    const malformed = await api.as(c, 'staff').post('/api/role-by-code', { code: '12ab' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().code).toBe(ERROR_CODE.VALIDATION_FAILED);
    expect(malformed.json().errors).toEqual({ code: ['The PIN must be 4 to 8 digits.'] });
    const [row] = await api.db
      .select({ failedPinCount: users.failedPinCount })
      .from(users)
      .where(and(eq(users.tenantId, c.tenantId), eq(users.id, c.users.staff.id)));
    expect(row!.failedPinCount).toBe(1);
  });

  it('locks PIN entry after 10 consecutive wrong PINs with a clear message, even for a right PIN', async () => {
    const c = await api.tenant();
    for (let i = 1; i < MAX_CONSECUTIVE_PIN_FAILURES; i++) {
      expect((await api.as(c, 'staff').post('/api/role-by-code', { code: '0000' })).statusCode).toBe(422);
    }
    const tenth = await api.as(c, 'staff').post('/api/role-by-code', { code: '0000' });
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toEqual({
      success: false,
      data: null,
      code: ERROR_CODE.PIN_LOCKED,
      message: PIN_LOCKED_MESSAGE,
    });
    expect(Number(tenth.headers['retry-after'])).toBeGreaterThan(14 * 60);

    const right = await api.as(c, 'staff').post('/api/role-by-code', { code: c.users.manager.pin });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(
      /^Too many wrong PINs\. PIN entry is locked for 1[45] more minutes\.$/,
    );

    const [row] = await api.db
      .select({ lockedUntil: users.lockedUntil })
      .from(users)
      .where(and(eq(users.tenantId, c.tenantId), eq(users.id, c.users.staff.id)));
    expect(row!.lockedUntil!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);

    // The lock is on the account that guessed: the manager's own session still checks PINs.
    expect(
      (await api.as(c, 'manager').post('/api/role-by-code', { code: c.users.staff.pin })).statusCode,
    ).toBe(200);

    // When the lock has passed, a right PIN works again and the count starts over.
    await api.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(and(eq(users.tenantId, c.tenantId), eq(users.id, c.users.staff.id)));
    expect(
      (await api.as(c, 'staff').post('/api/role-by-code', { code: c.users.manager.pin })).statusCode,
    ).toBe(200);
  });

  it('counts parallel wrong PINs one by one: a burst cannot exceed 10 guesses', async () => {
    const c = await api.tenant();
    const burst = await Promise.all(
      Array.from({ length: 25 }, () => api.as(c, 'staff').post('/api/role-by-code', { code: '0000' })),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 422)).toHaveLength(9);
    expect(statuses.filter((s) => s === 429)).toHaveLength(16);
  });

  it('resets the count on a right PIN', async () => {
    const c = await api.tenant();
    for (let i = 1; i < MAX_CONSECUTIVE_PIN_FAILURES; i++) {
      await api.as(c, 'staff').post('/api/role-by-code', { code: '0000' });
    }
    expect((await api.as(c, 'staff').post('/api/role-by-code', { code: c.users.owner.pin })).statusCode).toBe(
      200,
    );
    for (let i = 1; i < MAX_CONSECUTIVE_PIN_FAILURES; i++) {
      expect((await api.as(c, 'staff').post('/api/role-by-code', { code: '0000' })).statusCode).toBe(422);
    }
  });

  it('needs a session (401)', async () => {
    expect((await api.post('/api/role-by-code', { code: a.users.manager.pin })).statusCode).toBe(401);
  });
});

describe('initial settings', () => {
  it('GET /api/initial-settings gives the store and general settings of the session', async () => {
    const res = await api.as(a, 'staff').get('/api/initial-settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.storeSettings).toMatchObject({ store_id: a.store.id, language: 'vi' });
    expect(res.json().data.generalSettings.country_code).toBe('US');
    expect(res.body).not.toContain('momo-secret-of-a');
  });

  it('GET /api/initial-settings/general gives the general settings', async () => {
    const res = await api.as(a, 'staff').get('/api/initial-settings/general');
    expect(res.json().data).toEqual({
      country_code: 'US',
      enable_checkin_employee_daily: 0,
      enterPinCodeScreens: ['/pos/cash-drawer'],
    });
  });

  it('GET /api/initial-settings/store/:store_id serves the session store only', async () => {
    const own = await api.as(a, 'staff').get(`/api/initial-settings/store/${a.store.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ store_id: a.store.id, default_home: 'walkin_dashboard' });
    expect((await api.as(a, 'owner').get(`/api/initial-settings/store/${a.otherStore.id}`)).statusCode).toBe(
      403,
    );
  });

  it("never gives tenant B's token tenant A's settings", async () => {
    const res = await api.as(b, 'owner').get(`/api/initial-settings/store/${a.store.id}`);
    expect([403, 404]).toContain(res.statusCode);
    expect(res.body).not.toContain(a.store.name);
    const own = await api.as(b, 'owner').get('/api/initial-settings');
    expect(own.json().data.storeSettings.store_id).toBe(b.store.id);
  });

  it('falls back to defaults for malformed stored settings instead of failing the store', async () => {
    const c = await api.tenant();
    await api.db
      .update(stores)
      // A hand edit or an older writer left values of the wrong shape.
      .set({
        settings: { language: 'klingon', default_home: 42 as unknown as string, config_tax_on_tax: -1 },
      })
      .where(and(eq(stores.tenantId, c.tenantId), eq(stores.id, c.store.id)));
    const res = await api.as(c, 'staff').get('/api/initial-settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.storeSettings).toMatchObject({
      language: 'en',
      default_home: 'dashboard',
      config_tax_on_tax: 0,
    });
  });

  it('GET /api/store-settings/initial-profile gives workstations, profile, initial and PIN screens', async () => {
    const res = await api.as(a, 'manager').get('/api/store-settings/initial-profile');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.workstations).toEqual([
      { id: a.workstation.id, store_id: a.store.id, code: '01', name: 'Front desk' },
    ]);
    expect(data.profile).toMatchObject({
      id: a.users.manager.id,
      role: 'manager',
      login_store_id: a.store.id,
      login_workstation_id: a.workstation.id,
    });
    expect(data.initial.storeSettings.store_id).toBe(a.store.id);
    expect(data.enter_pincode_screens).toEqual(['/pos/cash-drawer']);
  });
});

describe('POST /api/profile', () => {
  it('updates names, email and phone and stores the avatar under the media directory (multipart)', async () => {
    const c = await api.tenant();
    const form = multipart(
      { first_name: 'Linh', last_name: 'Tran', email: 'Linh@Example.com', phone: '(555) 123-4567' },
      { field: 'avatar', filename: 'me.png', contentType: 'image/png', content: PNG_1X1 },
    );
    const res = await api.as(c, 'staff').post('/api/profile', form.payload, { headers: form.headers });
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({
      id: c.users.staff.id,
      first_name: 'Linh',
      last_name: 'Tran',
      name: 'Linh Tran',
      email: 'linh@example.com',
      phone: '5551234567',
    });
    expect(user.avatar_path).toMatch(
      new RegExp(`^avatars/${c.tenantId}/${c.users.staff.id}-[0-9a-f]{16}\\.png$`),
    );
    const stored = path.join(mediaDir, ...user.avatar_path.split('/'));
    expect(await readFile(stored)).toEqual(PNG_1X1);

    // A new avatar replaces the old file.
    const again = multipart(
      {},
      { field: 'avatar', filename: 'me2.png', contentType: 'image/png', content: PNG_1X1 },
    );
    const second = await api.as(c, 'staff').post('/api/profile', again.payload, { headers: again.headers });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.avatar_path).not.toBe(user.avatar_path);
    await expect(access(stored)).rejects.toThrow();
  });

  it('refuses a file that is not an image (422) and an invalid email (422)', async () => {
    const form = multipart(
      {},
      {
        field: 'avatar',
        filename: 'x.png',
        contentType: 'image/png',
        content: Buffer.from('#!/bin/sh\necho hi'),
      },
    );
    const res = await api.as(a, 'admin').post('/api/profile', form.payload, { headers: form.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('avatar');
    const email = await api.as(a, 'admin').post('/api/profile', { email: 'not-an-email' });
    expect(email.statusCode).toBe(422);
    expect(email.json().errors).toHaveProperty('email');
  });

  it('accepts JSON without a file and clears an emptied email', async () => {
    const res = await api.as(a, 'admin').post('/api/profile', { first_name: 'Mai', email: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ first_name: 'Mai', email: null });
  });

  it('refuses an anonymous upload before reading it (401)', async () => {
    const form = multipart({ first_name: 'X' });
    const res = await api.post('/api/profile', form.payload, { headers: form.headers });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/change-pass', () => {
  it('changes the password and revokes the other sessions, keeping this one', async () => {
    const c = await api.tenant({ sessions: false });
    const first = (await api.login(c, 'manager')).json().data.token;
    const second = (await api.login(c, 'manager')).json().data.token;
    const res = await api.as(bearer(first)).post('/api/change-pass', {
      current_password: c.users.manager.password,
      new_password: 'a brand new password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ revoked_sessions: 1 });
    expect((await api.as(bearer(first)).get('/api/initial-settings')).statusCode).toBe(200);
    expect((await api.as(bearer(second)).get('/api/initial-settings')).statusCode).toBe(401);
    expect((await api.login(c, 'manager')).statusCode).toBe(401);
    const fresh = await api.post('/api/login', {
      tenant: c.tenantCode,
      username: c.users.manager.username,
      password: 'a brand new password',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('answers 422 (not 401, which would log out) to a wrong current password', async () => {
    const res = await api
      .as(a, 'staff')
      .post('/api/change-pass', { current_password: 'not-my-password', new_password: 'another password' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe(ERROR_CODE.WRONG_PASSWORD);
    expect(res.json().errors).toEqual({ current_password: ['The current password is not correct.'] });
  });

  it('needs a new password of at least 8 characters that differs from the current one', async () => {
    const short = await api
      .as(a, 'staff')
      .post('/api/change-pass', { current_password: a.users.staff.password, new_password: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.new_password).toEqual(['The new password must be at least 8 characters.']);
    const same = await api.as(a, 'staff').post('/api/change-pass', {
      current_password: a.users.staff.password,
      new_password: a.users.staff.password,
    });
    expect(same.statusCode).toBe(422);
  });
});

describe('the OpenAPI document', () => {
  it('documents the auth routes, the avatar as a file part', async () => {
    const res = await api.get('/api/docs');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    for (const url of [
      '/api/login',
      '/api/login-token',
      '/api/logout',
      '/api/role-by-code',
      '/api/profile',
    ]) {
      expect(paths).toHaveProperty([url]);
    }
    const profile = paths['/api/profile'].post.requestBody.content['application/json'].schema;
    expect(profile.properties.avatar).toEqual({ type: 'string', format: 'binary' });
  });
});
