/**
 * Sending the queue: one batch (docs/offline.md#the-queue "batch size 10 per run"; "priority order high,
 * normal, low, oldest first within a priority"), for the sync scheduler machine (machines/sync-scheduler),
 * the service worker's background sync and its replay on start and on online.
 *
 * How a queued write takes effect exactly once:
 * 1. Every queued write carries an Idempotency-Key made once per intent (the API client's, or one made at
 *    enqueue), stored with the request and sent unchanged on every replay (replay.ts puts it back even if
 *    the headers are swapped). The server keeps (tenant, user, key) → response for 8 days, longer than the
 *    queue keeps anything, and answers a repeat with the first answer (409 while the first still runs,
 *    which is just a failed attempt here, retried later). So the server side is at-most-once per key.
 * 2. The queue side is at-least-once: a request leaves the queue only after an OK answer (succeed deletes
 *    it); every other outcome leaves it pending or 'failed', never gone (docs/offline.md).
 * 3. Concurrent flushes do not send one request twice: flushQueue sends only what its claim took, and a
 *    claim marks requests 'in-flight' in one IndexedDB readwrite transaction, which IndexedDB serialises
 *    against every other claim of the origin (request-queue.ts). Two flushes in one context, two tabs or a
 *    tab and the worker therefore get disjoint batches. A second send happens only when a sender died
 *    mid-request (tab closed): its claim is taken over (Web Lock gone, or lease over) and the request is
 *    replayed with the same key, and step 1 turns that into the first answer, not a second sale.
 * At-least-once delivery plus at-most-once effect per key is exactly-once effect.
 *
 * A 401 (the session expired while the sales waited) is neither a retry nor a failure (replay.ts): the request
 * is held, and so is every other request that would carry the same refused token (the rest of the batch and
 * the queue), without sending each to be refused in turn. A flush whose headersFor offers another token for a
 * held request (the page after a new sign-in of the same user) first puts it back to pending.
 */
import { OFFLINE_QUEUE } from '../../../domain/constants';
import { OfflineQueueError } from './errors';
import type { QueuedRequest } from './queue-db';
import { authFingerprint, authorizationOf, navigatorOnline, replayRequest } from './replay';
import type { ReplayOptions } from './replay';
import type { RequestQueue } from './request-queue';

export interface FlushOptions extends ReplayOptions {
  /** Default 10 (docs/offline.md#the-queue); the settings dialog allows 1 to 50 (docs/platform.md). */
  batchSize?: number;
  /** Default navigator.onLine (true where there is no navigator). */
  isOnline?: () => boolean;
  /** The sync configuration's retry intervals (docs/offline.md#sync-settings); default the queue's. */
  retryIntervals?: readonly number[];
  /** Replays in parallel; default 1: one after another, in queue order. */
  concurrency?: number;
}

export interface FlushResult {
  /** Answered OK and removed. */
  sent: number;
  /** Attempts that failed: rescheduled, tagged 'failed', or not sent because the server was unreachable. */
  failed: number;
  /** Held for a new sign-in: answered 401, or carrying a token refused in this run. */
  held: number;
  /**
   * Still waiting to be sent (due now or later, or being sent by another flush); 'failed' and held ones not
   * included: nothing sends those until someone retries them or signs in again.
   */
  remaining: number;
  /** When the earliest waiting request is due (ms since the epoch), null when none waits. */
  nextAttemptAt: number | null;
  /** False when a send could not reach the server: the batch stopped there, nothing was counted. */
  reachable: boolean;
}

/**
 * Sends one batch. Rejects with 'Cannot sync while offline' (docs/offline.md#the-queue) when the device is
 * offline, so a forced sync says why nothing happened.
 */
