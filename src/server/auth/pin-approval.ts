/**
 * PIN approvals (ADR 006). POST /api/role-by-code checks a PIN and, besides the owner's role and name,
 * returns `approval`: a token valid for PIN_APPROVAL_TTL_MS, bound to the session that asked for it. A
 * route declared with `access: { ..., pin: true }` (the reports that need a PIN, docs/roles.md#access-rules)
 * requires it in the `X-Pin-Approval` header; the verified approver lands in request.pinApprover for audit
 * rows.
 *
 * Format: base64url(JSON { v, t, s, u, r, e }) "." base64url(HMAC-SHA256). The key is derived from the
 * tenant's pin_secret, so approvals need no table, survive a restart and work across instances, and one
 * tenant's approvals are meaningless to another. Bound to the session id: a token copied to another
 * session (or used after logout, which kills the session) is refused.
 */
import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ROLE } from '../../domain/constants';
import type { Role } from '../../domain/constants';
import type { AuthContext, PinApprover } from '../auth-context';
import type { Queryable } from '../db/client';
import { tenants } from '../db/schema/tenants';
import { safeEqual } from './passwords';

/** Five minutes: long enough to open a report and page through it, short enough to not outlive the person. */
export const PIN_APPROVAL_TTL_MS = 5 * 60 * 1000;
export const PIN_APPROVAL_MAX_LENGTH = 512;

interface ApprovalPayload {
  v: 1;
  /** tenant id */
  t: number;
  /** session id the approval is bound to */
  s: number;
  /** approver (PIN owner) user id */
  u: number;
  /** approver role */
  r: Role;
  /** expiry, ms since epoch */
  e: number;
}

const ROLES: readonly string[] = Object.values(ROLE);

function approvalKey(pinSecretHex: string): Buffer {
  return createHmac('sha256', Buffer.from(pinSecretHex, 'hex')).update('pin-approval-v1').digest();
}

function mac(pinSecretHex: string, encodedPayload: string): string {
  return createHmac('sha256', approvalKey(pinSecretHex)).update(encodedPayload).digest('base64url');
}

export interface ApprovalInput {
  tenantId: number;
  sessionId: number;
  approverId: number;
  approverRole: Role;
  expiresAt: Date;
}

export function signPinApproval(pinSecretHex: string, input: ApprovalInput): string {
  const payload: ApprovalPayload = {
    v: 1,
    t: input.tenantId,
    s: input.sessionId,
    u: input.approverId,
    r: input.approverRole,
    e: input.expiresAt.getTime(),
  };
  const encoded = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  return `${encoded}.${mac(pinSecretHex, encoded)}`;
}

/** The approver of a valid, unexpired approval for this tenant and session; null otherwise. */
export function readPinApproval(
  pinSecretHex: string,
  token: string,
  scope: { tenantId: number; sessionId: number },
  now: Date = new Date(),
): PinApprover | null {
  if (token.length > PIN_APPROVAL_MAX_LENGTH) return null;
  const [encoded, signature, extra] = token.split('.');
  if (!encoded || !signature || extra !== undefined) return null;
  if (!safeEqual(signature, mac(pinSecretHex, encoded))) return null;
  let payload: Partial<ApprovalPayload>;
  try {
    payload = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Partial<ApprovalPayload>;
  } catch {
    return null;
  }
  if (
    payload.v !== 1 ||
    payload.t !== scope.tenantId ||
    payload.s !== scope.sessionId ||
    typeof payload.u !== 'number' ||
    typeof payload.e !== 'number' ||
    typeof payload.r !== 'string' ||
    !ROLES.includes(payload.r) ||
    payload.e <= now.getTime()
  ) {
    return null;
  }
  return { userId: payload.u, role: payload.r };
}

export async function tenantPinSecret(db: Queryable, tenantId: number): Promise<string | null> {
  const [row] = await db
    .select({ pinSecret: tenants.pinSecret })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return row?.pinSecret ?? null;
}

/** Verifies the X-Pin-Approval header of a request made with `auth`. */
export async function verifyPinApproval(
  db: Queryable,
  auth: AuthContext,
  header: string | string[] | undefined,
  now: Date = new Date(),
): Promise<PinApprover | null> {
  if (typeof header !== 'string' || header.length === 0 || auth.sessionId === undefined) return null;
  const secret = await tenantPinSecret(db, auth.tenantId);
  if (!secret) return null;
  return readPinApproval(secret, header, { tenantId: auth.tenantId, sessionId: auth.sessionId }, now);
}
