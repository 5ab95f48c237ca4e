import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { DEFAULT_SYNC_CONFIG } from '../../src/domain/sync-config';
import type { SyncConfig } from '../../src/domain/sync-config';
import { syncSchedulerMachine } from './sync-scheduler.machine';
import {
  selectCanForceSync,
  selectConfigErrors,
  selectHealth,
  selectIsSyncing,
  selectQueueCounts,
  selectSyncError,
  selectSyncStatus,
  selectUnsyncedCount,
} from './sync-scheduler.selectors';
import type {
  FlushQueueInput,
  FlushQueueOutput,
  PurgeExpiredInput,
  PurgeExpiredOutput,
  QueueStats,
  SyncSchedulerInput,
} from './sync-scheduler.types';

const EMPTY: QueueStats = {
  totalRequests: 0,
  pendingRequests: 0,
  failedRequests: 0,
  pendingRetries: 0,
  heldRequests: 0,
  pendingWrites: 0,
  failedWrites: 0,
  nextRetryInMs: null,
};

interface Pending<TInput, TOutput> {
  input: TInput;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Fake queue actors on a simulated clock. By default every run answers at once with an empty queue; pass
 * `manual` to settle runs by hand.
 */
function harness(input: SyncSchedulerInput = {}, options: { manual?: boolean; stats?: QueueStats } = {}) {
  const clock = new SimulatedClock();
  const purges: PurgeExpiredInput[] = [];
  const runs: Array<Pending<FlushQueueInput, FlushQueueOutput>> = [];
  const statsReads: Array<Pending<undefined, QueueStats>> = [];
  const persisted: SyncConfig[] = [];
  let forwarded = 0;
  const machine = syncSchedulerMachine.provide({
    actors: {
      purgeExpired: fromPromise<PurgeExpiredOutput, PurgeExpiredInput>(async ({ input: purge }) => {
        purges.push(purge);
        return { purged: 2, stats: options.stats ?? EMPTY };
      }),
      flushQueue: fromPromise<FlushQueueOutput, FlushQueueInput>(
        ({ input: run }) =>
          new Promise((resolve, reject) => {
            runs.push({ input: run, resolve, reject });
            if (!options.manual) {
              resolve({ attempted: 0, succeeded: 0, failed: 0, stats: EMPTY, finishedAt: clock.now() });
            }
          }),
      ),
      readQueueStats: fromPromise<QueueStats>(
        () => new Promise((resolve, reject) => statsReads.push({ input: undefined, resolve, reject })),
      ),
    },
    actions: {
      persistConfig: (_, params) => {
        persisted.push(params.config);
      },
      forwardForceSync: () => {
        forwarded += 1;
      },
    },
  });
  const actor = createActor(machine, { input: { now: () => clock.now(), ...input }, clock }).start();
  /** Advances the clock in small steps, letting the fake runs answer between timers as real ones would. */
  const advance = async (ms: number, step = 1_000) => {
    for (let done = 0; done < ms; done += step) {
      clock.increment(Math.min(step, ms - done));
      await settle();
    }
  };
  const becomeLeader = async () => {
    actor.send({ type: 'leader.acquired' });
    await settle();
  };
  return {
    actor,
    clock,
    purges,
    runs,
    statsReads,
    persisted,
    advance,
    becomeLeader,
    forwarded: () => forwarded,
    reasons: () => runs.map((r) => r.input.reason),
  };
}

describe('start', () => {
  it('purges low-priority requests older than max age at start and the health status starts healthy', async () => {
    const h = harness({ config: { ...DEFAULT_SYNC_CONFIG, maxAge: 7_200_000 } });
    expect(selectHealth(h.actor.getSnapshot())).toBe('healthy');
    expect(selectIsSyncing(h.actor.getSnapshot())).toBe(true);
    await settle();
    expect(h.purges).toEqual([{ maxAge: 7_200_000 }]);
    expect(selectIsSyncing(h.actor.getSnapshot())).toBe(false);
  });

  it('a follower never flushes, whatever the triggers', async () => {
    const h = harness();
    await settle();
    h.actor.send({ type: 'queue.added' });
    h.actor.send({ type: 'app.visible' });
    h.actor.send({ type: 'app.focus' });
    h.actor.send({ type: 'network.offline' });
    h.actor.send({ type: 'network.online' });
    await h.advance(600_000, 10_000);
    expect(h.runs).toEqual([]);
  });

  it('the tab that becomes leader syncs at once, one batch of 10 with the retry intervals', async () => {
    const h = harness();
    await settle();
    await h.becomeLeader();
    expect(h.runs.map((r) => r.input)).toEqual([
      { batchSize: 10, retryIntervals: [5_000, 30_000, 120_000], reason: 'leader' },
    ]);
  });

  it('a tab already leader when the purge ends runs the start sync; offline at start it does not', async () => {
    const online = harness({}, { manual: true });
    online.actor.send({ type: 'leader.acquired' });
    await settle();
    expect(online.reasons()).toEqual(['start']);

    const offline = harness({ online: false }, { manual: true });
    offline.actor.send({ type: 'leader.acquired' });
    await settle();
    expect(offline.runs).toEqual([]);
    expect(selectSyncStatus(offline.actor.getSnapshot(), 0).isOnline).toBe(false);
  });
});

describe('immediate sync', () => {
  it('runs 100 ms after a request is queued, once for a burst', async () => {
    const h = harness();
    await settle();
    await h.becomeLeader();
    h.runs.length = 0;
    h.actor.send({ type: 'queue.added' });
    h.actor.send({ type: 'queue.added' });
    await h.advance(99, 99);
    expect(h.runs).toEqual([]);
    await h.advance(1, 1);
    expect(h.reasons()).toEqual(['immediate']);
  });

  it('waits for the schedule when immediate sync is off', async () => {
    const h = harness({ config: { ...DEFAULT_SYNC_CONFIG, immediate: false } });
    await settle();
    await h.becomeLeader();
    h.runs.length = 0;
    h.actor.send({ type: 'queue.added' });
    await h.advance(1_000, 100);
    expect(h.runs).toEqual([]);
    await h.advance(29_000);
    expect(h.reasons()).toEqual(['scheduled']);
  });

  it('a request queued during a run starts one more run when it ends', async () => {
    const h = harness({}, { manual: true });
    await settle();
    await h.becomeLeader();
    h.actor.send({ type: 'queue.added' });
    h.actor.send({ type: 'app.focus' });
    h.runs[0]?.resolve({ attempted: 0, succeeded: 0, failed: 0, stats: EMPTY, finishedAt: 1 });
    await settle();
    expect(h.reasons()).toEqual(['leader', 'continue']);
    h.runs[1]?.resolve({ attempted: 0, succeeded: 0, failed: 0, stats: EMPTY, finishedAt: 2 });
    await settle();
    expect(h.runs).toHaveLength(2);
  });
});

describe('scheduled syncs', () => {
  it('run at 30 s, 2 min and 5 min by default, each interval its own repeating timer', async () => {
    const h = harness();
    await settle();
    await h.becomeLeader();
    h.runs.length = 0;
    await h.advance(300_000);
    // First timer every 30 s (10 runs); at 120, 240 and 300 s another timer fires in the same instant and is
    // remembered as one more run after the one in flight.
    expect(h.reasons().filter((r) => r === 'scheduled')).toHaveLength(10);
    expect(h.reasons().filter((r) => r === 'continue')).toHaveLength(3);
  });

  it('intervals that never coincide each start their own run', async () => {
    const h = harness({ config: { ...DEFAULT_SYNC_CONFIG, intervals: [20_000, 45_000, 3_600_000] } });
    await settle();
    await h.becomeLeader();
    h.runs.length = 0;
    await h.advance(60_000);
    expect(h.runs.map((r) => r.input.reason)).toEqual(['scheduled', 'scheduled', 'scheduled', 'scheduled']);
  });

  it('coming online, becoming visible and getting focus each start a run', async () => {
    const h = harness({ online: false });
    await settle();
    await h.becomeLeader();
    expect(h.runs).toEqual([]);
    h.actor.send({ type: 'network.online' });
    await settle();
    h.actor.send({ type: 'app.visible' });
    await settle();
    h.actor.send({ type: 'app.focus' });
    await settle();
    expect(h.reasons()).toEqual(['online', 'visible', 'focus']);
  });
});

describe('batches', () => {
  it('a full batch that delivered while more is pending is followed at once by the next batch', async () => {
    const h = harness({}, { manual: true });
    await settle();
    await h.becomeLeader();
    const more = { ...EMPTY, totalRequests: 25, pendingRequests: 15 };
    h.runs[0]?.resolve({ attempted: 10, succeeded: 10, failed: 0, stats: more, finishedAt: 1 });
    await settle();
    h.runs[1]?.resolve({
      attempted: 10,
      succeeded: 10,
      failed: 0,
      stats: { ...more, pendingRequests: 5 },
      finishedAt: 2,
    });
    await settle();
    h.runs[2]?.resolve({ attempted: 5, succeeded: 5, failed: 0, stats: EMPTY, finishedAt: 3 });
    await settle();
    expect(h.reasons()).toEqual(['leader', 'continue', 'continue']);
    expect(selectSyncStatus(h.actor.getSnapshot(), 3).lastSyncTime).toBe(3);
  });

  it('a batch that delivered nothing stops the drain: the requests wait for their retry intervals', async () => {
    const h = harness({}, { manual: true });
    await settle();
    await h.becomeLeader();
    const stuck = { ...EMPTY, totalRequests: 40, pendingRequests: 40, pendingWrites: 38, pendingRetries: 10 };
    h.runs[0]?.resolve({ attempted: 10, succeeded: 0, failed: 10, stats: stuck, finishedAt: 1 });
    await settle();
    expect(h.runs).toHaveLength(1);
    expect(selectSyncStatus(h.actor.getSnapshot(), 1).pendingRetries).toBe(10);
    // The writes only (the indicator counts pending writes; two of the 40 are queued reads).
    expect(selectUnsyncedCount(h.actor.getSnapshot())).toBe(38);
  });

  it('losing leadership during a run lets the batch finish but starts no next batch', async () => {
    const h = harness({}, { manual: true });
    await settle();
    await h.becomeLeader();
    h.actor.send({ type: 'leader.lost' });
    const more = { ...EMPTY, totalRequests: 30, pendingRequests: 20 };
    h.runs[0]?.resolve({ attempted: 10, succeeded: 10, failed: 0, stats: more, finishedAt: 1 });
    await settle();
    expect(h.runs).toHaveLength(1);
    expect(selectQueueCounts(h.actor.getSnapshot())).toEqual({
      totalRequests: 30,
      pendingRequests: 20,
      failedRequests: 0,
    });
  });

  it('a run that throws keeps its message and the scheduler goes on', async () => {
    const h = harness({}, { manual: true });
    await settle();
    await h.becomeLeader();
    h.runs[0]?.reject(new Error('IndexedDB is closed'));
    await settle();
    expect(selectSyncError(h.actor.getSnapshot())).toEqual({
      code: 'sync.errors.syncFailed',
      message: 'IndexedDB is closed',
    });
    h.actor.send({ type: 'app.focus' });
    await settle();
    expect(h.runs).toHaveLength(2);
  });
});

describe('force sync and pause', () => {
  it("refuses a forced sync offline with 'Cannot sync while offline'", async () => {
    const h = harness({ online: false });
    await settle();
    await h.becomeLeader();
    expect(selectCanForceSync(h.actor.getSnapshot())).toBe(false);
    h.actor.send({ type: 'sync.force' });
    expect(selectSyncError(h.actor.getSnapshot())).toEqual({
      code: 'sync.errors.offline',
      message: 'Cannot sync while offline',
    });
    expect(h.runs).toEqual([]);
  });

  it('a follower forwards a forced sync to the leader instead of flushing', async () => {
    const h = harness();
    await settle();
    h.actor.send({ type: 'sync.force' });
    expect(h.forwarded()).toBe(1);
    expect(h.runs).toEqual([]);
  });

  it('pause stops automatic runs, force still runs, resume syncs at once', async () => {
    const h = harness();
    await settle();
    await h.becomeLeader();
    h.runs.length = 0;
    h.actor.send({ type: 'sync.pause' });
    h.actor.send({ type: 'queue.added' });
    h.actor.send({ type: 'app.focus' });
    await h.advance(300_000, 10_000);
    expect(h.runs).toEqual([]);
    expect(selectSyncStatus(h.actor.getSnapshot(), h.clock.now()).activeIntervals).toBe(0);
    h.actor.send({ type: 'sync.force' });
    await settle();
    expect(h.reasons()).toEqual(['force']);
    h.actor.send({ type: 'sync.resume' });
    await settle();
    expect(h.reasons()).toEqual(['force', 'resume']);
  });

  it('a forced sync during the purge at start runs as soon as the purge ends, even paused', async () => {
    const h = harness({}, { manual: true });
    h.actor.send({ type: 'leader.acquired' });
    h.actor.send({ type: 'sync.pause' });
    h.actor.send({ type: 'sync.force' });
    await settle();
    expect(h.reasons()).toEqual(['start']);
  });
});

describe('health check', () => {
  it('reads the queue every 60 s: failed requests degrade it, a full queue or an unreadable one is unhealthy', async () => {
    const h = harness();
    await settle();
    await h.advance(59_000);
    expect(h.statsReads).toHaveLength(0);
    await h.advance(1_000);
    expect(h.statsReads).toHaveLength(1);
    h.statsReads[0]?.resolve({ ...EMPTY, totalRequests: 3, failedRequests: 1 });
    await settle();
    expect(selectHealth(h.actor.getSnapshot())).toBe('degraded');
    await h.advance(60_000);
    h.statsReads[1]?.resolve({ ...EMPTY, totalRequests: 1000, pendingRequests: 1000 });
    await settle();
    expect(selectHealth(h.actor.getSnapshot())).toBe('unhealthy');
    await h.advance(60_000);
    h.statsReads[2]?.resolve(EMPTY);
    await settle();
    expect(selectHealth(h.actor.getSnapshot())).toBe('healthy');
    await h.advance(60_000);
    h.statsReads[3]?.reject(new Error('QuotaExceededError'));
    await settle();
    expect(selectHealth(h.actor.getSnapshot())).toBe('unhealthy');
  });
});

describe('counts read by the app', () => {
  it('a change made elsewhere (another tab, the worker) updates the health and re-arms the retry wake-up', async () => {
    const h = harness();
    await settle();
    await h.becomeLeader();
    h.runs.length = 0;
    h.actor.send({
      type: 'queue.counted',
      stats: { ...EMPTY, totalRequests: 3, failedRequests: 1, pendingRequests: 2, nextRetryInMs: 5_000 },
    });
    expect(selectHealth(h.actor.getSnapshot())).toBe('degraded');
    expect(selectQueueCounts(h.actor.getSnapshot())).toEqual({
      totalRequests: 3,
      pendingRequests: 2,
      failedRequests: 1,
    });
    await h.advance(5_100, 100);
    expect(h.reasons()).toEqual(['retry']);
  });
});

describe('configuration', () => {
  it('a valid update is applied, persisted and restarts the timers with the new intervals', async () => {
    const h = harness();
    await settle();
    await h.becomeLeader();
    await h.advance(20_000);
    h.runs.length = 0;
    h.actor.send({
      type: 'config.update',
      config: { intervals: [60_000, 600_000, 3_600_000], batchSize: 25 },
    });
    expect(h.persisted).toEqual([
      { ...DEFAULT_SYNC_CONFIG, intervals: [60_000, 600_000, 3_600_000], batchSize: 25 },
    ]);
    await h.advance(59_000);
    expect(h.runs).toEqual([]);
    await h.advance(1_000);
    expect(h.runs.map((r) => [r.input.reason, r.input.batchSize])).toEqual([['scheduled', 25]]);
  });

  it('an invalid update keeps the configuration and shows the errors until a valid one', async () => {
    const h = harness();
    await settle();
    h.actor.send({ type: 'config.update', config: { batchSize: 51 } });
    expect(h.persisted).toEqual([]);
    expect(h.actor.getSnapshot().context.config.batchSize).toBe(10);
    expect(selectConfigErrors(h.actor.getSnapshot()).map((e) => e.message)).toEqual([
      'Batch size must be a whole number between 1 and 50',
    ]);
    h.actor.send({ type: 'config.update', config: { batchSize: 50 } });
    expect(selectConfigErrors(h.actor.getSnapshot())).toEqual([]);
  });
});

describe('retry wake-up', () => {
  it('wakes when the earliest retry falls due (5 s), not at the next 30 s timer', async () => {
    const h = harness({}, { manual: true });
    await settle();
    await h.becomeLeader();
    const retrying = {
      ...EMPTY,
      totalRequests: 1,
      pendingRequests: 1,
      pendingRetries: 1,
      nextRetryInMs: 5_000,
    };
    h.runs[0]?.resolve({ attempted: 1, succeeded: 0, failed: 1, stats: retrying, finishedAt: 0 });
    await settle();
    await h.advance(5_000, 100);
    expect(h.reasons()).toEqual(['leader']);
    await h.advance(100, 10);
    expect(h.reasons()).toEqual(['leader', 'retry']);
  });

  it('the health check re-arms it from the counts it reads (another tab or the worker queued a retry)', async () => {
    const h = harness({ config: { ...DEFAULT_SYNC_CONFIG, intervals: [3_600_000, 3_600_000, 3_600_000] } });
    await settle();
    await h.becomeLeader();
    h.runs.length = 0;
    await h.advance(60_000);
    h.statsReads[0]?.resolve({ ...EMPTY, totalRequests: 1, pendingRequests: 1, nextRetryInMs: 30_000 });
    await settle();
    await h.advance(29_000);
    expect(h.runs).toEqual([]);
    await h.advance(1_100, 100);
    expect(h.reasons()).toEqual(['retry']);
  });

  it('nothing waiting for a retry, or a request already due, arms no wake-up: the timers cover those', async () => {
    const h = harness({}, { manual: true });
    await settle();
    await h.becomeLeader();
    h.runs[0]?.resolve({
      attempted: 1,
      succeeded: 0,
      failed: 1,
      stats: { ...EMPTY, totalRequests: 1, pendingRequests: 1, nextRetryInMs: 0 },
      finishedAt: 0,
    });
    await settle();
    expect(h.actor.getSnapshot().matches({ retry: 'idle' })).toBe(true);
    await h.advance(29_000);
    expect(h.reasons()).toEqual(['leader']);
  });
});

describe('status', () => {
  it('estimates the next sync from the timers actually armed: the earliest scheduled sync or retry', async () => {
    const h = harness({}, { manual: true });
    await settle();
    await h.becomeLeader();
    await h.advance(10_000);
    h.runs[0]?.resolve({ attempted: 1, succeeded: 1, failed: 0, stats: EMPTY, finishedAt: 10_000 });
    await settle();
    // The 30 s timer started with the chart, not with the last run: it fires at 30 s, 20 s from now.
    expect(selectSyncStatus(h.actor.getSnapshot(), 10_000)).toEqual({
      isOnline: true,
      activeIntervals: 3,
      pendingRetries: 0,
      nextSyncEstimate: 20_000,
      lastSyncTime: 10_000,
    });
    expect(selectSyncStatus(h.actor.getSnapshot(), 31_000).nextSyncEstimate).toBeLessThanOrEqual(0);

    h.actor.send({ type: 'app.focus' });
    await settle();
    const retrying = {
      ...EMPTY,
      totalRequests: 1,
      pendingRequests: 1,
      pendingRetries: 1,
      nextRetryInMs: 5_000,
    };
    h.runs[1]?.resolve({ attempted: 1, succeeded: 0, failed: 1, stats: retrying, finishedAt: 12_000 });
    await settle();
    expect(selectSyncStatus(h.actor.getSnapshot(), h.clock.now()).nextSyncEstimate).toBe(5_020);
  });

  it('says nothing is scheduled where this tab does not sync (offline, paused or a follower)', async () => {
    const h = harness();
    await settle();
    expect(selectSyncStatus(h.actor.getSnapshot(), 0).nextSyncEstimate).toBeNull();
    await h.becomeLeader();
    h.actor.send({ type: 'sync.pause' });
    expect(selectSyncStatus(h.actor.getSnapshot(), 0).nextSyncEstimate).toBeNull();
  });
});

describe('side effects not provided', () => {
  it('fail loudly', async () => {
    const actor = createActor(syncSchedulerMachine, { input: {} });
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    actor.send({ type: 'config.update', config: { batchSize: 20 } });
    expect(String(errors[0])).toContain("the 'persistConfig' action must be provided");
    actor.stop();
  });
});
