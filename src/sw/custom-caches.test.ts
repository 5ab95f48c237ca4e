import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Strategy } from 'workbox-strategies';
import type { ConfiguredCache, SavedCacheConfig } from './cache-config';
import type { ConfigStore, CustomCaches } from './custom-caches';

// Workbox's development logger reads `self` when it loads: the worker's global, which Node does not have.
vi.hoisted(() => {
  (globalThis as { self?: unknown }).self ??= globalThis;
});

const { createCustomCaches, idbConfigStore, strategyFor } = await import('./custom-caches');
const { CacheFirst, CacheOnly, NetworkFirst, StaleWhileRevalidate } = await import('workbox-strategies');
const { ExpirationPlugin } = await import('workbox-expiration');

const ORIGIN = 'https://till.example';

function config(name: string, strategy: SavedCacheConfig['strategy']['name'], patterns: string[]) {
  return { name, strategy: { name: strategy, options: { cacheName: name } }, patterns };
}

function memoryStore(initial?: unknown): ConfigStore & { written: unknown[] } {
  let value = initial;
  const written: unknown[] = [];
  return {
    written,
    read: async () => value,
    write: async (configs) => {
      value = configs;
      written.push(configs);
    },
  };
}

/** A strategy that says which configuration answered. */
function fakeBuild(c: ConfiguredCache): Strategy | null {
  if (c.strategy === 'NetworkOnly') return null;
  return { handle: vi.fn(async () => new Response(`from ${c.name}`)) } as unknown as Strategy;
}

const event = { waitUntil: () => undefined } as unknown as Parameters<CustomCaches['handler']>[0]['event'];

function ask(caches: CustomCaches, path: string, init: RequestInit = {}) {
  const url = new URL(path, ORIGIN);
  const request = new Request(url, init);
  const matched = caches.match({ url, request, event, sameOrigin: true });
  return {
    matched: Boolean(matched),
    respond: async () => (await caches.handler({ url, request, event })).text(),
  };
}

describe('strategyFor', () => {
  it("builds each strategy of 001 §4 on the configuration's cache, with its limits", () => {
    const first = strategyFor({
      name: 'r',
      strategy: 'CacheFirst',
      cacheName: 'r',
      patterns: [],
      maxEntries: 2,
      maxAgeMs: 90_000,
    });
    expect(first).toBeInstanceOf(CacheFirst);
    expect(first?.cacheName).toBe('r');
    const expiration = first?.plugins.find((p) => p instanceof ExpirationPlugin) as
      { _config: { maxEntries?: number; maxAgeSeconds?: number } } | undefined;
    expect(expiration?._config).toMatchObject({ maxEntries: 2, maxAgeSeconds: 90 });

    const network = strategyFor({
      name: 'n',
      strategy: 'NetworkFirst',
      cacheName: 'n',
      patterns: [],
      networkTimeoutMs: 1_500,
    });
    expect(network).toBeInstanceOf(NetworkFirst);
    expect((network as unknown as { _networkTimeoutSeconds: number })._networkTimeoutSeconds).toBe(1.5);
    expect(network?.plugins.some((p) => p instanceof ExpirationPlugin)).toBe(false);

    const base = { name: 'x', cacheName: 'x', patterns: [] };
    expect(strategyFor({ ...base, strategy: 'StaleWhileRevalidate' })).toBeInstanceOf(StaleWhileRevalidate);
    expect(strategyFor({ ...base, strategy: 'CacheOnly' })).toBeInstanceOf(CacheOnly);
    expect(strategyFor({ ...base, strategy: 'NetworkOnly' })).toBeNull();
  });

  it('keys answers per session and keeps only 200s, as the built-in API caches do', () => {
    const strategy = strategyFor({
      name: 'r',
      strategy: 'StaleWhileRevalidate',
      cacheName: 'r',
      patterns: [],
    });
    expect(strategy?.plugins.some((p) => 'cacheKeyWillBeUsed' in p)).toBe(true);
    expect(strategy?.plugins.some((p) => 'cacheWillUpdate' in p)).toBe(true);
    expect(strategy?.plugins.some((p) => 'handlerDidError' in p)).toBe(true);
  });
});

