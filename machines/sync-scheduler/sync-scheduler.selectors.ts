/**
 * View facts of the sync scheduler (001 §2 "Sync timing" tab, 001 §3 sync status and queue stats; the offline
 * indicator of issue 5), derived from the snapshot, never stored.
 */
import type { SnapshotFrom } from 'xstate';
import type { SyncConfig, SyncConfigError } from '../../src/domain/sync-config';
import type { syncSchedulerMachine } from './sync-scheduler.machine';
import type { SyncError, SyncHealth, SyncRunResult } from './sync-scheduler.types';

export type SyncSchedulerSnapshot = SnapshotFrom<typeof syncSchedulerMachine>;

/** The status card of 001 §3: isOnline, activeIntervals, pendingRetries, nextSyncEstimate, lastSyncTime. */
export interface SyncStatus {
  isOnline: boolean;
  /** Scheduled-sync timers that can start a run in this tab now (0 offline, paused or as a follower). */
  activeIntervals: number;
  pendingRetries: number;
  /** Ms until the next scheduled sync (the shortest interval after the last run); ≤ 0 reads "Now". */
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

/** "A Force sync now button is disabled while offline" (001 §2). */
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

/** The offline indicator's count (issue 5): writes not yet on the server, failed ones included. */
export function selectUnsyncedCount(snapshot: SyncSchedulerSnapshot): number {
  const { pendingRequests, failedRequests } = selectQueueCounts(snapshot);
  return pendingRequests + failedRequests;
}

export function selectSyncStatus(snapshot: SyncSchedulerSnapshot, now: number): SyncStatus {
  const { config, stats, lastSyncTime } = snapshot.context;
  const shortest = config.intervals.length ? Math.min(...config.intervals) : null;
  return {
    isOnline: selectIsOnline(snapshot),
    activeIntervals: selectIsAutoSyncActive(snapshot) ? config.intervals.length : 0,
    pendingRetries: stats?.pendingRetries ?? 0,
    nextSyncEstimate: lastSyncTime === null || shortest === null ? null : lastSyncTime + shortest - now,
    lastSyncTime,
  };
}
