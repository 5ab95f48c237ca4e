/**
 * Who is calling: the seam between authentication and everything that needs a tenant and a user
 * (idempotency keys, scoped queries, audit rows). `request.auth` is null until the auth plugin
 * (src/server/auth/auth-plugin.ts) fills it from the session token of `Authorization: Bearer <token>`;
 * tests of other pieces may set it in an onRequest hook of their own. Nothing else may read tenant or user
 * ids from a header or body: a token of one tenant never reaches another's data
 * (docs/api.md#tenants-and-stores).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModulePermission, Role } from '../domain/constants';
import { forbidden, unauthorized } from './errors';
import { ERROR_CODE } from '../contracts/error-codes';

export interface AuthContext {
  tenantId: number;
  userId: number;
  /**
   * The store the session works in (login_store_id). Every login binds one; null only for contexts made
   * by hand (tests, jobs). Requests for another store's data are 403 (requireStore).
   */
  storeId: number | null;
  role: Role;
  /** The till the session logged in on (login_workstation_id), if any. */
  workstationId?: number | null;
  /** The session's module permissions (docs/roles.md#modules-and-flags), checked by the route's access declaration. */
  permissions?: readonly ModulePermission[];
  /** sessions.id; PIN approvals are bound to it. Absent for contexts made by hand. */
  sessionId?: number;
}

/** A PIN approval presented with X-Pin-Approval and verified for this request (src/server/auth/pin-approval.ts). */
export interface PinApprover {
  userId: number;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Set on routes declared with `access.pin`: whose PIN approved this request (for audit rows). */
    pinApprover: PinApprover | null;
  }
}

export function registerAuthContext(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('pinApprover', null);
}

/** The caller, or 401 (the client logs out on 401, docs/api.md#the-client). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export const WRONG_STORE_MESSAGE = 'This session works in another store.';

/**
 * Store scoping: a session is bound to its login store; data of any other store, of this tenant
 * or another, is 403 without saying whether it exists. Call it with the store id a request names (path,
 * query or body) before touching that store's rows; returns the id for chaining. (For "my store" without
 * a named one, db/scoped.ts's storeWhere/scopeStoreId use the session's store directly.)
 */
export function requireStore(auth: AuthContext, storeId: number): number {
  if (auth.storeId === null || auth.storeId !== storeId)
    throw forbidden(WRONG_STORE_MESSAGE, ERROR_CODE.WRONG_STORE);
  return storeId;
}
