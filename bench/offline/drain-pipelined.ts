/**
 * A PROPOSAL measured, not the app's code: flushQueue (src/client/lib/offline-queue/flush.ts) with one change,
 * the removal of a sent request (claim.succeed, one IndexedDB readwrite transaction) is no longer awaited
 * before the next request is sent; the batch waits for all its removals before it ends. Otherwise flush.ts
 * with its defaults (one sender): one claim per batch, replayRequest, fail/release on the same outcomes, stats
 * after the batch. Left out: its 401 handling (headersFor, held requests); the bench never gets a 401, and one
 * here throws.
 *
 * Why it keeps exactly-once (flush.ts steps 1-3): a removal that has not committed when the tab dies leaves the
 * request 'in-flight' under a dead claim; it is taken over and replayed with its stored Idempotency-Key, and the
 * server answers with the first answer. The same already holds for a tab that dies between the answer and
 * succeed().
 */
import { replayRequest } from '../../src/client/lib/offline-queue/replay';
import type { RequestQueue } from '../../src/client/lib/offline-queue/request-queue';

/** One batch; like flushQueue's result, `sent + failed === 0` means nothing was due. */
export async function flushPipelined(
  queue: RequestQueue,
  batchSize: number,
): Promise<{ sent: number; failed: number }> {
  const claim = await queue.claim(batchSize);
  const removals: Promise<void>[] = [];
  let sent = 0;
  let failed = 0;
  try {
    for (const request of claim.requests) {
      const outcome = await replayRequest(request);
      if (outcome.kind === 'sent') {
        removals.push(claim.succeed(request.id));
        sent += 1;
        continue;
      }
      if (outcome.kind === 'unauthorized') throw new Error(`unexpected 401: ${outcome.error}`);
      failed += 1;
      if (outcome.kind === 'unreachable') {
        await claim.release(request.id, outcome.error);
        break;
      }
      if (outcome.kind === 'aborted') await claim.release(request.id);
      else await claim.fail(request.id, outcome.error);
    }
    await Promise.all(removals);
  } finally {
    await claim.end();
  }
  await queue.stats();
  return { sent, failed };
}
