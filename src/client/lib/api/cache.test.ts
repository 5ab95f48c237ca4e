import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../storage';
import {
  cachedGet,
  checkedInCacheKey,
  getCheckedInEmployees,
  getServiceProductSetting,
  readCached,
  routeCacheKey,
} from './cache';
import { createApiClient } from './client';
import { createLoadingStore } from './loading';
import { createNoticeChannel } from './notices';
import { createFakeFetch, envelope, failure } from '../../../../tests/support/client/fake-fetch';
import type { FakeHandler } from '../../../../tests/support/client/fake-fetch';

function client(handler: FakeHandler) {
  const fake = createFakeFetch(handler);
  return {
    api: createApiClient({
      fetch: fake.fetch,
      getToken: () => 't',
      loading: createLoadingStore(),
      notices: createNoticeChannel(),
    }),
    requests: fake.requests,
  };
}

const offline: FakeHandler = () => Promise.reject(new TypeError('Failed to fetch'));

describe('cache keys', () => {
  it('the service/product key is the route and its params, in a stable order', () => {
    expect(routeCacheKey('/pos/sales/service-product-setting', { store_id: 1 })).toBe(
      'api_cache__pos/sales/service-product-setting?store_id=1',
    );
    expect(routeCacheKey('/r', { b: 1, a: 2 })).toBe(routeCacheKey('/r', { a: 2, b: 1 }));
  });

  it('the checked-in key is made of store_id, page, per_page and date_range only', () => {
    const key = checkedInCacheKey({
      store_id: 1,
      page: 2,
      per_page: 50,
      date_range: { from: '2026-01-01', to: '2026-01-02' },
    });
    expect(key).toBe('api_cache__checked_in__1__2__50__2026-01-01~2026-01-02');
    expect(checkedInCacheKey({ store_id: 1, page: 2, per_page: 50, sort: 'name' })).toBe(
      checkedInCacheKey({ store_id: 1, page: 2, per_page: 50 }),
    );
    expect(checkedInCacheKey({ store_id: 1 })).not.toBe(checkedInCacheKey({ store_id: 2 }));
  });
});

describe('cachedGet', () => {
  it('stores a fresh answer and returns it', async () => {
    const storage = createMemoryStorage();
    const { api } = client(() => envelope({ n: 1 }));
    await expect(cachedGet(api, '/x', { key: 'k', storage })).resolves.toEqual({ n: 1 });
    expect(readCached('k', storage)).toEqual({ n: 1 });
  });

  it('a failed fetch falls back to the cached copy', async () => {
    const storage = createMemoryStorage();
    await cachedGet(client(() => envelope({ n: 1 })).api, '/x', { key: 'k', storage });
    await expect(cachedGet(client(offline).api, '/x', { key: 'k', storage })).resolves.toEqual({ n: 1 });
  });

  it('a failed fetch with nothing cached gives null', async () => {
    const storage = createMemoryStorage();
    await expect(cachedGet(client(offline).api, '/x', { key: 'k', storage })).resolves.toBeNull();
    await expect(
      cachedGet(client(() => failure(500, 'Boom.')).api, '/x', { key: 'k', storage }),
    ).resolves.toBeNull();
  });

  it('an answer that is not cacheable is returned but not stored', async () => {
    const storage = createMemoryStorage();
    const { api } = client(() => envelope({ success: false }));
    await cachedGet(api, '/x', { key: 'k', storage, isCacheable: (d: { success: boolean }) => d.success });
    expect(storage.getItem('k')).toBeNull();
  });
});

describe('the two cached reads of the sale screen', () => {
  it('service/product settings are cached only when the success flag is set', async () => {
    const storage = createMemoryStorage();
    const good = { settings: {}, categories: [], kits: [], success: true };
    const { api, requests } = client(() => envelope(good));
    await getServiceProductSetting(api, { store_id: 1 }, { storage });
    expect(new URL(requests[0]?.url ?? '', 'http://x').searchParams.get('store_id')).toBe('1');
    expect(readCached(routeCacheKey('/pos/sales/service-product-setting', { store_id: 1 }), storage)).toEqual(
      good,
    );

    const other = createMemoryStorage();
    await getServiceProductSetting(
      client(() => envelope({ ...good, success: false })).api,
      { store_id: 1 },
      {
        storage: other,
      },
    );
    expect(other.length).toBe(0);
  });

  it('checked-in employees come back from the cache when offline', async () => {
    const storage = createMemoryStorage();
    const page = { items: [{ id: 1 }], total: 1, page: 1, per_page: 15 };
    const params = { store_id: 1, page: 1, per_page: 15, filter: { is_technician: true } };
    const online = client(() => envelope(page));
    await getCheckedInEmployees(online.api, params, { storage });
    const url = new URL(online.requests[0]?.url ?? '', 'http://x');
    expect(url.searchParams.get('filter[is_technician]')).toBe('true');
    await expect(getCheckedInEmployees(client(offline).api, params, { storage })).resolves.toEqual(page);
  });
});
