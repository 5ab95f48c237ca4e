/**
 * `pushsubscriptionchange` (docs/platform.md#push push subscription, docs/platform.md#push POST
 * /api/push/subscribe; ADR 009): the push service dropped or rotated this browser's subscription. The worker
 * resubscribes with the SAME applicationServerKey (the tenant's VAPID key: a subscription made with another
 * key cannot receive the tenant's pushes, ADR 009) and hands the new subscription to the page, which
 * registers it with the server.
 *
 * Why the page posts it, not the worker: POST /api/push/subscribe needs the session's bearer token, and the token
 * lives only in the page's localStorage (src/client/lib/storage.ts), which a worker cannot read. Copying it into
 * worker-readable storage would keep a credential where logout does not clear it, for an event that is rare
 * (Chromium hardly fires it; Firefox does on push-service resets). So the worker does all that needs no
 * session and leaves the one call that does to the page:
 *
 *   1. the new subscription: the event's newSubscription, else the registration's current one, else a
 *      pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }) with the old subscription's key,
 *      or, when the event carries no old subscription (the usual case), the key remembered from the last time
 *      the worker saw a subscription (each push and each activation; rememberApplicationServerKey);
 *   2. a pending renewal `{ subscription | null, oldEndpoint, at }` kept in the worker's meta cache
 *      (PUSH_RENEWAL_PATH), so a page opened later still finds it (lib/push-renewal-note.ts);
 *   3. PUSH_SUBSCRIPTION_CHANGED `{ subscription, oldEndpoint }` posted to every open window, so a signed-in page
 *      registers it at once.
 *
 * The page then (src/client/app/pwa-platform.ts): POST /api/push/subscribe with the subscription, userAgent and
 * platform; POST /api/push/unsubscribe { endpoint: oldEndpoint } (the server would also drop it at its first
 * 404/410); clearPendingRenewal(caches, at) (lib/push-renewal-note.ts). `subscription: null` means the worker
 * could not resubscribe (no known key, or permission gone): the page drops the old endpoint and shows the device as
 * not subscribed.
 */
import { PUSH_RENEWAL } from '../domain/constants';
import type { PendingRenewal, SubscriptionJson } from '../client/lib/push-renewal-note';
import { CACHE_NAMES } from './cache-config';

/** Ours, not the spec's (like REGISTER_SYNC in messages.ts): the worker's broadcast after a renewal. */
export const PUSH_SUBSCRIPTION_CHANGED = PUSH_RENEWAL.MESSAGE;
/** In the meta cache: the pending renewal (JSON) and the application server key (base64url). */
export const PUSH_RENEWAL_PATH = PUSH_RENEWAL.PATH;
export const PUSH_KEY_PATH = '/__sw/push-key';

export interface PushSubscriptionChangedMessage {
  type: typeof PUSH_SUBSCRIPTION_CHANGED;
  subscription: SubscriptionJson | null;
  oldEndpoint: string | null;
}

// ---- what the worker's globals offer (structural: tests pass fakes) --------------------------------------

export interface SubscriptionLike {
  endpoint: string;
  options?: { applicationServerKey?: ArrayBuffer | null };
  toJSON(): { endpoint?: string; expirationTime?: number | null; keys?: Record<string, string> };
}

export interface PushManagerLike {
  getSubscription(): Promise<SubscriptionLike | null>;
  subscribe(options: {
    userVisibleOnly: true;
    applicationServerKey: Uint8Array<ArrayBuffer>;
  }): Promise<SubscriptionLike>;
}

export interface SubscriptionChangeEventLike {
  oldSubscription?: SubscriptionLike | null;
  newSubscription?: SubscriptionLike | null;
}

export interface WindowsLike {
  matchAll(options: {
    type: 'window';
    includeUncontrolled: boolean;
  }): Promise<readonly { postMessage(message: PushSubscriptionChangedMessage): void }[]>;
}

/** A few small text entries of the worker's meta cache. */
export interface MetaStore {
  get(path: string): Promise<string | null>;
  put(path: string, text: string): Promise<void>;
  delete(path: string): Promise<void>;
}

export interface CacheStorageLike {
  open(name: string): Promise<{
    match(request: string): Promise<{ text(): Promise<string> } | undefined>;
    put(request: string, response: Response): Promise<void>;
    delete(request: string): Promise<boolean>;
  }>;
}

