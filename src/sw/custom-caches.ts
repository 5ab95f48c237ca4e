/**
 * The cache configurations saved in the settings dialog's "Advanced caching" tab
 * (docs/platform.md#the-settings-dialog "add cache configuration … a name, a strategy (CacheFirst,
 * NetworkFirst, StaleWhileRevalidate, NetworkOnly, CacheOnly) and URL patterns"; docs/platform.md#caches
 * "strategy (name, with options cacheName, maxAge, maxEntries, networkTimeout)"), applied by the worker: the
 * page sends its list (SET_CACHE_CONFIGS, messages.ts), the worker keeps it in IndexedDB and answers matching
 * requests with the configuration's strategy and limits.
 *
 * Settled here:
 * - One Workbox route, registered after the worker's own (sw.ts), that takes only what those leave to the
 *   browser (routes.ts customRouteAllowed). The built-in configurations are the worker's own rules with the
 *   spec's defaults (docs/platform.md#caches), which a saved one cannot override.
 * - The first configuration whose pattern matches wins, in the list's order. NetworkOnly is answered by not
 *   responding at all, as routes.ts does for its network-only paths (the browser fetches it itself).
 * - IndexedDB, not Cache Storage: the worker stops when idle and starts again on the next event, and the
 *   caching tab's "Clear all caches" (and Force Reload SW) delete every cache of the origin.
 * - Until the store is read after a start, a request the configurations could take waits for it (a few ms)
 *   instead of going to the network: the fetch that wakes the worker up is often the one a CacheFirst or
 *   CacheOnly configuration exists for, offline. Nothing saved: the request is then fetched as is.
 * - API answers are keyed per session (plugins.ts authScopedCacheKey), as in the built-in API caches, so a
 *   pattern over /api never hands one person's data to the next one signed in on the till.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { RouteHandlerCallback, RouteMatchCallback } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheFirst, CacheOnly, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import type { Strategy, StrategyOptions } from 'workbox-strategies';
import { readSavedCacheConfigs, seconds, toSavedCacheConfig } from './cache-config';
import type { ConfiguredCache, RejectedConfig, SavedCacheConfig } from './cache-config';
import { NETWORK_ERROR, NO_CACHED_RESPONSE } from './offline-response';
import type { OfflineError } from './offline-response';
import { authScopedCacheKey, errorResponse } from './plugins';
import { compilePattern, customRouteAllowed } from './routes';
import { idbSettingStore } from './settings-db';
import type { RequestInfo, UrlMatcher } from './routes';

/** Where the worker keeps the list: its settings database (settings-db.ts), under this key. */
export const CONFIG_KEY = 'cache-configs';

export interface ConfigStore {
  read(): Promise<unknown>;
  write(configs: readonly SavedCacheConfig[]): Promise<void>;
}

/** The list in IndexedDB `sw-settings`, store `settings`, key `cache-configs`. */
export function idbConfigStore(): ConfigStore {
  return idbSettingStore(CONFIG_KEY);
}

/** The Workbox strategy of a configuration, with its limits; null for NetworkOnly (not answered, see above). */
export function strategyFor(config: ConfiguredCache): Strategy | null {
  const expiration =
    config.maxEntries !== undefined || config.maxAgeMs !== undefined
      ? [
          new ExpirationPlugin({
            ...(config.maxEntries === undefined ? {} : { maxEntries: config.maxEntries }),
            ...(config.maxAgeMs === undefined ? {} : { maxAgeSeconds: seconds(config.maxAgeMs) }),
            purgeOnQuotaError: true,
          }),
        ]
      : [];
  const options = (failure: OfflineError): StrategyOptions => ({
    cacheName: config.cacheName,
    plugins: [
      authScopedCacheKey(),
      new CacheableResponsePlugin({ statuses: [200] }),
      ...expiration,
      errorResponse(failure),
    ],
  });
  switch (config.strategy) {
    case 'CacheFirst':
      return new CacheFirst(options(NETWORK_ERROR));
    case 'NetworkFirst':
      return new NetworkFirst({
        ...options(NETWORK_ERROR),
        ...(config.networkTimeoutMs === undefined
          ? {}
          : { networkTimeoutSeconds: config.networkTimeoutMs / 1000 }),
      });
    case 'StaleWhileRevalidate':
      return new StaleWhileRevalidate(options(NETWORK_ERROR));
    case 'CacheOnly':
      return new CacheOnly(options(NO_CACHED_RESPONSE));
    case 'NetworkOnly':
      return null;
  }
}

