/**
 * The measured work, run inside Chromium (the bench page or its dedicated worker): our queue filled through
 * the app's offline fetch and drained by flush.ts, the same kind of sales posted online, and sales pushed to
 * and replayed by Workbox's own `workbox-background-sync` Queue.
 *
 * Taking turns: the machine is shared and its speed changes by 2× within a minute, so the participants of a
 * round do not run one after another; each sends a slice (default 10 requests, our batch size) and hands
 * over, round-robin, until all are done, and each one's time is the sum of its own slices. Ours is driven one
 * flushQueue batch per turn (what the sync scheduler does: one flush per run, the next at once while a full
 * batch was sent, sync-scheduler.rules.ts); online posts its next 10; Workbox's replayRequests() runs
 * unmodified and is paused inside the fetch wrapper once its 10th answer of the turn has arrived (none of its
 * code runs while paused), then resumed on its next turn. Only one participant runs at any moment.
 *
 * Fairness:
 * - One counting wrapper around globalThis.fetch serves all (our replay looks the global fetch up at call
 *   time, Workbox calls `fetch` itself), so each pays the same few microseconds per request, and the wrapper
 *   is what checks the answers (Workbox's replay counts any answer as done) and the keys sent.
 * - No service worker is registered on the bench origin, so no fetch of any participant is intercepted.
 * - The online reference is plain fetch with the very headers and body the queue stores, the answer read as
 *   JSON, not the app's API client (ofetch, envelope checks): the floor a drain is compared with.
 */
