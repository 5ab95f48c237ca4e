import { describe, expect, it, vi } from 'vitest';
import { WORKER_MESSAGE } from '../domain/constants';
import type { CacheLike, CacheStorageLike } from './cache-info';
import { handleMessage } from './message-handler';
import type { MessageDeps, MessageEventLike } from './message-handler';
import {
  CACHE_CONFIG_ERROR,
  CACHE_CONFIGS_APPLIED,
  REGISTER_SYNC,
  SET_CACHE_CONFIGS,
  SET_SYNC_CONFIG,
} from './messages';

/** Cache Storage in memory: cache name → URL → body. */
function fakeCaches(
  contents: Record<string, Record<string, string>>,
): CacheStorageLike & { names(): string[] } {
  const store = new Map(
    Object.entries(contents).map(([name, entries]) => [name, new Map(Object.entries(entries))]),
  );
  return {
    names: () => [...store.keys()],
    keys: async () => [...store.keys()],
    delete: async (name) => store.delete(name),
    open: async (name): Promise<CacheLike> => {
      const entries = store.get(name) ?? new Map<string, string>();
      store.set(name, entries);
      return {
        keys: async () => [...entries.keys()].map((url) => new Request(url)),
        match: async (request) => {
          const body = entries.get(request.url);
          return body === undefined ? undefined : new Response(body);
        },
      };
    },
  };
}

/** An event whose reply arrives on a port, as workbox-window's messageSW sends it. */
function fakeEvent(data: unknown) {
  const replies: unknown[] = [];
  const event: MessageEventLike = { data, ports: [{ postMessage: (message) => replies.push(message) }] };
  return { event, replies };
}

function deps(overrides: Partial<MessageDeps> = {}): MessageDeps {
  return {
    version: '0.1.0+abcd1234',
    caches: fakeCaches({}),
    dataCaches: ['api-responses', 'user-data'],
    skipWaiting: vi.fn(async () => undefined),
    checkForUpdate: vi.fn(async () => false),
    broadcast: vi.fn(async () => undefined),
    requestSync: vi.fn(async () => undefined),
    applyCacheConfigs: vi.fn(async () => ({ applied: [], rejected: [] })),
    rememberSyncConfig: vi.fn(async () => undefined),
    ...overrides,
  };
}

