/** View facts of the service-worker status panel and the caching tab (docs/platform.md#worker-tools), derived from the snapshot. */
import type { SnapshotFrom } from 'xstate';
import type { workerToolsMachine } from './worker-tools.machine';
import type {
  CacheSummary,
  FailedRequestSummary,
  OperationOutput,
  WorkerOperation,
  WorkerToolsError,
} from './worker-tools.types';

export type WorkerToolsSnapshot = SnapshotFrom<typeof workerToolsMachine>;

export const selectIsRunning = (snapshot: WorkerToolsSnapshot): boolean => snapshot.hasTag('busy');

/** The operation in flight, or null: its button shows the spinner, the others wait. */
export const selectRunningOperation = (snapshot: WorkerToolsSnapshot): WorkerOperation | null =>
  snapshot.matches('running') ? (snapshot.context.request?.operation ?? null) : null;

/** A question is on screen: the force reload's (docs/platform.md#worker-tools) or Remove failed's. */
export const selectIsConfirming = (snapshot: WorkerToolsSnapshot): boolean => snapshot.matches('confirming');

/** Which operation waits for its confirmation, or null. */
export const selectConfirmingOperation = (snapshot: WorkerToolsSnapshot): WorkerOperation | null =>
  snapshot.matches('confirming') ? (snapshot.context.request?.operation ?? null) : null;

/** The failed requests last read (the sync tab's list); null until an operation read them. */
export const selectFailedRequests = (snapshot: WorkerToolsSnapshot): FailedRequestSummary[] | null =>
  snapshot.context.failed;

export const selectCanRun = (snapshot: WorkerToolsSnapshot): boolean => snapshot.matches('idle');

export const selectLastResult = (snapshot: WorkerToolsSnapshot): OperationOutput | null =>
  snapshot.context.result;

export const selectToolsError = (snapshot: WorkerToolsSnapshot): WorkerToolsError | null =>
  snapshot.context.error;

export const selectCaches = (snapshot: WorkerToolsSnapshot): CacheSummary[] | null => snapshot.context.caches;

export interface CacheTotals {
  caches: number;
  entries: number;
  size: number;
}

/** "Counts of caches, total entries and total size" (docs/platform.md#worker-tools). */
export function selectCacheTotals(snapshot: WorkerToolsSnapshot): CacheTotals | null {
  const caches = snapshot.context.caches;
  if (!caches) return null;
  return {
    caches: caches.length,
    entries: caches.reduce((sum, cache) => sum + cache.entries, 0),
    size: caches.reduce((sum, cache) => sum + cache.size, 0),
  };
}
