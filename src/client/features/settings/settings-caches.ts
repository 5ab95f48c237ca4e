/**
 * The client caches a settings save clears (docs/settings.md "Caches a save clears"): for 'others' the
 * initial cache, for print, profile and payment the profile cache, for print also the store initial cache.
 * They are the worker's stale-while-revalidate copies of those reads in its `user-data` cache; the page
 * deletes exactly those entries through the Cache API. The worker's CLEAR_DATA_CACHE is not used: it empties
 * every API answer, the catalog the sale screen sells from offline included.
 */
import type { SettingsGroup } from '../../../contracts/settings';
import { deleteCachedPaths } from '../../lib/api/worker-cache';
import type { CacheStorageLike } from '../../lib/api/worker-cache';

export type { CacheStorageLike };

/** The worker's user-data cache (src/sw/cache-config.ts CACHE_NAMES.userData), copied: the page does not import the worker's code; settings-caches.test.ts holds them equal. */
export const USER_DATA_CACHE = 'user-data';

export const SETTINGS_CACHES = {
  /** The initial settings read at start. */
  initial: ['/api/initial-settings', '/api/settings/initial'],
  /** Login-profile data. */
  profile: ['/api/store-settings/initial-profile'],
  /** The store settings read at start. */
  storeInitial: ['/api/store-settings/initial'],
} as const;
export type SettingsCache = keyof typeof SETTINGS_CACHES;

export const CACHES_CLEARED_BY: Readonly<Record<SettingsGroup, readonly SettingsCache[]>> = {
  general: [],
  profile: ['profile'],
  tax: [],
  payment: ['profile'],
  print: ['profile', 'storeInitial'],
  others: ['initial'],
  // Read by the server's turn service on every turn; no client cache holds them.
  turns: [],
};

/** The pathnames whose cached answers a save of `group` makes stale. */
export function stalePaths(group: SettingsGroup): string[] {
  return CACHES_CLEARED_BY[group].flatMap((cache) => [...SETTINGS_CACHES[cache]]);
}

/** Deletes the worker's cached answers of these pathnames (every query of each); resolves with the URLs deleted. */
export async function dropCachedPaths(
  paths: readonly string[],
  storage: CacheStorageLike | undefined = globalThis.caches,
): Promise<string[]> {
  return deleteCachedPaths(storage, USER_DATA_CACHE, paths);
}

/**
 * Deletes the cached answers of `group`'s caches. A browser without Cache Storage, or one where the worker
 * never ran, has nothing to clear.
 */
export function clearSettingsCaches(group: SettingsGroup, storage?: CacheStorageLike): Promise<string[]> {
  return dropCachedPaths(stalePaths(group), storage);
}

/**
 * The screen's own read of the settings document: the worker keeps it stale-while-revalidate like every
 * settings read, so its copy is dropped before the screen loads, and an owner who comes back after a save
 * is never shown the values from before it.
 */
export const SETTINGS_DOCUMENT_PATH = '/api/settings';
