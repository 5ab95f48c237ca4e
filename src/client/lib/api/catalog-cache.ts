/**
 * What a back-office write of a service, product, kit or category makes stale (docs/back-office.md "What a
 * write clears"): the sale screen's catalog, kept twice. The page keeps the service/product setting in
 * localStorage (cache.ts, keyed by route and params: every store's copy goes), and the worker keeps its
 * network-first copy of the same reads in its API cache. Both are dropped, so a sale screen opened next
 * reads the catalog from the server, and a dropped connection cannot bring back the items from before.
 */
import { defaultStorage } from '../storage';
import { CACHE_PREFIX, routeCacheKey, SERVICE_PRODUCT_SETTING_URL } from './cache';
import { API_BASE } from './client';
import { deleteCachedPaths } from './worker-cache';
import type { CacheStorageLike } from './worker-cache';

/** The worker's API cache (src/sw/cache-config.ts CACHE_NAMES.api), copied: the page does not import the worker's code; catalog-cache.test.ts holds them equal. */
export const API_RESPONSES_CACHE = 'api-responses';

/** The catalog reads (their paths under the API base), every query of each. */
export const CATALOG_PATHS = [SERVICE_PRODUCT_SETTING_URL, '/pos/services', '/pos/services/walkin-services'];

/** Removes the localStorage copies of the catalog (any params); resolves with the keys removed. */
export function dropStoredCatalog(store: Storage = defaultStorage()): string[] {
  const prefixes = CATALOG_PATHS.map((path) => routeCacheKey(path).replace(/\?.*$/, '?'));
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(CACHE_PREFIX) && prefixes.some((prefix) => key.startsWith(prefix))) keys.push(key);
  }
  for (const key of keys) store.removeItem(key);
  return keys;
}

/** Deletes the worker's cached answers of the catalog reads; resolves with the URLs deleted. */
export async function dropWorkerCatalog(
  storage: CacheStorageLike | undefined = globalThis.caches,
): Promise<string[]> {
  const paths = CATALOG_PATHS.map((path) => `${API_BASE}${path}`);
  return deleteCachedPaths(storage, API_RESPONSES_CACHE, paths);
}

/** Both copies; a browser without Cache Storage (or where the worker never ran) has only the first. */
export async function clearCatalogCaches({
  store,
  storage,
}: { store?: Storage; storage?: CacheStorageLike } = {}): Promise<string[]> {
  const stored = dropStoredCatalog(store);
  return [...stored, ...(await dropWorkerCatalog(storage))];
}
