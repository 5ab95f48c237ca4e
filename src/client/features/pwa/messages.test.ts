import { describe, expect, it } from 'vitest';
import { STARTUP_BANNER, WORKER_ERROR } from '../../../domain/constants';
import { errorText, localMessage } from './messages';

/** A t() that shows which key and values it was asked for. */
const t = (key: string, options: Record<string, unknown> = {}) => {
  const { defaultValue: _defaultValue, ...values } = options;
  return Object.keys(values).length ? `${key}${JSON.stringify(values)}` : key;
};

describe('messages', () => {
  it("translates the spec's own texts by their key", () => {
    expect(localMessage(t, STARTUP_BANNER.TIMEOUT)).toBe('pwa.startup.timeout');
    expect(localMessage(t, WORKER_ERROR.CACHE_CLEAR_TIMEOUT)).toBe('pwa.workerErrors.cacheClearTimeout');
  });

  it("keeps the server's status in 'Server error: {status}' and other texts as they came", () => {
    expect(localMessage(t, 'Server error: 503')).toBe('pwa.errors.serverStatus{"status":"503"}');
    expect(localMessage(t, 'Registration failed - push service error')).toBe(
      'Registration failed - push service error',
    );
  });

  it("shows a chart's error through its code, with the translated message and the range in it", () => {
    expect(errorText(t, { code: 'sync.errors.syncFailed', message: WORKER_ERROR.NOT_ACTIVE })).toBe(
      'sync.errors.syncFailed{"message":"pwa.workerErrors.notActive"}',
    );
    expect(
      errorText(t, {
        code: 'syncConfig.errors.batchSize',
        message: 'Batch size …',
        params: { min: 1, max: 50 },
      }),
    ).toBe('syncConfig.errors.batchSize{"min":1,"max":50,"message":"Batch size …"}');
  });
});
