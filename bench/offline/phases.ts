/**
 * The measured work, run inside Chromium (the bench page or its dedicated worker): our queue filled through
 * the app's offline fetch and drained by flush.ts, the same sales posted online, and the same sales pushed to
 * and replayed by Workbox's own `workbox-background-sync` Queue.
 *
 * Fairness:
 * - One counting wrapper around globalThis.fetch serves all three (our replay looks the global fetch up at
 *   call time, Workbox calls `fetch` itself), so each pays the same few microseconds per request, and the
 *   wrapper is what checks the answers (Workbox's replay counts any answer as done) and the keys sent.
 * - No service worker is registered on the bench origin, so no fetch of any phase is intercepted.
 * - The online reference is plain fetch with the very headers and body the queue stores, answer read as
 *   JSON, not the app's API client (ofetch, envelope checks): the floor a drain is compared with.
 */
import { Queue } from 'workbox-background-sync';
import { drainQueue } from '../../src/client/lib/offline-queue/flush';
import { createOfflineFetch } from '../../src/client/lib/offline-queue/offline-fetch';
import { createRequestQueue } from '../../src/client/lib/offline-queue/request-queue';
import type { Claim, RequestQueue } from '../../src/client/lib/offline-queue/request-queue';
import { drainPipelined } from './drain-pipelined';
import { SALES_URL } from './protocol';
import type {
  BenchContext,
  DrainOptions,
  FetchTally,
  FillResult,
  OfflineBench,
  OnlineOptions,
  RunResult,
  SaleRequest,
} from './protocol';

const IDEMPOTENCY_KEY = 'idempotency-key';
const REPLAYED = 'idempotent-replayed';

class Tally {
  requests = 0;
  fetchMs = 0;
  replayed = 0;
  readonly statuses = new Map<number, number>();
  readonly keys = new Map<string, number>();

  summary(): FetchTally {
    return {
      requests: this.requests,
      distinctKeys: this.keys.size,
      maxSendsPerKey: Math.max(0, ...this.keys.values()),
      statuses: Object.fromEntries([...this.statuses].map(([s, n]) => [String(s), n])),
      replayed: this.replayed,
      fetchMs: this.fetchMs,
    };
  }
}

/** Time summed per label, for the "where did the drain's time go" figures. */
class Timer {
  readonly totals: Record<string, number> = {};

  async time<T>(label: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.totals[label] = (this.totals[label] ?? 0) + performance.now() - started;
    }
  }
}

/** The queue as flush.ts sees it, with its IndexedDB work timed (claim, each succeed, end, stats). */
function timedQueue(queue: RequestQueue, timer: Timer): RequestQueue {
  return {
    ...queue,
    stats: () => timer.time('stats', () => queue.stats()),
    claim: async (limit) => {
      const claim = await timer.time('claim', () => queue.claim(limit));
      const timed: Claim = {
        claimId: claim.claimId,
        requests: claim.requests,
        succeed: (id) => timer.time('succeed', () => claim.succeed(id)),
        fail: (id, error, intervals) => timer.time('fail', () => claim.fail(id, error, intervals)),
        release: (id, error) => timer.time('release', () => claim.release(id, error)),
        end: () => timer.time('end', () => claim.end()),
      };
      return timed;
    },
  };
}

