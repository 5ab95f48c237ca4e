import { describe, expect, it } from 'vitest';
import {
  MAX_PATTERNS_PER_CONFIG,
  MAX_SAVED_CONFIGS,
  readSavedCacheConfigs,
  RESERVED_CACHE_NAMES,
  toSavedCacheConfig,
} from './cache-config';
import type { SavedCacheConfig } from './cache-config';

const saved = (name: string, strategy = 'CacheFirst', options: Record<string, unknown> = {}) => ({
  name,
  strategy: { name: strategy, options: { cacheName: name, ...options } },
  patterns: [`/${name}/*`],
});

describe('readSavedCacheConfigs', () => {
  it('reads the options of 001 §3 into the worker form, maxAge and networkTimeout in ms', () => {
    const { configs, rejected } = readSavedCacheConfigs([
      saved('reports', 'NetworkFirst', { maxAge: 600_000, maxEntries: 2, networkTimeout: 1_500 }),
    ]);
    expect(rejected).toEqual([]);
    expect(configs).toEqual([
      {
        name: 'reports',
        strategy: 'NetworkFirst',
        cacheName: 'reports',
        patterns: ['/reports/*'],
        maxAgeMs: 600_000,
        maxEntries: 2,
        networkTimeoutMs: 1_500,
      },
    ]);
  });

  it('applies none when none are saved: the built-in defaults alone', () => {
    for (const nothing of [undefined, null, 'x', {}, []]) {
      expect(readSavedCacheConfigs(nothing)).toEqual({ configs: [], rejected: [] });
    }
  });

  it('names the cache after the configuration when no cacheName came, and trims what was typed', () => {
    const { configs } = readSavedCacheConfigs([
      { name: '  files ', strategy: { name: 'CacheOnly' }, patterns: [' /files/* ', '', 3] },
    ]);
    expect(configs).toEqual([
      { name: 'files', strategy: 'CacheOnly', cacheName: 'files', patterns: ['/files/*'] },
    ]);
  });

  it('drops options that are not positive numbers (001 §5 checks nothing else)', () => {
    const { configs } = readSavedCacheConfigs([
      saved('a', 'NetworkFirst', { maxAge: -1, maxEntries: '5', networkTimeout: Number.NaN }),
    ]);
    expect(configs[0]).toEqual({ name: 'a', strategy: 'NetworkFirst', cacheName: 'a', patterns: ['/a/*'] });
  });

  it("sets aside malformed entries, the worker's own caches, a second one of a cache and any beyond the bound", () => {
    const many = Array.from({ length: MAX_SAVED_CONFIGS + 1 }, (_, i) => saved(`c${i}`));
    const { configs, rejected } = readSavedCacheConfigs([
      { name: 'broken', strategy: { name: 'FastestFirst' }, patterns: [] },
      'not a config',
      saved('api-responses', 'CacheFirst'),
      { ...saved('mine'), strategy: { name: 'CacheFirst', options: { cacheName: 'salon-pos-precache-v1' } } },
      saved('locales'),
      saved('c0', 'StaleWhileRevalidate'),
      ...many,
    ]);
    expect(rejected).toEqual([
      { name: 'broken', reason: 'invalid' },
      { name: '', reason: 'invalid' },
      { name: 'api-responses', reason: 'reserved-name' },
      { name: 'mine', reason: 'reserved-name' },
      { name: 'locales', reason: 'reserved-name' },
      { name: 'c0', reason: 'duplicate' },
      { name: `c${MAX_SAVED_CONFIGS}`, reason: 'too-many' },
    ]);
    expect(configs).toHaveLength(MAX_SAVED_CONFIGS);
    expect(configs[0]).toMatchObject({ name: 'c0', strategy: 'StaleWhileRevalidate' });
  });

  it('keeps at most MAX_PATTERNS_PER_CONFIG patterns per configuration', () => {
    const patterns = Array.from({ length: MAX_PATTERNS_PER_CONFIG + 5 }, (_, i) => `/p${i}`);
    const { configs } = readSavedCacheConfigs([{ ...saved('p'), patterns }]);
    expect(configs[0]?.patterns).toEqual(patterns.slice(0, MAX_PATTERNS_PER_CONFIG));
  });

  it("reserves every cache of the worker's, the precache included", () => {
    expect([...RESERVED_CACHE_NAMES].sort()).toEqual(
      [
        'api-responses',
        'locales',
        'salon-pos-precache-v1',
        'static-assets',
        'sw-meta',
        'user-data',
        'widget-data-v1',
      ].sort(),
    );
  });
});

describe('toSavedCacheConfig', () => {
  it('writes back the form it reads, so the worker store reads like a message', () => {
    const page: SavedCacheConfig = {
      name: 'reports',
      strategy: {
        name: 'NetworkFirst',
        options: { cacheName: 'reports', maxAge: 60_000, maxEntries: 3, networkTimeout: 2_000 },
      },
      patterns: ['/api/report/*'],
    };
    const [config] = readSavedCacheConfigs([page]).configs;
    expect(config && toSavedCacheConfig(config)).toEqual(page);
  });
});
