/**
 * The service worker (docs/architecture.md "src/sw/ the service worker (Workbox modules, injectManifest)";
 * docs/platform.md#worker-tools, docs/platform.md#caches). vite-plugin-pwa builds it to dist/client/sw.js and
 * injects the precache list (vite.config.ts); the page registers it with workbox-window at /sw.js, scope /
 * (src/client/app/pwa-platform.ts).
 *
 * - App shell: every JS, CSS and HTML file of the build is precached, and every navigation is answered with the
 *   precached index.html, so the app opens offline (the login page, or /pos/sales with the session).
 * - Runtime caches and strategies: routes.ts says which request goes where, cache-config.ts how long it is kept.
 * - Messages (GET_VERSION, CLEAR_DATA_CACHE, GET_CACHE_INFO, SKIP_WAITING, FORCE_UPDATE): message-handler.ts.
 * - The offline queue's background sync, and its replay where there is none: queue-sync.ts.
 * - Push and notification clicks: notifications.ts. Widgets: widgets.ts.
 * - A version change (a new worker activating after another ran) is broadcast as VERSION_CHANGED; the page
 *   clears its app-, pos- and user- local data (docs/platform.md#start-up), since a worker has no
 *   localStorage.
 *
 * Update flow: a new worker WAITS until the page says SKIP_WAITING (the update banner's Update Now,
 * docs/platform.md#updates); the first worker activates at once and claims the open page, so the first visit
 * already works offline.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, setCacheNameDetails } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import type { RouteMatchCallback } from 'workbox-core';
import { CacheFirst, CacheOnly, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { isWrite } from '../client/lib/offline-queue/classify';
import { drainQueue } from '../client/lib/offline-queue/flush';
import { defaultRequestQueue } from '../client/lib/offline-queue/request-queue';
import {
  API_CACHE,
  CACHE_NAMES,
  DATA_CACHES,
  LOCALES_CACHE,
  PRECACHE_NAME_DETAILS,
  seconds,
  STALE_IF_ERROR_MS,
  STATIC_CACHE,
  USER_DATA_CACHE,
  WIDGET_CACHE,
} from './cache-config';
import { handleMessage } from './message-handler';
import { QUEUE_CHANNEL, versionChanged } from './messages';
import type { WorkerBroadcast } from './messages';
import { clickTarget, focusOrOpen, notificationFromPush } from './notifications';
import { registerPushSubscriptionRenewal } from './push-subscription';
import { NETWORK_ERROR, NO_CACHED_RESPONSE } from './offline-response';
import { authScopedCacheKey, errorResponse, precachedFallback, staleIfError } from './plugins';
import { createCustomCaches, idbConfigStore } from './custom-caches';
import { createQueueSync } from './queue-sync';
import { installPrecache } from './precache-install';
import { idbSettingStore } from './settings-db';
import { createSyncSettings, drainOptions, SYNC_CONFIG_KEY } from './sync-settings';
import { routeFor } from './routes';
import type { RouteKind } from './routes';
import { workerVersion } from './version';
import { DEFAULT_WIDGETS, widgetTemplatePath } from './web-manifest';
import {
  cacheWidgetStore,
  readRecentNotifications,
  refreshWidgets,
  withNotification,
  widgetData,
} from './widgets';
import type { WidgetData, WidgetSnapshot } from './widgets';

declare let self: ServiceWorkerGlobalScope;
/** package.json's version (vite.config.ts `define`). */
declare const __APP_VERSION__: string;

// Background Sync, Periodic Background Sync and Windows widgets are not in TypeScript's WebWorker lib.
interface SyncEventLike extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance?: boolean;
}
interface WidgetEventLike extends ExtendableEvent {
  readonly action?: string;
  readonly widget?: { definition?: { tag?: string } };
}
interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
  periodicSync?: {
    register(tag: string, options: { minInterval: number }): Promise<void>;
    unregister(tag: string): Promise<void>;
  };
}
interface WidgetsHost {
  updateByTag(tag: string, payload: { template: string; data: string }): Promise<void>;
}

