import { describe, expect, it } from 'vitest';
import { CACHE_NAMES } from '../../../sw/cache-config';
import {
  clearSettingsCaches,
  dropCachedPaths,
  SETTINGS_DOCUMENT_PATH,
  stalePaths,
  USER_DATA_CACHE,
} from './settings-caches';
import type { CacheStorageLike } from './settings-caches';

const ORIGIN = 'https://pos.test';
const CACHED = [
  '/api/initial-settings',
  '/api/settings/initial',
  '/api/store-settings/initial-profile',
  '/api/store-settings/initial',
  '/api/profile',
  '/api/settings',
];

function fakeCaches(urls: readonly string[], name = USER_DATA_CACHE) {
  const entries = new Set(urls.map((url) => `${ORIGIN}${url}`));
  const cache = {
    keys: async () => [...entries].map((url) => new Request(url)),
    delete: async (request: Request) => entries.delete(request.url),
  };
  const storage = {
    has: async (asked: string) => asked === name,
    open: async () => cache as unknown as Cache,
  } satisfies CacheStorageLike;
  return { storage, left: () => [...entries].map((url) => url.slice(ORIGIN.length)).sort() };
}

describe('the caches a settings save clears', () => {
  it('uses the worker’s user-data cache name', () => {
    expect(USER_DATA_CACHE).toBe(CACHE_NAMES.userData);
  });

  it.each([
    ['others', ['/api/initial-settings', '/api/settings/initial']],
    ['print', ['/api/store-settings/initial-profile', '/api/store-settings/initial']],
    ['profile', ['/api/store-settings/initial-profile']],
    ['payment', ['/api/store-settings/initial-profile']],
    ['general', []],
    ['tax', []],
  ] as const)('%s clears exactly %j', async (group, cleared) => {
    expect(stalePaths(group).sort()).toEqual([...cleared].sort());
    const { storage, left } = fakeCaches(CACHED);
    const deleted = await clearSettingsCaches(group, storage);
    expect(deleted.map((url) => url.slice(ORIGIN.length)).sort()).toEqual([...cleared].sort());
    expect(left()).toEqual(CACHED.filter((url) => !cleared.includes(url as never)).sort());
  });

  it('clears every query of a path, and nothing when the worker never made the cache', async () => {
    const { storage, left } = fakeCaches(['/api/store-settings/initial-profile?x=1', '/api/profile']);
    await clearSettingsCaches('profile', storage);
    expect(left()).toEqual(['/api/profile']);
    const none = fakeCaches(CACHED, 'other-cache');
    expect(await clearSettingsCaches('others', none.storage)).toEqual([]);
    expect(await clearSettingsCaches('others', undefined)).toEqual([]);
  });

  it("drops the worker's copy of the settings document before the screen reads it", async () => {
    const { storage, left } = fakeCaches(CACHED);
    await dropCachedPaths([SETTINGS_DOCUMENT_PATH], storage);
    expect(left()).toEqual(CACHED.filter((url) => url !== '/api/settings').sort());
  });
});
