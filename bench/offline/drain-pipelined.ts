/**
 * A PROPOSAL measured, not the app's code: drainQueue (src/client/lib/offline-queue/flush.ts) with one change,
 * the removal of a sent request (claim.succeed, one IndexedDB readwrite transaction) no longer awaited before
 * the next request is sent; the batch waits for all its removals before it ends. Everything else is flush.ts:
 * the claim per batch, replayRequest, fail/release on the same outcomes, stats after each batch.
 *
 * Why it keeps exactly-once (flush.ts steps 1-3): a removal that has not committed when the tab dies leaves the
 * request 'in-flight' under a dead claim; it is taken over and replayed with its stored Idempotency-Key, and the
 * server answers the first answer. The same holds today for a tab that dies between the answer and succeed().
 */
import { OFFLINE_QUEUE } from '../../src/domain/constants';
import { replayRequest } from '../../src/client/lib/offline-queue/replay';
import type { RequestQueue } from '../../src/client/lib/offline-queue/request-queue';

export async function drainPipelined(
  queue: RequestQueue,
  batchSize: number = OFFLINE_QUEUE.BATCH_SIZE,
): Promise<{ sent: number; failed: number }> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const claim = await queue.claim(batchSize);
    if (claim.requests.length === 0) {
      await claim.end();
      break;
    }
    const removals: Promise<void>[] = [];
    let reachable = true;
    try {
      for (const request of claim.requests) {
        if (!reachable) break;
        const outcome = await replayRequest(request);
        if (outcome.kind === 'sent') {
          removals.push(claim.succeed(request.id));
          sent += 1;
        } else if (outcome.kind === 'unreachable') {
          reachable = false;
          failed += 1;
          await claim.release(request.id, outcome.error);
        } else if (outcome.kind === 'aborted') {
          await claim.release(request.id);
        } else {
          failed += 1;
          await claim.fail(request.id, outcome.error);
        }
      }
      await Promise.all(removals);
    } finally {
      await claim.end();
    }
    await queue.stats();
    if (!reachable) break;
  }
  return { sent, failed };
}
