/**
 * The service worker's caches as the page reaches them through the Cache API: a write that makes some cached
 * reads stale deletes exactly those entries (settings-caches.ts, catalog-cache.ts), never a whole cache.
 */

export type CacheStorageLike = Pick<CacheStorage, 'has' | 'open'>;

/**
 * Deletes the cached answers of these pathnames (every query of each) from the worker's cache `cacheName`;
 * resolves with the URLs deleted. No Cache Storage, no such cache (the worker never ran) or no paths: nothing.
 */
export async function deleteCachedPaths(
  storage: CacheStorageLike | undefined,
  cacheName: string,
  paths: readonly string[],
): Promise<string[]> {
  if (!storage || paths.length === 0 || !(await storage.has(cacheName))) return [];
  const cache = await storage.open(cacheName);
  const deleted: string[] = [];
  for (const request of await cache.keys()) {
    if (!paths.includes(new URL(request.url).pathname)) continue;
    if (await cache.delete(request)) deleted.push(request.url);
  }
  return deleted;
}
