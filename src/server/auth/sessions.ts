/**
 * Login sessions (docs/security.md#sessions, ADR 006). The client holds an opaque token of 128 random bits
 * (22 base64url characters); the database keeps only its SHA-256, so a copy of the sessions table cannot be
 * replayed.
 *
 * A session ends at the first of:
 * - idle expiry: SESSION_IDLE_MS after its last use. Use pushes it forward, but at most once per
 *   SESSION_TOUCH_INTERVAL_MS, so a busy till does not write a row per request;
 * - absolute expiry: SESSION_ABSOLUTE_MS after login, whatever the use (a stolen token dies within a week);
 * - revocation: logout, a password change (the other sessions), a deactivated user.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { ModulePermission, Role } from '../../domain/constants';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { sessions } from '../db/schema/sessions';
import { users } from '../db/schema/users';

/** A shift and a half: a till used through a 10-hour day stays logged in; one left overnight does not. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** A week: the longest a token lives, used or not. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** The idle expiry moves at most once a minute: at most one session write per minute per till. */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;
/** Revoked and expired rows are kept this long for audits, then purged. */
export const SESSION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

const TOKEN_BYTES = 16;
/** 16 bytes in base64url without padding: exactly 22 characters of the URL-safe alphabet. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What sessions.token_hash stores: hex SHA-256 of the token. A plain hash suffices: the token is random. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function isWellFormedToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export interface NewSession {
  tenantId: number;
  userId: number;
  storeId: number | null;
  workstationId: number | null;
}

export interface CreatedSession {
  token: string;
  sessionId: number;
  expiresAt: Date;
  idleExpiresAt: Date;
}

export async function createSession(
  db: Queryable,
  input: NewSession,
  now: Date = new Date(),
): Promise<CreatedSession> {
  const token = newSessionToken();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  const idleExpiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, expiresAt.getTime()));
  const [row] = await db
    .insert(sessions)
    .values({
      tenantId: input.tenantId,
      userId: input.userId,
      storeId: input.storeId,
      workstationId: input.workstationId,
      tokenHash: hashSessionToken(token),
      createdAt: now,
      lastSeenAt: now,
      idleExpiresAt,
      expiresAt,
    })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresAt, idleExpiresAt };
}

/** A live session with its user, as the auth plugin needs it. */
export interface ResolvedSession {
  auth: AuthContext;
  expiresAt: Date;
  idleExpiresAt: Date;
}

/**
 * The live session of `token`, or null when the token is malformed, unknown, revoked, expired (idle or
 * absolute) or its user is deactivated. Refreshes the idle expiry when the last refresh is older than
 * SESSION_TOUCH_INTERVAL_MS. This is the one query that runs before the tenant is known: the token hash is
 * unique across tenants (db/schema/sessions.ts).
 */
export async function resolveSession(
  db: Queryable,
  token: string,
  now: Date = new Date(),
): Promise<ResolvedSession | null> {
  if (!isWellFormedToken(token)) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      tenantId: sessions.tenantId,
      userId: sessions.userId,
      storeId: sessions.storeId,
      workstationId: sessions.workstationId,
      lastSeenAt: sessions.lastSeenAt,
      idleExpiresAt: sessions.idleExpiresAt,
      expiresAt: sessions.expiresAt,
      role: users.role,
      permissions: users.permissions,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.tenantId, sessions.tenantId), eq(users.id, sessions.userId)))
    .where(
      and(
        eq(sessions.tokenHash, hashSessionToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, now),
        gt(sessions.expiresAt, now),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!row) return null;

  let idleExpiresAt = row.idleExpiresAt;
  if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    idleExpiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, row.expiresAt.getTime()));
    // Guarded by last_seen_at so two parallel requests of one till write once, and never revives a
    // session revoked between the read and this write.
    await db
      .update(sessions)
      .set({ lastSeenAt: now, idleExpiresAt })
      .where(
        and(
          eq(sessions.tenantId, row.tenantId),
          eq(sessions.id, row.sessionId),
          eq(sessions.lastSeenAt, row.lastSeenAt),
          isNull(sessions.revokedAt),
        ),
      );
  }

  return {
    auth: {
      tenantId: row.tenantId,
      userId: row.userId,
      storeId: row.storeId,
      workstationId: row.workstationId,
      role: row.role as Role,
      permissions: row.permissions as ModulePermission[],
      sessionId: row.sessionId,
    },
    expiresAt: row.expiresAt,
    idleExpiresAt,
  };
}

export async function revokeSession(
  db: Queryable,
  tenantId: number,
  sessionId: number,
  now: Date = new Date(),
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user except `keepSessionId` (password change); returns how many. */
export async function revokeOtherSessions(
  db: Queryable,
  tenantId: number,
  userId: number,
  keepSessionId: number | null,
  now: Date = new Date(),
): Promise<number> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.tenantId, tenantId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ id: sessions.id });
  return revoked.length;
}

/** Deletes sessions that ended (expired or revoked) more than SESSION_RETENTION_MS ago. */
export async function purgeEndedSessions(db: Queryable, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SESSION_RETENTION_MS);
  const deleted = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, before),
        lt(sessions.idleExpiresAt, before),
        and(sql`${sessions.revokedAt} is not null`, lt(sessions.revokedAt, before)),
      ),
    )
    .returning({ id: sessions.id });
  return deleted.length;
}
