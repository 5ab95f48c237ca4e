/**
 * Path tests of the sync scheduler (docs/architecture.md#statecharts, ADR 003): paths generated from the real
 * machine prove every state reached and every transition taken, and each is replayed on a real actor. Delayed
 * events are sent, not clocked (see timed-path-replay.ts): the schedule's three timers and the health check
 * run side by side.
 *
 * Graph nodes are the state value plus the flags the guards read (rerun, forced), not the stats and times the
 * runs record, nor the configuration (a valid update only changes numbers the paths do not depend on).
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { syncSchedulerMachine } from './sync-scheduler.machine';
import type { QueueStats, SyncSchedulerContext, SyncSchedulerEvent } from './sync-scheduler.types';
import { replayTimedPath } from '../../tests/support/machines/timed-path-replay';

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
const MORE: QueueStats = { ...EMPTY, totalRequests: 30, pendingRequests: 20 };
/** A request failed and waits 5 s for its retry: the chart arms its wake-up. */
const RETRYING: QueueStats = { ...EMPTY, totalRequests: 1, pendingRequests: 1, nextRetryInMs: 5_000 };

const machine = syncSchedulerMachine.provide({
  actions: { persistConfig: () => {}, forwardForceSync: () => {} },
});

const userEvents: SyncSchedulerEvent[] = [
  { type: 'network.online' },
  { type: 'network.offline' },
  { type: 'queue.added' },
  { type: 'app.visible' },
  { type: 'app.focus' },
  { type: 'sync.force' },
  { type: 'sync.pause' },
  { type: 'sync.resume' },
  { type: 'leader.acquired' },
  { type: 'leader.lost' },
  { type: 'config.update', config: { batchSize: 20 } },
  { type: 'config.update', config: { batchSize: 0 } },
  { type: 'sync.due', reason: 'scheduled' },
  { type: 'config.applied' },
  { type: 'queue.counted', stats: RETRYING },
];

const actorEvents = [
  doneEvent('purgeExpired', { purged: 1, stats: EMPTY }),
  errorEvent('purgeExpired', new Error('IndexedDB blocked')),
  doneEvent('flushQueue', { attempted: 10, succeeded: 10, failed: 0, stats: MORE, finishedAt: 1 }),
  doneEvent('flushQueue', { attempted: 0, succeeded: 0, failed: 0, stats: EMPTY, finishedAt: 1 }),
  doneEvent('flushQueue', { attempted: 1, succeeded: 0, failed: 1, stats: RETRYING, finishedAt: 1 }),
  errorEvent('flushQueue', new Error('IndexedDB closed')),
  doneEvent('readQueueStats', EMPTY),
  doneEvent('readQueueStats', RETRYING),
  errorEvent('readQueueStats', new Error('QuotaExceededError')),
];

describeMachinePaths(machine, {
  events: [...userEvents, ...actorEvents],
  facts: ({ context }: { context: SyncSchedulerContext }) => [context.rerun, context.forced],
  minimal: true,
  replay: replayTimedPath,
  starts: [
    { name: 'starting online', input: { online: true } },
    { name: 'starting offline', input: { online: false } },
  ],
});