export function cacheMetaStore(caches: CacheStorageLike, cacheName: string = CACHE_NAMES.meta): MetaStore {
  return {
    async get(path) {
      const found = await (await caches.open(cacheName)).match(path);
      return found ? found.text() : null;
    },
    async put(path, text) {
      await (await caches.open(cacheName)).put(path, new Response(text));
    },
    async delete(path) {
      await (await caches.open(cacheName)).delete(path);
    },
  };
}

// ---- keys and JSON ----------------------------------------------------------------------------------------

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

function keyOf(subscription: SubscriptionLike | null | undefined): string | null {
  const key = subscription?.options?.applicationServerKey;
  return key && key.byteLength > 0 ? toBase64Url(new Uint8Array(key)) : null;
}

/** The subscription as the server takes it, or null when the browser gave one without its keys. */
export function subscriptionJson(subscription: SubscriptionLike): SubscriptionJson | null {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!p256dh || !auth) return null;
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh, auth },
  };
}

// ---- the worker's side ------------------------------------------------------------------------------------

/** Keeps the current subscription's key, for a pushsubscriptionchange that comes without the old subscription. */
export async function rememberApplicationServerKey(
  pushManager: Pick<PushManagerLike, 'getSubscription'>,
  store: MetaStore,
): Promise<string | null> {
  const key = keyOf(await pushManager.getSubscription());
  if (key && (await store.get(PUSH_KEY_PATH)) !== key) await store.put(PUSH_KEY_PATH, key);
  return key;
}

export interface RenewalDeps {
  pushManager: PushManagerLike;
  store: MetaStore;
  clients: WindowsLike;
  now?: () => number;
}

export async function renewPushSubscription(
  event: SubscriptionChangeEventLike,
  { pushManager, store, clients, now = Date.now }: RenewalDeps,
): Promise<PendingRenewal> {
  const oldEndpoint = event.oldSubscription?.endpoint ?? null;
  const key = keyOf(event.oldSubscription) ?? (await store.get(PUSH_KEY_PATH).catch(() => null));
  let renewed: SubscriptionLike | null = event.newSubscription ?? null;
  try {
    // The browser may already hold the new one (or still the old one, about to expire: re-registering it
    // refreshes its expiration on the server, and it is then not an old endpoint to remove).
    renewed ??= await pushManager.getSubscription();
    if (!renewed && key) {
      renewed = await pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: fromBase64Url(key),
      });
    }
  } catch {
    // Permission withdrawn, or the push service refused: the page learns the device is no longer subscribed.
    renewed = null;
  }
  const renewedKey = keyOf(renewed) ?? (renewed ? key : null);
  if (renewedKey) await store.put(PUSH_KEY_PATH, renewedKey).catch(() => undefined);

  const subscription = renewed ? subscriptionJson(renewed) : null;
  const pending: PendingRenewal = {
    subscription,
    oldEndpoint: oldEndpoint === subscription?.endpoint ? null : oldEndpoint,
    at: now(),
  };
  await store.put(PUSH_RENEWAL_PATH, JSON.stringify(pending)).catch(() => undefined);
  const message: PushSubscriptionChangedMessage = {
    type: PUSH_SUBSCRIPTION_CHANGED,
    subscription,
    oldEndpoint: pending.oldEndpoint,
  };
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true }).catch(() => []);
  for (const window of windows) window.postMessage(message);
  return pending;
}

export interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

export interface WorkerScopeLike {
  registration: { pushManager: PushManagerLike };
  clients: WindowsLike;
  addEventListener(
    type: 'pushsubscriptionchange' | 'push' | 'activate',
    listener: (event: ExtendableEventLike & SubscriptionChangeEventLike) => void,
  ): void;
}

/**
 * The worker's listeners (src/sw/sw.ts): renew on pushsubscriptionchange; remember the key on each push and
 * activation. A failure to remember never fails the push (which must show its notification) or the activation.
 */
export function registerPushSubscriptionRenewal(scope: WorkerScopeLike, caches: CacheStorageLike): void {
  const store = cacheMetaStore(caches);
  const remember = () =>
    rememberApplicationServerKey(scope.registration.pushManager, store).catch(() => null);
  scope.addEventListener('pushsubscriptionchange', (event) => {
    event.waitUntil(
      renewPushSubscription(event, {
        pushManager: scope.registration.pushManager,
        store,
        clients: scope.clients,
      }),
    );
  });
  scope.addEventListener('push', (event) => event.waitUntil(remember()));
  scope.addEventListener('activate', (event) => event.waitUntil(remember()));
}
