import { describe, expect, it } from 'vitest';
import { VERSIONED_LOCAL_DATA_PREFIXES } from '../../../domain/constants';
import * as sw from '../../../sw/messages';
import * as swCaches from '../../../sw/cache-config';
import { DEFAULT_CACHE_CONFIGS } from './local-settings';
import type { CacheConfig } from './local-settings';
import {
  CACHE_CONFIGS_APPLIED,
  cacheConfigsMessage,
  clearableCaches,
  expectReply,
  isProtectedCache,
  PROTECTED_CACHES,
  replyAppliedConfigs,
  SET_CACHE_CONFIGS,
  syncConfigMessage,
  REGISTER_SYNC,
  SET_SYNC_CONFIG,
  replyCaches,
  replyError,
  replyVersion,
  versionChange,
  versionedKeys,
} from './worker-messages';

describe('the sync configuration handed to the worker', () => {
  it('goes with each REGISTER_SYNC and each save (SET_SYNC_CONFIG), in the shapes the worker reads', () => {
    expect(REGISTER_SYNC).toBe(sw.REGISTER_SYNC);
    expect(SET_SYNC_CONFIG).toBe(sw.SET_SYNC_CONFIG);
    const config = {
      immediate: true,
      intervals: [30_000, 120_000, 300_000],
      maxAge: 3_600_000,
      batchSize: 25,
      retryIntervals: [1_000, 2_000, 3_000],
    };
    expect(syncConfigMessage(REGISTER_SYNC, config)).toEqual({ type: 'REGISTER_SYNC', syncConfig: config });
    expect(syncConfigMessage(SET_SYNC_CONFIG, config).syncConfig).not.toBe(config);
  });
});

describe('caches the page may clear', () => {
  it("protects the app shell's precache and the worker's own state, as the worker names them", () => {
    const { prefix, precache, suffix } = swCaches.PRECACHE_NAME_DETAILS;
    expect(PROTECTED_CACHES).toEqual([`${prefix}-${precache}-${suffix}`, swCaches.CACHE_NAMES.meta]);
    expect(isProtectedCache('salon-pos-precache-v1')).toBe(true);
    expect(isProtectedCache('sw-meta')).toBe(true);
    expect(isProtectedCache('api-responses')).toBe(false);
  });

  it("'Clear all caches' and a cache's Clear keep the precache and sw-meta, so the app still opens offline", () => {
    const names = ['salon-pos-precache-v1', 'sw-meta', 'api-responses', 'locales', 'e2e-cache'];
    expect(clearableCaches(names)).toEqual(['api-responses', 'locales', 'e2e-cache']);
    expect(clearableCaches(['salon-pos-precache-v1'])).toEqual([]);
  });
});

describe('worker messages', () => {
  it('answers the reply the request waits for', () => {
    expect(expectReply({ type: 'VERSION_INFO', version: '2.1.0' }, 'VERSION_INFO')).toEqual({
      type: 'VERSION_INFO',
      version: '2.1.0',
    });
  });

  it("turns the spec's error replies into their error text", () => {
    expect(() => expectReply({ type: 'CACHE_CLEAR_ERROR', error: 'quota' }, 'DATA_CACHE_CLEARED')).toThrow(
      'quota',
    );
    expect(() =>
      expectReply({ type: 'FORCE_UPDATE_ERROR', message: 'no update' }, 'FORCE_UPDATE_COMPLETED'),
    ).toThrow('no update');
    expect(replyError({ type: 'VERSION_CHECK_ERROR' })).toBe('Unknown error');
    expect(replyError({ type: 'VERSION_INFO' })).toBeNull();
  });

  it('refuses a reply of another type or no reply shape at all', () => {
    expect(() => expectReply({ type: 'CACHE_INFO' }, 'VERSION_INFO')).toThrow('Unknown error');
    expect(() => expectReply('hello', 'VERSION_INFO')).toThrow('Unknown error');
  });

  it('reads the version and the caches, tolerant of count for entries and a missing size', () => {
    expect(replyVersion({ type: 'VERSION_INFO', version: '' })).toBeNull();
    expect(
      replyCaches({
        type: 'CACHE_INFO',
        caches: [{ name: 'static', entries: 12, size: 4000 }, { name: 'api', count: 3 }, { nope: true }, 'x'],
      }),
    ).toEqual([
      { name: 'static', entries: 12, size: 4000 },
      { name: 'api', entries: 3, size: 0 },
    ]);
    expect(replyCaches({ type: 'CACHE_INFO' })).toBeNull();
  });

  it('calls a version changed only when a different one ran before, and remembers the new one', () => {
    expect(versionChange(null, '1.0.0')).toEqual({ changed: false, remember: '1.0.0' });
    expect(versionChange('1.0.0', '1.0.0')).toEqual({ changed: false, remember: '1.0.0' });
    expect(versionChange('1.0.0', '1.1.0')).toEqual({ changed: true, remember: '1.1.0' });
    expect(versionChange('1.0.0', null)).toEqual({ changed: false, remember: '1.0.0' });
  });

  it('clears only the app-, pos- and user- keys on a version change', () => {
    expect(
      versionedKeys(
        ['app-cache', 'pos-layout', 'user-prefs', 'auth', 'sync_config', 'waiting_sale_tickets__1__2'],
        VERSIONED_LOCAL_DATA_PREFIXES,
      ),
    ).toEqual(['app-cache', 'pos-layout', 'user-prefs']);
  });
});

describe('cache configurations for the worker', () => {
  const added: CacheConfig = {
    name: 'reports',
    strategy: { name: 'CacheFirst', options: { cacheName: 'reports', maxEntries: 2 } },
    patterns: ['/api/report/*'],
    builtIn: false,
  };

  it("speaks the worker's own message names", () => {
    expect(SET_CACHE_CONFIGS).toBe(sw.SET_CACHE_CONFIGS);
    expect(CACHE_CONFIGS_APPLIED).toBe(sw.CACHE_CONFIGS_APPLIED);
    expect(sw.CACHE_CONFIG_ERROR.endsWith('_ERROR')).toBe(true);
  });

  it('sends the saved configurations without the built-ins, which are the worker rules already', () => {
    expect(cacheConfigsMessage([...DEFAULT_CACHE_CONFIGS, added])).toEqual({
      type: 'SET_CACHE_CONFIGS',
      configs: [
        {
          name: 'reports',
          strategy: { name: 'CacheFirst', options: { cacheName: 'reports', maxEntries: 2 } },
          patterns: ['/api/report/*'],
        },
      ],
    });
    expect(cacheConfigsMessage(DEFAULT_CACHE_CONFIGS).configs).toEqual([]);
  });

  it('reads what the worker applied and set aside, and its error reply as an error', () => {
    const reply = expectReply(
      {
        type: CACHE_CONFIGS_APPLIED,
        applied: ['reports', 3],
        rejected: [{ name: 'locales', reason: 'reserved-name' }, { name: 1 }],
      },
      CACHE_CONFIGS_APPLIED,
    );
    expect(replyAppliedConfigs(reply)).toEqual({
      applied: ['reports'],
      rejected: [{ name: 'locales', reason: 'reserved-name' }],
    });
    expect(() => expectReply({ type: 'CACHE_CONFIG_ERROR', error: 'quota' }, CACHE_CONFIGS_APPLIED)).toThrow(
      'quota',
    );
  });
});