setCacheNameDetails(PRECACHE_NAME_DETAILS);

const manifest = self.__WB_MANIFEST;
const VERSION = workerVersion(__APP_VERSION__, manifest);
const ORIGIN = self.location.origin;

// ---- app shell and runtime caches -------------------------------------------------------------------------

// Workbox's precache, filled at install several files at a time (precache-install.ts) instead of by its own
// install, one file at a time; its activate removes files the new list no longer has, and its route answers
// from the precache.
const precache = new PrecacheController();
precache.addToCacheList(manifest);
self.addEventListener('install', (event) => {
  event.waitUntil(installPrecache(precache, manifest, event, self.location.href));
});
self.addEventListener('activate', precache.activate);
registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();
clientsClaim();

const kinds = new WeakMap<Request, RouteKind>();
function kindOf(request: Request, url: URL): RouteKind {
  let kind = kinds.get(request);
  if (kind === undefined) {
    kind = routeFor({
      url,
      method: request.method,
      mode: request.mode,
      destination: request.destination,
      origin: ORIGIN,
    });
    kinds.set(request, kind);
  }
  return kind;
}
const is =
  (kind: RouteKind): RouteMatchCallback =>
  ({ request, url }) =>
    kindOf(request, url) === kind;

registerRoute(is('navigation'), precache.createHandlerBoundToURL('/index.html'));

registerRoute(
  is('static'),
  new CacheFirst({
    cacheName: STATIC_CACHE.cacheName,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: STATIC_CACHE.maxEntries,
        maxAgeSeconds: seconds(STATIC_CACHE.maxAgeMs),
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Cached a day (docs/platform.md#caches); past that day with the network gone, the build's precached copy
// answers instead
// (vite.config.ts precaches locales/*/*.json), so a till reloaded offline the next morning still has its text.
registerRoute(
  is('locales'),
  new CacheFirst({
    cacheName: LOCALES_CACHE.cacheName,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: LOCALES_CACHE.maxEntries,
        maxAgeSeconds: seconds(LOCALES_CACHE.maxAgeMs),
      }),
      precachedFallback(async (path) => precache.matchPrecache(path)),
    ],
  }),
);

registerRoute(
  is('api'),
  new NetworkFirst({
    cacheName: API_CACHE.cacheName,
    networkTimeoutSeconds: seconds(API_CACHE.networkTimeoutMs),
    plugins: [
      authScopedCacheKey(),
      new CacheableResponsePlugin({ statuses: [200] }),
      staleIfError(API_CACHE.maxAgeMs ?? 0),
      new ExpirationPlugin({
        maxEntries: API_CACHE.maxEntries,
        maxAgeSeconds: seconds(STALE_IF_ERROR_MS),
        purgeOnQuotaError: true,
      }),
      errorResponse(NETWORK_ERROR),
    ],
  }),
);

registerRoute(
  is('user-data'),
  new StaleWhileRevalidate({
    cacheName: USER_DATA_CACHE.cacheName,
    plugins: [
      authScopedCacheKey(),
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: USER_DATA_CACHE.maxEntries,
        maxAgeSeconds: seconds(USER_DATA_CACHE.maxAgeMs),
        purgeOnQuotaError: true,
      }),
      errorResponse(NETWORK_ERROR),
    ],
  }),
);

registerRoute(
  is('widget-data'),
  new CacheOnly({ cacheName: WIDGET_CACHE.cacheName, plugins: [errorResponse(NO_CACHED_RESPONSE)] }),
);
// The settings dialog's cache configurations (SET_CACHE_CONFIGS), kept in IndexedDB: registered last, so they
// take only what the routes above leave to the browser (custom-caches.ts).
const customCaches = createCustomCaches({ origin: ORIGIN, store: idbConfigStore() });
registerRoute(customCaches.match, customCaches.handler);
// Other 'network-only' and 'none' requests are not routed: the browser fetches them itself (routes.ts).

