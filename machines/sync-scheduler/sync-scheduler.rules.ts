/**
 * Pure rules of the sync scheduler: the queue's health, and whether a finished run should go on with the
 * next batch at once.
 */
import { OFFLINE_QUEUE } from '../../src/domain/constants';
import type { FlushQueueOutput, QueueStats, SyncHealth } from './sync-scheduler.types';

/**
 * The spec says only that the health status starts healthy and is checked every 60 s
 * (docs/offline.md#the-queue). Ours: unhealthy when the queue is full (the next write is refused with
 * 'Offline queue is full', so selling offline stops), degraded when a request has failed for good
 * (docs/offline.md: it stays visible until someone retries or exports it), healthy otherwise.
 */
export function queueHealth(stats: QueueStats): SyncHealth {
  if (stats.totalRequests >= OFFLINE_QUEUE.MAX_QUEUE_SIZE) return 'unhealthy';
  if (stats.failedRequests > 0) return 'degraded';
  return 'healthy';
}

/**
 * A run sends one batch (docs/offline.md#the-queue "batch size 10 per run"). When that batch was full,
 * delivered something and requests are still pending, the next batch goes at once: draining 1,000 offline
 * sales must not wait for a timer every 10 (the drain target of docs/offline.md#speed). A run that delivered
 * nothing stops the drain: the server or the network is failing, and the requests' own retry intervals take
 * over.
 */
export function shouldSendNextBatch(output: FlushQueueOutput, batchSize: number): boolean {
  return output.succeeded > 0 && output.attempted >= batchSize && output.stats.pendingRequests > 0;
}
