/**
 * The PWA platform's real side effects (docs/architecture.md: app/ is the one place that gives machines their
 * side effects): five charts, started once for the app by <PwaProvider>.
 *
 *   syncScheduler  the offline queue's flush, purge and counts (lib/offline-queue); online/offline, visibility and
 *                  focus events; one leader tab per browser (a Web Lock held for the tab's life); the sync
 *                  configuration in localStorage
 *   appStartup     registers the service worker with workbox-window (retries and back-off are the chart's), asks
 *                  its version (GET_VERSION) and clears app-, pos-, user- local data when it changed
 *   workerUpdate   the registration's installing / waiting workers, the container's controllerchange and the
 *                  worker's VERSION_CHANGED; SKIP_WAITING, registration.update() (through workbox-window), the
 *                  in-progress flag in session storage, reload
 *   push           Notification.requestPermission, pushManager.subscribe with the server's VAPID key, the push
 *                  API (lib/api/push-api.ts, loaded on first use)
 *   install        beforeinstallprompt (held), appinstalled, display-mode standalone
 *
 * Plus the live queue counts (the offline indicator's number) and the worker tools' operations (status panel,
 * caching tab). The service worker itself is src/sw: this file talks to it only through
 * workbox-window and the messages of features/pwa/worker-messages.ts, and copes with it missing: no
 * `navigator.serviceWorker` (plain http on the salon's LAN, embedded web views) skips startup; a failed
 * registration is retried, then shown as the spec's banner.
 *
 * This module is loaded by <PwaProvider> (pwa-actors.tsx) right after the first render, not with the shell:
 * the charts and their wiring are not needed to paint /pos/sales, and docs/platform.md starts the worker
 * "after 0 ms" anyway. Its heavy parts load later still, on first use (the queue library with idb,
 * workbox-window, the push API with zod).
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Workbox } from 'workbox-window';
import { appStartupMachine } from '../../../machines/app-startup/app-startup.machine';
import type { CheckVersionOutput, InitWorkerInput } from '../../../machines/app-startup/app-startup.types';
import { installMachine } from '../../../machines/install/install.machine';
import { selectAutoShow } from '../../../machines/install/install.selectors';
import type { ShowPromptOutput } from '../../../machines/install/install.types';
import { pushMachine } from '../../../machines/push/push.machine';
import type {
  PushPermission,
  PushSubscriptionInfo,
  ReadPushStatusOutput,
  TestNotification,
} from '../../../machines/push/push.types';
import { syncSchedulerMachine } from '../../../machines/sync-scheduler/sync-scheduler.machine';
import type {
  FlushQueueInput,
  FlushQueueOutput,
  PurgeExpiredInput,
  PurgeExpiredOutput,
  QueueStats,
} from '../../../machines/sync-scheduler/sync-scheduler.types';
import { workerToolsMachine } from '../../../machines/worker-tools/worker-tools.machine';
import type {
  CacheSummary,
  OperationOutput,
  OperationRequest,
} from '../../../machines/worker-tools/worker-tools.types';
import { workerUpdateMachine } from '../../../machines/worker-update/worker-update.machine';
import type { InitialiseOutput } from '../../../machines/worker-update/worker-update.types';
import {
  INSTALL,
  PUSH_ERROR,
  PUSH_RENEWAL,
  VERSIONED_LOCAL_DATA_PREFIXES,
  WORKER,
  WORKER_ERROR,
  WORKER_MESSAGE,
} from '../../domain/constants';
import { readSyncConfig } from '../../domain/sync-config';
import type { SyncConfig } from '../../domain/sync-config';
import {
  detectDeviceType,
  detectPlatform,
  isEmbeddedWebView,
  pushPlatformName,
  toSubscriptionInfo,
  urlBase64ToBytes,
  WRAPPER_GLOBALS,
} from '../features/pwa/platform';
import { applyCacheConfigsInWorker } from '../features/pwa/cache-config-sync';
import { cacheConfigsSetting } from '../features/pwa/local-settings';
import type { PwaActors, QueueStatsRef } from '../features/pwa/pwa-context';
import { countsDiffer, replayHeaders, toFlushOutput, toSchedulerStats } from '../features/pwa/queue-sync';
import { summariseFailed } from '../features/pwa/failed-requests';
import {
  clearableCaches,
  expectReply,
  FORCE_RELOAD_OFFLINE,
  isWorkerReply,
  REGISTER_SYNC,
  replyCaches,
  replyVersion,
  SET_SYNC_CONFIG,
  syncConfigMessage,
  versionChange,
  versionedKeys,
} from '../features/pwa/worker-messages';
import type { WorkerReply } from '../features/pwa/worker-messages';
import type * as FlushModule from '../lib/offline-queue/flush';
import type * as QueueDbModule from '../lib/offline-queue/queue-db';
import type { RequestQueue } from '../lib/offline-queue/request-queue';
import { defaultStorage, readAuthRecord, readToken, STORAGE_KEYS } from '../lib/storage';

/** The worker's script (vite-plugin-pwa injectManifest writes dist/client/sw.js; spa.ts revalidates it). */
export const SW_URL = '/sw.js';
export const SW_SCOPE = '/';