// ---- clients ----------------------------------------------------------------------------------------------

async function broadcast(message: WorkerBroadcast, except?: unknown): Promise<void> {
  const exceptId = (except as { id?: unknown } | null | undefined)?.id;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) if (client.id !== exceptId) client.postMessage(message);
}

// ---- widgets ----------------------------------------------------------------------------------------------

const widgetStore = cacheWidgetStore((name) => caches.open(name));
const registration = self.registration as ServiceWorkerRegistration & SyncRegistration;
const widgetsHost = (self as unknown as { widgets?: WidgetsHost }).widgets;

async function widgetSnapshot(): Promise<WidgetSnapshot> {
  const queue = defaultRequestQueue();
  let stats: WidgetSnapshot['queue'] = null;
  let pendingSales: number | null = null;
  try {
    stats = await queue.stats();
    const orders = await queue.list({ tag: 'order' });
    pendingSales = orders.filter((r) => r.status !== 'failed' && isWrite(r.method)).length;
  } catch {
    // The queue could not be read (storage refused): the widgets say the status is unknown.
  }
  return {
    version: VERSION,
    now: Date.now(),
    online: self.navigator.onLine,
    queue: stats,
    pendingSales,
    notifications: await readRecentNotifications(widgetStore),
  };
}

/** Hosts that take pushed updates (Windows widgets) get the new data with the widget's Adaptive Card. */
async function pushToHost(written: readonly WidgetData[]): Promise<void> {
  if (!widgetsHost) return;
  await Promise.all(
    written.map(async (data) => {
      try {
        const template =
          (await caches.match(widgetTemplatePath(data.id))) ?? (await fetch(widgetTemplatePath(data.id)));
        await widgetsHost.updateByTag(data.id, {
          template: await template.text(),
          data: JSON.stringify(data),
        });
      } catch {
        // The widget is not installed on this device, or the host refused: its data stays in the cache.
      }
    }),
  );
}

async function updateWidgets(ids?: readonly string[]): Promise<void> {
  try {
    await pushToHost(await refreshWidgets(widgetStore, await widgetSnapshot(), ids));
  } catch {
    // Widgets are a convenience: a failed refresh must never fail the event that triggered it.
  }
}

// ---- the offline queue ------------------------------------------------------------------------------------

const syncManager = registration.sync;
// The page's saved sync configuration (batch size, retry intervals), handed over with its messages.
const syncSettings = createSyncSettings(idbSettingStore(SYNC_CONFIG_KEY));
const queueSync = createQueueSync({
  drain: async () => drainQueue(defaultRequestQueue(), drainOptions(await syncSettings.current())),
  isOnline: () => self.navigator.onLine,
  registerSync: syncManager ? (tag) => syncManager.register(tag) : null,
  broadcast: (message) => broadcast(message),
  afterDrain: () => updateWidgets(['dashboard', 'sales']),
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEventLike;
  sync.waitUntil(queueSync.onSync(sync.tag, sync.lastChance === true));
});

// A page announces each queued request to its other tabs on this channel; the worker hears it while it runs.
if (typeof BroadcastChannel !== 'undefined') {
  new BroadcastChannel(QUEUE_CHANNEL).onmessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'queue-changed') void queueSync.requestSync();
  };
}

if (!queueSync.backgroundSync) {
  self.addEventListener('online', () => void queueSync.replay('online'));
  // Each start of the worker (docs/offline.md#the-queue "auto sync on"); not awaited by an event, so it may
  // be cut short, which
  // leaves the claimed requests to be taken over (request-queue.ts claims), never lost.
  void queueSync.replay('start');
}

// ---- lifecycle and messages -------------------------------------------------------------------------------

const META_VERSION_KEY = '/__sw/version';

