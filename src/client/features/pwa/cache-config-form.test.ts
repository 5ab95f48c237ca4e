import { describe, expect, it } from 'vitest';
import {
  EMPTY_LIMITS,
  formatAge,
  limitFields,
  limitsSummary,
  readCacheLimits,
  withLimits,
} from './cache-config-form';
import { DEFAULT_CACHE_CONFIGS } from './local-settings';
import type { CacheConfig } from './local-settings';

const added: CacheConfig = {
  name: 'reports',
  strategy: { name: 'NetworkFirst', options: { cacheName: 'reports' } },
  patterns: ['/api/report/*'],
};

describe('cache configuration limits', () => {
  it('offers the limits a strategy has: none without a cache, a timeout only for NetworkFirst', () => {
    expect(limitFields('')).toEqual([]);
    expect(limitFields('NetworkOnly')).toEqual([]);
    expect(limitFields('CacheFirst')).toEqual(['maxEntries', 'maxAgeMinutes']);
    expect(limitFields('CacheOnly')).toEqual(['maxEntries', 'maxAgeMinutes']);
    expect(limitFields('NetworkFirst')).toEqual(['maxEntries', 'maxAgeMinutes', 'networkTimeoutSeconds']);
  });

  it('reads typed limits into the stored units, and blank ones as no limit', () => {
    expect(readCacheLimits('NetworkFirst', EMPTY_LIMITS)).toEqual({ ok: true, limits: {} });
    expect(
      readCacheLimits('NetworkFirst', { maxEntries: ' 2 ', maxAgeMinutes: '10', networkTimeoutSeconds: '3' }),
    ).toEqual({ ok: true, limits: { maxEntries: 2, maxAge: 600_000, networkTimeout: 3_000 } });
  });

  it('ignores the limits the strategy does not have (typed before the strategy changed)', () => {
    expect(
      readCacheLimits('CacheFirst', { maxEntries: '', maxAgeMinutes: '', networkTimeoutSeconds: 'abc' }),
    ).toEqual({ ok: true, limits: {} });
    expect(
      readCacheLimits('NetworkOnly', { maxEntries: '0', maxAgeMinutes: '-1', networkTimeoutSeconds: '' }),
    ).toEqual({ ok: true, limits: {} });
  });

  it('refuses a limit that is not a whole number in its range, with the range', () => {
    expect(
      readCacheLimits('NetworkFirst', {
        maxEntries: '0',
        maxAgeMinutes: '1.5',
        networkTimeoutSeconds: '61',
      }),
    ).toEqual({
      ok: false,
      errors: [
        { field: 'maxEntries', code: 'pwa.validation.range', params: { min: 1, max: 10_000 } },
        { field: 'maxAgeMinutes', code: 'pwa.validation.range', params: { min: 1, max: 525_600 } },
        { field: 'networkTimeoutSeconds', code: 'pwa.validation.range', params: { min: 1, max: 60 } },
      ],
    });
  });

  it('sets the limits on the named configuration only, keeping its cache name', () => {
    const list = withLimits([...DEFAULT_CACHE_CONFIGS, added], 'reports', { maxEntries: 2 });
    expect(list.at(-1)?.strategy.options).toEqual({ cacheName: 'reports', maxEntries: 2 });
    expect(list.slice(0, 3)).toEqual(DEFAULT_CACHE_CONFIGS);
  });

  it('shows ages in their largest whole unit, in the reader language', () => {
    expect(formatAge(7 * 24 * 3_600_000, 'en')).toBe('7 days');
    expect(formatAge(5 * 60_000, 'en')).toBe('5 minutes');
    expect(formatAge(90 * 60_000, 'en')).toBe('90 minutes');
    expect(formatAge(3_000, 'en')).toBe('3 seconds');
    expect(formatAge(3_600_000, 'vi')).toBe('1 giờ');
  });

  it("summarises a configuration's limits, the built-in API one's included", () => {
    expect(limitsSummary(DEFAULT_CACHE_CONFIGS[1] as CacheConfig, 'en')).toEqual({
      maxEntries: 50,
      maxAge: '5 minutes',
      networkTimeout: '3 seconds',
    });
    expect(limitsSummary(added, 'en')).toEqual({});
  });
});
