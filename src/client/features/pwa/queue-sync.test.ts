import { describe, expect, it } from 'vitest';
import { countsDiffer, replayHeaders, toFlushOutput, toSchedulerStats } from './queue-sync';

const stats = {
  totalRequests: 4,
  pendingRequests: 3,
  failedRequests: 1,
  pendingRetries: 2,
  heldRequests: 0,
  pendingWrites: 3,
  failedWrites: 1,
  nextRetryInMs: null,
};

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

  it('a run that held requests for a sign-in counts them as attempted: the drain goes on with the others', () => {
    expect(toFlushOutput({ sent: 1, failed: 0, held: 9 }, stats, 5)).toMatchObject({
      attempted: 10,
      succeeded: 1,
      failed: 0,
    });
  });

  it("gives the scheduler the queue's counts and how long until the earliest retry is due", () => {
    const queue = {
      totalRequests: 6,
      pendingRequests: 4,
      failedRequests: 2,
      heldRequests: 1,
      pendingWrites: 3,
      failedWrites: 1,
      nextAttemptAt: 1_005_000,
    };
    expect(toSchedulerStats(queue, 2, 1_000_000)).toEqual({
      totalRequests: 6,
      pendingRequests: 4,
      failedRequests: 2,
      pendingRetries: 2,
      heldRequests: 1,
      pendingWrites: 3,
      failedWrites: 1,
      nextRetryInMs: 5_000,
    });
    expect(toSchedulerStats({ ...queue, nextAttemptAt: null }, 0, 1_000_000).nextRetryInMs).toBeNull();
  });

  it('tells the scheduler of counts that changed elsewhere, not of the same counts read again', () => {
    expect(countsDiffer(stats, null)).toBe(true);
    expect(countsDiffer({ ...stats, nextRetryInMs: 4_000 }, { ...stats, nextRetryInMs: 5_000 })).toBe(false);
    expect(countsDiffer({ ...stats, failedRequests: 2, failedWrites: 2 }, stats)).toBe(true);
    expect(countsDiffer({ ...stats, pendingRetries: 3 }, stats)).toBe(true);
    expect(countsDiffer({ ...stats, heldRequests: 1 }, stats)).toBe(true);
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
