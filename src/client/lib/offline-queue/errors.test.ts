import { describe, expect, it } from 'vitest';
import { httpErrorMessage, isOfflineQueueError, OfflineQueueError } from './errors';

describe('offline queue errors', () => {
  it('carry the exact texts of the spec', () => {
    expect(new OfflineQueueError('queue-full').message).toBe('Offline queue is full');
    expect(new OfflineQueueError('offline').message).toBe('Cannot sync while offline');
    expect(new OfflineQueueError('not-found').message).toBe('Request not found');
  });

  it('formats a failed replay as HTTP {status}: {statusText}', () => {
    expect(httpErrorMessage(503, 'Service Unavailable')).toBe('HTTP 503: Service Unavailable');
  });

  it('are recognised by code', () => {
    const error = new OfflineQueueError('not-found');
    expect(isOfflineQueueError(error)).toBe(true);
    expect(isOfflineQueueError(error, 'not-found')).toBe(true);
    expect(isOfflineQueueError(error, 'offline')).toBe(false);
    expect(isOfflineQueueError(new Error('Request not found'))).toBe(false);
  });
});
