import { describe, expect, it } from 'vitest';
import { formatAge, summariseFailed } from './failed-requests';

const failedSale = {
  id: 12,
  url: 'https://till.example/api/pos/sales?store_id=1',
  method: 'post',
  tags: ['order' as const, 'failed' as const],
  retryCount: 3,
  timestamp: 1_000_000,
  lastAttemptAt: 1_200_000,
  lastError: 'HTTP 500: Internal Server Error',
};

describe('failed requests as the sync tab lists them', () => {
  it('shows method, path, tags, attempts, the last error and when it was queued', () => {
    expect(summariseFailed(failedSale, 'https://till.example')).toEqual({
      id: 12,
      method: 'POST',
      path: '/api/pos/sales?store_id=1',
      tags: ['order'],
      attempts: 4,
      lastError: 'HTTP 500: Internal Server Error',
      queuedAt: 1_000_000,
      lastAttemptAt: 1_200_000,
    });
  });

  it('a request marked failed without a send counts no attempt and no error', () => {
    const { lastAttemptAt: _at, lastError: _error, ...never } = failedSale;
    expect(
      summariseFailed({ ...never, retryCount: 0, url: '/api/payments/sale' }, 'https://till.example'),
    ).toMatchObject({ path: '/api/payments/sale', attempts: 0, lastError: null, lastAttemptAt: null });
  });

  it('an age reads in the largest whole unit', () => {
    expect(formatAge(59_000)).toEqual({ unit: 'second', value: 59 });
    expect(formatAge(61_000)).toEqual({ unit: 'minute', value: 1 });
    expect(formatAge(3 * 3_600_000 + 5)).toEqual({ unit: 'hour', value: 3 });
    expect(formatAge(50 * 3_600_000)).toEqual({ unit: 'day', value: 2 });
    expect(formatAge(-5)).toEqual({ unit: 'second', value: 0 });
  });
});
