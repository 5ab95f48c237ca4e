/**
 * Dropping the cached copies of some API reads after a write made them stale (docs/back-office.md "What a
 * write clears"). A read may be kept twice: by the page in localStorage (cache.ts, keyed by route and params)
 * and by the worker, network-first, in its API cache. Both copies of each path go, whatever their query, so
 * the next read comes from the server and a connection lost just then cannot bring back the rows from before.
 * Each rule names its paths: the sale screen's catalog (catalog-cache.ts), the customer groups list.
 */
import { defaultStorage } from '../storage';
import { CACHE_PREFIX, routeCacheKey } from './cache';
import { API_BASE } from './client';
import { deleteCachedPaths } from './worker-cache';
import type { CacheStorageLike } from './worker-cache';

/** The worker's API cache (src/sw/cache-config.ts CACHE_NAMES.api), copied: the page does not import the worker's code; read-caches.test.ts holds them equal. */
export const API_RESPONSES_CACHE = 'api-responses';

/** Removes the localStorage copies of these reads (paths under the API base, any params); returns the keys removed. */
export function dropStoredReads(paths: readonly string[], store: Storage = defaultStorage()): string[] {
  const prefixes = paths.map((path) => routeCacheKey(path).replace(/\?.*$/, '?'));
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(CACHE_PREFIX) && prefixes.some((prefix) => key.startsWith(prefix))) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
  return keys;
}

/** Deletes the worker's cached answers of these reads; resolves with the URLs deleted. */
export async function dropWorkerReads(
  paths: readonly string[],
  storage: CacheStorageLike | undefined = globalThis.caches,
): Promise<string[]> {
  return deleteCachedPaths(
    storage,
    API_RESPONSES_CACHE,
    paths.map((path) => `${API_BASE}${path}`),
  );
}

export interface ReadCaches {
  store?: Storage;
  storage?: CacheStorageLike;
}

/** Both copies; a browser without Cache Storage (or where the worker never ran) has only the first. */
export async function clearCachedReads(
  paths: readonly string[],
  { store, storage }: ReadCaches = {},
): Promise<string[]> {
  const stored = dropStoredReads(paths, store);
  return [...stored, ...(await dropWorkerReads(paths, storage))];
}
