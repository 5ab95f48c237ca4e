import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SYNC_CONFIG,
  fromSyncConfigForm,
  isValidSyncConfig,
  mergeSyncConfig,
  readSyncConfig,
  retryIntervalFor,
  SYNC_CONFIG_MESSAGES,
  toSyncConfigForm,
  updateSyncConfig,
  validateSyncConfig,
} from './sync-config';
import type { SyncConfig } from './sync-config';

const HOUR = 3_600_000;

function withField(patch: Partial<SyncConfig>): SyncConfig {
  return mergeSyncConfig(DEFAULT_SYNC_CONFIG, patch);
}

describe('defaults', () => {
  it("are the spec's: immediate on, syncs at 30 s, 2 min and 5 min, 1 hour max age, 10 per batch, retries 5 s, 30 s, 2 min", () => {
    expect(DEFAULT_SYNC_CONFIG).toEqual({
      immediate: true,
      intervals: [30_000, 120_000, 300_000],
      maxAge: 3_600_000,
      batchSize: 10,
      retryIntervals: [5_000, 30_000, 120_000],
    });
    expect(validateSyncConfig(DEFAULT_SYNC_CONFIG)).toEqual([]);
  });
});

describe('validation ranges (001 §5), bounds inclusive', () => {
  it('batch size 1 to 50, whole numbers only', () => {
    expect(isValidSyncConfig(withField({ batchSize: 1 }))).toBe(true);
    expect(isValidSyncConfig(withField({ batchSize: 50 }))).toBe(true);
    for (const batchSize of [0, 51, 2.5, Number.NaN]) {
      expect(validateSyncConfig(withField({ batchSize }))).toEqual([
        {
          field: 'batchSize',
          code: 'syncConfig.errors.batchSize',
          message: 'Batch size must be a whole number between 1 and 50',
          params: { min: 1, max: 50 },
        },
      ]);
    }
  });

  it('max age 1 to 24 hours', () => {
    expect(isValidSyncConfig(withField({ maxAge: HOUR }))).toBe(true);
    expect(isValidSyncConfig(withField({ maxAge: 24 * HOUR }))).toBe(true);
    expect(validateSyncConfig(withField({ maxAge: HOUR - 1 }))[0]?.message).toBe(
      'Max age must be between 1 and 24 hours',
    );
    expect(validateSyncConfig(withField({ maxAge: 24 * HOUR + 1 }))[0]?.field).toBe('maxAge');
  });

  it('each sync interval 5 to 3600 seconds, naming the entry', () => {
    expect(isValidSyncConfig(withField({ intervals: [5_000, 60_000, 3_600_000] }))).toBe(true);
    expect(validateSyncConfig(withField({ intervals: [4_999, 60_000, 3_600_001] }))).toEqual([
      {
        field: 'intervals',
        index: 0,
        code: 'syncConfig.errors.interval',
        message: 'Sync interval must be between 5 and 3600 seconds',
        params: { min: 5, max: 3600 },
      },
      {
        field: 'intervals',
        index: 2,
        code: 'syncConfig.errors.interval',
        message: 'Sync interval must be between 5 and 3600 seconds',
        params: { min: 5, max: 3600 },
      },
    ]);
  });

  it('each retry interval 1 to 300 seconds', () => {
    expect(isValidSyncConfig(withField({ retryIntervals: [1_000, 1_000, 300_000] }))).toBe(true);
    const errors = validateSyncConfig(withField({ retryIntervals: [999, 5_000, 300_001] }));
    expect(errors.map((e) => [e.field, e.index, e.message])).toEqual([
      ['retryIntervals', 0, 'Retry interval must be between 1 and 300 seconds'],
      ['retryIntervals', 2, 'Retry interval must be between 1 and 300 seconds'],
    ]);
  });

  it('three sync intervals and three retry intervals, as the dialog edits them', () => {
    const errors = validateSyncConfig(withField({ intervals: [30_000], retryIntervals: [] }));
    expect(errors.map((e) => e.message)).toEqual([
      'Exactly 3 sync intervals are required',
      'Exactly 3 retry intervals are required',
    ]);
  });

  it('immediate must be a boolean, and every problem is reported at once', () => {
    const bad = {
      ...DEFAULT_SYNC_CONFIG,
      immediate: 'yes',
      batchSize: 0,
      maxAge: 0,
    } as unknown as SyncConfig;
    expect(validateSyncConfig(bad).map((e) => e.field)).toEqual(['immediate', 'batchSize', 'maxAge']);
    expect(SYNC_CONFIG_MESSAGES.immediate).toBe('Immediate sync must be on or off');
  });
});

describe('updating', () => {
  it('a valid patch gives a new configuration and leaves the old one alone', () => {
    const base = mergeSyncConfig(DEFAULT_SYNC_CONFIG, {});
    const result = updateSyncConfig(base, { batchSize: 25 });
    expect(result).toEqual({ ok: true, config: { ...DEFAULT_SYNC_CONFIG, batchSize: 25 } });
    expect(base.batchSize).toBe(10);
  });

  it('an invalid patch keeps the base and lists the errors', () => {
    const result = updateSyncConfig(DEFAULT_SYNC_CONFIG, { batchSize: 51 });
    expect(result.ok).toBe(false);
    expect(result.config).toBe(DEFAULT_SYNC_CONFIG);
    expect(!result.ok && result.errors.map((e) => e.field)).toEqual(['batchSize']);
  });

  it('merging copies the lists, so editing the result never edits the defaults', () => {
    const copy = mergeSyncConfig(DEFAULT_SYNC_CONFIG, {});
    expect(copy.intervals).not.toBe(DEFAULT_SYNC_CONFIG.intervals);
    expect(copy.retryIntervals).toEqual(DEFAULT_SYNC_CONFIG.retryIntervals);
  });
});

describe('reading a stored configuration', () => {
  it('keeps the valid fields and falls back to the default for each invalid or missing one', () => {
    expect(readSyncConfig({ batchSize: 20, maxAge: -1, intervals: [10_000, 20_000, 40_000] })).toEqual({
      ...DEFAULT_SYNC_CONFIG,
      batchSize: 20,
      intervals: [10_000, 20_000, 40_000],
    });
  });

  it('anything that is not an object gives the defaults', () => {
    expect(readSyncConfig(null)).toEqual(DEFAULT_SYNC_CONFIG);
    expect(readSyncConfig('{"batchSize":3}')).toEqual(DEFAULT_SYNC_CONFIG);
  });
});

describe('retry interval by retry number, the last repeated (000 §9)', () => {
  it('5 s, 30 s, 2 min, then 2 min again', () => {
    expect([1, 2, 3, 4, 9].map((n) => retryIntervalFor(DEFAULT_SYNC_CONFIG, n))).toEqual([
      5_000, 30_000, 120_000, 120_000, 120_000,
    ]);
  });

  it('a retry number below 1 reads the first interval; no intervals read the queue retry delay', () => {
    expect(retryIntervalFor(DEFAULT_SYNC_CONFIG, 0)).toBe(5_000);
    expect(retryIntervalFor({ retryIntervals: [] }, 2)).toBe(5_000);
  });
});

describe('the dialog units', () => {
  it('hours and seconds there and back', () => {
    const form = toSyncConfigForm(DEFAULT_SYNC_CONFIG);
    expect(form).toEqual({
      immediate: true,
      batchSize: 10,
      maxAgeHours: 1,
      intervalsSeconds: [30, 120, 300],
      retryIntervalsSeconds: [5, 30, 120],
    });
    expect(fromSyncConfigForm(form)).toEqual(DEFAULT_SYNC_CONFIG);
  });
});
