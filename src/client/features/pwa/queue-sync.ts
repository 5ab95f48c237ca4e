/**
 * Pure glue between the offline queue library (src/client/lib/offline-queue) and the sync scheduler chart
 * (machines/sync-scheduler): what a flush run reports, and which headers a replay sends.
 */
import type { FlushQueueOutput, QueueStats } from '../../../../machines/sync-scheduler/sync-scheduler.types';

/** The queue library's flush result (lib/offline-queue/flush.ts FlushResult), as far as the chart needs it. */
export interface FlushCounts {
  sent: number;
  failed: number;
}

export function toFlushOutput(result: FlushCounts, stats: QueueStats, finishedAt: number): FlushQueueOutput {
  return {
    attempted: result.sent + result.failed,
    succeeded: result.sent,
    failed: result.failed,
    stats: { ...stats },
    finishedAt,
  };
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