describe('handleMessage', () => {
  it('answers GET_VERSION with VERSION_INFO and the version', async () => {
    const { event, replies } = fakeEvent({ type: WORKER_MESSAGE.GET_VERSION });
    await handleMessage(event, deps());
    expect(replies).toEqual([{ type: WORKER_MESSAGE.VERSION_INFO, version: '0.1.0+abcd1234' }]);
  });

  it('answers on the sender itself when no port came with the message', async () => {
    const replies: unknown[] = [];
    await handleMessage(
      {
        data: { type: WORKER_MESSAGE.GET_VERSION },
        ports: [],
        source: { postMessage: (m) => replies.push(m) },
      },
      deps(),
    );
    expect(replies).toEqual([{ type: WORKER_MESSAGE.VERSION_INFO, version: '0.1.0+abcd1234' }]);
  });

  it('answers VERSION_CHECK_ERROR when the worker has no version', async () => {
    const { event, replies } = fakeEvent({ type: WORKER_MESSAGE.GET_VERSION });
    await handleMessage(event, deps({ version: '' }));
    expect(replies).toEqual([{ type: WORKER_MESSAGE.VERSION_CHECK_ERROR, error: 'Unknown error' }]);
  });

  it('clears only the data caches on CLEAR_DATA_CACHE and names them', async () => {
    const caches = fakeCaches({
      'salon-pos-precache-v1': { 'https://t.example/index.html': '<html>' },
      'static-assets': { 'https://t.example/icons/a.png': 'png' },
      'api-responses': { 'https://t.example/api/pos/employees': '[]' },
      'widget-data-v1': { 'https://t.example/widgets/sales-data.json': '{}' },
    });
    const { event, replies } = fakeEvent({ type: WORKER_MESSAGE.CLEAR_DATA_CACHE });
    await handleMessage(event, deps({ caches }));
    expect(replies).toEqual([{ type: WORKER_MESSAGE.DATA_CACHE_CLEARED, cleared: ['api-responses'] }]);
    expect(caches.names()).toEqual(['salon-pos-precache-v1', 'static-assets', 'widget-data-v1']);
  });

  it('answers CACHE_CLEAR_ERROR with the reason when clearing fails', async () => {
    const caches = { ...fakeCaches({}), keys: async () => Promise.reject(new Error('Storage is locked')) };
    const { event, replies } = fakeEvent({ type: WORKER_MESSAGE.CLEAR_DATA_CACHE });
    await handleMessage(event, deps({ caches }));
    expect(replies).toEqual([{ type: WORKER_MESSAGE.CACHE_CLEAR_ERROR, error: 'Storage is locked' }]);
  });

  it('lists every cache with its entries and size on GET_CACHE_INFO', async () => {
    const caches = fakeCaches({
      'api-responses': {
        'https://t.example/api/pos/employees': '[1,2,3]',
        'https://t.example/api/pos/stores': '[]',
      },
      locales: {},
    });
    const { event, replies } = fakeEvent({ type: WORKER_MESSAGE.GET_CACHE_INFO });
    await handleMessage(event, deps({ caches }));
    expect(replies).toEqual([
      {
        type: WORKER_MESSAGE.CACHE_INFO,
        version: '0.1.0+abcd1234',
        caches: [
          { name: 'api-responses', entries: 2, size: 9 },
          { name: 'locales', entries: 0, size: 0 },
        ],
      },
    ]);
  });

  it('skips waiting on SKIP_WAITING without a reply', async () => {
    const skipWaiting = vi.fn(async () => undefined);
    const { event, replies } = fakeEvent({ type: WORKER_MESSAGE.SKIP_WAITING });
    await handleMessage(event, deps({ skipWaiting }));
    expect(skipWaiting).toHaveBeenCalledOnce();
    expect(replies).toEqual([]);
  });

  it('checks for a new worker on FORCE_UPDATE, answers, and tells the other tabs to check too', async () => {
    const broadcast = vi.fn(async () => undefined);
    const source = { postMessage: vi.fn() };
    const { event, replies } = fakeEvent({ type: WORKER_MESSAGE.FORCE_UPDATE });
    await handleMessage({ ...event, source }, deps({ checkForUpdate: async () => true, broadcast }));
    expect(replies).toEqual([
      { type: WORKER_MESSAGE.FORCE_UPDATE_COMPLETED, version: '0.1.0+abcd1234', updateFound: true },
    ]);
    expect(broadcast).toHaveBeenCalledWith(
      { type: WORKER_MESSAGE.FORCE_UPDATE, version: '0.1.0+abcd1234' },
      source,
    );
  });

  it('answers FORCE_UPDATE_ERROR when the update check fails', async () => {
    const { event, replies } = fakeEvent({ type: WORKER_MESSAGE.FORCE_UPDATE });
    await handleMessage(
      event,
      deps({ checkForUpdate: async () => Promise.reject(new Error('Failed to fetch')) }),
    );
    expect(replies).toEqual([{ type: WORKER_MESSAGE.FORCE_UPDATE_ERROR, error: 'Failed to fetch' }]);
  });

  it('asks for a background sync on REGISTER_SYNC', async () => {
    const requestSync = vi.fn(async () => undefined);
    const { event } = fakeEvent({ type: REGISTER_SYNC });
    await handleMessage(event, deps({ requestSync }));
    expect(requestSync).toHaveBeenCalledOnce();
  });

  it("keeps the page's sync configuration that comes with REGISTER_SYNC before the sync it asks for", async () => {
    const order: string[] = [];
    const syncConfig = { batchSize: 25, retryIntervals: [1_000, 2_000, 3_000] };
    const d = deps({
      rememberSyncConfig: vi.fn(async () => void order.push('remember')),
      requestSync: vi.fn(async () => void order.push('sync')),
    });
    await handleMessage(fakeEvent({ type: REGISTER_SYNC, syncConfig }).event, d);
    expect(d.rememberSyncConfig).toHaveBeenCalledWith(syncConfig);
    expect(order).toEqual(['remember', 'sync']);

    const bare = deps();
    await handleMessage(fakeEvent({ type: REGISTER_SYNC }).event, bare);
    expect(bare.rememberSyncConfig).not.toHaveBeenCalled();
  });

  it('keeps a sync configuration saved in the settings dialog (SET_SYNC_CONFIG) without syncing', async () => {
    const d = deps();
    await handleMessage(fakeEvent({ type: SET_SYNC_CONFIG, syncConfig: { batchSize: 5 } }).event, d);
    expect(d.rememberSyncConfig).toHaveBeenCalledWith({ batchSize: 5 });
    expect(d.requestSync).not.toHaveBeenCalled();
  });

  it('hands SET_CACHE_CONFIGS to the cache configurations and answers what was applied and set aside', async () => {
    const configs = [
      {
        name: 'reports',
        strategy: { name: 'CacheFirst', options: { cacheName: 'reports' } },
        patterns: ['/r/*'],
      },
      { name: 'locales', strategy: { name: 'CacheOnly', options: { cacheName: 'locales' } }, patterns: [] },
    ];
    const applyCacheConfigs = vi.fn(async () => ({
      applied: ['reports'],
      rejected: [{ name: 'locales', reason: 'reserved-name' as const }],
    }));
    const { event, replies } = fakeEvent({ type: SET_CACHE_CONFIGS, configs });
    await handleMessage(event, deps({ applyCacheConfigs }));
    expect(applyCacheConfigs).toHaveBeenCalledWith(configs);
    expect(replies).toEqual([
      {
        type: CACHE_CONFIGS_APPLIED,
        applied: ['reports'],
        rejected: [{ name: 'locales', reason: 'reserved-name' }],
      },
    ]);
  });

  it('answers CACHE_CONFIG_ERROR when the configurations cannot be kept', async () => {
    const { event, replies } = fakeEvent({ type: SET_CACHE_CONFIGS, configs: [] });
    await handleMessage(
      event,
      deps({ applyCacheConfigs: async () => Promise.reject(new Error('QuotaExceededError')) }),
    );
    expect(replies).toEqual([{ type: CACHE_CONFIG_ERROR, error: 'QuotaExceededError' }]);
  });

  it('ignores messages that are not ours', async () => {
    const skipWaiting = vi.fn(async () => undefined);
    for (const data of [
      null,
      'SKIP_WAITING',
      { type: 'workbox-broadcast-update' },
      { kind: 'GET_VERSION' },
    ]) {
      const { event, replies } = fakeEvent(data);
      await handleMessage(event, deps({ skipWaiting }));
      expect(replies).toEqual([]);
    }
    expect(skipWaiting).not.toHaveBeenCalled();
  });
});
