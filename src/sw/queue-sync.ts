/**
 * The worker's side of the offline queue (docs/offline.md#the-queue "background sync and auto sync on":
 * "background sync of the queue where the browser has it (and replay on start and on online where it does
 * not)"). The queue itself, its claims and the exactly-once rules are src/client/lib/offline-queue (flush.ts);
 * this file decides WHEN the worker drains it.
 *
 * - With Background Sync (Chromium): a queued request registers the tag SYNC_TAG (the page's REGISTER_SYNC
 *   message, or the page registering it itself). The browser fires `sync` once it is online, even with every tab
 *   closed, and the worker drains the queue. A sync that leaves requests waiting (the server unreachable, or
 *   retries due later) rejects, so the browser tries again later with its own back-off, unless it is the last
 *   chance.
 * - Without it (Safari, Firefox): the worker drains when it starts, when it hears `online`, and on REGISTER_SYNC
 *   when online. A page that is open drains through its own sync scheduler as well; the queue's claims keep the
 *   two from sending one request twice, and the Idempotency-Key makes a replay after a lost answer harmless.
 * - One drain at a time per worker: a second trigger while one runs joins it.
 * - A 401 (the session expired while the sales waited) holds the requests of the refused token without
 *   sending the rest (lib/offline-queue/flush.ts); the worker has no other token, so a sync that only held
 *   requests is complete: the page sends them after the next sign-in.
 */
import { WORKER_MESSAGE } from '../domain/constants';
import { SYNC_TAG } from './messages';
import type { ReplayReason, WorkerBroadcast } from './messages';

/** lib/offline-queue/flush.ts FlushResult, as far as the worker reads it. */
export interface DrainResult {
  sent: number;
  failed: number;
  /** Held for a new sign-in (a 401): only a page with a fresh token of the same user sends them. */
  held: number;
  /** Waiting to be sent; failed and held ones not included. */
  remaining: number;
  reachable: boolean;
}

export interface QueueSyncDeps {
  /** drainQueue(defaultRequestQueue()); rejects with 'Cannot sync while offline' when offline. */
  drain(): Promise<DrainResult>;
  isOnline(): boolean;
  /** registration.sync.register; null where the browser has no Background Sync. */
  registerSync: ((tag: string) => Promise<void>) | null;
  broadcast(message: WorkerBroadcast): Promise<void>;
  /** After a drain that sent something (widgets show the counts). */
  afterDrain?(result: DrainResult): Promise<void>;
  /** Waits `ms` (a timer; tests give their own). */
  delay?(ms: number): Promise<void>;
}

/**
 * How long a `sync` event waits for the worker's navigator.onLine to agree with the browser. The browser fires
 * `sync` because its network observer found the network; the worker thread hears of it through another channel,
 * and can still say offline a moment later (seen under load in Chromium). Failing the event then costs the
 * browser's back-off, minutes, before the queue is sent.
 */
export const SYNC_ONLINE_GRACE_MS = 5_000;
const SYNC_ONLINE_STEP_MS = 100;

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface QueueSync {
  readonly backgroundSync: boolean;
  /** A request was queued (REGISTER_SYNC, or a page's BroadcastChannel note). */
  requestSync(): Promise<void>;
  /** The `sync` event; rejects when the browser should try again later. */
  onSync(tag: string, lastChance: boolean): Promise<void>;
  /** Start and `online` where there is no Background Sync; null when nothing ran. */
  replay(reason: ReplayReason): Promise<DrainResult | null>;
}

export class SyncIncompleteError extends Error {
  override readonly name = 'SyncIncompleteError';
}

export function createQueueSync(deps: QueueSyncDeps): QueueSync {
  let running: Promise<DrainResult | null> | null = null;

  const replay = (reason: ReplayReason): Promise<DrainResult | null> => {
    if (running) return running;
    if (!deps.isOnline()) return Promise.resolve(null);
    running = (async () => {
      try {
        const result = await deps.drain();
        if (result.sent + result.failed + result.held > 0) {
          await deps.broadcast({
            type: WORKER_MESSAGE.BACKGROUND_SYNC,
            sent: result.sent,
            failed: result.failed,
            held: result.held,
            remaining: result.remaining,
            reason,
          });
          await deps.afterDrain?.(result);
        }
        return result;
      } catch {
        // Offline after all, or the database refused: the next trigger tries again; nothing is lost.
        return null;
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return {
    backgroundSync: deps.registerSync !== null,
    async requestSync() {
      if (deps.registerSync) {
        try {
          await deps.registerSync(SYNC_TAG);
          return;
        } catch {
          // Refused (permission, or the worker not active yet): replay below when online.
        }
      }
      await replay('message');
    },
    async onSync(tag, lastChance) {
      if (tag !== SYNC_TAG) return;
      const delay = deps.delay ?? timer;
      for (let waited = 0; !deps.isOnline() && waited < SYNC_ONLINE_GRACE_MS; waited += SYNC_ONLINE_STEP_MS) {
        await delay(SYNC_ONLINE_STEP_MS);
      }
      const result = await replay('sync');
      const incomplete = result === null || !result.reachable || result.remaining > 0;
      if (incomplete && !lastChance) {
        throw new SyncIncompleteError(
          'Offline requests are still waiting; the browser will sync again later.',
        );
      }
    },
    replay,
  };
}
