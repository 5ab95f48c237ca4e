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

/** What the poster does with an answer's body: read it as the app does, or cancel it as replay.ts does. */
export type BodyHandling = 'json' | 'cancel';

export interface DrainOptions {
  batchSize: number;
  concurrency: number;
  /** The proposal of bench/offline/drain-pipelined.ts instead of flushQueue (concurrency ignored). */
  pipelined?: boolean;
}

/** One contestant of a round: our queue (its own IndexedDB database), online posting, or Workbox's Queue. */
export interface Participant {
  id: string;
  kind: 'ours' | 'online' | 'workbox';
  drain?: DrainOptions;
  body?: BodyHandling;
}

export interface SetupInfo {
  context: BenchContext;
  /** navigator.locks exists: our claims take the Web Lock path, as in the app. */
  locks: boolean;
  userAgent: string;
}

/** Every fetch of one participant in a round, as the counting wrapper around globalThis.fetch saw it. */
export interface FetchTally {
  requests: number;
  distinctKeys: number;
  /** Sends of the most-sent Idempotency-Key: 1 when nothing was sent twice. */
  maxSendsPerKey: number;
  /** Answers by status, e.g. { "201": 1000 }. */
  statuses: Record<string, number>;
  /** Answers with Idempotent-Replayed: true (a key the server had already seen). */
  replayed: number;
  /** Summed time from fetch() to the answer's headers: the part spent on the network and the server. */
  fetchMs: number;
}

export interface FillResult {
  /** Per request, the queue's own add (our RequestQueue.enqueue; Workbox's Queue.pushRequest). */
  enqueueMs: number[];
  /** Ours only: per request, the app's offline fetch call until its synthetic 202 (enqueue included). */
  callMs: number[];
  /** Requests in the queue afterwards. */
  size: number;
}

export interface RunResult {
  /** The participant's own time: the sum of its slices. */
  ms: number;
  slices: number;
  tally: FetchTally;
  /** Requests still queued afterwards (0 for a complete drain). */
  left: number;
  /** Time spent in the queue's IndexedDB operations (ms summed over the round), by operation. */
  detail: Record<string, number>;
}

export interface RoundOptions {
  /** Requests per turn: each participant sends this many (ours: whole batches), then the next one's turn. */
  slice: number;
  /** Rotates who goes first. */
  offset: number;
}

export interface OfflineBench {
  setup(options: { token: string; participants: Participant[] }): Promise<SetupInfo>;
  /**
   * Queues the sales of each queue participant, one request at a time as a till does, taking turns request
   * by request (ours through createOfflineFetch while "offline"; Workbox through pushRequest).
   */
  fill(requests: Record<string, SaleRequest[]>): Promise<Record<string, FillResult>>;
  /** Drains every queue and posts the online participants' sales, taking turns slice by slice. */
  round(online: Record<string, SaleRequest[]>, options: RoundOptions): Promise<Record<string, RunResult>>;
}

export type BenchMethod = keyof OfflineBench;

export interface WorkerCall {
  id: number;
  method: BenchMethod;
  args: unknown[];
}

export type WorkerReply = { id: number; value: unknown } | { id: number; error: string };

export const SALES_URL = '/api/pos/sales';
