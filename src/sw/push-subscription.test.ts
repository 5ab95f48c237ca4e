import { describe, expect, it } from 'vitest';
import { clearPendingRenewal, readPendingRenewal } from '../client/lib/push-renewal-note';
import { CACHE_NAMES } from './cache-config';
import {
  cacheMetaStore,
  fromBase64Url,
  PUSH_KEY_PATH,
  PUSH_RENEWAL_PATH,
  PUSH_SUBSCRIPTION_CHANGED,
  registerPushSubscriptionRenewal,
  rememberApplicationServerKey,
  renewPushSubscription,
  toBase64Url,
} from './push-subscription';
import type {
  CacheStorageLike,
  ExtendableEventLike,
  PushManagerLike,
  PushSubscriptionChangedMessage,
  SubscriptionChangeEventLike,
  SubscriptionLike,
  WorkerScopeLike,
} from './push-subscription';

const KEY = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : i));
const KEY_TEXT = toBase64Url(KEY);
const OTHER_KEY = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : 200 - i));

function subscription(endpoint: string, key: Uint8Array | null = KEY): SubscriptionLike {
  return {
    endpoint,
    options: { applicationServerKey: key ? key.slice().buffer : null },
    toJSON: () => ({
      endpoint,
      expirationTime: null,
      keys: { p256dh: `p256dh-of-${endpoint}`, auth: `auth-of-${endpoint}` },
    }),
  };
}

/** A browser's pushManager: `current` is what getSubscription answers; subscribe makes `next`. */
function pushManager(current: SubscriptionLike | null, next = 'https://push.example/new') {
  const calls: { applicationServerKey: Uint8Array }[] = [];
  let held = current;
  const manager: PushManagerLike & { calls: typeof calls; refuse?: boolean } = {
    calls,
    getSubscription: async () => held,
    subscribe: async (options) => {
      calls.push(options);
      if (manager.refuse) throw new DOMException('Registration failed - permission denied', 'AbortError');
      held = subscription(next, options.applicationServerKey);
      return held;
    },
  };
  return manager;
}

/** CacheStorage with real Responses, in memory. */
function fakeCaches(): CacheStorageLike & { entries(name: string): Map<string, string> } {
  const stores = new Map<string, Map<string, string>>();
  const entries = (name: string) => {
    let store = stores.get(name);
    if (!store) stores.set(name, (store = new Map()));
    return store;
  };
  return {
    entries,
    open: async (name) => ({
      match: async (request) => {
        const text = entries(name).get(request);
        return text === undefined ? undefined : new Response(text);
      },
      put: async (request, response) => {
        entries(name).set(request, await response.text());
      },
      delete: async (request) => entries(name).delete(request),
    }),
  };
}

function windows() {
  const received: PushSubscriptionChangedMessage[][] = [[], []];
  return {
    received,
    matchAll: async () =>
      received.map((inbox) => ({ postMessage: (m: PushSubscriptionChangedMessage) => inbox.push(m) })),
  };
}

describe('renewPushSubscription (pushsubscriptionchange)', () => {
  it("resubscribes with the old subscription's key and hands the new one to every open window and to later pages", async () => {
    const caches = fakeCaches();
    const manager = pushManager(null);
    const clients = windows();
    const pending = await renewPushSubscription(
      { oldSubscription: subscription('https://push.example/old') },
      { pushManager: manager, store: cacheMetaStore(caches), clients, now: () => 1_000 },
    );

    expect(manager.calls).toHaveLength(1);
    expect(manager.calls[0]).toMatchObject({ userVisibleOnly: true });
    expect(toBase64Url(manager.calls[0]!.applicationServerKey)).toBe(KEY_TEXT);
    const renewed = {
      endpoint: 'https://push.example/new',
      expirationTime: null,
      keys: { p256dh: 'p256dh-of-https://push.example/new', auth: 'auth-of-https://push.example/new' },
    };
    expect(pending).toEqual({ subscription: renewed, oldEndpoint: 'https://push.example/old', at: 1_000 });
    for (const inbox of clients.received) {
      expect(inbox).toEqual([
        { type: PUSH_SUBSCRIPTION_CHANGED, subscription: renewed, oldEndpoint: 'https://push.example/old' },
      ]);
    }
    expect(await readPendingRenewal(caches)).toEqual(pending);
    expect(caches.entries(CACHE_NAMES.meta).get(PUSH_KEY_PATH)).toBe(KEY_TEXT);
  });

  it('without the old subscription (the usual event) uses the key remembered from the last subscription seen', async () => {
    const caches = fakeCaches();
    const store = cacheMetaStore(caches);
    expect(
      await rememberApplicationServerKey(pushManager(subscription('https://push.example/a')), store),
    ).toBe(KEY_TEXT);
    const manager = pushManager(null);
    const pending = await renewPushSubscription({}, { pushManager: manager, store, clients: windows() });
    expect(toBase64Url(manager.calls[0]!.applicationServerKey)).toBe(KEY_TEXT);
    expect(pending.subscription?.endpoint).toBe('https://push.example/new');
    expect(pending.oldEndpoint).toBeNull();
  });

  it("takes the browser's new subscription as it is, without subscribing again", async () => {
    const caches = fakeCaches();
    const manager = pushManager(null);
    const pending = await renewPushSubscription(
      {
        oldSubscription: subscription('https://push.example/old'),
        newSubscription: subscription('https://push.example/given', OTHER_KEY),
      },
      { pushManager: manager, store: cacheMetaStore(caches), clients: windows() },
    );
    expect(manager.calls).toEqual([]);
    expect(pending.subscription?.endpoint).toBe('https://push.example/given');
    expect(caches.entries(CACHE_NAMES.meta).get(PUSH_KEY_PATH)).toBe(toBase64Url(OTHER_KEY));
  });

  it('re-registers a subscription the browser still holds, and never names it as the old endpoint to remove', async () => {
    const still = subscription('https://push.example/same');
    const manager = pushManager(still);
    const pending = await renewPushSubscription(
      { oldSubscription: still },
      { pushManager: manager, store: cacheMetaStore(fakeCaches()), clients: windows() },
    );
    expect(manager.calls).toEqual([]);
    expect(pending.subscription?.endpoint).toBe('https://push.example/same');
    expect(pending.oldEndpoint).toBeNull();
  });

  it('reports a lost subscription (null) when no key is known or the browser refuses, so the page drops the old one', async () => {
    const noKey = await renewPushSubscription(
      {},
      { pushManager: pushManager(null), store: cacheMetaStore(fakeCaches()), clients: windows() },
    );
    expect(noKey.subscription).toBeNull();

    const refusing = pushManager(null);
    refusing.refuse = true;
    const clients = windows();
    const refused = await renewPushSubscription(
      { oldSubscription: subscription('https://push.example/old') },
      { pushManager: refusing, store: cacheMetaStore(fakeCaches()), clients },
    );
    expect(refused).toMatchObject({ subscription: null, oldEndpoint: 'https://push.example/old' });
    expect(clients.received[0]).toEqual([
      { type: PUSH_SUBSCRIPTION_CHANGED, subscription: null, oldEndpoint: 'https://push.example/old' },
    ]);
  });
});

