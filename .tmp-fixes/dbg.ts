import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { syncSchedulerMachine } from '/work/main/machines/sync-scheduler/sync-scheduler.machine';
const clock = new SimulatedClock();
const EMPTY = { totalRequests: 0, pendingRequests: 0, failedRequests: 0, pendingRetries: 0, heldRequests: 0, pendingWrites: 0, failedWrites: 0, nextRetryInMs: 5000 };
let n = 0;
const m = syncSchedulerMachine.provide({
  actors: {
    purgeExpired: fromPromise(async () => ({ purged: 0, stats: EMPTY })),
    flushQueue: fromPromise(async () => ({ attempted: 1, succeeded: 0, failed: 1, stats: EMPTY, finishedAt: 0 })),
    readQueueStats: fromPromise(async () => EMPTY),
  },
  actions: { persistConfig: () => {}, forwardForceSync: () => {} },
});
const a = createActor(m, { input: { now: () => clock.now() }, clock, inspect: (e) => { if (e.type === '@xstate.event' && ++n < 40) console.log('ev', (e as any).event.type); } }).start();
setTimeout(() => { console.log(JSON.stringify(a.getSnapshot().value), a.getSnapshot().context.due); process.exit(0); }, 50);