/** The spec names no key (docs/platform.md); not app-/pos-/user-, which a version change clears (docs/platform.md#start-up). */
export const SYNC_CONFIG_KEY = 'sync_config';
/** docs/platform.md#updates "The in-progress flag is kept in session storage": when it was set, epoch ms. */
export const UPDATE_FLAG_KEY = 'sw_update_in_progress';
export const INSTALL_AUTO_SHOW_KEY = 'install_auto_show';
/** Held for the tab's life by the tab that flushes ("Only one tab flushes at a time"). */
export const LEADER_LOCK = 'salon-pos:sync-leader';
/** Tabs tell each other of queued requests and forward a follower's "Force sync now" to the leader. */
export const QUEUE_CHANNEL = 'offline-queue';

export type QueueChannelMessage = { type: 'queue-changed' } | { type: 'force-sync' };

/** docs/platform.md#worker-tools "responsiveness check 3 s": Test SW Response gives up after it. */
const RESPONSIVENESS_TIMEOUT_MESSAGE = 'Service Worker did not answer within 3 seconds';
const FORCE_UPDATE_TIMEOUT_MESSAGE = 'Force update operation timeout';
/** Counts are re-read at most this often while the queue changes (a drain of 1,000 sends 1,000 changes). */
const STATS_THROTTLE_MS = 400;

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

// ---- small browser helpers ----------------------------------------------------------------------------------

