/**
 * Web Push requests, responses and the notification payload (docs/platform.md#push "Push subscription sent to
 * the server: subscription (endpoint, keys p256dh and auth), userAgent, platform" and "Notification payload:
 * title, body, icon, badge, tag, data (url or route), requireInteraction, silent, actions";
 * docs/platform.md#push POST /api/push/subscribe and /api/push/unsubscribe; ADR 009), shared by the client,
 * the service worker and the server.
 *
 * Field names are camelCase here, unlike most of the API: the spec's push body is (userAgent), and the
 * subscription is the browser's own PushSubscription.toJSON().
 */
import { z } from 'zod';

export const PUSH_PATHS = {
  vapidPublicKey: '/api/push/vapid-public-key',
  subscribe: '/api/push/subscribe',
  unsubscribe: '/api/push/unsubscribe',
  test: '/api/push/test',
} as const;

export const MAX_ENDPOINT_LENGTH = 2048;
export const MAX_USER_AGENT_LENGTH = 512;
export const MAX_PLATFORM_LENGTH = 64;

/**
 * Browsers send unpadded base64url (PushSubscription.toJSON); standard base64 with padding is accepted too
 * and stored in the unpadded url-safe form web-push expects.
 */
function base64UrlKey(name: string, bytes: number) {
  const length = Math.ceil((bytes * 4) / 3);
  const message = `${name} must be the ${bytes}-byte key in base64url.`;
  return z
    .string()
    .max(200, message)
    .transform((s) => s.trim().replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''))
    .pipe(z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}$`), message));
}

/** Push services are HTTPS (RFC 8030); an http endpoint is not one (and web-push only speaks https). */
export const endpointSchema = z
  .string()
  .trim()
  .max(MAX_ENDPOINT_LENGTH, `The endpoint must be at most ${MAX_ENDPOINT_LENGTH} characters.`)
  .pipe(z.url({ protocol: /^https$/, message: 'The endpoint must be an https URL.' }));

/** PushSubscription.toJSON() as the browser gives it; unknown members are ignored. */
export const browserSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  /** Milliseconds since the epoch, or null (most browsers). */
  expirationTime: z.number().int().min(0).max(8.64e15).nullable().optional(),
  keys: z.object({
    p256dh: base64UrlKey('keys.p256dh', 65),
    auth: base64UrlKey('keys.auth', 16),
  }),
});
export type BrowserSubscription = z.output<typeof browserSubscriptionSchema>;

/** Free text the device describes itself with; cut, not refused, so an odd browser can still subscribe. */
const cutText = (max: number) =>
  z
    .string()
    .max(10_000)
    .transform((s) => s.trim().slice(0, max));

/** POST /api/push/subscribe. */
export const subscribeBody = z.strictObject({
  subscription: browserSubscriptionSchema,
  userAgent: cutText(MAX_USER_AGENT_LENGTH).default(''),
  platform: cutText(MAX_PLATFORM_LENGTH).default(''),
});
export type SubscribeBody = z.output<typeof subscribeBody>;

/**
 * POST /api/push/unsubscribe (a POST without a body arrives as null). docs/platform.md#push sends no payload:
 * without an endpoint every subscription of the caller (in this tenant) is removed; with one, that device's
 * subscription.
 */
export const unsubscribeBody = z.strictObject({ endpoint: endpointSchema.optional() }).nullish();
export type UnsubscribeBody = z.output<typeof unsubscribeBody>;

export const TEST_NOTIFICATION_DEFAULTS = {
  title: 'Test notification',
  body: 'Push notifications work on this device.',
} as const;

/** POST /api/push/test: the settings dialog asks for a title and a body (docs/platform.md#push tab 2). */
export const testNotificationBody = z
  .strictObject({
    title: z.string().trim().min(1).max(120).optional(),
    body: z.string().trim().max(500).optional(),
  })
  .nullish();
export type TestNotificationBody = z.output<typeof testNotificationBody>;

// ---- responses ---------------------------------------------------------------------------------------

export const vapidPublicKeySchema = z.object({
  /** The applicationServerKey for pushManager.subscribe: unpadded base64url of a P-256 point. */
  publicKey: z.string(),
});
export type VapidPublicKey = z.infer<typeof vapidPublicKeySchema>;

export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  userAgent: z.string(),
  platform: z.string(),
  storeId: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastSuccessAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;

export const unsubscribeResponseSchema = z.object({ removed: z.number().int().min(0) });

/** What one send did: delivered, failed (kept for a retry), removed (the push service said it is gone). */
export const sendSummarySchema = z.object({
  sent: z.number().int().min(0),
  failed: z.number().int().min(0),
  removed: z.number().int().min(0),
});
export type SendSummary = z.infer<typeof sendSummarySchema>;

// ---- the push message ------------------------------------------------------------------------------

/**
 * RFC 8291 allows 4096 bytes of encrypted record; aes128gcm spends 86 on its header (salt, record size,
 * the 65-byte key id), 16 on the tag and 1 on the padding delimiter, which leaves 3993 bytes of JSON.
 */
export const MAX_PUSH_PAYLOAD_BYTES = 3993;

export const notificationActionSchema = z.object({
  action: z.string().min(1).max(64),
  title: z.string().min(1).max(64),
  icon: z.string().max(512).optional(),
});

/**
 * The JSON a push message carries; the service worker shows it with showNotification(title, options) and
 * opens `data.url` (else `data.route`) on click.
 */
export const notificationPayloadSchema = z.object({
  title: z.string().min(1).max(120),
  body: z.string().max(1000).optional(),
  icon: z.string().max(512).optional(),
  badge: z.string().max(512).optional(),
  tag: z.string().max(128).optional(),
  data: z
    .looseObject({
      url: z.string().max(1024).optional(),
      route: z.string().max(1024).optional(),
      /** What the notification is about, e.g. 'test', 'walk-in'. */
      type: z.string().max(64).optional(),
    })
    .optional(),
  requireInteraction: z.boolean().optional(),
  silent: z.boolean().optional(),
  actions: z.array(notificationActionSchema).max(2).optional(),
  /** Milliseconds since the epoch: when the event happened, not when the message arrives. */
  timestamp: z.number().int().min(0).optional(),
});
export type NotificationPayload = z.infer<typeof notificationPayloadSchema>;

/** Icons of the app (the install helper's manifest icons). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-72.png';
