/**
 * A Cache Storage holding one cache of GET answers, for tests of code that drops the worker's cached answers
 * from the page (the settings caches, the catalog caches): which URLs it holds, and which are left.
 */
export const FAKE_ORIGIN = 'https://pos.test';

export function fakeCaches(urls: readonly string[], name: string) {
  const entries = new Set(urls.map((url) => `${FAKE_ORIGIN}${url}`));
  const cache = {
    keys: async () => [...entries].map((url) => new Request(url)),
    delete: async (request: Request) => entries.delete(request.url),
  };
  const storage: Pick<CacheStorage, 'has' | 'open'> = {
    has: async (asked: string) => asked === name,
    open: async () => cache as unknown as Cache,
  };
  return { storage, left: () => [...entries].map((url) => url.slice(FAKE_ORIGIN.length)).sort() };
}

/** A Storage (localStorage's shape) in memory. */
export function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (index: number) => [...map.keys()][index] ?? null,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
  };
}
