/**
 * Auth routes (docs/api.md#endpoints "Auth"; docs/settings.md auth paths and
 * /store-settings/initial-profile). Services: src/server/services/auth.ts. Schemas: src/contracts/auth.ts.
 * Decisions: ADR 006.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  changePasswordBody,
  changePasswordResponseSchema,
  generalSettingsSchema,
  initialProfileSchema,
  initialSettingsSchema,
  authUserSchema,
  loginBody,
  loginResponseSchema,
  loginTokenBody,
  profileBody,
  roleByCodeBody,
  roleByCodeResponseSchema,
  storeIdParams,
  storeSettingsSchema,
} from '../../../contracts/auth';
import { requireAuth } from '../../auth-context';
import { LOGIN_RATE_LIMIT, PIN_RATE_LIMIT } from '../../auth/throttling';
import { route } from '../../route';
import {
  changePassword,
  checkPin,
  login,
  loginWithToken,
  logout,
  ThrottledError,
  updateProfile,
} from '../../services/auth';
import {
  generalSettings,
  initialProfile,
  initialSettings,
  storeSettings,
} from '../../services/settings/initial';

const TAGS = ['auth'];

/** Adds Retry-After to a throttled answer, then lets the error handler send the envelope. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ThrottledError) {
      const seconds = Math.max(1, Math.ceil((error.until.getTime() - Date.now()) / 1000));
      reply.header('retry-after', String(seconds));
    }
    throw error;
  }
}

export function registerAuthRoutes(app: FastifyInstance): void {
  route(app, {
    method: 'POST',
    url: '/api/login',
    summary: 'Log in with username and password; returns the session token and the auth record',
    tags: TAGS,
    access: { public: true },
    config: { rateLimit: LOGIN_RATE_LIMIT },
    body: loginBody,
    data: loginResponseSchema,
    message: 'Logged in.',
    handler: ({ body, db, request, reply }) =>
      withRetryAfter(reply, () => login(db, request.server.loginThrottle, body)),
  });

  route(app, {
    method: 'POST',
    url: '/api/login-token',
    summary: 'Resume a live session by its token; the same answer as login',
    tags: TAGS,
    access: { public: true },
    config: { rateLimit: LOGIN_RATE_LIMIT },
    body: loginTokenBody,
    data: loginResponseSchema,
    handler: ({ body, db }) => loginWithToken(db, body.token),
  });

  route(app, {
    method: 'POST',
    url: '/api/logout',
    summary: 'Revoke the current session',
    tags: TAGS,
    access: { module: null },
    data: z.null(),
    message: 'Logged out.',
    handler: async ({ db, request }) => {
      await logout(db, requireAuth(request));
      return null;
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/role-by-code',
    summary: "Check a PIN: its owner's role and name, and a 5-minute PIN approval for this session",
    description:
      'Send `approval` as the X-Pin-Approval header to routes that need a PIN. Ten consecutive wrong PINs ' +
      'from one account lock PIN entry for 15 minutes (429).',
    tags: TAGS,
    access: { module: null },
    config: { rateLimit: PIN_RATE_LIMIT },
    body: roleByCodeBody,
    data: roleByCodeResponseSchema,
    handler: ({ body, db, request, reply }) =>
      withRetryAfter(reply, () => checkPin(db, requireAuth(request), body.code)),
  });

  route(app, {
    method: 'GET',
    url: '/api/initial-settings',
    summary: "Store and general settings of the session's store",
    tags: TAGS,
    access: { module: null },
    data: initialSettingsSchema,
    handler: ({ db, request }) => initialSettings(db, requireAuth(request)),
  });

  route(app, {
    method: 'GET',
    url: '/api/initial-settings/general',
    summary: "The tenant's general settings",
    tags: TAGS,
    access: { module: null },
    data: generalSettingsSchema,
    handler: ({ db, request }) => generalSettings(db, requireAuth(request)),
  });

  route(app, {
    method: 'GET',
    url: '/api/initial-settings/store/:store_id',
    summary: "A store's settings (only the session's store)",
    tags: TAGS,
    access: { module: null },
    params: storeIdParams,
    data: storeSettingsSchema,
    handler: ({ db, params, request }) => storeSettings(db, requireAuth(request), params.store_id),
  });

  route(app, {
    method: 'GET',
    url: '/api/store-settings/initial-profile',
    summary: 'Login-profile data: workstations of the store, profile, initial settings, PIN screens',
    tags: TAGS,
    access: { module: null },
    data: initialProfileSchema,
    handler: ({ db, request }) => initialProfile(db, requireAuth(request)),
  });

  route(app, {
    method: 'POST',
    url: '/api/profile',
    summary: 'Update the own profile (multipart: first_name, last_name, email, phone, avatar file)',
    tags: TAGS,
    access: { module: null },
    body: profileBody,
    data: authUserSchema,
    message: 'Profile updated.',
    handler: ({ body, db, request }) =>
      updateProfile(db, requireAuth(request), body, request.server.mediaDir),
  });

  route(app, {
    method: 'POST',
    url: '/api/change-pass',
    summary: 'Change the own password; revokes the other sessions',
    tags: TAGS,
    access: { module: null },
    body: changePasswordBody,
    data: changePasswordResponseSchema,
    message: 'Password changed.',
    handler: ({ body, db, request, reply }) =>
      withRetryAfter(reply, () =>
        changePassword(db, request.server.loginThrottle, requireAuth(request), body),
      ),
  });
}
