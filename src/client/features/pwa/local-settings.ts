/**
 * This device's PWA settings (docs/platform.md#the-installable-app tabs "Advanced caching" and "Mobile
 * widgets", docs/platform.md#the-installable-app entities, docs/platform.md#the-installable-app validation):
 * the cache configurations, widgets and app shortcuts someone added, kept in localStorage. Pure list
 * functions with the spec's rules, plus a tiny store per key that screens read with useSyncExternalStore (a
 * setting list, not a workflow: nothing here waits for anything).
 *
 * The spec names no storage keys; ours avoid the app-, pos- and user- prefixes, which a version change clears
 * (docs/platform.md#updates): a device setting must survive an update.
 */
import { SYNC_CONFIG_LIMITS } from '../../../domain/constants';

export const SETTINGS_KEYS = {
  CACHE_CONFIGS: 'pwa_cache_configs',
  WIDGETS: 'pwa_widgets',
  SHORTCUTS: 'pwa_shortcuts',
} as const;

// ---- cache configurations -------------------------------------------------------------------------------

export const CACHE_STRATEGIES = [
  'CacheFirst',
  'NetworkFirst',
  'StaleWhileRevalidate',
  'NetworkOnly',
  'CacheOnly',
] as const;
export type CacheStrategyName = (typeof CACHE_STRATEGIES)[number];