async function previousVersion(): Promise<string | null> {
  const stored = await (await caches.open(CACHE_NAMES.meta)).match(META_VERSION_KEY);
  return stored ? stored.text() : null;
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const previous = await previousVersion().catch(() => null);
      if (previous !== VERSION) {
        await (await caches.open(CACHE_NAMES.meta)).put(META_VERSION_KEY, new Response(VERSION));
        if (previous !== null) await broadcast(versionChanged(VERSION, previous));
      }
      await updateWidgets();
    })(),
  );
});

self.addEventListener('message', (event) => {
  event.waitUntil(
    handleMessage(event, {
      version: VERSION,
      caches,
      dataCaches: DATA_CACHES,
      skipWaiting: () => self.skipWaiting(),
      checkForUpdate: async () => {
        await self.registration.update();
        return Boolean(self.registration.installing ?? self.registration.waiting);
      },
      broadcast,
      requestSync: () => queueSync.requestSync(),
      applyCacheConfigs: (configs) => customCaches.apply(configs),
      rememberSyncConfig: (config) => syncSettings.remember(config),
    }),
  );
});

// ---- push and notifications -------------------------------------------------------------------------------

self.addEventListener('push', (event) => {
  const spec = notificationFromPush(event.data?.text());
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(spec.title, spec.options as NotificationOptions);
      const recent = await readRecentNotifications(widgetStore).catch(() => []);
      const notification = {
        title: spec.title,
        ...(spec.options.body ? { body: spec.options.body } : {}),
        url: clickTarget(spec.options.data, ORIGIN),
        at: Date.now(),
      };
      const widget = DEFAULT_WIDGETS.find((w) => w.id === 'notifications');
      if (widget) {
        const snapshot = {
          ...(await widgetSnapshot()),
          notifications: withNotification(recent, notification),
        };
        const data = widgetData(widget, snapshot);
        await widgetStore.write(data).catch(() => undefined);
        await pushToHost([data]);
      }
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = clickTarget(event.notification.data, ORIGIN, event.action);
  event.waitUntil(focusOrOpen(self.clients, url));
});

// A subscription the push service dropped or rotated: resubscribe with the same key; the page registers it.
registerPushSubscriptionRenewal(self, caches);

// ---- widgets' host events (Windows) -----------------------------------------------------------------------

function widgetTag(event: WidgetEventLike): string | undefined {
  return event.widget?.definition?.tag;
}

self.addEventListener('widgetinstall' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const widgetEvent = event as WidgetEventLike;
  const tag = widgetTag(widgetEvent);
  const definition = DEFAULT_WIDGETS.find((w) => w.id === tag);
  widgetEvent.waitUntil(
    (async () => {
      if (definition && registration.periodicSync) {
        await registration.periodicSync
          .register(`widget-${definition.id}`, { minInterval: definition.updateInterval * 1000 })
          .catch(() => undefined);
      }
      await updateWidgets(tag ? [tag] : undefined);
    })(),
  );
});

self.addEventListener('widgetresume' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const widgetEvent = event as WidgetEventLike;
  const tag = widgetTag(widgetEvent);
  widgetEvent.waitUntil(updateWidgets(tag ? [tag] : undefined));
});

self.addEventListener('widgetuninstall' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const widgetEvent = event as WidgetEventLike;
  const tag = widgetTag(widgetEvent);
  if (tag && registration.periodicSync) {
    widgetEvent.waitUntil(registration.periodicSync.unregister(`widget-${tag}`).catch(() => undefined));
  }
});

self.addEventListener('widgetclick' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const widgetEvent = event as WidgetEventLike;
  const definition = DEFAULT_WIDGETS.find((w) => w.id === widgetTag(widgetEvent));
  widgetEvent.waitUntil(focusOrOpen(self.clients, new URL(definition?.url ?? '/', ORIGIN).href));
});

self.addEventListener('periodicsync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as SyncEventLike;
  if (sync.tag.startsWith('widget-')) sync.waitUntil(updateWidgets([sync.tag.slice('widget-'.length)]));
});
