/**
 * Pure glue between the offline queue library (src/client/lib/offline-queue) and the sync scheduler chart
 * (machines/sync-scheduler): what a flush run reports, and which headers a replay sends.
 */
import type { FlushQueueOutput, QueueStats } from '../../../../machines/sync-scheduler/sync-scheduler.types';

/** The queue library's flush result (lib/offline-queue/flush.ts FlushResult), as far as the chart needs it. */
export interface FlushCounts {
  sent: number;
  failed: number;
  /** Held for a sign-in (401): settled for this run, so they count as attempted (the drain goes on). */
  held?: number;
}

export function toFlushOutput(result: FlushCounts, stats: QueueStats, finishedAt: number): FlushQueueOutput {
  return {
    attempted: result.sent + result.failed + (result.held ?? 0),
    succeeded: result.sent,
    failed: result.failed,
    stats: { ...stats },
    finishedAt,
  };
}

/** The queue library's counts (lib/offline-queue/request-queue.ts QueueStats). */
export interface LibraryQueueStats {
  totalRequests: number;
  pendingRequests: number;
  failedRequests: number;
  heldRequests: number;
  pendingWrites: number;
  failedWrites: number;
  nextAttemptAt: number | null;
}

/** The counts as the scheduler and the screens read them, the next retry as a delay from `now`. */
export function toSchedulerStats(stats: LibraryQueueStats, pendingRetries: number, now: number): QueueStats {
  return {
    totalRequests: stats.totalRequests,
    pendingRequests: stats.pendingRequests,
    failedRequests: stats.failedRequests,
    pendingRetries,
    heldRequests: stats.heldRequests,
    pendingWrites: stats.pendingWrites,
    failedWrites: stats.failedWrites,
    nextRetryInMs: stats.nextAttemptAt === null ? null : stats.nextAttemptAt - now,
  };
}

const COUNTED: ReadonlyArray<keyof QueueStats> = [
  'totalRequests',
  'pendingRequests',
  'failedRequests',
  'pendingRetries',
  'heldRequests',
  'pendingWrites',
  'failedWrites',
];

/**
 * Whether counts read by the app differ from the scheduler's (a change made by another tab, the worker or a
 * screen's retry): then the scheduler is told (`queue.counted`). The delay to the next retry is left out: it
 * changes with every read, and telling the scheduler of it would make each read start the next.
 */
export function countsDiffer(read: QueueStats, known: QueueStats | null): boolean {
  return known === null || COUNTED.some((field) => read[field] !== known[field]);
}

export interface ReplayableRequest {
  headers: Record<string, string>;
  context?: Record<string, string | number | boolean | null>;
}

/**
 * The headers of a replay. A request queued hours ago carries the token of that moment, which a logout and
 * login since may have revoked (a 401 would burn a retry). The current token replaces it only for the SAME
 * user (the queue stores the user id in the request's context): the server scopes idempotency keys by user,
 * so another person's token would turn the replay into a second sale (lib/offline-queue/replay.ts).
 * Undefined means "send the stored headers".
 */
export function replayHeaders(
  request: ReplayableRequest,
  session: { userId: number | null; token: string | null },
): Record<string, string> | undefined {
  const queuedBy = request.context?.userId;
  if (session.token === null || session.userId === null || queuedBy === undefined || queuedBy === null) {
    return undefined;
  }
  if (String(queuedBy) !== String(session.userId)) return undefined;
  return { ...request.headers, authorization: `Bearer ${session.token}` };
}
