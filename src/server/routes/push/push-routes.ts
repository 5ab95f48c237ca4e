/**
 * Web Push (docs/platform.md#push POST /api/push/subscribe and /api/push/unsubscribe; ADR 009). Service:
 * src/server/services/push.ts. Schemas: src/contracts/push.ts.
 *
 * Access: any logged-in session ({ module: null }). Notifications follow the person and the store, not a
 * module: whoever works the front desk may get walk-in notices on their device. Not idempotent: subscribe
 * is an upsert and unsubscribe a delete, so a repeat changes nothing, and the client never queues /push
 * calls offline (src/client/lib/offline-queue/classify.ts LIVE_ONLY). The test send is rate-limited per
 * user: it makes the server call a push service on the caller's behalf.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  PUSH_PATHS,
  pushSubscriptionSchema,
  sendSummarySchema,
  subscribeBody,
  testNotificationBody,
  unsubscribeBody,
  unsubscribeResponseSchema,
  vapidPublicKeySchema,
} from '../../../contracts/push';
import { requireAuth } from '../../auth-context';
import type { SessionAccess } from '../../auth/access';
import { notFound } from '../../errors';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { respond, route } from '../../route';
import {
  resolvePushSettings,
  sendToUser,
  subscribe,
  TEST_SEND_OPTIONS,
  testNotification,
  unsubscribe,
  vapidPublicKey,
} from '../../services/push';
import type { PushOptions, PushSettings } from '../../services/push';

declare module 'fastify' {
  interface FastifyInstance {
    /** Subject, allowed push services and transport of this app's deliveries (services/push.ts). */
    pushSettings: PushSettings;
  }
}

const TAGS = ['push'];
const LOGGED_IN: SessionAccess = { module: null };

export const NO_SUBSCRIPTION_MESSAGE = 'This account has no push subscription. Subscribe first.';

/** Per user (the session's, filled by the auth hook that runs before the route's rate limit). */
export const PUSH_TEST_RATE_LIMIT = {
  max: 5,
  timeWindow: 60_000,
  keyGenerator: (request: FastifyRequest) =>
    request.auth ? `push-test:${request.auth.tenantId}:${request.auth.userId}` : `push-test-ip:${request.ip}`,
};

export function registerPushRoutes(app: FastifyInstance, options: PushOptions = {}): void {
  const settings = resolvePushSettings(options);
  app.decorate('pushSettings', settings);
  if (settings.testService) {
    // Loud on purpose: a production server must never run with it (ADR 009, "Tests deliver for real").
    app.log.warn(
      { origin: settings.testService.origin },
      'PUSH_TEST_SERVICE_ORIGIN is set: push endpoints at this local test service are accepted (tests only)',
    );
  }

  route(app, {
    method: 'GET',
    url: PUSH_PATHS.vapidPublicKey,
    summary: "The tenant's VAPID public key: the applicationServerKey for pushManager.subscribe",
    description: 'Made on first request and never changed: every subscription is bound to it.',
    tags: TAGS,
    access: LOGGED_IN,
    data: vapidPublicKeySchema,
    handler: ({ db, request }) => vapidPublicKey(db, requireAuth(request)),
  });

  route(app, {
    method: 'POST',
    url: PUSH_PATHS.subscribe,
    summary: "Register this browser's push subscription for the caller and the session's store",
    description:
      'Body: { subscription: PushSubscription.toJSON(), userAgent, platform }. 201 when new, 200 when the ' +
      'endpoint was known (it now belongs to the caller). 422 for an endpoint that is not a known push ' +
      'service or keys that are not a P-256 key and a 16-byte secret.',
    tags: TAGS,
    access: LOGGED_IN,
    body: subscribeBody,
    data: pushSubscriptionSchema,
    handler: async ({ body, db, request }) => {
      const result = await subscribe(db, requireAuth(request), body, request.server.pushSettings);
      return respond(result.subscription, {
        status: result.created ? 201 : 200,
        message: result.created ? 'Subscribed to push notifications.' : 'Push subscription updated.',
      });
    },
  });

  route(app, {
    method: 'POST',
    url: PUSH_PATHS.unsubscribe,
    summary: "Remove this device's subscription (by endpoint), or all of the caller's (no body)",
    tags: TAGS,
    access: LOGGED_IN,
    body: unsubscribeBody,
    data: unsubscribeResponseSchema,
    message: 'Unsubscribed from push notifications.',
    handler: ({ body, db, request }) => unsubscribe(db, requireAuth(request), body?.endpoint),
  });

  route(app, {
    method: 'POST',
    url: PUSH_PATHS.test,
    summary: 'Send a test notification to every device of the caller (title and body optional)',
    description: `404 without a subscription; at most ${PUSH_TEST_RATE_LIMIT.max} a minute per user (429).`,
    tags: TAGS,
    access: LOGGED_IN,
    config: { rateLimit: PUSH_TEST_RATE_LIMIT },
    body: testNotificationBody,
    data: sendSummarySchema,
    handler: async ({ body, request }) => {
      const auth = requireAuth(request);
      const summary = await sendToUser(
        request.server,
        auth.tenantId,
        auth.userId,
        testNotification(body),
        TEST_SEND_OPTIONS,
      );
      if (summary.sent + summary.failed + summary.removed === 0)
        throw notFound(NO_SUBSCRIPTION_MESSAGE, ERROR_CODE.PUSH_NOT_SUBSCRIBED);
      return respond(summary, {
        message:
          summary.sent > 0
            ? 'Test notification sent.'
            : 'The test notification could not be delivered. Subscribe again on this device.',
      });
    },
  });
}
