/**
 * Who is calling: the seam between authentication and everything that needs a tenant and a user
 * (idempotency keys, scoped queries, audit rows). `request.auth` is null until something fills it:
 * the auth plugin of issue 3 will, from the session token; until then tests set it in an onRequest hook.
 * Nothing else may read tenant or user ids from a header or body: a token of one tenant never reaches
 * another's data (design.md §5).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Role } from '../domain/constants';
import { unauthorized } from './errors';

export interface AuthContext {
  tenantId: number;
  userId: number;
  /** The store the session works in (login_store_id); null for a tenant-wide session. */
  storeId: number | null;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function registerAuthContext(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/** The caller, or 401 (the client logs out on 401, 000 §8). */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
