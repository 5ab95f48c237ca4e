/**
 * Context, events, input and actor contracts of the sync scheduler (docs/offline.md#the-queue;
 * docs/offline.md#sync-settings). The queue itself (IndexedDB `offline-queue`, retries, priorities, the
 * 'failed' tag) lives in the app; the scheduler decides only WHEN a tab sends a batch, and keeps what the
 * status card shows.
 */
import type { SyncConfig, SyncConfigError } from '../../src/domain/sync-config';

/** "health status starts healthy" (docs/offline.md#the-queue); the other two are ours (see sync-scheduler.rules.ts). */
export type SyncHealth = 'healthy' | 'degraded' | 'unhealthy';

/** Why a sync run started: the spec's triggers (docs/offline.md#the-queue), plus `continue` for the next batch of a drain. */
export type SyncReason =
  | 'start'
  | 'immediate'
  | 'scheduled'
  | 'online'
  | 'visible'
  | 'focus'
  | 'force'
  | 'leader'
  | 'resume'
  /** The earliest waiting retry fell due (the queue's own interval, not the next scheduled timer). */
  | 'retry'
  | 'continue';

/**
 * Queue stats (docs/offline.md#sync-settings) plus the requests waiting for a retry (the status card's
 * "pending retries"), those held for a new sign-in (a 401 while the session was gone), the writes among the
 * pending and failed ones (the offline indicator counts writes), and how long until the earliest waiting
 * request is due.
 */
export interface QueueStats {
  totalRequests: number;
  /** Waiting, held or being sent. */
  pendingRequests: number;
  failedRequests: number;
  pendingRetries: number;
  /** Answered 401: they go once the same person signs in again (lib/offline-queue/replay.ts). */
  heldRequests: number;
  pendingWrites: number;
  failedWrites: number;
  /** Ms from when the counts were read until the earliest waiting request is due (≤ 0: due); null: none. */
  nextRetryInMs: number | null;
}

/** When each armed timer fires (epoch ms by the chart's clock, context.now); null while not armed. */
export interface TimerDue {
  first: number | null;
  second: number | null;
  third: number | null;
  /** The wake-up for the earliest waiting retry. */
  retry: number | null;
}

export interface SyncError {
  /** i18n key (pwa namespace). */
  code: string;
  /** English text: the spec's where it has one ('Cannot sync while offline'). */
  message: string;
}

/** What the last run did. */
export interface SyncRunResult {
  attempted: number;
  succeeded: number;
  failed: number;
}

export interface SyncSchedulerContext {
  config: SyncConfig;
  /** Errors of the last rejected config.update; empty after a valid one. */
  configErrors: SyncConfigError[];
  /** Unknown until the purge at start answers. */
  stats: QueueStats | null;
  health: SyncHealth;
  /** Epoch ms when the last run ended (the flush actor's clock). */
  lastSyncTime: number | null;
  lastResult: SyncRunResult | null;
  error: SyncError | null;
  /** The reason of the run in progress (or of the last one). */
  reason: SyncReason | null;
  /** Something asked for a sync during a run: run once more when it ends. */
  rerun: boolean;
  /** A forced sync (the "Force sync now" button) runs even while paused, until the queue is drained. */
  forced: boolean;
  /** navigator.onLine as the input gave it; read once, by the network region's first step. */
  initiallyOnline: boolean;
  /** When the armed timers fire: the status card's "next sync" is the earliest (docs/offline.md#sync-settings). */
  due: TimerDue;
  /** The clock the due times are read on (the app's Date.now; tests pass the simulated clock's). */
  now: () => number;
}

export interface SyncSchedulerInput {
  /** The persisted configuration (readSyncConfig of src/domain/sync-config.ts); defaults when absent. */
  config?: SyncConfig;
  /** navigator.onLine at start; default true (the first failed request corrects it). */
  online?: boolean;
  /** Default Date.now. */
  now?: () => number;
}

export type SyncSchedulerEvent =
  | { type: 'network.online' }
  | { type: 'network.offline' }
  /** A request was queued (in this tab or, via the queue's BroadcastChannel, in another). */
  | { type: 'queue.added' }
  | { type: 'app.visible' }
  | { type: 'app.focus' }
  | { type: 'sync.force' }
  | { type: 'sync.pause' }
  | { type: 'sync.resume' }
  | { type: 'leader.acquired' }
  | { type: 'leader.lost' }
  | { type: 'config.update'; config: Partial<SyncConfig> }
  /**
   * The app read the queue's counts and they differ from the chart's (a change made by another tab, the worker,
   * or a screen's retry or removal): the health and the retry wake-up follow them.
   */
  | { type: 'queue.counted'; stats: QueueStats }
  /** Internal: raised by the triggers (timers, online, leader, resume, visible, focus, force). */
  | { type: 'sync.due'; reason: SyncReason }
  /** Internal: raised after a valid config.update, so the scheduled timers restart with the new intervals. */
  | { type: 'config.applied' }
  /** Internal: raised after new queue counts were recorded, so the retry wake-up follows them. */
  | { type: 'stats.recorded' };

export interface FlushQueueInput {
  /** Requests to send in this run, high, normal, low priority, oldest first (docs/offline.md#the-queue). */
  batchSize: number;
  /** Delays the queue gives a request that fails, by retry number (docs/offline.md#the-queue). */
  retryIntervals: readonly number[];
  reason: SyncReason;
}

export interface FlushQueueOutput extends SyncRunResult {
  /** The queue after the run. */
  stats: QueueStats;
  /** Epoch ms at the end of the run. */
  finishedAt: number;
}

export interface PurgeExpiredInput {
  /** Low-priority requests older than this are purged; payments and orders never are (docs/offline.md). */
  maxAge: number;
}

export interface PurgeExpiredOutput {
  purged: number;
  stats: QueueStats;
}
