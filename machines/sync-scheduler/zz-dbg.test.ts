import { it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { syncSchedulerMachine } from '/work/main/machines/sync-scheduler/sync-scheduler.machine';
it('dbg', async () => {
  const clock = new SimulatedClock();
  const EMPTY = { totalRequests: 0, pendingRequests: 0, failedRequests: 0, pendingRetries: 0, heldRequests: 0, pendingWrites: 0, failedWrites: 0, nextRetryInMs: 5000 };
  const m = syncSchedulerMachine.provide({
    actors: {
      purgeExpired: fromPromise(async () => ({ purged: 0, stats: EMPTY })),
      flushQueue: fromPromise(async () => ({ attempted: 1, succeeded: 0, failed: 1, stats: EMPTY, finishedAt: 0 })),
      readQueueStats: fromPromise(async () => EMPTY),
    },
    actions: { persistConfig: () => {}, forwardForceSync: () => {} },
  });
  const a = createActor(m, { input: { now: () => clock.now() }, clock }).start();
  await new Promise((r) => setTimeout(r, 10));
  console.log(JSON.stringify(a.getSnapshot().value), a.getSnapshot().context.stats, a.getSnapshot().context.due);
});
