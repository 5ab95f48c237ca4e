/**
 * Reading and clearing Cache Storage for the worker's messages (GET_CACHE_INFO, CLEAR_DATA_CACHE;
 * docs/api.md#endpoints). Structural types: the worker passes `caches`, tests a fake.
 */
import type { CacheSummary } from './messages';

export interface CacheLike {
  keys(): Promise<readonly Request[]>;
  match(request: Request): Promise<Response | undefined>;
}

export interface CacheStorageLike {
  keys(): Promise<string[]>;
  open(name: string): Promise<CacheLike>;
  delete(name: string): Promise<boolean>;
}

/** Bytes of a cached answer: its content-length, else its body read once; 0 for an opaque answer. */
export async function responseSize(response: Response | undefined): Promise<number> {
  if (!response || response.type === 'opaque') return 0;
  const length = Number(response.headers.get('content-length'));
  if (Number.isFinite(length) && length > 0) return length;
  try {
    return (await response.arrayBuffer()).byteLength;
  } catch {
    return 0;
  }
}

export async function readCacheInfo(storage: CacheStorageLike): Promise<CacheSummary[]> {
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

/** Deletes the named caches that exist; answers the names deleted. */
export async function clearCaches(storage: CacheStorageLike, names: readonly string[]): Promise<string[]> {
  const existing = new Set(await storage.keys());
  const targets = names.filter((name) => existing.has(name));
  const results = await Promise.all(
    targets.map(async (name) => ((await storage.delete(name)) ? name : null)),
  );
  return results.filter((name): name is string => name !== null);
}