/** docs/platform.md#caches "Cache config: name; strategy (name, with options cacheName, maxAge, maxEntries, networkTimeout); patterns". */
export interface CacheConfig {
  name: string;
  strategy: {
    name: CacheStrategyName;
    options: { cacheName: string; maxAge?: number; maxEntries?: number; networkTimeout?: number };
  };
  patterns: string[];
  /** One of the three defaults of docs/platform.md (shown, not removable). */
  builtIn?: boolean;
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** docs/platform.md#caches "Cache defaults". */
export const DEFAULT_CACHE_CONFIGS: readonly CacheConfig[] = [
  {
    name: 'static-assets',
    strategy: {
      name: 'CacheFirst',
      options: { cacheName: 'static-assets', maxAge: 7 * DAY_MS, maxEntries: 100 },
    },
    patterns: ['/assets/*', '/icons/*', '/locales/*'],
    builtIn: true,
  },
  {
    name: 'api-responses',
    strategy: {
      name: 'NetworkFirst',
      options: { cacheName: 'api-responses', maxAge: 5 * MINUTE_MS, maxEntries: 50, networkTimeout: 3_000 },
    },
    patterns: ['/api/*'],
    builtIn: true,
  },
  {
    name: 'user-data',
    strategy: {
      name: 'StaleWhileRevalidate',
      options: { cacheName: 'user-data', maxAge: 10 * MINUTE_MS, maxEntries: 20 },
    },
    patterns: ['/api/profile', '/api/store-settings/*'],
    builtIn: true,
  },
];

export interface CacheConfigDraft {
  name: string;
  strategy: string;
  /** URL patterns, one per line (docs/platform.md#the-settings-dialog). */
  patterns: string;
}

export type FieldErrorCode = 'pwa.validation.required' | 'pwa.validation.range' | 'pwa.validation.choice';

export interface DraftError {
  field: string;
  code: FieldErrorCode;
  params?: Record<string, number>;
}

export type AddResult<T> = { ok: true; list: T[] } | { ok: false; errors: DraftError[] };

function isStrategy(value: string): value is CacheStrategyName {
  return (CACHE_STRATEGIES as readonly string[]).includes(value);
}

export function splitLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** "Adding a cache config requires name and strategy … Nothing else is checked" (docs/platform.md#caches). */
export function addCacheConfig(
  list: readonly CacheConfig[],
  draft: CacheConfigDraft,
): AddResult<CacheConfig> {
  const name = draft.name.trim();
  const errors: DraftError[] = [];
  if (!name) errors.push({ field: 'name', code: 'pwa.validation.required' });
  if (!draft.strategy) errors.push({ field: 'strategy', code: 'pwa.validation.required' });
  else if (!isStrategy(draft.strategy)) errors.push({ field: 'strategy', code: 'pwa.validation.choice' });
  if (errors.length || !isStrategy(draft.strategy)) return { ok: false, errors };
  const config: CacheConfig = {
    name,
    strategy: { name: draft.strategy, options: { cacheName: name } },
    patterns: splitLines(draft.patterns),
  };
  // A second config of the same name replaces the first: two rules for one cache would fight.
  return { ok: true, list: [...list.filter((c) => c.name !== name), config] };
}

export function removeCacheConfig(list: readonly CacheConfig[], name: string): CacheConfig[] {
  return list.filter((config) => config.name !== name || config.builtIn);
}

// ---- widgets and shortcuts --------------------------------------------------------------------------------

export const WIDGET_SIZES = ['small', 'medium', 'large'] as const;
export type WidgetSize = (typeof WIDGET_SIZES)[number];

/** docs/platform.md#the-installable-app "Widget: id, name, description, icon, size (small, medium, large), url, updateInterval in seconds, data". */
export interface Widget {
  id: string;
  name: string;
  description: string;
  icon: string;
  size: WidgetSize;
  url: string;
  updateInterval: number;
  data?: Record<string, unknown>;
}

/** docs/platform.md#the-installable-app "Shortcut: name, shortName, description, icon, url, color (default #667eea)". */
export interface Shortcut {
  name: string;
  shortName: string;
  description: string;
  icon: string;
  url: string;
  color: string;
}

export const DEFAULT_SHORTCUT_COLOR = '#667eea';

/** docs/platform.md#the-installable-app "Default widgets: dashboard (medium, 15 s), sales (small, 5 s), appointments (medium, 10 s), notifications (small, 1 s)". */
export const DEFAULT_WIDGETS: readonly Widget[] = [
  widget('dashboard', 'Dashboard', 'medium', '/dashboard', 15),
  widget('sales', 'Sales', 'small', '/sales', 5),
  widget('appointments', 'Appointments', 'medium', '/appointments', 10),
  widget('notifications', 'Notifications', 'small', '/notifications', 1),
];

function widget(id: string, name: string, size: WidgetSize, url: string, updateInterval: number): Widget {
  return { id, name, description: '', icon: `/icons/widget-${id}.png`, size, url, updateInterval };
}

/** docs/roles.md#screens-layouts-and-the-menu routes "/pos/new-sale, /appointments/new, /reports, /customers/search"; docs/platform.md#the-installable-app default shortcuts. */
export const DEFAULT_SHORTCUTS: readonly Shortcut[] = [
  shortcut('New Sale', 'Sale', '/pos/new-sale'),
  shortcut('New Appointment', 'Appointment', '/appointments/new'),
  shortcut('Quick Reports', 'Reports', '/reports'),
  shortcut('Customer Search', 'Customers', '/customers/search'),
];

function shortcut(name: string, shortName: string, url: string): Shortcut {
  return {
    name,
    shortName,
    description: '',
    icon: '/icons/icon-192.png',
    url,
    color: DEFAULT_SHORTCUT_COLOR,
  };
}

export interface WidgetDraft {
  id: string;
  name: string;
  description: string;
  size: string;
  url: string;
  /** Seconds, as typed. */
  updateInterval: string;
}

function isSize(value: string): value is WidgetSize {
  return (WIDGET_SIZES as readonly string[]).includes(value);
}

/**
 * "Adding a widget requires id, name and url" and "Widget update interval: 5 to 3600 seconds"
 * (docs/platform.md#the-installable-app). A blank interval takes the range's low end; a widget with an id
 * already on the list replaces it.
 */
export function addWidget(list: readonly Widget[], draft: WidgetDraft): AddResult<Widget> {
  const id = draft.id.trim();
  const name = draft.name.trim();
  const url = draft.url.trim();
  const { min, max } = SYNC_CONFIG_LIMITS.widgetUpdateIntervalSeconds;
  const errors: DraftError[] = [];
  if (!id) errors.push({ field: 'id', code: 'pwa.validation.required' });
  if (!name) errors.push({ field: 'name', code: 'pwa.validation.required' });
  if (!url) errors.push({ field: 'url', code: 'pwa.validation.required' });
  const intervalText = draft.updateInterval.trim();
  const interval = intervalText === '' ? min : Number(intervalText);
  if (!Number.isFinite(interval) || interval < min || interval > max) {
    errors.push({ field: 'updateInterval', code: 'pwa.validation.range', params: { min, max } });
  }
  if (errors.length) return { ok: false, errors };
  const added: Widget = {
    id,
    name,
    description: draft.description.trim(),
    icon: `/icons/widget-${id}.png`,
    size: isSize(draft.size) ? draft.size : 'small',
    url,
    updateInterval: interval,
  };
  return { ok: true, list: [...list.filter((w) => w.id !== id), added] };
}

export type RemoveResult<T> = { ok: true; list: T[] } | { ok: false; message: string };

/** docs/platform.md "Widget not found: {id}". */
export function removeWidget(list: readonly Widget[], id: string): RemoveResult<Widget> {
  if (!list.some((w) => w.id === id)) return { ok: false, message: `Widget not found: ${id}` };
  return { ok: true, list: list.filter((w) => w.id !== id) };
}

export interface ShortcutDraft {
  name: string;
  shortName: string;
  description: string;
  url: string;
  color: string;
}

/** "Adding a shortcut requires name and url" (docs/platform.md#the-installable-app); the colour defaults to #667eea (docs/platform.md#the-installable-app). */
export function addShortcut(list: readonly Shortcut[], draft: ShortcutDraft): AddResult<Shortcut> {
  const name = draft.name.trim();
  const url = draft.url.trim();
  const errors: DraftError[] = [];
  if (!name) errors.push({ field: 'name', code: 'pwa.validation.required' });
  if (!url) errors.push({ field: 'url', code: 'pwa.validation.required' });
  if (errors.length) return { ok: false, errors };
  const added: Shortcut = {
    name,
    shortName: draft.shortName.trim() || name,
    description: draft.description.trim(),
    icon: '/icons/icon-192.png',
    url,
    color: draft.color.trim() || DEFAULT_SHORTCUT_COLOR,
  };
  return { ok: true, list: [...list.filter((s) => s.name !== name), added] };
}

export function removeShortcut(list: readonly Shortcut[], index: number): Shortcut[] {
  return list.filter((_, i) => i !== index);
}

// ---- reading back what was stored -------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const str = (value: unknown): value is string => typeof value === 'string';

/** Entries that do not have the shape are dropped: a hand-edited key must not break the dialog. */
export function readWidgets(stored: unknown): Widget[] {
  if (!Array.isArray(stored)) return [...DEFAULT_WIDGETS];
  return stored.filter(
    (w): w is Widget =>
      isRecord(w) &&
      str(w.id) &&
      str(w.name) &&
      str(w.url) &&
      str(w.description) &&
      str(w.icon) &&
      str(w.size) &&
      isSize(w.size) &&
      typeof w.updateInterval === 'number',
  );
}

export function readShortcuts(stored: unknown): Shortcut[] {
  if (!Array.isArray(stored)) return [...DEFAULT_SHORTCUTS];
  return stored.filter(
    (s): s is Shortcut =>
      isRecord(s) &&
      str(s.name) &&
      str(s.shortName) &&
      str(s.description) &&
      str(s.icon) &&
      str(s.url) &&
      str(s.color),
  );
}

/** The defaults always come first; the stored list holds only what someone added. */
export function readCacheConfigs(stored: unknown): CacheConfig[] {
  const added = Array.isArray(stored)
    ? stored.filter(
        (c): c is CacheConfig =>
          isRecord(c) &&
          str(c.name) &&
          isRecord(c.strategy) &&
          str(c.strategy.name) &&
          isStrategy(c.strategy.name) &&
          Array.isArray(c.patterns) &&
          c.patterns.every(str) &&
          !DEFAULT_CACHE_CONFIGS.some((d) => d.name === c.name),
      )
    : [];
  return [...DEFAULT_CACHE_CONFIGS, ...added.map((c) => ({ ...c, builtIn: false }))];
}

export function storedCacheConfigs(list: readonly CacheConfig[]): CacheConfig[] {
  return list.filter((c) => !c.builtIn).map(({ builtIn: _builtIn, ...rest }) => rest);
}

// ---- the store ----------------------------------------------------------------------------------------------

export interface LocalSetting<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** One key of localStorage as a store; the value is read once and cached, so getSnapshot stays stable. */
export function createLocalSetting<T>(
  key: string,
  read: (stored: unknown) => T,
  write: (value: T) => unknown = (value) => value,
  storage: () => Storage | null = safeStorage,
): LocalSetting<T> {
  const listeners = new Set<() => void>();
  let cached: { value: T } | null = null;
  const load = (): T => {
    let stored: unknown = null;
    try {
      const text = storage()?.getItem(key);
      stored = text ? (JSON.parse(text) as unknown) : null;
    } catch {
      stored = null;
    }
    return read(stored);
  };
  return {
    get() {
      cached ??= { value: load() };
      return cached.value;
    },
    set(value) {
      cached = { value };
      try {
        storage()?.setItem(key, JSON.stringify(write(value)));
      } catch {
        // Full or refused storage: the setting holds for this page, as a memory-only value.
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const widgetsSetting = createLocalSetting(SETTINGS_KEYS.WIDGETS, readWidgets);
export const shortcutsSetting = createLocalSetting(SETTINGS_KEYS.SHORTCUTS, readShortcuts);
export const cacheConfigsSetting = createLocalSetting(
  SETTINGS_KEYS.CACHE_CONFIGS,
  readCacheConfigs,
  storedCacheConfigs,
);