import { Queue } from 'workbox-background-sync';
import { flushQueue } from '../../src/client/lib/offline-queue/flush';
import { createOfflineFetch } from '../../src/client/lib/offline-queue/offline-fetch';
import { createRequestQueue } from '../../src/client/lib/offline-queue/request-queue';
import type { Claim, RequestQueue } from '../../src/client/lib/offline-queue/request-queue';
import { flushPipelined } from './drain-pipelined';
import { SALES_URL } from './protocol';
import type {
  BenchContext,
  FetchTally,
  FillResult,
  OfflineBench,
  Participant,
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

/** Time summed per label: where a drain's time went outside fetch. */
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
function timedQueue(queue: RequestQueue, timer: () => Timer): RequestQueue {
  return {
    ...queue,
    stats: () => timer().time('stats', () => queue.stats()),
    claim: async (limit) => {
      const claim = await timer().time('claim', () => queue.claim(limit));
      const timed: Claim = {
        claimId: claim.claimId,
        requests: claim.requests,
        succeed: (id) => timer().time('succeed', () => claim.succeed(id)),
        fail: (...params) => timer().time('fail', () => claim.fail(...params)),
        release: (...params) => timer().time('release', () => claim.release(...params)),
        end: () => timer().time('end', () => claim.end()),
      };
      return timed;
    },
  };
}

/**
 * Hands control between the round's coordinator and code that cannot be called step by step (Workbox's
 * replay loop): run() lets it go until it calls pause() or finish().
 */
class Turns {
  private resume: (() => void) | null = null;
  private handBack: (() => void) | null = null;

  run(): Promise<void> {
    return new Promise((resolve) => {
      this.handBack = resolve;
      const resume = this.resume;
      this.resume = null;
      resume?.();
    });
  }

  pause(): Promise<void> {
    return new Promise((resolve) => {
      this.resume = resolve;
      this.finish();
    });
  }

  finish(): void {
    const handBack = this.handBack;
    this.handBack = null;
    handBack?.();
  }
}

interface Contestant {
  readonly spec: Participant;
  tally: Tally;
  timer: Timer;
  ms: number;
  slices: number;
  done: boolean;
  /** Called by the fetch wrapper after each answer of this contestant. */
  afterFetch?(): Promise<void>;
  begin(requests: SaleRequest[] | undefined): void;
  /** Sends about `slice` requests, or finishes. */
  step(slice: number): Promise<void>;
  left(): Promise<number>;
  fill?(request: SaleRequest): Promise<{ enqueueMs: number; callMs?: number }>;
  size?(): Promise<number>;
}

export function createBench(context: BenchContext): OfflineBench {
  const nativeFetch = globalThis.fetch.bind(globalThis);
  let token = '';
  let contestants: Contestant[] = [];
  let current: Contestant | null = null;

  globalThis.fetch = async function countingFetch(input: RequestInfo | URL, init?: RequestInit) {
    const who = current;
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const key = headers.get(IDEMPOTENCY_KEY);
    const started = performance.now();
    const response = await nativeFetch(input, init);
    if (who) {
      const tally = who.tally;
      tally.fetchMs += performance.now() - started;
      tally.requests += 1;
      tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1);
      if (response.headers.get(REPLAYED) === 'true') tally.replayed += 1;
      if (key) tally.keys.set(key, (tally.keys.get(key) ?? 0) + 1);
      await who.afterFetch?.();
    }
    return response;
  };

  const headersOf = (key: string): Record<string, string> => ({
    accept: 'application/json',
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    [IDEMPOTENCY_KEY]: key,
  });

  function base(spec: Participant) {
    return { spec, tally: new Tally(), timer: new Timer(), ms: 0, slices: 0, done: false };
  }

  function ours(spec: Participant, index: number): Contestant {
    // The first one on the app's database name; more (variants) on their own, so no two share requests.
    const queue = createRequestQueue(index === 0 ? {} : { dbName: `offline-queue-bench-${index}` });
    const drain = spec.drain ?? { batchSize: 10, concurrency: 1 };
    let enqueueMs = 0;
    const measured: RequestQueue = {
      ...queue,
      enqueue: async (request) => {
        const started = performance.now();
        try {
          return await queue.enqueue(request);
        } finally {
          enqueueMs = performance.now() - started;
        }
      },
    };
    const offlineFetch = createOfflineFetch({ queue: measured, isOnline: () => false });
    const me: Contestant = {
      ...base(spec),
      begin() {},
      async step(slice) {
        const timed = timedQueue(queue, () => me.timer);
        for (let sent = 0; sent < slice;) {
          const result = drain.pipelined
            ? await flushPipelined(timed, drain.batchSize)
            : await flushQueue(timed, {
                batchSize: drain.batchSize,
                concurrency: drain.concurrency,
                isOnline: () => true,
              });
          if (result.failed > 0) throw new Error(`${spec.id}: ${result.failed} failed attempts`);
          // drainQueue's end: a batch that found nothing due.
          if (result.sent === 0) {
            me.done = true;
            return;
          }
          sent += result.sent;
        }
      },
      left: async () => (await queue.stats()).totalRequests,
      async fill(request) {
        const started = performance.now();
        const response = await offlineFetch(SALES_URL, {
          method: 'POST',
          headers: headersOf(request.key),
          body: request.body,
        });
        const callMs = performance.now() - started;
        if (response.status !== 202) throw new Error(`offline fetch answered ${response.status}`);
        return { enqueueMs, callMs };
      },
      size: async () => (await queue.stats()).totalRequests,
    };
    return me;
  }

  function online(spec: Participant): Contestant {
    let waiting: SaleRequest[] = [];
    const me: Contestant = {
      ...base(spec),
      begin(requests) {
        waiting = [...(requests ?? [])];
        me.done = waiting.length === 0;
      },
      async step(slice) {
        for (let i = 0; i < slice; i++) {
          const request = waiting.shift();
          if (!request) break;
          const response = await fetch(SALES_URL, {
            method: 'POST',
            headers: headersOf(request.key),
            body: request.body,
          });
          if (spec.body === 'cancel') void response.body?.cancel().catch(() => undefined);
          else await response.json();
        }
        me.done = waiting.length === 0;
      },
      left: async () => waiting.length,
    };
    return me;
  }

  function workbox(spec: Participant): Contestant {
    // Workbox's Queue is written for a service worker: its constructor reads `self.registration`, which a
    // page or a dedicated worker lacks. A registration without `sync` is what a browser without Background
    // Sync looks like to it; onSync does nothing so the constructor's fallback replay does not start itself.
    if (!('registration' in globalThis)) {
      Object.defineProperty(globalThis, 'registration', { value: {}, configurable: true });
    }
    const queue = new Queue(`bench-${spec.id}`, { forceSyncFallback: true, onSync: () => undefined });
    // Its IndexedDB work per request is shiftRequest (read the first entry, then delete it); timed on the
    // instance, which replayRequests calls as this.shiftRequest().
    const shift = queue.shiftRequest.bind(queue);
    queue.shiftRequest = () => me.timer.time('shift', shift);
    const turns = new Turns();
    let target = 0;
    let answers = 0;
    let failure: unknown = null;
    const me: Contestant = {
      ...base(spec),
      async afterFetch() {
        answers += 1;
        if (answers >= target) await turns.pause();
      },
      begin() {
        failure = null;
        void (async () => {
          await turns.pause();
          try {
            await queue.replayRequests();
          } catch (error) {
            failure = error;
          }
          me.done = true;
          turns.finish();
        })();
      },
      async step(slice) {
        answers = 0;
        target = slice;
        await turns.run();
        if (failure) throw failure;
      },
      left: () => queue.size(),
      async fill(request) {
        const started = performance.now();
        await queue.pushRequest({
          request: new Request(SALES_URL, {
            method: 'POST',
            headers: headersOf(request.key),
            body: request.body,
          }),
        });
        return { enqueueMs: performance.now() - started };
      },
      size: () => queue.size(),
    };
    return me;
  }

  return {
    async setup(options) {
      token = options.token;
      let queues = 0;
      contestants = options.participants.map((spec) =>
        spec.kind === 'ours' ? ours(spec, queues++) : spec.kind === 'online' ? online(spec) : workbox(spec),
      );
      const nav = globalThis.navigator as Navigator & { locks?: unknown };
      return { context, locks: nav.locks !== undefined, userAgent: nav.userAgent };
    },

    async fill(requests) {
      const filling = contestants.filter((c) => c.fill && requests[c.spec.id]);
      const results = new Map(filling.map((c) => [c, { enqueueMs: [] as number[], callMs: [] as number[] }]));
      const longest = Math.max(0, ...filling.map((c) => requests[c.spec.id]!.length));
      for (let i = 0; i < longest; i++) {
        for (const c of filling) {
          const request = requests[c.spec.id]![i];
          if (!request) continue;
          const timed = await c.fill!(request);
          results.get(c)!.enqueueMs.push(timed.enqueueMs);
          if (timed.callMs !== undefined) results.get(c)!.callMs.push(timed.callMs);
        }
      }
      const out: Record<string, FillResult> = {};
      for (const c of filling) out[c.spec.id] = { ...results.get(c)!, size: await c.size!() };
      return out;
    },

    async round(onlineRequests, { slice, offset }) {
      for (const c of contestants) {
        Object.assign(c, { tally: new Tally(), timer: new Timer(), ms: 0, slices: 0, done: false });
        c.begin(onlineRequests[c.spec.id]);
      }
      for (let turn = offset; contestants.some((c) => !c.done); turn++) {
        const order = contestants.map((_, i) => contestants[(i + turn) % contestants.length]!);
        for (const c of order) {
          if (c.done) continue;
          current = c;
          const started = performance.now();
          try {
            await c.step(slice);
          } finally {
            c.ms += performance.now() - started;
            c.slices += 1;
            current = null;
          }
        }
      }
      const out: Record<string, RunResult> = {};
      for (const c of contestants) {
        out[c.spec.id] = {
          ms: c.ms,
          slices: c.slices,
          tally: c.tally.summary(),
          left: await c.left(),
          detail: c.timer.totals,
        };
      }
      return out;
    },
  };
}
