import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-db';
import type { TestDatabase } from '../../../tests/support/test-db';
import { sessions } from '../db/schema/sessions';
import {
  createSession,
  hashSessionToken,
  isWellFormedToken,
  newSessionToken,
  purgeEndedSessions,
  resolveSession,
  revokeOtherSessions,
  revokeSession,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_RETENTION_MS,
} from './sessions';
import { createTenantWithUsers } from '../../../tests/support/server/tenant-fixture';
import type { TenantFixture } from '../../../tests/support/server/tenant-fixture';

let testDb: TestDatabase;
let a: TenantFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  a = await createTenantWithUsers(testDb.db, { sessions: false });
});

afterAll(async () => {
  await testDb?.drop();
});

function newSession(now = new Date()) {
  return createSession(
    testDb.db,
    { tenantId: a.tenantId, userId: a.users.staff.id, storeId: a.store.id, workstationId: null },
    now,
  );
}

describe('session tokens', () => {
  it('are 128 random bits in 22 base64url characters, never twice the same', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newSessionToken()));
    expect(tokens.size).toBe(1000);
    for (const token of tokens) {
      expect(isWellFormedToken(token)).toBe(true);
      expect(Buffer.from(token, 'base64url')).toHaveLength(16);
    }
    expect(hashSessionToken('abc')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('sessions', () => {
  it('start with a 12-hour idle expiry inside a 7-day absolute one', async () => {
    const now = new Date('2026-05-01T10:00:00Z');
    const created = await newSession(now);
    expect(created.idleExpiresAt.getTime() - now.getTime()).toBe(SESSION_IDLE_MS);
    expect(created.expiresAt.getTime() - now.getTime()).toBe(SESSION_ABSOLUTE_MS);
  });

  it('resolve to the caller with role, store and permissions until revoked', async () => {
    const { token, sessionId } = await newSession();
    const resolved = await resolveSession(testDb.db, token);
    expect(resolved?.auth).toMatchObject({
      tenantId: a.tenantId,
      userId: a.users.staff.id,
      storeId: a.store.id,
      workstationId: null,
      role: 'staff',
      sessionId,
    });
    expect(resolved?.auth.permissions).toHaveLength(14);
    await revokeSession(testDb.db, a.tenantId, sessionId);
    expect(await resolveSession(testDb.db, token)).toBeNull();
  });

  it('revokeOtherSessions keeps the given session and ends the rest', async () => {
    const keep = await newSession();
    const other = await newSession();
    const revoked = await revokeOtherSessions(testDb.db, a.tenantId, a.users.staff.id, keep.sessionId);
    expect(revoked).toBeGreaterThanOrEqual(1);
    expect(await resolveSession(testDb.db, keep.token)).not.toBeNull();
    expect(await resolveSession(testDb.db, other.token)).toBeNull();
  });

  it('purgeEndedSessions deletes sessions ended more than 30 days ago and keeps the rest', async () => {
    const old = await newSession(new Date(Date.now() - SESSION_RETENTION_MS - SESSION_ABSOLUTE_MS - 60_000));
    const live = await newSession();
    await purgeEndedSessions(testDb.db);
    const ids = (await testDb.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id);
    expect(ids).not.toContain(old.sessionId);
    expect(ids).toContain(live.sessionId);
    const [row] = await testDb.db.select().from(sessions).where(eq(sessions.id, live.sessionId));
    expect(row?.revokedAt).toBeNull();
  });
});
