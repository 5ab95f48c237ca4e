/**
 * Fills request.auth from `Authorization: Bearer <token>` (docs/api.md#the-client: the client sends the
 * stored token as a bearer header). A missing, malformed, unknown, revoked or expired token leaves
 * request.auth null; routes that need a session then answer 401 through their access declaration (the client
 * logs out on 401, docs/api.md#the-client), public routes do not care. Only /api requests are looked at: the
 * SPA's files never cost a query.
 */
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import '../app-db';
import { HttpError } from '../errors';
import { ERROR_CODE } from '../../contracts/error-codes';
import { warmPasswordHashing } from './passwords';
import { resolveSession } from './sessions';
import { LoginThrottle } from './throttling';

export interface AuthOptions {
  /** Where uploaded media (avatars) are stored: DATA_DIR/media. */
  mediaDir: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Consecutive failed logins per account, for this app instance. */
    loginThrottle: LoginThrottle;
    /** Root of uploaded media (profile photos): DATA_DIR/media. */
    mediaDir: string;
  }
}

const BEARER = /^Bearer ([^\s]+)$/i;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  return BEARER.exec(header.trim())?.[1] ?? null;
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  app.decorate('loginThrottle', new LoginThrottle());
  app.decorate('mediaDir', path.resolve(options.mediaDir));
  // The dummy hash for unknown users is made before the first login, so that login is not slower.
  app.addHook('onReady', warmPasswordHashing);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (!token) return;
    // A database failure must not read as "no session": a 401 would log the till out (docs/api.md#the-client).
    const session = await resolveSession(request.server.db, token).catch((error: unknown) => {
      request.log.error({ err: error }, 'session lookup failed');
      throw new HttpError(
        503,
        'The server cannot check your session right now. Please try again.',
        undefined,
        ERROR_CODE.SERVICE_UNAVAILABLE,
      );
    });
    if (session) request.auth = session.auth;
  });
}