interface Entry {
  config: ConfiguredCache;
  matchers: UrlMatcher[];
  strategy: Strategy | null;
}

export interface CustomCachesOptions {
  /** The worker's origin: patterns match its URLs only. */
  origin: string;
  store: ConfigStore;
  /** Builds the strategy of a configuration (strategyFor; tests pass a fake). */
  build?: (config: ConfiguredCache) => Strategy | null;
  /** The network, for a request that waited for the store and found no configuration. */
  fetch?: (request: Request) => Promise<Response>;
}

export interface ApplyResult {
  applied: string[];
  rejected: RejectedConfig[];
}

export interface CustomCaches {
  /** Resolves once the saved list is read after the worker's start (or could not be). */
  ready: Promise<void>;
  /** The configurations in force, in order. */
  configs(): ConfiguredCache[];
  /** The configuration answering this request now; null when none does or it is NetworkOnly. */
  configFor(request: RequestInfo): ConfiguredCache | null;
  /** Validates, keeps and applies a new list (the SET_CACHE_CONFIGS message). */
  apply(configs: unknown): Promise<ApplyResult>;
  /** For workbox-routing registerRoute(match, handler). */
  match: RouteMatchCallback;
  handler: RouteHandlerCallback;
}

export function createCustomCaches(options: CustomCachesOptions): CustomCaches {
  const { origin, store } = options;
  const build = options.build ?? strategyFor;
  const network = options.fetch ?? ((request: Request) => fetch(request));
  let entries: Entry[] = [];
  let loaded = false;

  const install = (configs: readonly ConfiguredCache[]): void => {
    entries = configs.map((config) => ({
      config,
      matchers: config.patterns
        .map((pattern) => compilePattern(pattern, origin))
        .filter((m): m is UrlMatcher => m !== null),
      strategy: build(config),
    }));
  };

  const entryFor = (request: RequestInfo): Entry | null => {
    if (!customRouteAllowed(request)) return null;
    const entry = entries.find((e) => e.matchers.some((matches) => matches(request.url)));
    return entry?.strategy ? entry : null;
  };

  const ready = store
    .read()
    .then((stored) => {
      // A message may have installed a newer list while the store was being read.
      if (!loaded) install(readSavedCacheConfigs(stored).configs);
    })
    .catch(() => undefined)
    .finally(() => {
      loaded = true;
    });

  const info = (request: Request, url: URL): RequestInfo => ({
    url,
    method: request.method,
    mode: request.mode,
    destination: request.destination,
    origin,
  });

  return {
    ready,
    configs: () => entries.map((e) => e.config),
    configFor: (request) => entryFor(request)?.config ?? null,
    async apply(value) {
      const { configs, rejected } = readSavedCacheConfigs(value);
      loaded = true;
      install(configs);
      await store.write(configs.map(toSavedCacheConfig));
      return { applied: configs.map((c) => c.name), rejected };
    },
    match: ({ request, url }) => {
      const asked = info(request, url);
      // Not read yet: take what a configuration could answer, and decide in the handler once it is.
      if (!loaded) return customRouteAllowed(asked);
      return entryFor(asked) !== null;
    },
    handler: async ({ request, url, event }) => {
      if (!loaded) await ready;
      const entry = entryFor(info(request, url));
      if (!entry?.strategy) return network(request);
      return entry.strategy.handle({ request, event });
    },
  };
}
