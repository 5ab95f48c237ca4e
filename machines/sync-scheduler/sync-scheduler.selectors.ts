/**
 * View facts of the sync scheduler (docs/offline.md#sync-settings "Sync timing" tab,
 * docs/offline.md#sync-settings sync status and queue stats; the offline indicator), derived from the
 * snapshot, never stored.
 */
import type { SnapshotFrom } from 'xstate';
import type { SyncConfig, SyncConfigError } from '../../src/domain/sync-config';
import type { syncSchedulerMachine } from './sync-scheduler.machine';
import type { SyncError, SyncHealth, SyncRunResult } from './sync-scheduler.types';

export type SyncSchedulerSnapshot = SnapshotFrom<typeof syncSchedulerMachine>;

/** The status card of docs/offline.md#sync-settings: isOnline, activeIntervals, pendingRetries, nextSyncEstimate, lastSyncTime. */
export interface SyncStatus {
  isOnline: boolean;
  /** Timers that can start a run in this tab now (0 offline, paused or as a follower): the scheduled ones,
   *  plus the retry wake-up while one is armed. */
  activeIntervals: number;
  pendingRetries: number;
  /** Ms until the earliest armed timer fires (context.due); ≤ 0 reads "Now"; null where this tab does not sync. */
  nextSyncEstimate: number | null;
  lastSyncTime: number | null;
}

export interface QueueCounts {
  totalRequests: number;
  pendingRequests: number;
  failedRequests: number;
}

export const selectIsOnline = (snapshot: SyncSchedulerSnapshot): boolean =>
  snapshot.matches({ network: 'online' });

export const selectIsLeader = (snapshot: SyncSchedulerSnapshot): boolean =>
  snapshot.matches({ leadership: 'leader' });

export const selectIsPaused = (snapshot: SyncSchedulerSnapshot): boolean =>
  snapshot.matches({ control: 'paused' });

/** A run (or the purge at start) is in flight. */
export const selectIsSyncing = (snapshot: SyncSchedulerSnapshot): boolean => snapshot.hasTag('busy');

/** Timers start runs here only when this tab is the online, running leader. */
export function selectIsAutoSyncActive(snapshot: SyncSchedulerSnapshot): boolean {
  return selectIsOnline(snapshot) && selectIsLeader(snapshot) && !selectIsPaused(snapshot);
}

/** "A Force sync now button is disabled while offline" (docs/offline.md#sync-settings). */
export const selectCanForceSync = (snapshot: SyncSchedulerSnapshot): boolean => selectIsOnline(snapshot);

export const selectHealth = (snapshot: SyncSchedulerSnapshot): SyncHealth => snapshot.context.health;
export const selectSyncError = (snapshot: SyncSchedulerSnapshot): SyncError | null => snapshot.context.error;
export const selectConfig = (snapshot: SyncSchedulerSnapshot): SyncConfig => snapshot.context.config;
export const selectConfigErrors = (snapshot: SyncSchedulerSnapshot): SyncConfigError[] =>
  snapshot.context.configErrors;
export const selectLastResult = (snapshot: SyncSchedulerSnapshot): SyncRunResult | null =>
  snapshot.context.lastResult;

export function selectQueueCounts(snapshot: SyncSchedulerSnapshot): QueueCounts {
  const stats = snapshot.context.stats;
  return {
    totalRequests: stats?.totalRequests ?? 0,
    pendingRequests: stats?.pendingRequests ?? 0,
    failedRequests: stats?.failedRequests ?? 0,
  };
}

/**
 * The offline indicator's count: WRITES not yet on the server, failed
 * ones included, as the logout question counts them (lib/storage.ts countUnsyncedWrites); queued reads lose
 * nothing if they never go.
 */
export function selectUnsyncedCount(snapshot: SyncSchedulerSnapshot): number {
  const stats = snapshot.context.stats;
  return (stats?.pendingWrites ?? 0) + (stats?.failedWrites ?? 0);
}

/** Requests answered 401 that wait for someone to sign in again (the status card's "sign in to sync"). */
export const selectHeldRequests = (snapshot: SyncSchedulerSnapshot): number =>
  snapshot.context.stats?.heldRequests ?? 0;

/** The retry wake-up is armed (a failed request waits for its interval). */
export const selectIsRetryArmed = (snapshot: SyncSchedulerSnapshot): boolean =>
  snapshot.matches({ retry: 'waiting' });

export function selectSyncStatus(snapshot: SyncSchedulerSnapshot, now: number): SyncStatus {
  const { config, stats, lastSyncTime, due } = snapshot.context;
  const active = selectIsAutoSyncActive(snapshot);
  const armed = [due.first, due.second, due.third, due.retry].filter((at): at is number => at !== null);
  return {
    isOnline: selectIsOnline(snapshot),
    activeIntervals: active ? config.intervals.length + (selectIsRetryArmed(snapshot) ? 1 : 0) : 0,
    pendingRetries: stats?.pendingRetries ?? 0,
    nextSyncEstimate: active && armed.length ? Math.min(...armed) - now : null,
    lastSyncTime,
  };
}
