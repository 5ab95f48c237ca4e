import { describe, expect, it } from 'vitest';
import { routeCacheKey, SERVICE_PRODUCT_SETTING_URL } from './cache';
import { clearCatalogCaches } from './catalog-cache';
import { API_RESPONSES_CACHE } from './read-caches';
import { fakeCaches as fakeCachesNamed, memoryStorage } from '../../../../tests/support/client/fake-caches';

const fakeCaches = (urls: readonly string[], name = API_RESPONSES_CACHE) => fakeCachesNamed(urls, name);

describe('the catalog caches a back-office write clears', () => {
  it('drops every stored copy of the catalog and the worker’s catalog answers, nothing else', async () => {
    const store = memoryStorage({
      [routeCacheKey(SERVICE_PRODUCT_SETTING_URL)]: '{"data":1}',
      [routeCacheKey(SERVICE_PRODUCT_SETTING_URL, { store_id: 2 })]: '{"data":2}',
      [routeCacheKey('/pos/employees', { per_page: 200 })]: '{"data":3}',
      token: 'kept',
    });
    const worker = fakeCaches([
      '/api/pos/sales/service-product-setting?store_id=2',
      '/api/pos/services',
      '/api/pos/services/walkin-services',
      '/api/pos/sales/init',
      '/api/pos/employees?per_page=200',
    ]);
    const cleared = await clearCatalogCaches({ store, storage: worker.storage });
    expect(cleared).toHaveLength(5);
    expect(store.length).toBe(2);
    expect(store.getItem('token')).toBe('kept');
    expect(store.getItem(routeCacheKey('/pos/employees', { per_page: 200 }))).toBe('{"data":3}');
    expect(worker.left()).toEqual(['/api/pos/employees?per_page=200', '/api/pos/sales/init']);
  });

  it('clears the stored copy where the worker never ran', async () => {
    const store = memoryStorage({ [routeCacheKey(SERVICE_PRODUCT_SETTING_URL)]: '{}' });
    const worker = fakeCaches(['/api/pos/services'], 'other-cache');
    expect(await clearCatalogCaches({ store, storage: worker.storage })).toEqual([
      routeCacheKey(SERVICE_PRODUCT_SETTING_URL),
    ]);
    expect(worker.left()).toEqual(['/api/pos/services']);
  });
});