export function createBench(context: BenchContext): OfflineBench {
  const nativeFetch = globalThis.fetch.bind(globalThis);
  let tally = new Tally();
  let token = '';

  globalThis.fetch = async function countingFetch(input: RequestInfo | URL, init?: RequestInit) {
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const key = headers.get(IDEMPOTENCY_KEY);
    const started = performance.now();
    const response = await nativeFetch(input, init);
    tally.fetchMs += performance.now() - started;
    tally.requests += 1;
    tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
    if (response.headers.get(REPLAYED) === 'true') tally.replayed += 1;
    if (key) tally.keys.set(key, (tally.keys.get(key) ?? 0) + 1);
    return response;
  };

  const headersOf = (key: string): Record<string, string> => ({
    accept: 'application/json',
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    [IDEMPOTENCY_KEY]: key,
  });

  // The app's queue on the app's database name; the bench origin is its own, so nothing else shares it.
  const queue = createRequestQueue();

  // Workbox's Queue is written for a service worker: its constructor reads `self.registration`, which a page
  // or a dedicated worker lacks. A registration without `sync` is what a browser without Background Sync
  // looks like to it; onSync does nothing so the constructor's fallback replay does not start by itself.
  if (!('registration' in globalThis)) {
    Object.defineProperty(globalThis, 'registration', { value: {}, configurable: true });
  }
  const workbox = new Queue('bench-sales', { forceSyncFallback: true, onSync: () => undefined });

  const run = async (work: () => Promise<number>, detail: () => Record<string, number>) => {
    tally = new Tally();
    const started = performance.now();
    const left = await work();
    const ms = performance.now() - started;
    const result: RunResult = { ms, tally: tally.summary(), left, detail: detail() };
    return result;
  };

  return {
    async setup(options) {
      token = options.token;
      const nav = globalThis.navigator as Navigator & { locks?: unknown };
      return { context, locks: nav.locks !== undefined, userAgent: nav.userAgent };
    },

    async fillOurs(requests: SaleRequest[]): Promise<FillResult> {
      const enqueueMs: number[] = [];
      const callMs: number[] = [];
      const measured: RequestQueue = {
        ...queue,
        enqueue: async (request) => {
          const started = performance.now();
          try {
            return await queue.enqueue(request);
          } finally {
            enqueueMs.push(performance.now() - started);
          }
        },
      };
      const offlineFetch = createOfflineFetch({ queue: measured, isOnline: () => false });
      const started = performance.now();
      for (const request of requests) {
        const t0 = performance.now();
        const response = await offlineFetch(SALES_URL, {
          method: 'POST',
          headers: headersOf(request.key),
          body: request.body,
        });
        callMs.push(performance.now() - t0);
        if (response.status !== 202) throw new Error(`offline fetch answered ${response.status}`);
      }
      const totalMs = performance.now() - started;
      return { enqueueMs, callMs, totalMs, size: (await queue.stats()).totalRequests };
    },

    async drainOurs(options: DrainOptions): Promise<RunResult> {
      const timer = new Timer();
      const timed = timedQueue(queue, timer);
      return run(
        async () => {
          const result = options.pipelined
            ? await drainPipelined(timed, options.batchSize)
            : await drainQueue(timed, {
                batchSize: options.batchSize,
                concurrency: options.concurrency,
                isOnline: () => true,
              });
          if (result.failed > 0) throw new Error(`drain: ${result.failed} failed attempts`);
          return (await queue.stats()).totalRequests;
        },
        () => timer.totals,
      );
    },

    async postOnline(requests: SaleRequest[], options: OnlineOptions): Promise<RunResult> {
      return run(
        async () => {
          const waiting = [...requests];
          const poster = async (): Promise<void> => {
            for (let request = waiting.shift(); request; request = waiting.shift()) {
              const response = await fetch(SALES_URL, {
                method: 'POST',
                headers: headersOf(request.key),
                body: request.body,
              });
              if (options.body === 'json') await response.json();
              else if (options.body === 'cancel') void response.body?.cancel().catch(() => undefined);
            }
          };
          await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, poster));
          return 0;
        },
        () => ({}),
      );
    },

    async fillWorkbox(requests: SaleRequest[]): Promise<FillResult> {
      const enqueueMs: number[] = [];
      const started = performance.now();
      for (const request of requests) {
        const t0 = performance.now();
        await workbox.pushRequest({
          request: new Request(SALES_URL, {
            method: 'POST',
            headers: headersOf(request.key),
            body: request.body,
          }),
        });
        enqueueMs.push(performance.now() - t0);
      }
      const totalMs = performance.now() - started;
      return { enqueueMs, callMs: [], totalMs, size: await workbox.size() };
    },

    async replayWorkbox(): Promise<RunResult> {
      // Its IndexedDB work per request is shiftRequest (read the first entry, then delete it); timed on the
      // instance, which replayRequests calls as this.shiftRequest().
      const timer = new Timer();
      const shift = workbox.shiftRequest.bind(workbox);
      workbox.shiftRequest = () => timer.time('shift', shift);
      try {
        return await run(
          async () => {
            await workbox.replayRequests();
            return workbox.size();
          },
          () => timer.totals,
        );
      } finally {
        workbox.shiftRequest = shift;
      }
    },
  };
}
