/**
 * The offline sync scheduler (docs/architecture.md#statecharts "offline sync scheduler",
 * docs/offline.md#the-queue; docs/offline.md#sync-settings): decides when this tab sends the next batch of
 * the offline request queue. Parallel regions, each one fact:
 *
 *   network     online ⇄ offline                    (network.online / network.offline)
 *   leadership  follower ⇄ leader                   (leader.acquired / leader.lost: one tab flushes)
 *   control     running ⇄ paused                    (sync.pause / sync.resume)
 *   sync        purging ─▶ ready ─▶ idle ⇄ immediate ─▶ flushing ⟲ (next batch) ─▶ idle
 *   schedule    first | second | third              (one repeating timer per configured interval)
 *   retry       idle ⇄ waiting                      (wakes when the earliest waiting retry falls due)
 *   health      waiting ─▶ checking ─▶ waiting      (every 60 s)
 *
 * Why it is shaped so:
 * - Every trigger of the spec (scheduled timers, coming online, becoming leader, resume, visibility, focus,
 *   force) raises one internal `sync.due`; only the sync region decides, with one guard (`mayFlush`: online,
 *   leader, and running or forced). A trigger that arrives while a run is in flight is remembered (`rerun`)
 *   instead of lost, and a trigger that may not run now is dropped: the next timer, reconnect or focus brings
 *   it back, so no state has to queue triggers.
 * - Only the leader flushes (a Web Lock or BroadcastChannel leader; the app owns the election and
 *   sends leader.*). Every tab starts as a follower, so two tabs never send the same batch; the Idempotency-Key
 *   of each request is the second guard if leadership ever overlaps.
 * - "Immediate sync 100 ms after queueing when online": queue.added waits in `immediate` for 100 ms, so a burst
 *   of writes (a sale and its payments) goes in one batch. It needs the `immediate` setting on.
 * - Scheduled syncs: one repeating timer per configured interval (30 s, 2 min, 5 min by default;
 *   docs/offline.md#sync-settings calls them "multiple intervals"). The queue's "sync interval 30 s"
 *   (docs/offline.md#the-queue) is the first of them, not a fourth timer: that one would fire at the same
 *   moments by default and override a longer interval someone chose. A valid config.update restarts the
 *   timers so the new intervals apply at once.
 * - A run sends one batch (batchSize). A full batch that delivered something while more is pending starts the
 *   next batch at once (sync-scheduler.rules.ts): draining 1,000 sales must not wait for a timer per 10.
 * - Retries are the queue's: each failed request carries its retry count and next-try time (5 s, 30 s, 2 min,
 *   the last repeated) and the flush actor sends only those that are due. The scheduler wakes up when the
 *   earliest of them falls due (the `retry` region, armed from the counts every run, the purge, the health
 *   check and the app's own reads (`queue.counted`) record: `nextRetryInMs`), so a 5 s retry is not left waiting for the next 30 s timer. A request due
 *   already (left by a run that could not reach the server) arms nothing: the timers bring it back, and a
 *   server that is down is not asked again in a loop.
 * - The status card's "next sync" is the earliest armed timer: each timer records when it fires (`due`, on
 *   the chart's clock `now`), since the timers run from their own start, not from the last run.
 * - Purge at start: low-priority requests older than maxAge are purged once, before the first run
 *   (docs/offline.md#the-queue). The purge itself never touches payments or orders (docs/offline.md); that
 *   rule is the queue's.
 * - Force sync ("Force sync now", docs/offline.md#sync-settings): offline it is refused with 'Cannot sync
 *   while offline' (docs/offline.md#the-queue); in a follower it is forwarded to the leader
 *   (forwardForceSync); otherwise it runs even while paused.
 * - Side effects are actors (purgeExpired, flushQueue, readQueueStats) and actions (persistConfig,
 *   forwardForceSync) the app provides; the stubs here fail loudly.
 */
import { and, assertEvent, assign, or, raise, setup, stateIn } from 'xstate';
import { requiredAction, requiredActor } from '../support/required-actor';
import { failTo } from '../support/transitions';
import type { DoneActorEvent } from 'xstate';
import { OFFLINE_QUEUE, OFFLINE_QUEUE_ERROR } from '../../src/domain/constants';
import { DEFAULT_SYNC_CONFIG, mergeSyncConfig, updateSyncConfig } from '../../src/domain/sync-config';
import { queueHealth, shouldSendNextBatch } from './sync-scheduler.rules';
import type {
  FlushQueueInput,
  FlushQueueOutput,
  PurgeExpiredInput,
  PurgeExpiredOutput,
  QueueStats,
  SyncError,
  SyncReason,
  SyncSchedulerContext,
  SyncSchedulerEvent,
  SyncSchedulerInput,
} from './sync-scheduler.types';

