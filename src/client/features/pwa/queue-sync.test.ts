import { describe, expect, it } from 'vitest';
import { replayHeaders, toFlushOutput } from './queue-sync';

const stats = { totalRequests: 4, pendingRequests: 3, failedRequests: 1, pendingRetries: 2 };

describe('queue sync glue', () => {
  it('reports a flush run as the scheduler counts it: attempted, succeeded, failed, the queue after', () => {
    expect(toFlushOutput({ sent: 8, failed: 2 }, stats, 1_700_000_000_000)).toEqual({
      attempted: 10,
      succeeded: 8,
      failed: 2,
      stats,
      finishedAt: 1_700_000_000_000,
    });
  });

  it('replays with the current token only for the person who queued the request', () => {
    const request = {
      headers: { authorization: 'Bearer old', 'idempotency-key': 'k1' },
      context: { userId: 7 },
    };
    expect(replayHeaders(request, { userId: 7, token: 'new' })).toEqual({
      authorization: 'Bearer new',
      'idempotency-key': 'k1',
    });
    expect(replayHeaders(request, { userId: 8, token: 'new' })).toBeUndefined();
    expect(replayHeaders(request, { userId: null, token: null })).toBeUndefined();
    expect(replayHeaders({ headers: {} }, { userId: 7, token: 'new' })).toBeUndefined();
  });
});
