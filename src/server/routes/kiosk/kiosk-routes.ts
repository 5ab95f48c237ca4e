/**
 * The customer kiosk's API and its tokens (docs/front-desk.md#the-kiosk; docs/settings.md#kiosk-tokens;
 * src/contracts/kiosk.ts; services in src/server/services/kiosk.ts).
 *
 * - /api/settings/kiosk-tokens: issue, list, revoke, for the settings roles (admin, owner) of the store.
 * - /api/kiosk/*: public as far as sessions go (nobody logs in to a kiosk) and authorised by the
 *   X-Kiosk-Token header instead, checked first in each handler (401 kiosk_token_invalid / _revoked).
 *   Every one is rate limited per token (or per address without one): a kiosk is a tablet in a shop, so
 *   KIOSK_RATE_LIMIT is far above what a person taps and far below what a script tries; sign-in, the one
 *   call that tells whether a phone is a customer's, has its own tighter bound.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  issuedKioskTokenSchema,
  issueKioskTokenBody,
  KIOSK_PATHS,
  KIOSK_TOKEN_HEADER,
  kioskCatalogSchema,
  kioskCheckedInSchema,
  kioskCheckInBody,
  kioskReviewBody,
  kioskReviewSchema,
  kioskSessionSchema,
  kioskSignInBody,
  kioskSignInSchema,
  kioskSignUpBody,
  kioskSignUpSchema,
  kioskTechniciansSchema,
  kioskTokenIdParams,
  kioskTokenSchema,
} from '../../../contracts/kiosk';
import { MODULE } from '../../../domain/constants';
import { requireAuth } from '../../auth-context';
import { SETTINGS_ROLES } from '../../auth/access';
import type { SessionAccess } from '../../auth/access';
import { lastEventIdOf, openStoreStream, SSE_HEADERS } from '../../live/live-plugin';
import { rawResponse, respond, route } from '../../route';
import { notifyWalkInCheckIn } from '../../services/push';
import {
  issueKioskToken,
  kioskCatalog,
  kioskCheckIn,
  kioskOf,
  kioskReview,
  kioskSession,
  kioskSignIn,
  kioskSignUp,
  kioskTechnicians,
  listKioskTokens,
  revokeKioskToken,
} from '../../services/kiosk';
import { liveEventsQuery } from '../../../contracts/live';

const TAGS = ['kiosk'];
const TOKENS_READ: SessionAccess = { module: MODULE.SETTING, roles: SETTINGS_ROLES };
const TOKENS_WRITE: SessionAccess = { module: MODULE.SETTING, write: true, roles: SETTINGS_ROLES };

function tokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers[KIOSK_TOKEN_HEADER];
  return Array.isArray(value) ? value[0] : value;
}

/** Per token (hashed: the limiter's keys are not secrets), else per client address. */
function kioskKey(prefix: string) {
  return (request: FastifyRequest) => {
    const token = tokenOf(request);
    return token
      ? `${prefix}:${createHash('sha256').update(token).digest('hex').slice(0, 32)}`
      : `${prefix}-ip:${request.ip}`;
  };
}

/** A tablet refreshing its lists and a family checking in stay far below this. */
export const KIOSK_RATE_LIMIT = { max: 120, timeWindow: 60_000, keyGenerator: kioskKey('kiosk') };
/** Sign-in tells whether a phone is a customer's: a few people a minute, not a directory walk. */
export const KIOSK_SIGN_IN_RATE_LIMIT = {
  max: 20,
  timeWindow: 60_000,
  keyGenerator: kioskKey('kiosk-sign-in'),
};
/** Opening the event stream: reconnects with back-off, not a loop. */
export const KIOSK_EVENTS_RATE_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  keyGenerator: kioskKey('kiosk-events'),
};

const PUBLIC = { public: true } as const;

