/**
 * The limits of a cache configuration in the add dialog of the "Advanced caching" tab
 * (docs/platform.md#caches "Cache config: name; strategy (name, with options cacheName, maxAge, maxEntries,
 * networkTimeout)"), which the service worker applies (src/sw/custom-caches.ts): max entries, max age in
 * minutes and, for NetworkFirst, a network timeout in seconds. Optional: blank means no limit (no timeout:
 * wait for the network). Pure.
 *
 * docs/platform.md#caches checks only name and strategy; a limit that is typed must still be a number the
 * worker can use, so an out-of-range one is refused with the dialog's range message rather than dropped
 * without a word. The bounds are ours: at most a year of age (the browser may evict sooner anyway), a minute
 * of timeout (a request the page waits for longer than that has failed for the person at the till).
 */
import { formatNumber } from '../../lib/format';
import type { CacheConfig, DraftError } from './local-settings';

export interface CacheLimitsDraft {
  maxEntries: string;
  maxAgeMinutes: string;
  networkTimeoutSeconds: string;
}

export const EMPTY_LIMITS: CacheLimitsDraft = {
  maxEntries: '',
  maxAgeMinutes: '',
  networkTimeoutSeconds: '',
};

export type CacheLimits = Pick<
  CacheConfig['strategy']['options'],
  'maxAge' | 'maxEntries' | 'networkTimeout'
>;

export const LIMIT_RANGES = {
  maxEntries: { min: 1, max: 10_000 },
  maxAgeMinutes: { min: 1, max: 525_600 },
  networkTimeoutSeconds: { min: 1, max: 60 },
} as const;

const MINUTE_MS = 60_000;
const SECOND_MS = 1_000;

/** Which limits the strategy has: none without a cache (NetworkOnly), the timeout only for NetworkFirst. */
export function limitFields(strategy: string): (keyof CacheLimitsDraft)[] {
  if (strategy === 'NetworkOnly' || strategy === '') return [];
  return strategy === 'NetworkFirst'
    ? ['maxEntries', 'maxAgeMinutes', 'networkTimeoutSeconds']
    : ['maxEntries', 'maxAgeMinutes'];
}

/** A whole number as typed; anything else (a fraction, a sign, letters) is NaN. */
function whole(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export type LimitsResult = { ok: true; limits: CacheLimits } | { ok: false; errors: DraftError[] };

/** The typed limits of the strategy's fields, in the stored units (ms); others are ignored. */
export function readCacheLimits(strategy: string, draft: CacheLimitsDraft): LimitsResult {
  const errors: DraftError[] = [];
  const values: Partial<Record<keyof CacheLimitsDraft, number>> = {};
  for (const field of limitFields(strategy)) {
    if (!draft[field].trim()) continue;
    const value = whole(draft[field]);
    const { min, max } = LIMIT_RANGES[field];
    if (!Number.isFinite(value) || value < min || value > max) {
      errors.push({ field, code: 'pwa.validation.range', params: { min, max } });
    } else values[field] = value;
  }
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    limits: {
      ...(values.maxEntries === undefined ? {} : { maxEntries: values.maxEntries }),
      ...(values.maxAgeMinutes === undefined ? {} : { maxAge: values.maxAgeMinutes * MINUTE_MS }),
      ...(values.networkTimeoutSeconds === undefined
        ? {}
        : { networkTimeout: values.networkTimeoutSeconds * SECOND_MS }),
    },
  };
}

/** The list with the limits set on the named configuration (the one just added). */
export function withLimits(list: readonly CacheConfig[], name: string, limits: CacheLimits): CacheConfig[] {
  return list.map((config) =>
    config.name === name
      ? { ...config, strategy: { ...config.strategy, options: { ...config.strategy.options, ...limits } } }
      : config,
  );
}

export interface LimitsSummary {
  maxEntries?: number;
  /** The max age in the reader's language, in its largest whole unit: "7 days", "5 min". */
  maxAge?: string;
  networkTimeout?: string;
}

const AGE_UNITS = [
  { unit: 'day', ms: 24 * 60 * MINUTE_MS },
  { unit: 'hour', ms: 60 * MINUTE_MS },
  { unit: 'minute', ms: MINUTE_MS },
  { unit: 'second', ms: SECOND_MS },
] as const;

export function formatAge(ms: number, language: string): string {
  const { unit, ms: size } = AGE_UNITS.find((u) => ms >= u.ms && ms % u.ms === 0) ?? AGE_UNITS[3];
  return formatNumber(Math.max(0, Math.round(ms / size)), language, {
    style: 'unit',
    unit,
    unitDisplay: 'long',
  });
}

/** What the configurations table shows of a configuration's limits. */
export function limitsSummary(config: CacheConfig, language: string): LimitsSummary {
  const { maxEntries, maxAge, networkTimeout } = config.strategy.options;
  return {
    ...(maxEntries === undefined ? {} : { maxEntries }),
    ...(maxAge === undefined ? {} : { maxAge: formatAge(maxAge, language) }),
    ...(networkTimeout === undefined ? {} : { networkTimeout: formatAge(networkTimeout, language) }),
  };
}
