/**
 * What a back-office write of a service, product, kit or category makes stale (docs/back-office.md "What a
 * write clears"): the sale screen's catalog, kept twice. The page keeps the service/product setting in
 * localStorage (cache.ts, keyed by route and params: every store's copy goes), and the worker keeps its
 * network-first copy of the same reads in its API cache. Both are dropped (read-caches.ts), so a sale screen
 * opened next reads the catalog from the server, and a dropped connection cannot bring back the items from
 * before.
 */
import { SERVICE_PRODUCT_SETTING_URL } from './cache';
import { clearCachedReads } from './read-caches';
import type { ReadCaches } from './read-caches';

/** The catalog reads (their paths under the API base), every query of each. */
export const CATALOG_PATHS = [SERVICE_PRODUCT_SETTING_URL, '/pos/services', '/pos/services/walkin-services'];

/** Both copies of the catalog reads. */
export function clearCatalogCaches(caches: ReadCaches = {}): Promise<string[]> {
  return clearCachedReads(CATALOG_PATHS, caches);
}