describe('createCustomCaches', () => {
  it('applies the list saved before the worker started', async () => {
    const caches = createCustomCaches({
      origin: ORIGIN,
      store: memoryStore([config('reports', 'CacheFirst', ['/api/report/*'])]),
      build: fakeBuild,
    });
    await caches.ready;
    expect(caches.configs().map((c) => c.name)).toEqual(['reports']);
    const daily = ask(caches, '/api/report/daily');
    expect(daily.matched).toBe(true);
    expect(await daily.respond()).toBe('from reports');
    expect(ask(caches, '/api/pos/sales/17').matched).toBe(false);
  });

  it('makes a request wait for the saved list while it is read, then answers it by the list', async () => {
    let release: (value: unknown) => void = () => undefined;
    const store: ConfigStore = {
      read: () => new Promise((resolve) => (release = resolve)),
      write: async () => undefined,
    };
    const fetch = vi.fn(async () => new Response('from the network'));
    const caches = createCustomCaches({ origin: ORIGIN, store, build: fakeBuild, fetch });
    const daily = ask(caches, '/api/report/daily');
    const other = ask(caches, '/api/pos/sales/17');
    expect(daily.matched).toBe(true);
    expect(other.matched).toBe(true);
    // Never the worker's own routes, even while waiting.
    expect(ask(caches, '/api/login').matched).toBe(false);
    expect(ask(caches, '/api/pos/employees').matched).toBe(false);
    const answers = Promise.all([daily.respond(), other.respond()]);
    release([config('reports', 'CacheOnly', ['/api/report/*'])]);
    expect(await answers).toEqual(['from reports', 'from the network']);
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('starts with none when the store cannot be read', async () => {
    const caches = createCustomCaches({
      origin: ORIGIN,
      store: { read: () => Promise.reject(new Error('blocked')), write: async () => undefined },
      build: fakeBuild,
    });
    await caches.ready;
    expect(caches.configs()).toEqual([]);
    expect(ask(caches, '/api/report/daily').matched).toBe(false);
  });

  it('applies a new list at once, keeps it, and answers what it applied and set aside', async () => {
    const store = memoryStore();
    const caches = createCustomCaches({ origin: ORIGIN, store, build: fakeBuild });
    await caches.ready;
    expect(ask(caches, '/e2e/a.txt').matched).toBe(false);

    const result = await caches.apply([
      config('files', 'CacheFirst', ['/e2e/*']),
      config('static-assets', 'CacheFirst', ['/e2e/*']),
    ]);
    expect(result).toEqual({
      applied: ['files'],
      rejected: [{ name: 'static-assets', reason: 'reserved-name' }],
    });
    expect(store.written).toEqual([[config('files', 'CacheFirst', ['/e2e/*'])]]);
    expect(await ask(caches, '/e2e/a.txt').respond()).toBe('from files');

    // A worker started later reads the same list.
    const restarted = createCustomCaches({ origin: ORIGIN, store, build: fakeBuild });
    await restarted.ready;
    expect(restarted.configs().map((c) => c.name)).toEqual(['files']);

    await caches.apply([]);
    expect(ask(caches, '/e2e/a.txt').matched).toBe(false);
  });

  it('lets the first matching configuration answer, and leaves NetworkOnly to the browser', async () => {
    const caches = createCustomCaches({ origin: ORIGIN, store: memoryStore(), build: fakeBuild });
    await caches.apply([
      config('live', 'NetworkOnly', ['/api/report/live*']),
      config('reports', 'StaleWhileRevalidate', ['/api/report/*']),
      config('all', 'CacheFirst', ['/api/*']),
    ]);
    expect(ask(caches, '/api/report/live-now').matched).toBe(false);
    expect(
      caches.configFor({ url: new URL('/api/report/x', ORIGIN), method: 'GET', origin: ORIGIN })?.name,
    ).toBe('reports');
    expect(await ask(caches, '/api/report/daily').respond()).toBe('from reports');
    expect(await ask(caches, '/api/pos/sales/3').respond()).toBe('from all');
    // '/api/*' cannot take the worker's own paths, nor a write.
    expect(ask(caches, '/api/payments/status').matched).toBe(false);
    expect(ask(caches, '/api/pos/customers').matched).toBe(false);
    expect(ask(caches, '/api/pos/sales/3', { method: 'POST' }).matched).toBe(false);
  });

  it('keeps a list applied while the saved one was still being read', async () => {
    let release: (value: unknown) => void = () => undefined;
    const caches = createCustomCaches({
      origin: ORIGIN,
      store: { read: () => new Promise((resolve) => (release = resolve)), write: async () => undefined },
      build: fakeBuild,
    });
    await caches.apply([config('new', 'CacheFirst', ['/n/*'])]);
    release([config('old', 'CacheFirst', ['/o/*'])]);
    await caches.ready;
    expect(caches.configs().map((c) => c.name)).toEqual(['new']);
  });

  it('fails the message when the list cannot be kept, but applies it for this run', async () => {
    const caches = createCustomCaches({
      origin: ORIGIN,
      store: { read: async () => undefined, write: () => Promise.reject(new Error('QuotaExceededError')) },
      build: fakeBuild,
    });
    await expect(caches.apply([config('files', 'CacheFirst', ['/e2e/*'])])).rejects.toThrow(
      'QuotaExceededError',
    );
    expect(ask(caches, '/e2e/a.txt').matched).toBe(true);
  });
});

describe('idbConfigStore', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });

  it('reads nothing before a list was written, then the list', async () => {
    const store = idbConfigStore();
    expect(await store.read()).toBeUndefined();
    const list = [config('files', 'CacheFirst', ['/e2e/*'])] as SavedCacheConfig[];
    await store.write(list);
    expect(await idbConfigStore().read()).toEqual(list);
  });
});
