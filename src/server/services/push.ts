/**
 * Web Push (docs/platform.md#push push subscription and notification payload, docs/platform.md#push
 * /api/push/*; ADR 009): the tenant's VAPID keys, the subscriptions of its devices, and real deliveries with
 * web-push (RFC 8030 protocol, RFC 8291 aes128gcm encryption, RFC 8292 VAPID).
 *
 *   await sendToUser(app, tenantId, userId, { title: 'Hi', data: { url: '/' } })     // app: { db, pushSettings }
 *   await sendToStore(app, tenantId, storeId, payload, { ttlSeconds: 900, urgency: 'high' })
 *   void notifyWalkInCheckIn(app, tenantId, storeId, 'Anna')                           // never rejects
 *
 * A send never throws for a device: each subscription ends delivered, failed (kept, failure counted) or
 * removed (the push service answered 404/410, the subscription expired, or it failed too often). Call the
 * senders after the caller's transaction commits: a notification cannot be rolled back.
 */
import { ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { and, desc, eq, lte, notInArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import webpush from 'web-push';
import type { VapidKeys } from 'web-push';
import {
  MAX_PUSH_PAYLOAD_BYTES,
  NOTIFICATION_BADGE,
  NOTIFICATION_ICON,
  notificationPayloadSchema,
  TEST_NOTIFICATION_DEFAULTS,
} from '../../contracts/push';
import type {
  NotificationPayload,
  PushSubscriptionInfo,
  SendSummary,
  SubscribeBody,
  TestNotificationBody,
} from '../../contracts/push';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { pushSubscriptions, pushVapidKeys } from '../db/schema/push';
import { users } from '../db/schema/users';
import { tenantIdWhere, tenantValues, tenantWhere } from '../db/scoped';
import type { TenantScope } from '../db/scoped';
import { unprocessable } from '../errors';
import { ERROR_CODE } from '../../contracts/error-codes';

// ---- settings ----------------------------------------------------------------------------------------

export interface PushSettings {
  /** VAPID `sub` claim: a mailto: or https: contact the push services can reach the operator at. */
  subject: string;
  /**
   * Hosts a subscription endpoint may name (exact, or any subdomain). The server POSTs to whatever URL a
   * logged-in user registers, so an open list would let any staff account make it call internal hosts.
   */
  endpointHosts: readonly string[];
  /** Socket idle timeout of one delivery. */
  timeoutMs: number;
  /** https.Agent for the deliveries (tests: one that trusts the local push service's certificate). */
  agent?: Agent;
  /**
   * TESTS ONLY (PUSH_TEST_SERVICE_ORIGIN + PUSH_TEST_SERVICE_CA; never set by default): one local push
   * service, by exact origin, whose deliveries go through an agent that trusts only its certificate. Lets
   * the end-to-end run deliver real Web Push without letting `endpointHosts` name a loopback host.
   */
  testService?: TestPushService;
}
export type PushOptions = Partial<PushSettings>;

export interface TestPushService {
  /** https://127.0.0.1:<port> (or [::1] / localhost): an exact origin, never a host pattern. */
  origin: string;
  /** Trusts only the service's CA, so nothing but that service completes a TLS handshake through it. */
  agent: Agent;
}

/** What a sender needs: the FastifyInstance (app.db, app.pushSettings, app.log) satisfies it. */
export interface PushDeps {
  db: Queryable;
  pushSettings: PushSettings;
  log?: { warn(object: object, message: string): void };
}

/**
 * The push services of the browsers we serve: Chrome, Edge (Chromium), Opera, Samsung Internet, Brave
 * (FCM), Firefox (Mozilla autopush), legacy Edge (WNS), Safari (Apple).
 */
export const KNOWN_PUSH_SERVICE_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

/**
 * Apple rejects a localhost subject (BadJwtToken), so the default is a reserved example domain; an operator
 * sets VAPID_SUBJECT to a real contact.
 */
export const DEFAULT_VAPID_SUBJECT = 'mailto:admin@example.com';
export const DEFAULT_PUSH_TIMEOUT_MS = 10_000;

const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * The test-only push service of the environment, or undefined when PUSH_TEST_SERVICE_ORIGIN is unset (the
 * default, and always in production). Both variables or neither; the origin must be https on a loopback
 * address (a test's fake service on this machine, never a host elsewhere); the CA file must be readable.
 * Anything else fails at start.
 */
export function testPushServiceFromEnv(env: NodeJS.ProcessEnv = process.env): TestPushService | undefined {
  const origin = env.PUSH_TEST_SERVICE_ORIGIN?.trim();
  const caFile = env.PUSH_TEST_SERVICE_CA?.trim();
  if (!origin && !caFile) return undefined;
  if (!origin || !caFile) {
    throw new Error('PUSH_TEST_SERVICE_ORIGIN and PUSH_TEST_SERVICE_CA go together (tests only)');
  }
  let url: URL | null = null;
  try {
    url = new URL(origin);
  } catch {
    url = null;
  }
  if (!url || url.protocol !== 'https:' || !LOOPBACK_HOSTS.has(url.hostname) || url.origin !== origin) {
    throw new Error(
      `PUSH_TEST_SERVICE_ORIGIN must be an https origin on a loopback address (https://127.0.0.1:<port>), not "${origin}"`,
    );
  }
  const ca = readFileSync(caFile, 'utf8');
  return { origin: url.origin, agent: new Agent({ ca, keepAlive: false }) };
}

/**
 * Options win over the environment: VAPID_SUBJECT (mailto: or https: URL) and PUSH_ENDPOINT_HOSTS (extra
 * hosts, comma-separated, for a self-hosted push service), and the test-only PUSH_TEST_SERVICE_ORIGIN /
 * PUSH_TEST_SERVICE_CA (testPushServiceFromEnv). A bad setting fails at start, not at first send.
 */
export function resolvePushSettings(
  options: PushOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): PushSettings {
  const subject = options.subject ?? (env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT);
  if (!/^(mailto:[^@\s]+@[^@\s]+|https:\/\/[^\s]+)$/.test(subject)) {
    throw new Error(`VAPID_SUBJECT must be a mailto: address or an https: URL, not "${subject}"`);
  }
  const extraHosts = (env.PUSH_ENDPOINT_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const testService = options.testService ?? testPushServiceFromEnv(env);
  return {
    subject,
    endpointHosts: options.endpointHosts ?? [...KNOWN_PUSH_SERVICE_HOSTS, ...extraHosts],
    timeoutMs: options.timeoutMs ?? DEFAULT_PUSH_TIMEOUT_MS,
    ...(options.agent ? { agent: options.agent } : {}),
    ...(testService ? { testService } : {}),
  };
}

/** The endpoint is at the test-only push service (same origin exactly), when one is configured. */
function atTestService(endpoint: string, settings: Pick<PushSettings, 'testService'>): boolean {
  if (!settings.testService) return false;
  try {
    return new URL(endpoint).origin === settings.testService.origin;
  } catch {
    return false;
  }
}

/** What subscribe and every delivery check: a known push service, or the configured test service. */
export function endpointAllowed(
  endpoint: string,
  settings: Pick<PushSettings, 'endpointHosts' | 'testService'>,
): boolean {
  return isAllowedEndpoint(endpoint, settings.endpointHosts) || atTestService(endpoint, settings);
}

export function isAllowedEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

// ---- VAPID keys --------------------------------------------------------------------------------------

/**
 * The tenant's key pair, made on first need and never replaced (a new pair orphans every subscription).
 * Two first callers at once: both insert, one wins (ON CONFLICT DO NOTHING), both read the winner.
 */
export async function tenantVapidKeys(db: Queryable, scope: TenantScope): Promise<VapidKeys> {
  const read = () =>
    db
      .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
      .from(pushVapidKeys)
      .where(tenantWhere(pushVapidKeys, scope))
      .limit(1);
  const [existing] = await read();
  if (existing) return existing;
  await db
    .insert(pushVapidKeys)
    .values(tenantValues(scope, webpush.generateVAPIDKeys()))
    .onConflictDoNothing();
  const [created] = await read();
  if (!created) throw new Error(`VAPID keys of tenant ${scope.tenantId} were not stored`);
  return created;
}

export async function vapidPublicKey(db: Queryable, auth: AuthContext): Promise<{ publicKey: string }> {
  const { publicKey } = await tenantVapidKeys(db, auth);
  return { publicKey };
}

// ---- subscriptions -----------------------------------------------------------------------------------

/** Oldest beyond this per user are dropped: a browser resubscribes often, dead rows should not pile up. */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;
/** Consecutive failed deliveries (not 404/410) after which a subscription is dropped. */
export const MAX_CONSECUTIVE_FAILURES = 10;

export const ENDPOINT_NOT_ALLOWED_MESSAGE = 'This push service is not supported.';
export const INVALID_P256DH_MESSAGE = 'keys.p256dh is not a P-256 public key.';

const subscriptionColumns = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  userAgent: pushSubscriptions.userAgent,
  platform: pushSubscriptions.platform,
  storeId: pushSubscriptions.storeId,
  createdAt: pushSubscriptions.createdAt,
  lastSuccessAt: pushSubscriptions.lastSuccessAt,
};

type SubscriptionRow = {
  id: number;
  endpoint: string;
  userAgent: string;
  platform: string;
  storeId: number | null;
  createdAt: Date;
  lastSuccessAt: Date | null;
};

function toInfo(row: SubscriptionRow): PushSubscriptionInfo {
  return {
    id: row.id,
    endpoint: row.endpoint,
    userAgent: row.userAgent,
    platform: row.platform,
    storeId: row.storeId,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  };
}

/** A point off the curve would only fail at the first send, after the browser was told all is well. */
function isP256Point(base64url: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(base64url, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Registers (or refreshes) the caller's device: the row belongs to the caller and the session's store from
 * now on, whoever registered the endpoint before (holding the endpoint and its keys is being that browser).
 */
export async function subscribe(
  db: Queryable,
  auth: AuthContext,
  body: SubscribeBody,
  settings: PushSettings,
  now: Date = new Date(),
): Promise<{ subscription: PushSubscriptionInfo; created: boolean }> {
  const { endpoint, keys, expirationTime } = body.subscription;
  if (!endpointAllowed(endpoint, settings)) {
    throw unprocessable(
      ENDPOINT_NOT_ALLOWED_MESSAGE,
      { 'subscription.endpoint': [ENDPOINT_NOT_ALLOWED_MESSAGE] },
      ERROR_CODE.PUSH_ENDPOINT_NOT_ALLOWED,
    );
  }
  if (!isP256Point(keys.p256dh)) {
    throw unprocessable(INVALID_P256DH_MESSAGE, { 'subscription.keys.p256dh': [INVALID_P256DH_MESSAGE] });
  }
  const device = {
    userId: auth.userId,
    storeId: auth.storeId,
    p256dh: keys.p256dh,
    auth: keys.auth,
    expiresAt: expirationTime == null ? null : new Date(expirationTime),
    userAgent: body.userAgent,
    platform: body.platform,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(tenantValues(auth, { ...device, endpoint }))
    .onConflictDoUpdate({
      target: [pushSubscriptions.tenantId, pushSubscriptions.endpoint],
      set: { ...device, updatedAt: now, failureCount: 0, lastFailureAt: null, lastError: null },
    })
    // xmax is 0 on a row this statement inserted, the updating transaction's id on one it updated.
    .returning({ ...subscriptionColumns, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('push subscription upsert returned no row');

  const keep = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(tenantWhere(pushSubscriptions, auth, eq(pushSubscriptions.userId, auth.userId)))
    .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.id))
    .limit(MAX_SUBSCRIPTIONS_PER_USER);
  await db
    .delete(pushSubscriptions)
    .where(
      tenantWhere(
        pushSubscriptions,
        auth,
        eq(pushSubscriptions.userId, auth.userId),
        notInArray(pushSubscriptions.id, keep),
      ),
    );
  return { subscription: toInfo(row), created: row.created };
}

/**
 * With an endpoint: that device's subscription in the caller's tenant (whoever registered it, as subscribe
 * moves it). Without (docs/platform.md#push sends no payload): every subscription of the caller.
 */
export async function unsubscribe(
  db: Queryable,
  auth: AuthContext,
  endpoint: string | undefined,
): Promise<{ removed: number }> {
  const which =
    endpoint === undefined
      ? eq(pushSubscriptions.userId, auth.userId)
      : eq(pushSubscriptions.endpoint, endpoint);
  const removed = await db
    .delete(pushSubscriptions)
    .where(tenantWhere(pushSubscriptions, auth, which))
    .returning({ id: pushSubscriptions.id });
  return { removed: removed.length };
}

// ---- delivery ----------------------------------------------------------------------------------------

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface SendOptions {
  /** Seconds the push service keeps the message for an offline device; default 1 hour. */
  ttlSeconds?: number;
  urgency?: Urgency;
  /** Replaces an undelivered message of the same topic (<= 32 base64url characters). */
  topic?: string;
  now?: Date;
}

export const DEFAULT_TTL_SECONDS = 60 * 60;
/** Deliveries in flight at once for one send. */
const PARALLEL_DELIVERIES = 10;

type Outcome = keyof SendSummary;

interface Target {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  expiresAt: Date | null;
}

/** The payload as it travels: validated, JSON, within the size one push message can carry. */
export function encodePayload(payload: NotificationPayload): string {
  const json = JSON.stringify(notificationPayloadSchema.parse(payload));
  const bytes = Buffer.byteLength(json);
  if (bytes > MAX_PUSH_PAYLOAD_BYTES) {
    throw new Error(`Push payload is ${bytes} bytes; at most ${MAX_PUSH_PAYLOAD_BYTES} fit in a message`);
  }
  return json;
}

function statusOf(error: unknown): number | undefined {
  return error instanceof webpush.WebPushError ? error.statusCode : undefined;
}

async function deliver(
  deps: PushDeps,
  scope: TenantScope,
  vapid: VapidKeys,
  target: Target,
  json: string,
  options: SendOptions,
  now: Date,
): Promise<Outcome> {
  const { db, pushSettings: settings } = deps;
  const row = tenantIdWhere(pushSubscriptions, scope, target.id);
  const remove = async (): Promise<Outcome> => {
    await db.delete(pushSubscriptions).where(row);
    return 'removed';
  };
  if (target.expiresAt && target.expiresAt <= now) return remove();

  let error: unknown = null;
  if (endpointAllowed(target.endpoint, settings)) {
    const agent = atTestService(target.endpoint, settings) ? settings.testService?.agent : settings.agent;
    try {
      await webpush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        json,
        {
          vapidDetails: { subject: settings.subject, ...vapid },
          TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
          urgency: options.urgency ?? 'normal',
          ...(options.topic ? { topic: options.topic } : {}),
          contentEncoding: 'aes128gcm',
          timeout: settings.timeoutMs,
          ...(agent ? { agent } : {}),
        },
      );
    } catch (caught) {
      error = caught;
    }
  } else {
    error = new Error(ENDPOINT_NOT_ALLOWED_MESSAGE);
  }

  if (error === null) {
    await db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: now, failureCount: 0, lastError: null })
      .where(row);
    return 'sent';
  }
  const status = statusOf(error);
  // RFC 8030 §7.3: 404/410, the subscription is gone for good; resending would only fail again.
  if (status === 404 || status === 410) return remove();
  const reason = status === undefined ? (error as Error).message : `HTTP ${status}`;
  const [updated] = await db
    .update(pushSubscriptions)
    .set({
      failureCount: sql`${pushSubscriptions.failureCount} + 1`,
      lastFailureAt: now,
      lastError: String(reason).slice(0, 200),
    })
    .where(row)
    .returning({ failureCount: pushSubscriptions.failureCount });
  if (updated && updated.failureCount >= MAX_CONSECUTIVE_FAILURES) return remove();
  return 'failed';
}

async function sendWhere(
  deps: PushDeps,
  scope: TenantScope,
  which: SQL,
  payload: NotificationPayload,
  options: SendOptions,
): Promise<SendSummary> {
  const now = options.now ?? new Date();
  const json = encodePayload(payload);
  const targets = await deps.db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      expiresAt: pushSubscriptions.expiresAt,
    })
    .from(pushSubscriptions)
    .innerJoin(
      users,
      and(eq(users.tenantId, pushSubscriptions.tenantId), eq(users.id, pushSubscriptions.userId)),
    )
    // A deactivated account's devices stay quiet (its rows go when the user is deleted).
    .where(tenantWhere(pushSubscriptions, scope, which, eq(users.isActive, true)))
    .orderBy(pushSubscriptions.id);
  const summary: SendSummary = { sent: 0, failed: 0, removed: 0 };
  if (targets.length === 0) return summary;
  const vapid = await tenantVapidKeys(deps.db, scope);
  for (let i = 0; i < targets.length; i += PARALLEL_DELIVERIES) {
    const batch = targets.slice(i, i + PARALLEL_DELIVERIES);
    const outcomes = await Promise.all(
      batch.map((target) => deliver(deps, scope, vapid, target, json, options, now)),
    );
    for (const outcome of outcomes) summary[outcome] += 1;
  }
  return summary;
}

/** Every device of one user of the tenant. */
export function sendToUser(
  deps: PushDeps,
  tenantId: number,
  userId: number,
  payload: NotificationPayload,
  options: SendOptions = {},
): Promise<SendSummary> {
  return sendWhere(deps, { tenantId }, eq(pushSubscriptions.userId, userId), payload, options);
}

/** Every device registered from a session of the store. */
export function sendToStore(
  deps: PushDeps,
  tenantId: number,
  storeId: number,
  payload: NotificationPayload,
  options: SendOptions = {},
): Promise<SendSummary> {
  return sendWhere(deps, { tenantId }, eq(pushSubscriptions.storeId, storeId), payload, options);
}

/** Removes subscriptions whose browser-given expiration has passed (a periodic job may call it). */
export async function purgeExpiredSubscriptions(db: Queryable, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(lte(pushSubscriptions.expiresAt, now))
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}

// ---- the notifications -------------------------------------------------------------------------------

export function testNotification(body: TestNotificationBody, now: Date = new Date()): NotificationPayload {
  return {
    title: body?.title ?? TEST_NOTIFICATION_DEFAULTS.title,
    body: body?.body || TEST_NOTIFICATION_DEFAULTS.body,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    tag: 'push-test',
    data: { url: '/', type: 'test' },
    timestamp: now.getTime(),
  };
}

/** A test is looked at right away or not at all. */
export const TEST_SEND_OPTIONS: SendOptions = { ttlSeconds: 5 * 60, urgency: 'high', topic: 'push-test' };

export const WALK_IN_URL = '/pos/walk-in';
/** A check-in read an hour later is noise: the front desk has seen the customer by then. */
export const WALK_IN_TTL_SECONDS = 15 * 60;
const MAX_NAME_LENGTH = 60;

export function walkInNotification(storeId: number, customerName: string, now: Date): NotificationPayload {
  const name = customerName.replace(/\s+/g, ' ').trim().slice(0, MAX_NAME_LENGTH) || 'A customer';
  return {
    title: 'Walk-in check-in',
    body: `${name} just checked in.`,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    // No tag: each check-in is a person at the desk and keeps its own notification.
    data: { url: WALK_IN_URL, type: 'walk-in', storeId },
    timestamp: now.getTime(),
  };
}

/**
 * Tells the store's devices that a walk-in customer checked in. For the walk-in check-in route, after its
 * write commits: `void notifyWalkInCheckIn(request.server, auth.tenantId, storeId, name)`. Never rejects:
 * a failed notification must not fail (or delay) the check-in; failures are logged.
 */
export async function notifyWalkInCheckIn(
  deps: PushDeps,
  tenantId: number,
  storeId: number,
  customerName: string,
  now: Date = new Date(),
): Promise<SendSummary> {
  try {
    return await sendToStore(deps, tenantId, storeId, walkInNotification(storeId, customerName, now), {
      ttlSeconds: WALK_IN_TTL_SECONDS,
      urgency: 'high',
      now,
    });
  } catch (error) {
    deps.log?.warn({ err: error, tenantId, storeId }, 'walk-in push notification failed');
    return { sent: 0, failed: 0, removed: 0 };
  }
}
