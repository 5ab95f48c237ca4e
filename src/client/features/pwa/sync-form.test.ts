import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_CONFIG, validateSyncConfig } from '../../../domain/sync-config';
import { fieldError, fromFormText, parseFormNumber, toFormText } from './sync-form';

describe('the sync settings form', () => {
  it('shows the configuration in the dialog units: hours and seconds', () => {
    expect(toFormText(DEFAULT_SYNC_CONFIG)).toEqual({
      immediate: true,
      batchSize: '10',
      maxAgeHours: '1',
      intervalsSeconds: ['30', '120', '300'],
      retryIntervalsSeconds: ['5', '30', '120'],
    });
  });

  it('turns the typed text back into the same configuration', () => {
    expect(fromFormText(toFormText(DEFAULT_SYNC_CONFIG))).toEqual(DEFAULT_SYNC_CONFIG);
    expect(fromFormText({ ...toFormText(DEFAULT_SYNC_CONFIG), maxAgeHours: '1,5' }).maxAge).toBe(5_400_000);
  });

  it('reads a blank or non-numeric field as NaN, which the range check refuses', () => {
    expect(parseFormNumber(' ')).toBeNaN();
    expect(parseFormNumber('abc')).toBeNaN();
    expect(parseFormNumber(' 12 ')).toBe(12);
    const errors = validateSyncConfig(fromFormText({ ...toFormText(DEFAULT_SYNC_CONFIG), batchSize: '' }));
    expect(errors.map((e) => e.field)).toEqual(['batchSize']);
  });

  it('finds the error of one entry of a list, and a whole-list error for every entry', () => {
    const config = fromFormText({
      ...toFormText(DEFAULT_SYNC_CONFIG),
      intervalsSeconds: ['30', '4', '300'],
    });
    const errors = validateSyncConfig(config);
    expect(fieldError(errors, 'intervals', 1)?.code).toBe('syncConfig.errors.interval');
    expect(fieldError(errors, 'intervals', 0)).toBeUndefined();
    expect(fieldError(errors, 'batchSize')).toBeUndefined();
    const count = validateSyncConfig({ ...DEFAULT_SYNC_CONFIG, retryIntervals: [1000] });
    expect(fieldError(count, 'retryIntervals', 2)?.code).toBe('syncConfig.errors.retryIntervalCount');
  });
});