export async function flushQueue(queue: RequestQueue, options: FlushOptions = {}): Promise<FlushResult> {
  if (!(options.isOnline ?? navigatorOnline)()) throw new OfflineQueueError('offline');
  const sentAuthorization = (request: QueuedRequest): string =>
    authorizationOf(options.headersFor?.(request) ?? request.headers);
  if (options.headersFor) {
    await queue.wakeHeld((request) => authFingerprint(sentAuthorization(request)) !== request.heldAuth);
  }
  const claim = await queue.claim(options.batchSize ?? OFFLINE_QUEUE.BATCH_SIZE);
  let sent = 0;
  let failed = 0;
  let held = 0;
  let reachable = true;
  /** Fingerprints of the tokens refused in this run, with the refusal's text. */
  const refused = new Map<string, string>();
  /**
   * Removals of sent requests, not awaited before the next send: the delete's own IndexedDB transaction cost
   * ~2 ms per sale between two sends (bench/offline: 2.5-4.5 → 1.0-1.4 ms outside the fetch). Exactly-once
   * holds: a tab that dies before a delete commits leaves that request in flight under a dead claim; it is
   * replayed with its stored Idempotency-Key and the server answers with the first result.
   */
  const removals: Promise<void>[] = [];
  try {
    const waiting = [...claim.requests];
    const sender = async (): Promise<void> => {
      while (reachable && !options.signal?.aborted) {
        const request = waiting.shift();
        if (!request) return;
        const authorization = sentAuthorization(request);
        const refusal = refused.get(authFingerprint(authorization));
        if (refusal !== undefined) {
          await claim.release(request.id, refusal, authorization);
          held += 1;
          continue;
        }
        const outcome = await replayRequest(request, options);
        switch (outcome.kind) {
          case 'unauthorized': {
            await claim.release(request.id, outcome.error, outcome.authorization);
            held += 1;
            const fingerprint = authFingerprint(outcome.authorization);
            if (!refused.has(fingerprint)) {
              refused.set(fingerprint, outcome.error);
              held += await queue.holdWhere(
                (other) => authFingerprint(sentAuthorization(other)) === fingerprint,
                outcome.error,
                outcome.authorization,
              );
            }
            break;
          }
          case 'sent':
            removals.push(claim.succeed(request.id));
            sent += 1;
            break;
          case 'http-error':
          case 'timeout':
            await claim.fail(
              request.id,
              outcome.error,
              options.retryIntervals,
              outcome.kind === 'http-error' ? outcome.code : undefined,
            );
            failed += 1;
            break;
          case 'unreachable':
            // The rest of the batch would fail the same way; they stay as they are for the next run.
            reachable = false;
            failed += 1;
            await claim.release(request.id, outcome.error);
            break;
          case 'aborted':
            await claim.release(request.id);
            break;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, sender));
    await Promise.all(removals);
  } finally {
    await Promise.allSettled(removals);
    await claim.end();
  }
  const stats = await queue.stats();
  return {
    sent,
    failed,
    held,
    remaining: stats.pendingRequests - stats.heldRequests,
    nextAttemptAt: stats.nextAttemptAt,
    reachable,
  };
}

/**
 * Batches until nothing due is left, the server is unreachable or `maxBatches` ran (the worker's
 * background sync and its replay on start; the page's scheduler paces batches itself).
 */
export async function drainQueue(
  queue: RequestQueue,
  options: FlushOptions & { maxBatches?: number } = {},
): Promise<FlushResult> {
  const total: FlushResult = {
    sent: 0,
    failed: 0,
    held: 0,
    remaining: 0,
    nextAttemptAt: null,
    reachable: true,
  };
  const maxBatches =
    options.maxBatches ?? Math.ceil(OFFLINE_QUEUE.MAX_QUEUE_SIZE / OFFLINE_QUEUE.BATCH_SIZE) * 2;
  for (let batch = 0; batch < maxBatches; batch += 1) {
    const result = await flushQueue(queue, options);
    total.sent += result.sent;
    total.failed += result.failed;
    total.held += result.held;
    total.remaining = result.remaining;
    total.nextAttemptAt = result.nextAttemptAt;
    total.reachable = result.reachable;
    const worked = result.sent + result.failed + result.held;
    if (!result.reachable || worked === 0 || options.signal?.aborted) break;
  }
  return total;
}