export function registerKioskRoutes(app: FastifyInstance): void {
  // ---- settings: tokens ----------------------------------------------------------------------------------
  route(app, {
    method: 'GET',
    url: KIOSK_PATHS.tokens,
    summary: "The store's kiosk tokens (never their secrets), newest first, revoked ones included",
    tags: ['settings'],
    access: TOKENS_READ,
    data: z.array(kioskTokenSchema),
    handler: ({ db, request }) => listKioskTokens(db, requireAuth(request)),
  });

  route(app, {
    method: 'POST',
    url: KIOSK_PATHS.tokens,
    summary: 'Issue a kiosk token for the store: the secret is in this answer only',
    tags: ['settings'],
    access: TOKENS_WRITE,
    idempotency: { required: true },
    body: issueKioskTokenBody,
    data: issuedKioskTokenSchema,
    status: 201,
    message: 'Kiosk token issued. Copy it to the kiosk now: it is not shown again.',
    handler: ({ db, body, request }) => issueKioskToken(db, requireAuth(request), body),
  });

  route(app, {
    method: 'DELETE',
    url: KIOSK_PATHS.token,
    summary: 'Revoke a kiosk token: its next call is 401 kiosk_token_revoked',
    tags: ['settings'],
    access: TOKENS_WRITE,
    idempotency: { required: true },
    params: kioskTokenIdParams,
    data: kioskTokenSchema,
    message: 'Kiosk token revoked.',
    handler: ({ db, params, request }) => revokeKioskToken(db, requireAuth(request), params.id),
  });

  // ---- the kiosk -------------------------------------------------------------------------------------------
  const kiosk = (request: FastifyRequest) => kioskOf(request.server.db, tokenOf(request));

  route(app, {
    method: 'GET',
    url: KIOSK_PATHS.session,
    summary: 'Which store this kiosk token is for',
    tags: TAGS,
    access: PUBLIC,
    config: { rateLimit: KIOSK_RATE_LIMIT },
    data: kioskSessionSchema,
    handler: async ({ request }) => kioskSession(await kiosk(request)),
  });

  route(app, {
    method: 'GET',
    url: KIOSK_PATHS.technicians,
    summary: "The store's technicians who take walk-ins: first names, and whether they are on shift",
    tags: TAGS,
    access: PUBLIC,
    config: { rateLimit: KIOSK_RATE_LIMIT },
    data: kioskTechniciansSchema,
    handler: async ({ request }) => kioskTechnicians(request.server.db, await kiosk(request)),
  });

  route(app, {
    method: 'GET',
    url: KIOSK_PATHS.services,
    summary: "The store's active service categories with their active services",
    tags: TAGS,
    access: PUBLIC,
    config: { rateLimit: KIOSK_RATE_LIMIT },
    data: kioskCatalogSchema,
    handler: async ({ request }) => kioskCatalog(request.server.db, await kiosk(request)),
  });

  route(app, {
    method: 'POST',
    url: KIOSK_PATHS.signIn,
    summary: 'A customer by phone: their first name, last initial and a handle, or found: false',
    tags: TAGS,
    access: PUBLIC,
    config: { rateLimit: KIOSK_SIGN_IN_RATE_LIMIT },
    body: kioskSignInBody,
    data: kioskSignInSchema,
    handler: async ({ body, request }) => kioskSignIn(request.server.db, await kiosk(request), body.phone),
  });

  route(app, {
    method: 'POST',
    url: KIOSK_PATHS.signUp,
    summary: 'Register a customer (or greet the one who has this phone: registered false)',
    tags: TAGS,
    access: PUBLIC,
    config: { rateLimit: KIOSK_SIGN_IN_RATE_LIMIT },
    body: kioskSignUpBody,
    data: kioskSignUpSchema,
    status: 201,
    message: 'Welcome!',
    handler: async ({ body, request }) => {
      const result = await kioskSignUp(request.server.db, await kiosk(request), body);
      return result.registered ? result : respond(result, { status: 200, message: 'Welcome back!' });
    },
  });

  route(app, {
    method: 'POST',
    url: KIOSK_PATHS.checkIn,
    summary: 'Check the signed-in customer in: a walk-in of the store, the desk notified by push',
    description: 'A uuid already checked in answers that check-in with 200 (a retry after a timeout).',
    tags: TAGS,
    access: PUBLIC,
    config: { rateLimit: KIOSK_RATE_LIMIT },
    body: kioskCheckInBody,
    data: kioskCheckedInSchema,
    status: 201,
    message: 'You are checked in.',
    handler: async ({ body, request }) => {
      const store = await kiosk(request);
      const result = await kioskCheckIn(request.server.db, store, body);
      if (!result.created) return respond(result.answer, { status: 200, message: 'You are checked in.' });
      // After the commit, never awaited: a push that fails or hangs must not fail the check-in (ADR 009).
      notifyWalkInCheckIn(request.server, store.tenantId, store.storeId, result.walkIn.customer_name).catch(
        (error: unknown) => request.log.warn({ err: error }, 'kiosk check-in push failed'),
      );
      return result.answer;
    },
  });

  route(app, {
    method: 'POST',
    url: KIOSK_PATHS.reviews,
    summary: "The signed-in customer's review: 1-5 stars, a comment, the technician",
    tags: TAGS,
    access: PUBLIC,
    config: { rateLimit: KIOSK_RATE_LIMIT },
    body: kioskReviewBody,
    data: kioskReviewSchema,
    status: 201,
    message: 'Thank you!',
    handler: async ({ body, request }) => kioskReview(request.server.db, await kiosk(request), body),
  });

  route(app, {
    method: 'GET',
    url: KIOSK_PATHS.events,
    summary: "The kiosk store's live events (text/event-stream), without the TV board",
    tags: TAGS,
    access: PUBLIC,
    config: { rateLimit: KIOSK_EVENTS_RATE_LIMIT },
    querystring: liveEventsQuery.pick({ last_event_id: true }),
    data: z.string(),
    handler: async ({ query, request }) => {
      const store = await kiosk(request);
      const stream = await openStoreStream(request.server, request, {
        tenantId: store.tenantId,
        storeId: store.storeId,
        lastEventId: lastEventIdOf(request, query.last_event_id),
      });
      return rawResponse('text/event-stream; charset=utf-8', stream, SSE_HEADERS);
    },
  });
}