function hasServiceWorker(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

function sessionStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function readJson(store: Storage, key: string): unknown {
  try {
    const text = store.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function reloadPage(): void {
  window.location.reload();
}

/**
 * A notification click chose this tab (FOCUS_CLIENT { url }): go there inside the app, without a reload that
 * would lose a sale in progress. The router follows history through popstate, so the entry is pushed in its
 * format (react-router's { usr, key, idx }) and announced as a pop.
 */
function routeTo(url: string): void {
  let target: URL;
  try {
    target = new URL(url, window.location.href);
  } catch {
    return;
  }
  if (target.origin !== window.location.origin) return;
  const path = `${target.pathname}${target.search}${target.hash}`;
  if (path === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
  const current = window.history.state as { idx?: unknown } | null;
  const idx = typeof current?.idx === 'number' ? current.idx + 1 : 0;
  window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', path);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}

/** The worker answering messages now: the page's controller, else the registration's active one. */
async function activeWorker(): Promise<ServiceWorker> {
  if (!hasServiceWorker()) throw new Error(WORKER_ERROR.MANAGER_UNAVAILABLE);
  const controller = navigator.serviceWorker.controller;
  if (controller) return controller;
  const registration = await navigator.serviceWorker.getRegistration(SW_SCOPE);
  if (registration?.active) return registration.active;
  throw new Error(WORKER_ERROR.NOT_ACTIVE);
}

/** One request, one reply on a MessageChannel (worker-messages.ts), or the time-out's text. */
async function askWorker(
  type: string,
  expected: string,
  timeoutMs: number,
  timeoutMessage: string,
): Promise<WorkerReply> {
  const worker = await activeWorker();
  const channel = new MessageChannel();
  const reply = new Promise<unknown>((resolve) => {
    channel.port1.onmessage = (event: MessageEvent) => resolve(event.data);
  });
  worker.postMessage({ type }, [channel.port2]);
  try {
    return expectReply(await withTimeout(reply, timeoutMs, timeoutMessage), expected);
  } finally {
    channel.port1.close();
  }
}

/** The registration once a worker is active, within the readiness wait (10 s), else 'Service worker not ready'. */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  if (!hasServiceWorker()) throw new Error(PUSH_ERROR.WORKER_NOT_READY);
  const registration = await navigator.serviceWorker.getRegistration(SW_SCOPE);
  if (!registration) throw new Error(PUSH_ERROR.WORKER_NOT_READY);
  if (registration.active) return registration;
  return withTimeout(navigator.serviceWorker.ready, WORKER.READY_TIMEOUT_MS, PUSH_ERROR.WORKER_NOT_READY);
}

// ---- Cache Storage --------------------------------------------------------------------------------------------

function cacheStorage(): CacheStorage {
  if (typeof caches === 'undefined') throw new Error('Caching is not supported in this browser');
  return caches;
}

async function responseSize(response: Response | undefined): Promise<number> {
  if (!response || response.type === 'opaque') return 0;
  const length = Number(response.headers.get('content-length'));
  if (Number.isFinite(length) && length > 0) return length;
  try {
    return (await response.blob()).size;
  } catch {
    return 0;
  }
}

async function readCaches(): Promise<CacheSummary[]> {
  const storage = cacheStorage();
  const names = await storage.keys();
  return Promise.all(
    names.map(async (name) => {
      const cache = await storage.open(name);
      const requests = await cache.keys();
      const sizes = await Promise.all(
        requests.map(async (request) => responseSize(await cache.match(request))),
      );
      return { name, entries: requests.length, size: sizes.reduce((sum, size) => sum + size, 0) };
    }),
  );
}

/**
 * Deletes the named caches, or every cache. `keepProtected` (the caching tab's clears) keeps the app shell's
 * precache and sw-meta (worker-messages.ts PROTECTED_CACHES): without them the app no longer opens offline.
 */
async function deleteCaches(names?: readonly string[], keepProtected = true): Promise<number> {
  const storage = cacheStorage();
  const all = names ?? (await storage.keys());
  const targets = keepProtected ? clearableCaches(all) : all;
  const results = await Promise.all(targets.map((name) => storage.delete(name)));
  return results.filter(Boolean).length;
}

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

// ---- the worker's version -----------------------------------------------------------------------------------

/** Removes the local-storage keys a version change clears (docs/platform.md#start-up: those starting with app-, pos- or user-). */
export function clearVersionedLocalData(storage: Storage, prefixes: readonly string[]): void {
  const keys = Array.from({ length: storage.length }, (_unused, i) => storage.key(i) ?? '');
  for (const key of versionedKeys(keys, prefixes)) storage.removeItem(key);
}

export interface VersionCheckDeps {
  storage: Storage;
  /** Resolves once the registration has an active worker, whoever registered it (navigator.serviceWorker.ready). */
  ready: () => Promise<unknown>;
  /** GET_VERSION → VERSION_INFO's version. */
  askVersion: () => Promise<string | null>;
  /** The version learnt after the start-up check gave up waiting for an active worker. */
  onLateVersion: (version: string) => void;
  /** docs/platform.md "version check 10 s (3 s activated check)". */
  activatedCheckMs: number;
  log?: (message: string) => void;
}

/**
 * appStartup's checkVersion (docs/platform.md#start-up "a version check logs the current version and whether
 * it changed"): the active worker's version against the one this browser ran last (STORAGE_KEYS.APP_VERSION),
 * remembered.
 *
 * It waits for ANY active worker (navigator.serviceWorker.ready), not for workbox-window's own: a page loaded
 * while the first install still precached never hears of that worker from workbox-window (it registered
 * nothing new), and its check used to give up without remembering a version, so the next version change went
 * unnoticed and app-, pos-, user- data was never cleared (tests/e2e/update-flow.spec.ts). When no worker is
 * active within the 3 s activated check, the chart goes on without a version, and the version is read and
 * remembered once one is: a change found then clears the versioned data here, since the chart has moved on.
 */
export function createVersionCheck(deps: VersionCheckDeps): () => Promise<CheckVersionOutput> {
  const log = deps.log ?? ((message: string) => console.info(message));
  const record = async (): Promise<CheckVersionOutput> => {
    const version = await deps.askVersion();
    const { changed, remember } = versionChange(deps.storage.getItem(STORAGE_KEYS.APP_VERSION), version);
    if (remember !== null) deps.storage.setItem(STORAGE_KEYS.APP_VERSION, remember);
    log(`Service worker version ${version ?? 'unknown'}${changed ? ' (changed)' : ''}`);
    return { version, changed };
  };
  return async () => {
    const active = await withTimeout(
      deps.ready().then(() => true),
      deps.activatedCheckMs,
      WORKER_ERROR.NOT_ACTIVE,
    ).catch(() => false);
    if (active) return record();
    void deps
      .ready()
      .then(record)
      .then(({ version, changed }) => {
        if (changed) clearVersionedLocalData(deps.storage, VERSIONED_LOCAL_DATA_PREFIXES);
        if (version) deps.onLateVersion(version);
      })
      .catch(() => undefined);
    return { version: null, changed: false };
  };
}

// ---- the platform ---------------------------------------------------------------------------------------------

interface QueueLibrary {
  queue: RequestQueue;
  flushQueue: typeof FlushModule.flushQueue;
  openQueueDb: typeof QueueDbModule.openQueueDb;
}

interface Platform {
  actors: PwaActors;
  start(): void;
}

function createPlatform(): Platform {
  const storage = defaultStorage();
  const userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const hints = {
    userAgent,
    maxTouchPoints: typeof navigator === 'undefined' ? 0 : navigator.maxTouchPoints,
  };
  const wrapperGlobals = WRAPPER_GLOBALS.filter((name) => typeof window !== 'undefined' && name in window);
  const embedded = isEmbeddedWebView({ ...hints, wrapperGlobals });
  const supported = hasServiceWorker();
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(QUEUE_CHANNEL);
  const broadcast = (message: QueueChannelMessage): void => channel?.postMessage(message);

  // -- the offline queue, loaded on first use ---------------------------------------------------------------
  let library: Promise<QueueLibrary> | null = null;
  let retriesDb: ReturnType<QueueLibrary['openQueueDb']> | null = null;
  const loadQueue = (): Promise<QueueLibrary> => {
    library ??= Promise.all([
      import('../lib/offline-queue/request-queue'),
      import('../lib/offline-queue/flush'),
      import('../lib/offline-queue/queue-db'),
    ]).then(([requestQueue, flush, queueDb]) => {
      const queue = requestQueue.defaultRequestQueue();
      queue.subscribe((change) => {
        if (change.type === 'enqueued') {
          syncScheduler.send({ type: 'queue.added' });
          broadcast({ type: 'queue-changed' });
          // The worker registers its background sync, so the queue is replayed even if this tab closes first,
          // and keeps this page's sync configuration to drain it with (src/sw/sync-settings.ts).
          navigator.serviceWorker?.controller?.postMessage(
            syncConfigMessage(REGISTER_SYNC, syncScheduler.getSnapshot().context.config),
          );
        }
        queueStats.refresh();
      });
      return { queue, flushQueue: flush.flushQueue, openQueueDb: queueDb.openQueueDb };
    });
    return library;
  };

  /** Requests waiting for a retry: pending and due later (the 'due' index, no body read). */
  const countPendingRetries = async (now: number): Promise<number> => {
    const { openQueueDb } = await loadQueue();
    retriesDb ??= openQueueDb({ onClosed: () => (retriesDb = null) });
    const db = await retriesDb;
    return db.countFromIndex(
      'requests',
      'due',
      IDBKeyRange.bound(['pending', now], ['pending', Infinity], true),
    );
  };

  const readQueueStats = async (): Promise<QueueStats> => {
    const { queue } = await loadQueue();
    const now = Date.now();
    const [stats, pendingRetries] = await Promise.all([queue.stats(), countPendingRetries(now)]);
    return toSchedulerStats(stats, pendingRetries, now);
  };

  // -- the live counts (offline indicator, sync tab) ------------------------------------------------------------
  const queueStats = (() => {
    const listeners = new Set<() => void>();
    let snapshot: { context: QueueStats | undefined } = { context: undefined };
    let reading = false;
    let again = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = (): void => {
      reading = true;
      again = false;
      readQueueStats()
        .then((stats) => {
          snapshot = { context: stats };
          for (const listener of listeners) listener();
          // Changed elsewhere (another tab, the worker, a retry or removal): the scheduler's health and retry
          // wake-up follow. Only on a change, so its snapshot change (which refreshes these) ends the round.
          if (countsDiffer(stats, syncScheduler.getSnapshot().context.stats)) {
            syncScheduler.send({ type: 'queue.counted', stats });
          }
        })
        .catch(() => undefined)
        .finally(() => {
          reading = false;
          if (again) schedule();
        });
    };
    const schedule = (): void => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        read();
      }, STATS_THROTTLE_MS);
    };
    const ref: QueueStatsRef & { refresh(): void; readNow(): void } = {
      getSnapshot: () => snapshot,
      subscribe(observer) {
        listeners.add(observer);
        return { unsubscribe: () => listeners.delete(observer) };
      },
      refresh() {
        if (reading) again = true;
        else schedule();
      },
      readNow: read,
    };
    return ref;
  })();

  // -- sync scheduler --------------------------------------------------------------------------------------------
  const session = () => ({ userId: readAuthRecord(storage)?.user.id ?? null, token: readToken(storage) });
  const appSyncScheduler = syncSchedulerMachine.provide({
    actors: {
      purgeExpired: fromPromise<PurgeExpiredOutput, PurgeExpiredInput>(async ({ input }) => {
        const { queue } = await loadQueue();
        const purged = await queue.purgeExpired(input.maxAge);
        return { purged, stats: await readQueueStats() };
      }),
      flushQueue: fromPromise<FlushQueueOutput, FlushQueueInput>(async ({ input, signal }) => {
        const { queue, flushQueue } = await loadQueue();
        const current = session();
        const result = await flushQueue(queue, {
          batchSize: input.batchSize,
          retryIntervals: input.retryIntervals,
          signal,
          headersFor: (request) => replayHeaders(request, current),
        });
        return toFlushOutput(result, await readQueueStats(), Date.now());
      }),
      readQueueStats: fromPromise<QueueStats>(() => readQueueStats()),
    },
    actions: {
      persistConfig: (_, params: { config: SyncConfig }) => {
        try {
          storage.setItem(SYNC_CONFIG_KEY, JSON.stringify(params.config));
        } catch {
          // Refused storage: the configuration holds for this page.
        }
        // The worker's background sync drains with it too (it cannot read localStorage).
        if (hasServiceWorker()) {
          navigator.serviceWorker.controller?.postMessage(syncConfigMessage(SET_SYNC_CONFIG, params.config));
        }
      },
      forwardForceSync: () => broadcast({ type: 'force-sync' }),
    },
  });
  const syncScheduler = createActor(appSyncScheduler, {
    systemId: 'syncScheduler',
    input: {
      now: () => Date.now(),
      config: readSyncConfig(readJson(storage, SYNC_CONFIG_KEY)),
      online: typeof navigator === 'undefined' ? true : navigator.onLine,
    },
  });

  // -- service worker: registration, messages, update lifecycle ------------------------------------------------
  let workbox: Workbox | null = null;
  let registration: ServiceWorkerRegistration | null = null;
  let installingWorker: ServiceWorker | null = null;

  // The lifecycle is read from the registration and the container, not from workbox-window's events, which lost
  // the update flow events (tests/e2e/update-flow.spec.ts): workbox-window reports 'controlling' as an update
  // only when the page was controlled when it registered (a till whose first visit installed the worker then
  // waited in "Updating..." until the 30 s activation timeout); it calls an update found more than 60 s after
  // registering (a till open all morning) "external" and stops listening for the next one; and it relays only
  // messages of workers it registered itself.

  /** A worker installing beside an active one is an update; the first install is not (nothing to update). */
  const trackInstalling = (worker: ServiceWorker, isUpdate: boolean): void => {
    installingWorker = worker;
    if (isUpdate) workerUpdate.send({ type: 'update.found' });
    const onStateChange = (): void => {
      const current = worker === installingWorker;
      // Waiting (docs/platform.md#updates "Update found, then waiting"), or failed to install; a waiting
      // worker made redundant by
      // a newer one is not a failure, the newer one is tracked instead.
      if (current && isUpdate && worker.state === 'installed') workerUpdate.send({ type: 'update.waiting' });
      if (current && isUpdate && worker.state === 'redundant') workerUpdate.send({ type: 'update.failed' });
      if (!current || worker.state === 'activated' || worker.state === 'redundant') {
        worker.removeEventListener('statechange', onStateChange);
      }
    };
    worker.addEventListener('statechange', onStateChange);
  };
  const onUpdateFound = (): void => {
    const worker = registration?.installing;
    // Already tracked when the page registered while it was installing.
    if (worker && worker !== installingWorker) trackInstalling(worker, Boolean(registration?.active));
  };

  /** A push subscription the browser replaced: registered by this page, signed in only (push-renewal.ts). */
  async function renewPushSubscription(): Promise<void> {
    if (!supported || typeof caches === 'undefined' || !readToken(storage)) return;
    const [{ forwardPushRenewal }, { subscribePush, unsubscribePush }] = await Promise.all([
      import('../features/pwa/push-renewal'),
      import('../lib/api/push-api'),
    ]);
    await forwardPushRenewal({
      caches,
      subscribe: (subscription) =>
        subscribePush({ subscription, userAgent, platform: pushPlatformName(hints) }),
      unsubscribe: (endpoint) => unsubscribePush(endpoint),
    });
  }

  function handleWorkerMessage(data: unknown): void {
    if (!isWorkerReply(data)) return;
    switch (data.type) {
      case WORKER_MESSAGE.VERSION_CHANGED: {
        const version = replyVersion(data);
        if (version) workerUpdate.send({ type: 'version.changed', version });
        break;
      }
      case WORKER_MESSAGE.BACKGROUND_SYNC:
        queueStats.refresh();
        break;
      case WORKER_MESSAGE.FORCE_UPDATE:
        workerUpdate.send({ type: 'update.check' });
        break;
      case WORKER_MESSAGE.FORCE_UPDATE_ERROR:
        workerUpdate.send({
          type: 'update.failed',
          ...(typeof data.error === 'string' ? { message: data.error } : {}),
        });
        break;
      case WORKER_MESSAGE.FOCUS_CLIENT:
        window.focus();
        if (typeof data.url === 'string') routeTo(data.url);
        break;
      case PUSH_RENEWAL.MESSAGE:
        renewPushSubscription().catch(() => undefined);
        break;
    }
  }

  const checkVersion = createVersionCheck({
    storage,
    ready: () =>
      hasServiceWorker() ? navigator.serviceWorker.ready : Promise.reject(new Error(WORKER_ERROR.NOT_ACTIVE)),
    askVersion: async () =>
      replyVersion(
        await askWorker(
          WORKER_MESSAGE.GET_VERSION,
          WORKER_MESSAGE.VERSION_INFO,
          WORKER.VERSION_CHECK_TIMEOUT_MS,
          WORKER_ERROR.NOT_READY,
        ),
      ),
    // The panel shows it, and the chart forgets its update flags as for the worker's VERSION_CHANGED.
    onLateVersion: (version) => workerUpdate.send({ type: 'version.changed', version }),
    activatedCheckMs: WORKER.ACTIVATED_CHECK_TIMEOUT_MS,
  });

  const appStartup = appStartupMachine.provide({
    actors: {
      initWorker: fromPromise<void, InitWorkerInput>(async ({ signal }) => {
        if (!hasServiceWorker()) throw new Error(WORKER_ERROR.MANAGER_UNAVAILABLE);
        const { Workbox } = await import('workbox-window');
        const next = new Workbox(SW_URL, { scope: SW_SCOPE });
        let registered: ServiceWorkerRegistration | undefined;
        try {
          // immediate: the chart already waits for the first render (docs/platform.md "after 0 ms") and times
          // out at 3 s.
          registered = await next.register({ immediate: true });
        } catch (error) {
          // A missing or mistyped script is a failed start, not a refused permission (app-startup.rules.ts reads
          // SecurityError as the permission banner).
          const message = error instanceof Error ? error.message : WORKER_ERROR.UNKNOWN;
          throw new Error(message || WORKER_ERROR.UNKNOWN, { cause: error });
        }
        if (signal.aborted) return;
        if (!registered) throw new Error(WORKER_ERROR.INIT_FAILED);
        workbox = next;
        registration?.removeEventListener('updatefound', onUpdateFound);
        registration = registered;
        registered.addEventListener('updatefound', onUpdateFound);
        // An update the browser began installing before this page registered (its navigation checks the script).
        if (registered.installing && registered.installing !== installingWorker) {
          trackInstalling(registered.installing, Boolean(registered.active));
        }
      }),
      checkVersion: fromPromise<CheckVersionOutput>(async () => {
        const output = await checkVersion();
        // The worker keeps the caching tab's configurations itself; a change it missed (no worker in control
        // then) is handed over again at every start, not only when the tab opens.
        applyCacheConfigsInWorker(cacheConfigsSetting.get()).catch(() => undefined);
        // Likewise the sync configuration its background sync drains with (src/sw/sync-settings.ts).
        navigator.serviceWorker.controller?.postMessage(
          syncConfigMessage(SET_SYNC_CONFIG, syncScheduler.getSnapshot().context.config),
        );
        return output;
      }),
    },
    actions: {
      clearVersionedLocalData: (_, params: { prefixes: readonly string[] }) =>
        clearVersionedLocalData(storage, params.prefixes),
      reloadPage,
    },
  });
  const appStartupActor = createActor(appStartup, { systemId: 'appStartup', input: { embedded, supported } });

  const appWorkerUpdate = workerUpdateMachine.provide({
    actors: {
      initialise: fromPromise<InitialiseOutput>(async () => {
        const done = await waitFor(
          appStartupActor,
          (snapshot) => snapshot.status === 'done' || snapshot.matches('failed'),
          { timeout: Infinity },
        );
        if (done.output?.status === 'ready') {
          return {
            version: done.output.version,
            versionChanged: done.output.changed,
            // Waiting since before this page started (Later, then a reload): offered at once.
            updateWaiting: Boolean(registration?.waiting && registration.active),
          };
        }
        throw new Error(done.context.error?.message ?? WORKER_ERROR.INIT_FAILED);
      }),
      checkForUpdate: fromPromise<void>(async () => {
        if (!workbox) throw new Error(WORKER_ERROR.MANAGER_UNAVAILABLE);
        await workbox.update();
      }),
    },
    actions: {
      persistUpdateFlag: (_, params: { setAt: number }) =>
        sessionStore()?.setItem(UPDATE_FLAG_KEY, String(params.setAt)),
      clearUpdateFlags: () => sessionStore()?.removeItem(UPDATE_FLAG_KEY),
      sendSkipWaiting: () => workbox?.messageSkipWaiting(),
      reloadPage,
    },
  });
  const storedFlag = Number(sessionStore()?.getItem(UPDATE_FLAG_KEY));
  const workerUpdate = createActor(appWorkerUpdate, {
    systemId: 'workerUpdate',
    input: {
      embedded,
      supported,
      updateFlagSetAt: Number.isFinite(storedFlag) && storedFlag > 0 ? storedFlag : null,
    },
  });

  // -- push --------------------------------------------------------------------------------------------------
  const pushSupported =
    supported && typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;
  const currentPermission = (): PushPermission =>
    typeof Notification === 'undefined' ? 'default' : (Notification.permission as PushPermission);
  const appPush = pushMachine.provide({
    actors: {
      readPushStatus: fromPromise<ReadPushStatusOutput>(async () => {
        const found = await navigator.serviceWorker.getRegistration(SW_SCOPE);
        const subscription = found ? await found.pushManager.getSubscription() : null;
        return {
          permission: currentPermission(),
          subscription: subscription ? toSubscriptionInfo(subscription.toJSON()) : null,
        };
      }),
      requestPermission: fromPromise<PushPermission>(async () => {
        const answer = await Notification.requestPermission();
        return answer === 'granted' || answer === 'denied' ? answer : 'default';
      }),
      subscribe: fromPromise<PushSubscriptionInfo>(async ({ signal }) => {
        if (currentPermission() !== 'granted') throw new Error(PUSH_ERROR.NOT_GRANTED);
        const ready = await readyRegistration();
        const { getVapidPublicKey, subscribePush } = await import('../lib/api/push-api');
        const key = urlBase64ToBytes(await getVapidPublicKey({ signal }));
        let subscription = await ready.pushManager.getSubscription();
        const boundKey = subscription?.options.applicationServerKey;
        if (subscription && boundKey && !sameBytes(new Uint8Array(boundKey), key)) {
          // Made with another key (another salon signed in here): it cannot receive this salon's pushes.
          await subscription.unsubscribe();
          subscription = null;
        }
        subscription ??= await ready.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: key,
        });
        const json = subscription.toJSON();
        const info = toSubscriptionInfo(json);
        if (!info) throw new Error(WORKER_ERROR.UNKNOWN);
        try {
          await subscribePush(
            {
              subscription: {
                endpoint: info.endpoint,
                expirationTime: json.expirationTime ?? null,
                keys: info.keys,
              },
              userAgent,
              platform: pushPlatformName(hints),
            },
            { signal },
          );
        } catch (error) {
          // The server does not know it: a browser subscription nobody pushes to would only mislead the badge.
          await subscription.unsubscribe().catch(() => false);
          throw error;
        }
        return info;
      }),
      unsubscribe: fromPromise<void>(async ({ signal }) => {
        const found = await navigator.serviceWorker.getRegistration(SW_SCOPE);
        const subscription = found ? await found.pushManager.getSubscription() : null;
        const endpoint = subscription?.endpoint ?? null;
        if (subscription) await subscription.unsubscribe();
        const { unsubscribePush } = await import('../lib/api/push-api');
        await unsubscribePush(endpoint, { signal });
      }),
      sendTestNotification: fromPromise<void, TestNotification>(async ({ input, signal }) => {
        const { sendTestPush } = await import('../lib/api/push-api');
        await sendTestPush(input, { signal });
      }),
    },
  });
  const push = createActor(appPush, { systemId: 'push', input: { supported: pushSupported } });

  // -- install ------------------------------------------------------------------------------------------------
  let heldPrompt: BeforeInstallPromptEvent | null = null;
  const standalone =
    typeof window !== 'undefined' &&
    ((typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
      (navigator as Navigator & { standalone?: boolean }).standalone === true);
  const storedAutoShow = storage.getItem(INSTALL_AUTO_SHOW_KEY);
  const appInstall = installMachine.provide({
    actors: {
      showPrompt: fromPromise<ShowPromptOutput>(async () => {
        const held = heldPrompt;
        if (!held) throw new Error('No install prompt is available');
        heldPrompt = null;
        await held.prompt();
        const choice = await held.userChoice;
        return { outcome: choice.outcome === 'accepted' ? 'accepted' : 'dismissed' };
      }),
    },
  });
  const install = createActor(appInstall, {
    systemId: 'install',
    input: {
      platform: detectPlatform(hints),
      deviceType: detectDeviceType(hints),
      standalone,
      autoShow: storedAutoShow === null ? true : storedAutoShow === 'on',
      autoShowDelay: INSTALL.AUTO_SHOW_DELAY_MS,
    },
  });

  // -- worker tools ---------------------------------------------------------------------------------------------
  const workerTools = workerToolsMachine.provide({
    actors: {
      runOperation: fromPromise<OperationOutput, OperationRequest>(({ input }) => runOperation(input)),
    },
  });

  const listFailed = async (queue: RequestQueue) =>
    (await queue.list({ status: 'failed' })).map((request) => summariseFailed(request, location.origin));

  async function runOperation(request: OperationRequest): Promise<OperationOutput> {
    const { operation } = request;
    switch (operation) {
      case 'checkResponse': {
        const started = performance.now();
        const reply = await askWorker(
          WORKER_MESSAGE.GET_VERSION,
          WORKER_MESSAGE.VERSION_INFO,
          WORKER.RESPONSIVENESS_CHECK_MS,
          RESPONSIVENESS_TIMEOUT_MESSAGE,
        );
        return {
          operation,
          version: replyVersion(reply),
          elapsedMs: Math.round(performance.now() - started),
        };
      }
      case 'clearDataCache': {
        const reply = await askWorker(
          WORKER_MESSAGE.CLEAR_DATA_CACHE,
          WORKER_MESSAGE.DATA_CACHE_CLEARED,
          WORKER.CACHE_OPERATION_TIMEOUT_MS,
          WORKER_ERROR.CACHE_CLEAR_TIMEOUT,
        );
        const cleared = Array.isArray(reply.cleared) ? reply.cleared.length : undefined;
        return {
          operation,
          caches: await readCaches(),
          ...(cleared === undefined ? {} : { count: cleared }),
        };
      }
      case 'cacheInfo': {
        const reply = await askWorker(
          WORKER_MESSAGE.GET_CACHE_INFO,
          WORKER_MESSAGE.CACHE_INFO,
          WORKER.CACHE_OPERATION_TIMEOUT_MS,
          WORKER_ERROR.CACHE_INFO_TIMEOUT,
        );
        return {
          operation,
          caches: replyCaches(reply) ?? (await readCaches()),
          version: replyVersion(reply),
        };
      }
      case 'forceUpdate': {
        const reply = await askWorker(
          WORKER_MESSAGE.FORCE_UPDATE,
          WORKER_MESSAGE.FORCE_UPDATE_COMPLETED,
          WORKER.FORCE_UPDATE_TIMEOUT_MS,
          FORCE_UPDATE_TIMEOUT_MESSAGE,
        );
        workerUpdate.send({ type: 'update.check' });
        return { operation, version: replyVersion(reply) };
      }
      case 'forceReload': {
        // Unregistered and emptied with no network, the reload would open nothing (the panel disables it too).
        if (!navigator.onLine) throw new Error(FORCE_RELOAD_OFFLINE);
        if (hasServiceWorker()) {
          const registrations = await navigator.serviceWorker.getRegistrations();
          await Promise.all(registrations.map((r) => r.unregister()));
        }
        const count = await deleteCaches(undefined, false).catch(() => 0);
        sessionStore()?.removeItem(UPDATE_FLAG_KEY);
        reloadPage();
        return { operation, count };
      }
      case 'cacheStats':
        return { operation, caches: await readCaches() };
      case 'clearAllCaches': {
        const count = await deleteCaches();
        return { operation, count, caches: await readCaches() };
      }
      case 'clearCache': {
        const count = await deleteCaches(request.cacheName ? [request.cacheName] : []);
        return { operation, count, caches: await readCaches() };
      }
      case 'retryFailed': {
        const { queue } = await loadQueue();
        const count = await queue.retryFailed();
        if (count > 0 && navigator.onLine) syncScheduler.send({ type: 'sync.force' });
        return { operation, count, failed: await listFailed(queue) };
      }
      case 'exportFailed': {
        const { queue } = await loadQueue();
        const json = await queue.exportFailed();
        const count = (JSON.parse(json) as { requests: unknown[] }).requests.length;
        if (count > 0) download(json, `offline-queue-failed-${new Date().toISOString().slice(0, 10)}.json`);
        return { operation, count };
      }
      case 'listFailed': {
        const { queue } = await loadQueue();
        const failed = await listFailed(queue);
        return { operation, count: failed.length, failed };
      }
      case 'removeFailed': {
        // Asked first (the chart's confirmation): sales and payments go too, as the question says.
        const { queue } = await loadQueue();
        const count = await queue.removeFailed({ includeProtected: true });
        return { operation, count, failed: await listFailed(queue) };
      }
    }
  }

  const actors: PwaActors = {
    syncScheduler,
    workerUpdate,
    appStartup: appStartupActor,
    push,
    install,
    queueStats,
    workerTools,
    capabilities: {
      serviceWorker: supported,
      installPromptEvent: typeof window !== 'undefined' && 'onbeforeinstallprompt' in window,
      embedded,
      debug: typeof location !== 'undefined' && new URLSearchParams(location.search).get('debug') === 'true',
    },
  };

  let started = false;
  function start(): void {
    if (started) return;
    started = true;
    syncScheduler.start();
    appStartupActor.start();
    workerUpdate.start();
    push.start();
    install.start();
    renewPushSubscription().catch(() => undefined);

    if (supported) {
      // The new worker took control: after Update Now, or another tab's update; ignored unless one was offered.
      navigator.serviceWorker.addEventListener('controllerchange', () =>
        workerUpdate.send({ type: 'worker.activated' }),
      );
      // Every worker of this origin, not only those workbox-window registered (the new version's VERSION_CHANGED).
      navigator.serviceWorker.addEventListener('message', (event: MessageEvent) =>
        handleWorkerMessage(event.data),
      );
    }
    window.addEventListener('online', () => syncScheduler.send({ type: 'network.online' }));
    window.addEventListener('offline', () => syncScheduler.send({ type: 'network.offline' }));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') syncScheduler.send({ type: 'app.visible' });
    });
    window.addEventListener('focus', () => syncScheduler.send({ type: 'app.focus' }));

    // One leader per browser: the lock is held until the tab goes, then the next tab waiting for it leads.
    const becomeLeader = (): void => syncScheduler.send({ type: 'leader.acquired' });
    const locks = (navigator as Navigator & { locks?: LockManager }).locks;
    if (locks?.request) {
      locks
        .request(LEADER_LOCK, () => {
          becomeLeader();
          return new Promise<never>(() => {});
        })
        .catch(becomeLeader);
    } else {
      // No Web Locks (old Safari): every tab flushes; the queue's claims and the Idempotency-Key keep it once.
      becomeLeader();
    }

    if (channel) {
      channel.onmessage = (event: MessageEvent<QueueChannelMessage>) => {
        if (event.data?.type === 'queue-changed') {
          syncScheduler.send({ type: 'queue.added' });
          queueStats.refresh();
        } else if (
          event.data?.type === 'force-sync' &&
          syncScheduler.getSnapshot().matches({ leadership: 'leader' })
        ) {
          syncScheduler.send({ type: 'sync.force' });
        }
      };
    }
    // Every run changes the counts; the scheduler's own reads keep the live ones honest too.
    syncScheduler.subscribe(() => queueStats.refresh());
    queueStats.readNow();

    window.addEventListener('beforeinstallprompt', (event) => {
      event.preventDefault();
      heldPrompt = event as BeforeInstallPromptEvent;
      install.send({ type: 'install.promptCaptured' });
    });
    window.addEventListener('appinstalled', () => {
      heldPrompt = null;
      install.send({ type: 'install.installed' });
    });
    let autoShow = selectAutoShow(install.getSnapshot()).enabled;
    install.subscribe((snapshot) => {
      const enabled = selectAutoShow(snapshot).enabled;
      if (enabled === autoShow) return;
      autoShow = enabled;
      try {
        storage.setItem(INSTALL_AUTO_SHOW_KEY, enabled ? 'on' : 'off');
      } catch {
        // Not kept: the next load starts with auto-show on.
      }
    });
  }

  return { actors, start };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

let platform: Platform | null = null;

/** The app's one platform, created and started on the first call; the page keeps it for its whole life. */
export function startPwaPlatform(): PwaActors {
  if (!platform) {
    platform = createPlatform();
    platform.start();
  }
  return platform.actors;
}