/** A wake-up a little after the retry is due, so the claim finds it due whatever the timers' rounding. */
export const RETRY_WAKE_MARGIN_MS = 20;

type Slot = 'first' | 'second' | 'third';
const SLOT_INDEX: Readonly<Record<Slot, 0 | 1 | 2>> = { first: 0, second: 1, third: 2 };

function intervalOf(context: SyncSchedulerContext, slot: Slot): number {
  const index = SLOT_INDEX[slot];
  return context.config.intervals[index] ?? OFFLINE_QUEUE.SCHEDULED_SYNCS_MS[index];
}

function retryWakeDelay(context: SyncSchedulerContext): number {
  return Math.max(0, context.stats?.nextRetryInMs ?? 0) + RETRY_WAKE_MARGIN_MS;
}

function toSyncError(error: unknown, code: string): SyncError {
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
        ? error.message
        : 'Unknown error';
  return { code, message };
}

export const syncSchedulerMachine = setup({
  types: {
    context: {} as SyncSchedulerContext,
    events: {} as SyncSchedulerEvent,
    input: {} as SyncSchedulerInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Deletes low-priority requests older than maxAge (never payments or orders); answers the stats. */
    purgeExpired: requiredActor<PurgeExpiredOutput, PurgeExpiredInput>('syncScheduler', 'purgeExpired'),
    /** Sends one batch of due requests in priority order and records each result on its request. */
    flushQueue: requiredActor<FlushQueueOutput, FlushQueueInput>('syncScheduler', 'flushQueue'),
    /** Reads the queue's counts (the health check). */
    readQueueStats: requiredActor<QueueStats>('syncScheduler', 'readQueueStats'),
  },
  guards: {
    startsOnline: ({ context }) => context.initiallyOnline,
    isOnline: stateIn('#syncScheduler.network.online'),
    isOffline: stateIn('#syncScheduler.network.offline'),
    isLeader: stateIn('#syncScheduler.leadership.leader'),
    isFollower: stateIn('#syncScheduler.leadership.follower'),
    isRunning: stateIn('#syncScheduler.control.running'),
    isForced: ({ context }) => context.forced,
    /** This tab may send a batch now. */
    mayFlush: and(['isOnline', 'isLeader', or(['isRunning', 'isForced'])]),
    shouldSyncImmediately: and(['mayFlush', ({ context }) => context.config.immediate]),
    /** Read on flushQueue's done event: its output is the run just finished. */
    hasMoreToSend: ({ context, event }) =>
      context.rerun ||
      shouldSendNextBatch(
        (event as unknown as DoneActorEvent<FlushQueueOutput>).output,
        context.config.batchSize,
      ),
    /** A request waits for a retry due later (one due now is the timers'; see the file comment). */
    hasRetryLater: ({ context }) => (context.stats?.nextRetryInMs ?? 0) > 0,
    isValidConfigUpdate: ({ context, event }) => {
      assertEvent(event, 'config.update');
      return updateSyncConfig(context.config, event.config).ok;
    },
  },
  actions: {
    requestSync: raise((_, params: { reason: SyncReason }) => ({
      type: 'sync.due' as const,
      reason: params.reason,
    })),
    startRun: assign((_, params: { reason: SyncReason }) => ({ reason: params.reason, rerun: false })),
    markRerun: assign({ rerun: true }),
    markForced: assign({ forced: true }),
    endRuns: assign({ rerun: false, forced: false }),
    recordPurge: assign((_, output: PurgeExpiredOutput) => ({
      stats: { ...output.stats },
      health: queueHealth(output.stats),
    })),
    recordPurgeError: assign({
      error: (_, params: { error: unknown }) => toSyncError(params.error, 'sync.errors.purgeFailed'),
    }),
    recordRun: assign((_, output: FlushQueueOutput) => ({
      stats: { ...output.stats },
      health: queueHealth(output.stats),
      lastSyncTime: output.finishedAt,
      lastResult: { attempted: output.attempted, succeeded: output.succeeded, failed: output.failed },
      error: null,
    })),
    recordRunError: assign({
      error: (_, params: { error: unknown }) => toSyncError(params.error, 'sync.errors.syncFailed'),
    }),
    recordHealth: assign((_, stats: QueueStats) => ({ stats: { ...stats }, health: queueHealth(stats) })),
    /** The queue cannot even be read (IndexedDB gone or full): nothing offline is safe until it can. */
    recordHealthError: assign({ health: 'unhealthy' as const }),
    rejectOfflineForce: assign({
      error: { code: 'sync.errors.offline', message: OFFLINE_QUEUE_ERROR.OFFLINE } satisfies SyncError,
    }),
    applyConfig: assign(({ context, event }) => {
      assertEvent(event, 'config.update');
      return { config: mergeSyncConfig(context.config, event.config), configErrors: [] };
    }),
    rejectConfig: assign(({ context, event }) => {
      assertEvent(event, 'config.update');
      const result = updateSyncConfig(context.config, event.config);
      return { configErrors: result.ok ? [] : result.errors };
    }),
    announceConfig: raise({ type: 'config.applied' as const }),
    announceStats: raise({ type: 'stats.recorded' as const }),
    markTimerDue: assign(({ context }, params: { slot: Slot }) => ({
      due: { ...context.due, [params.slot]: context.now() + intervalOf(context, params.slot) },
    })),
    markRetryDue: assign(({ context }) => ({
      due: { ...context.due, retry: context.now() + retryWakeDelay(context) },
    })),
    clearRetryDue: assign(({ context }) => ({ due: { ...context.due, retry: null } })),
    /** Saves the configuration (docs/offline.md#sync-settings: Save applies it); called with the new one, after validation. */
    persistConfig: requiredAction<{ config: SyncSchedulerContext['config'] }>(
      'syncScheduler',
      'persistConfig',
    ),
    /** A follower's force sync goes to the leader (e.g. on the queue's BroadcastChannel). */
    forwardForceSync: requiredAction('syncScheduler', 'forwardForceSync'),
  },
  delays: {
    immediateSyncDelay: OFFLINE_QUEUE.IMMEDIATE_SYNC_DELAY_MS,
    firstSyncInterval: ({ context }) => intervalOf(context, 'first'),
    secondSyncInterval: ({ context }) => intervalOf(context, 'second'),
    thirdSyncInterval: ({ context }) => intervalOf(context, 'third'),
    retryDue: ({ context }) => retryWakeDelay(context),
    healthCheckInterval: OFFLINE_QUEUE.HEALTH_CHECK_INTERVAL_MS,
  },
}).createMachine({
  id: 'syncScheduler',
  type: 'parallel',
  context: ({ input }) => ({
    config: mergeSyncConfig(input.config ?? DEFAULT_SYNC_CONFIG, {}),
    configErrors: [],
    stats: null,
    health: 'healthy',
    lastSyncTime: null,
    lastResult: null,
    error: null,
    reason: null,
    rerun: false,
    forced: false,
    initiallyOnline: input.online ?? true,
    due: { first: null, second: null, third: null, retry: null },
    now: input.now ?? (() => Date.now()),
  }),
  on: {
    'queue.counted': {
      actions: [{ type: 'recordHealth', params: ({ event }) => event.stats }, 'announceStats'],
    },
    'app.visible': { actions: { type: 'requestSync', params: { reason: 'visible' } } },
    'app.focus': { actions: { type: 'requestSync', params: { reason: 'focus' } } },
    'config.update': [
      {
        guard: 'isValidConfigUpdate',
        actions: [
          'applyConfig',
          { type: 'persistConfig', params: ({ context }) => ({ config: context.config }) },
          'announceConfig',
        ],
      },
      { actions: 'rejectConfig' },
    ],
  },
  states: {
    network: {
      initial: 'starting',
      states: {
        starting: {
          always: [{ guard: 'startsOnline', target: 'online' }, { target: 'offline' }],
        },
        online: {
          on: { 'network.offline': { target: 'offline' } },
        },
        offline: {
          on: {
            'network.online': {
              target: 'online',
              actions: { type: 'requestSync', params: { reason: 'online' } },
            },
          },
        },
      },
    },
    leadership: {
      initial: 'follower',
      states: {
        follower: {
          on: {
            'leader.acquired': {
              target: 'leader',
              actions: { type: 'requestSync', params: { reason: 'leader' } },
            },
          },
        },
        leader: {
          on: { 'leader.lost': { target: 'follower' } },
        },
      },
    },
    control: {
      initial: 'running',
      states: {
        running: {
          on: { 'sync.pause': { target: 'paused' } },
        },
        paused: {
          on: {
            'sync.resume': {
              target: 'running',
              actions: { type: 'requestSync', params: { reason: 'resume' } },
            },
          },
        },
      },
    },
    sync: {
      initial: 'purging',
      on: {
        'sync.force': [
          { guard: 'isOffline', actions: 'rejectOfflineForce' },
          { guard: 'isFollower', actions: 'forwardForceSync' },
          { actions: ['markForced', { type: 'requestSync', params: { reason: 'force' } }] },
        ],
      },
      states: {
        purging: {
          tags: 'busy',
          invoke: {
            id: 'purgeExpired',
            src: 'purgeExpired',
            input: ({ context }) => ({ maxAge: context.config.maxAge }),
            onDone: {
              target: 'ready',
              actions: [{ type: 'recordPurge', params: ({ event }) => event.output }, 'announceStats'],
            },
            onError: failTo('ready', 'recordPurgeError'),
          },
        },
        // The first run, right after the purge: requests may be left from the last session.
        ready: {
          always: [
            {
              guard: 'mayFlush',
              target: 'flushing',
              actions: { type: 'startRun', params: { reason: 'start' } },
            },
            { target: 'idle' },
          ],
        },
        idle: {
          on: {
            'queue.added': { guard: 'shouldSyncImmediately', target: 'immediate' },
            'sync.due': {
              guard: 'mayFlush',
              target: 'flushing',
              actions: { type: 'startRun', params: ({ event }) => ({ reason: event.reason }) },
            },
          },
        },
        immediate: {
          after: {
            immediateSyncDelay: [
              {
                guard: 'mayFlush',
                target: 'flushing',
                actions: { type: 'startRun', params: { reason: 'immediate' } },
              },
              { target: 'idle' },
            ],
          },
          on: {
            'sync.due': {
              guard: 'mayFlush',
              target: 'flushing',
              actions: { type: 'startRun', params: ({ event }) => ({ reason: event.reason }) },
            },
          },
        },
        flushing: {
          tags: 'busy',
          invoke: {
            id: 'flushQueue',
            src: 'flushQueue',
            input: ({ context }) => ({
              batchSize: context.config.batchSize,
              retryIntervals: [...context.config.retryIntervals],
              reason: context.reason ?? 'start',
            }),
            onDone: [
              {
                guard: and(['mayFlush', 'hasMoreToSend']),
                target: 'flushing',
                reenter: true,
                actions: [
                  { type: 'recordRun', params: ({ event }) => event.output },
                  'announceStats',
                  { type: 'startRun', params: { reason: 'continue' } },
                ],
              },
              {
                target: 'idle',
                actions: [
                  { type: 'recordRun', params: ({ event }) => event.output },
                  'announceStats',
                  'endRuns',
                ],
              },
            ],
            onError: {
              target: 'idle',
              actions: [
                { type: 'recordRunError', params: ({ event }) => ({ error: event.error }) },
                'endRuns',
              ],
            },
          },
          on: {
            'queue.added': { actions: 'markRerun' },
            'sync.due': { actions: 'markRerun' },
          },
        },
      },
    },
    schedule: {
      type: 'parallel',
      on: {
        // Targets inside this region, not the region itself: re-entering the region would make the root the
        // transition's domain and restart every region (leadership, network, the purge).
        'config.applied': { target: ['.first', '.second', '.third'] },
      },
      states: {
        first: {
          initial: 'waiting',
          states: {
            waiting: {
              entry: { type: 'markTimerDue', params: { slot: 'first' } },
              after: {
                firstSyncInterval: {
                  target: 'waiting',
                  reenter: true,
                  actions: { type: 'requestSync', params: { reason: 'scheduled' } },
                },
              },
            },
          },
        },
        second: {
          initial: 'waiting',
          states: {
            waiting: {
              entry: { type: 'markTimerDue', params: { slot: 'second' } },
              after: {
                secondSyncInterval: {
                  target: 'waiting',
                  reenter: true,
                  actions: { type: 'requestSync', params: { reason: 'scheduled' } },
                },
              },
            },
          },
        },
        third: {
          initial: 'waiting',
          states: {
            waiting: {
              entry: { type: 'markTimerDue', params: { slot: 'third' } },
              after: {
                thirdSyncInterval: {
                  target: 'waiting',
                  reenter: true,
                  actions: { type: 'requestSync', params: { reason: 'scheduled' } },
                },
              },
            },
          },
        },
      },
    },
    retry: {
      initial: 'idle',
      on: {
        // Child targets without `reenter`: the region is the domain, so `waiting` restarts its timer, and no
        // other region restarts (a re-entered region would make the root the domain, as for the schedule).
        'stats.recorded': [{ guard: 'hasRetryLater', target: '.waiting' }, { target: '.idle' }],
      },
      states: {
        idle: {},
        waiting: {
          entry: 'markRetryDue',
          exit: 'clearRetryDue',
          after: {
            retryDue: {
              target: 'idle',
              actions: { type: 'requestSync', params: { reason: 'retry' } },
            },
          },
        },
      },
    },
    health: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { healthCheckInterval: { target: 'checking' } },
        },
        checking: {
          invoke: {
            id: 'readQueueStats',
            src: 'readQueueStats',
            onDone: {
              target: 'waiting',
              actions: [{ type: 'recordHealth', params: ({ event }) => event.output }, 'announceStats'],
            },
            onError: { target: 'waiting', actions: 'recordHealthError' },
          },
        },
      },
    },
  },
});
