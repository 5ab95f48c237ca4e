/**
 * Reads cached in localStorage (docs/sales.md#the-sale-screen, docs/api.md#the-client): the service/product
 * settings "cached locally under a key from route and params when the success flag is set", and the
 * checked-in employees "cached locally, keyed by store_id, page, per_page and date_range"; "A failed cached
 * fetch falls back to the cached copy or null."
 *
 * The sale screen keeps working when Wi-Fi drops (docs/offline.md) because its two start-up reads come back
 * from here. The copies are session data: logout clears them with the rest (storage.ts keeps no cache key).
 */
import type { ServiceProductSetting } from '../../../contracts/catalog';
import type { CheckedInEmployee } from '../../../contracts/employees';
import type { Page } from '../../../contracts/envelope';
import { defaultStorage } from '../storage';
import type { ApiClient, RequestOptions } from './client';
import { stableQueryString } from './query';
import type { QueryParams } from './query';

export const CACHE_PREFIX = 'api_cache__';
export const SERVICE_PRODUCT_SETTING_URL = '/pos/sales/service-product-setting';
export const CHECKED_IN_EMPLOYEES_URL = '/pos/employees/checked-in';

/** The key "from route and params": the route without its leading slash, then the params in a stable order. */
export function routeCacheKey(route: string, params?: QueryParams): string {
  return `${CACHE_PREFIX}${route.replace(/^\/+/, '')}?${stableQueryString(params)}`;
}

export interface CheckedInParams {
  store_id?: number;
  page?: number;
  per_page?: number;
  /** Store-local business dates, YYYY-MM-DD; absent = today. */
  date_range?: { from?: string; to?: string };
  sort?: string;
  filter?: { name?: string; is_technician?: boolean };
}

/** docs/api.md#the-client: keyed by store_id, page, per_page and date_range (sort and filter are not part of the key). */
export function checkedInCacheKey(params: CheckedInParams): string {
  const range = params.date_range ? `${params.date_range.from ?? ''}~${params.date_range.to ?? ''}` : '';
  return `${CACHE_PREFIX}checked_in__${params.store_id ?? 'none'}__${params.page ?? 1}__${
    params.per_page ?? ''
  }__${range}`;
}

interface CachedCopy<T> {
  saved_at: string;
  data: T;
}

export function readCached<T>(key: string, store: Storage = defaultStorage()): T | null {
  const text = store.getItem(key);
  if (text === null) return null;
  try {
    const copy = JSON.parse(text) as CachedCopy<T>;
    return copy && typeof copy === 'object' && 'data' in copy ? copy.data : null;
  } catch {
    return null;
  }
}

export interface CachedGetOptions<T> extends RequestOptions<T> {
  key: string;
  /** Only a response that passes is stored (docs/api.md#the-client: "when the success flag is set"). Default: always. */
  isCacheable?: (data: T) => boolean;
  storage?: Storage;
}

/**
 * GET through the cache: a fresh answer is stored (when cacheable) and returned; any failure returns the last
 * stored copy, or null when there is none. The client's notice still tells the cashier the network failed.
 */
export async function cachedGet<T>(
  client: ApiClient,
  url: string,
  { key, isCacheable, storage, ...options }: CachedGetOptions<T>,
): Promise<T | null> {
  const store = storage ?? defaultStorage();
  try {
    const data = await client.get<T>(url, options);
    if (!isCacheable || isCacheable(data)) {
      try {
        store.setItem(
          key,
          JSON.stringify({ saved_at: new Date().toISOString(), data } satisfies CachedCopy<T>),
        );
      } catch {
        // A full storage must not fail a read that succeeded.
      }
    }
    return data;
  } catch {
    return readCached<T>(key, store);
  }
}

export function getServiceProductSetting(
  client: ApiClient,
  params: { store_id?: number } = {},
  options: Omit<CachedGetOptions<ServiceProductSetting>, 'key' | 'query'> = {},
): Promise<ServiceProductSetting | null> {
  return cachedGet<ServiceProductSetting>(client, SERVICE_PRODUCT_SETTING_URL, {
    timeout: 'sale',
    ...options,
    query: params,
    key: routeCacheKey(SERVICE_PRODUCT_SETTING_URL, params),
    isCacheable: (data) => data?.success === true,
  });
}

export function getCheckedInEmployees(
  client: ApiClient,
  params: CheckedInParams = {},
  options: Omit<CachedGetOptions<Page<CheckedInEmployee>>, 'key' | 'query'> = {},
): Promise<Page<CheckedInEmployee> | null> {
  const { filter, ...rest } = params;
  return cachedGet<Page<CheckedInEmployee>>(client, CHECKED_IN_EMPLOYEES_URL, {
    ...options,
    query: { ...rest, ...(filter ? { filter } : {}) },
    key: checkedInCacheKey(params),
  });
}
