/**
 * What bench/offline.ts (Node) and the bench page (bench/offline/page.ts, or its dedicated worker) say to each
 * other through page.evaluate: plain data only, so the same calls cross a postMessage to the worker.
 */

/** One create-sale intent: its Idempotency-Key and its JSON body (with its own client uuid). */
export interface SaleRequest {
  key: string;
  body: string;
}

export type BenchContext = 'page' | 'worker';

export interface SetupInfo {
  context: BenchContext;
  /** navigator.locks exists: our claims take the Web Lock path, as in the app. */
  locks: boolean;
  userAgent: string;
}

/** Every fetch the phase made, as the counting wrapper around globalThis.fetch saw it. */
export interface FetchTally {
  requests: number;
  distinctKeys: number;
  /** Sends of the most-sent Idempotency-Key: 1 when nothing was sent twice. */
  maxSendsPerKey: number;
  /** Answers by status, e.g. { "201": 1000 }. */
  statuses: Record<string, number>;
  /** Answers with Idempotent-Replayed: true (a key the server had already seen). */
  replayed: number;
  /** Summed time from fetch() to the answer's headers: the part of a phase spent on the network and server. */
  fetchMs: number;
}

export interface FillResult {
  /** Per request, the queue's own add (our RequestQueue.enqueue; Workbox's Queue.pushRequest). */
  enqueueMs: number[];
  /** Ours only: per request, the app's offline fetch call until its synthetic 202 (enqueue included). */
  callMs: number[];
  totalMs: number;
  /** Requests in the queue afterwards. */
  size: number;
}

export interface RunResult {
  ms: number;
  tally: FetchTally;
  /** Requests still queued afterwards (0 for a complete drain). */
  left: number;
  /** Where a drain's time went outside fetch (ms summed over the run), by queue operation. */
  detail: Record<string, number>;
}

export interface DrainOptions {
  batchSize: number;
  concurrency: number;
  /** The proposal of bench/offline/drain-pipelined.ts instead of drainQueue (concurrency ignored). */
  pipelined?: boolean;
}

/** What the poster does with an answer's body: read it as the app does, cancel it as replay.ts does, or leave it as Workbox does. */
export type BodyHandling = 'json' | 'cancel' | 'leave';

export interface OnlineOptions {
  concurrency: number;
  body: BodyHandling;
}

export interface OfflineBench {
  setup(options: { token: string }): Promise<SetupInfo>;
  /** Queues each sale through createOfflineFetch while "offline", one after another as a till does. */
  fillOurs(requests: SaleRequest[]): Promise<FillResult>;
  /** drainQueue (flush.ts batches) until the queue is empty. */
  drainOurs(options: DrainOptions): Promise<RunResult>;
  /** One POST per sale, `concurrency` at a time, each answer read (or its body cancelled, or left). */
  postOnline(requests: SaleRequest[], options: OnlineOptions): Promise<RunResult>;
  fillWorkbox(requests: SaleRequest[]): Promise<FillResult>;
  /** Workbox's own Queue.replayRequests(). */
  replayWorkbox(): Promise<RunResult>;
}

export type BenchMethod = keyof OfflineBench;

export interface WorkerCall {
  id: number;
  method: BenchMethod;
  args: unknown[];
}

export type WorkerReply = { id: number; value: unknown } | { id: number; error: string };

export const SALES_URL = '/api/pos/sales';
