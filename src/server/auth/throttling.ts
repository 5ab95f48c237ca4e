/**
 * Login and PIN throttling (docs/security.md#throttling: "Login and PIN checks are throttled per account"; at
 * most 10 consecutive PIN failures, then a lock with a clear message). Two layers each:
 *
 * - per IP: @fastify/rate-limit on the routes (LOGIN_RATE_LIMIT, PIN_RATE_LIMIT): bounds what one machine
 *   can try across accounts;
 * - per account:
 *   - login: consecutive failed passwords per (tenant, username), counted in this process (LoginThrottle),
 *     for unknown usernames too, so a lock does not reveal whether an account exists;
 *   - PIN: a PIN is typed without a username, so a wrong PIN matches nobody. The account that guesses is
 *     the session's own (the till's login): its users.failed_pin_count / locked_until count consecutive
 *     failures in the database (shared by all its sessions and instances, survives a restart). A correct
 *     PIN resets it. Locking the guesser rather than a PIN owner means nobody can lock a manager out by
 *     typing wrong PINs.
 */
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { users } from '../db/schema/users';

export const MAX_CONSECUTIVE_PIN_FAILURES = 10;
export const PIN_LOCK_MS = 15 * 60 * 1000;
export const PIN_LOCKED_MESSAGE = 'Too many wrong PINs. PIN entry is locked for 15 minutes.';

export const MAX_CONSECUTIVE_LOGIN_FAILURES = 10;
export const LOGIN_LOCK_MS = 15 * 60 * 1000;
export const LOGIN_LOCKED_MESSAGE = 'Too many failed logins. Try again in 15 minutes.';

/** Per client IP, on /api/login and /api/login-token: a salon's tills share one address behind NAT. */
export const LOGIN_RATE_LIMIT = { max: 60, timeWindow: 60_000 };
/** Per client IP, on /api/role-by-code (the per-account count is the real bound). */
export const PIN_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

function minutesLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

export function pinLockedMessage(until: Date, now: Date): string {
  const minutes = minutesLeft(until, now);
  return `Too many wrong PINs. PIN entry is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}.`;
}

export type PinAttempt = { kind: 'allowed'; attempt: number } | { kind: 'locked'; until: Date };

/**
 * Claims one PIN attempt for the guessing account before the PIN is checked. The count is raised first, in
 * one statement, so parallel guesses each get their own number and no burst can exceed the limit.
 */
export async function claimPinAttempt(
  db: Queryable,
  tenantId: number,
  userId: number,
  now: Date = new Date(),
): Promise<PinAttempt> {
  const [row] = await db
    .update(users)
    .set({ failedPinCount: sql`${users.failedPinCount} + 1` })
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.id, userId),
        or(isNull(users.lockedUntil), lte(users.lockedUntil, now)),
      ),
    )
    .returning({ failedPinCount: users.failedPinCount });
  if (row && row.failedPinCount <= MAX_CONSECUTIVE_PIN_FAILURES) {
    return { kind: 'allowed', attempt: row.failedPinCount };
  }
  // Locked, or a parallel guess beyond the limit whose lock is being written right now.
  const [user] = await db
    .select({ lockedUntil: users.lockedUntil })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  const until =
    user?.lockedUntil && user.lockedUntil > now ? user.lockedUntil : new Date(now.getTime() + PIN_LOCK_MS);
  return { kind: 'locked', until };
}

/** After a wrong PIN: locks the account at the limit (count back to 0 for after the lock). */
export async function recordPinFailure(
  db: Queryable,
  tenantId: number,
  userId: number,
  attempt: number,
  now: Date = new Date(),
): Promise<{ locked: boolean; until: Date | null; remaining: number }> {
  if (attempt < MAX_CONSECUTIVE_PIN_FAILURES) {
    return { locked: false, until: null, remaining: MAX_CONSECUTIVE_PIN_FAILURES - attempt };
  }
  const until = new Date(now.getTime() + PIN_LOCK_MS);
  await db
    .update(users)
    .set({ failedPinCount: 0, lockedUntil: until })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return { locked: true, until, remaining: 0 };
}

/** A correct PIN: the consecutive count starts again. */
export async function resetPinFailures(db: Queryable, tenantId: number, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ failedPinCount: 0, lockedUntil: null })
    .where(
      and(
        eq(users.tenantId, tenantId),
        eq(users.id, userId),
        or(gt(users.failedPinCount, 0), sql`${users.lockedUntil} is not null`),
      ),
    );
}

interface LoginFailures {
  failures: number;
  lockedUntil: number;
}

/**
 * Consecutive failed logins per account key, in memory. Bounded: beyond MAX_KEYS the oldest entries go
 * (an attacker spraying usernames evicts old counters, not memory; the per-IP limit bounds the spray).
 * Per process: with several instances behind a balancer each counts on its own, so the bound is 10 per
 * instance; a users column would make it global (see ADR 006).
 */
export class LoginThrottle {
  static readonly MAX_KEYS = 10_000;
  private readonly entries = new Map<string, LoginFailures>();

  constructor(
    private readonly maxFailures = MAX_CONSECUTIVE_LOGIN_FAILURES,
    private readonly lockMs = LOGIN_LOCK_MS,
  ) {}

  static key(tenant: string | number, username: string): string {
    return `${tenant}|${username.trim().toLowerCase()}`;
  }

  /** The end of the lock on `key`, or null when it may try. */
  lockedUntil(key: string, now: number = Date.now()): Date | null {
    const entry = this.entries.get(key);
    return entry && entry.lockedUntil > now ? new Date(entry.lockedUntil) : null;
  }

  /** Counts a failure; returns the lock end when this failure reached the limit. */
  fail(key: string, now: number = Date.now()): Date | null {
    const entry = this.entries.get(key) ?? { failures: 0, lockedUntil: 0 };
    this.entries.delete(key);
    entry.failures += 1;
    let locked: Date | null = null;
    if (entry.failures >= this.maxFailures) {
      entry.failures = 0;
      entry.lockedUntil = now + this.lockMs;
      locked = new Date(entry.lockedUntil);
    }
    this.entries.set(key, entry);
    if (this.entries.size > LoginThrottle.MAX_KEYS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return locked;
  }

  succeed(key: string): void {
    this.entries.delete(key);
  }
}
