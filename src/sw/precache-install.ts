/**
 * Filling the precache at install with several requests in flight (docs/platform.md#caches, "Install").
 *
 * Workbox's own install (PrecacheController.install) fetches the precache list one URL after another, a choice
 * its maintainers made against Chrome's resource errors when hundreds of requests started at once. Our list
 * has about 300 files (every chunk and every language's translations), so a new device waited on 300 round
 * trips before the app worked offline: about 6 s on the test machine's loopback, far more over a salon's
 * Wi-Fi. Here the same Workbox strategy stores each file (its checks, cache keys and plugins unchanged), with
 * at most PRECACHE_CONCURRENCY requests at a time: a browser's connections per host, so no more are queued
 * than it would open anyway.
 */
import type { PrecacheController, PrecacheEntry } from 'workbox-precaching';

/** The install event as the strategy takes it (this file is also compiled with the DOM's types, for tests). */
type InstallEvent = Extract<
  Parameters<PrecacheController['strategy']['handleAll']>[0],
  { event: unknown }
>['event'];

/** HTTP/1.1 browsers open six connections per host; more in flight would only wait in the browser's queue. */
export const PRECACHE_CONCURRENCY = 6;

/**
 * Runs `task` on every item with at most `limit` running at once, in the items' order. The first failure
 * stops new tasks from starting; it is thrown once the running ones have settled (an install that fails
 * leaves no request of its own still writing).
 */
export async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async (): Promise<void> => {
    while (failure === null && next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const lanes = Math.max(1, Math.min(Math.floor(limit) || 1, items.length));
  await Promise.all(Array.from({ length: lanes }, lane));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

/**
 * What Workbox's install does per URL (PrecacheController.install), with `limit` URLs at a time: a revisioned
 * entry bypasses the HTTP cache ('reload'), an entry's integrity is checked, and the controller's strategy
 * fetches, checks and stores the answer under the cache key.
 */
export function installPrecache(
  controller: PrecacheController,
  entries: readonly (PrecacheEntry | string)[],
  event: InstallEvent,
  base: string,
  limit: number = PRECACHE_CONCURRENCY,
): Promise<void> {
  const options = new Map<string, RequestInit>();
  for (const entry of entries) {
    const url = new URL(typeof entry === 'string' ? entry : entry.url, base).href;
    const revisioned = typeof entry !== 'string' && Boolean(entry.revision);
    const integrity = typeof entry === 'string' ? undefined : entry.integrity;
    options.set(url, {
      cache: revisioned ? 'reload' : 'default',
      credentials: 'same-origin',
      ...(integrity ? { integrity } : {}),
    });
  }
  const urls = [...controller.getURLsToCacheKeys()];
  return eachLimited(urls, limit, ([url, cacheKey]) =>
    Promise.all(
      controller.strategy.handleAll({
        params: { cacheKey },
        request: new Request(url, options.get(url) ?? { credentials: 'same-origin' }),
        event,
      }),
    ),
  );
}
