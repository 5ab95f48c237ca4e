import { describe, expect, it } from 'vitest';
import { CACHE_NAMES } from '../../../sw/cache-config';
import { CUSTOMER_GROUP_READS } from '../../features/back-office/resources/customer-groups';
import { routeCacheKey } from './cache';
import { API_RESPONSES_CACHE, clearCachedReads } from './read-caches';
import { fakeCaches, memoryStorage } from '../../../../tests/support/client/fake-caches';

describe('the cached reads a write clears', () => {
  it('uses the worker’s API cache name', () => {
    expect(API_RESPONSES_CACHE).toBe(CACHE_NAMES.api);
  });

  it('a customer group write drops every copy of the groups list, and not one group nor the customers', async () => {
    const store = memoryStorage({
      [routeCacheKey('/customer-groups')]: '{"data":1}',
      [routeCacheKey('/customer-groups', { page: 2, search: 'vip' })]: '{"data":2}',
      [routeCacheKey('/customers')]: '{"data":3}',
      token: 'kept',
    });
    const worker = fakeCaches(
      [
        '/api/customer-groups',
        '/api/customer-groups?page=1&per_page=15&sort=name',
        '/api/customer-groups/4',
        '/api/customers?page=1',
      ],
      API_RESPONSES_CACHE,
    );
    const cleared = await clearCachedReads(CUSTOMER_GROUP_READS, { store, storage: worker.storage });
    expect(cleared).toHaveLength(4);
    expect(store.length).toBe(2);
    expect(store.getItem('token')).toBe('kept');
    expect(worker.left()).toEqual(['/api/customer-groups/4', '/api/customers?page=1']);
  });
});