describe('rememberApplicationServerKey', () => {
  it('writes the key only when it changed, and nothing without a subscription', async () => {
    const caches = fakeCaches();
    const store = cacheMetaStore(caches);
    const writes: string[] = [];
    const counting = {
      ...store,
      put: async (path: string, text: string) => {
        writes.push(text);
        await store.put(path, text);
      },
    };
    expect(await rememberApplicationServerKey(pushManager(null), counting)).toBeNull();
    await rememberApplicationServerKey(pushManager(subscription('https://push.example/a')), counting);
    await rememberApplicationServerKey(pushManager(subscription('https://push.example/a')), counting);
    expect(writes).toEqual([KEY_TEXT]);
  });
});

describe('the pending renewal the worker writes, as the page reads and clears it (lib/push-renewal-note.ts)', () => {
  it('clears only the renewal it registered, never a newer one', async () => {
    const caches = fakeCaches();
    const store = cacheMetaStore(caches);
    const deps = { pushManager: pushManager(null), store, clients: windows() };
    const first = await renewPushSubscription(
      { oldSubscription: subscription('https://push.example/1') },
      {
        ...deps,
        now: () => 1,
      },
    );
    const second = await renewPushSubscription(
      { oldSubscription: subscription('https://push.example/2') },
      {
        ...deps,
        now: () => 2,
      },
    );
    expect(await clearPendingRenewal(caches, first.at)).toBe(false);
    expect(await readPendingRenewal(caches)).toEqual(second);
    expect(await clearPendingRenewal(caches, second.at)).toBe(true);
    expect(await readPendingRenewal(caches)).toBeNull();
  });

  it('reads nothing from a missing or damaged entry', async () => {
    const caches = fakeCaches();
    expect(await readPendingRenewal(caches)).toBeNull();
    caches.entries(CACHE_NAMES.meta).set(PUSH_RENEWAL_PATH, '{not json');
    expect(await readPendingRenewal(caches)).toBeNull();
  });
});

describe('registerPushSubscriptionRenewal', () => {
  it('renews on pushsubscriptionchange and remembers the key on push and activate, each inside waitUntil', async () => {
    const listeners = new Map<string, (event: ExtendableEventLike & SubscriptionChangeEventLike) => void>();
    const manager = pushManager(subscription('https://push.example/current'));
    const clients = windows();
    const scope: WorkerScopeLike = {
      registration: { pushManager: manager },
      clients,
      addEventListener: (type, listener) => listeners.set(type, listener),
    };
    const caches = fakeCaches();
    registerPushSubscriptionRenewal(scope, caches);
    expect([...listeners.keys()].sort()).toEqual(['activate', 'push', 'pushsubscriptionchange']);

    const fire = async (type: string, init: SubscriptionChangeEventLike = {}) => {
      const waited: Promise<unknown>[] = [];
      listeners.get(type)!({ ...init, waitUntil: (promise) => waited.push(promise) });
      expect(waited).toHaveLength(1);
      await Promise.all(waited);
    };
    await fire('push');
    expect(caches.entries(CACHE_NAMES.meta).get(PUSH_KEY_PATH)).toBe(KEY_TEXT);
    await fire('activate');
    await fire('pushsubscriptionchange', { oldSubscription: subscription('https://push.example/old') });
    expect(clients.received[0]).toHaveLength(1);
    expect((await readPendingRenewal(caches))?.subscription?.endpoint).toBe('https://push.example/current');
  });
});

describe('base64url', () => {
  it('round-trips bytes without padding', () => {
    expect(toBase64Url(Uint8Array.from([251, 255]))).toBe('-_8');
    expect([...fromBase64Url('-_8')]).toEqual([251, 255]);
    expect([...fromBase64Url(KEY_TEXT)]).toEqual([...KEY]);
  });
});
