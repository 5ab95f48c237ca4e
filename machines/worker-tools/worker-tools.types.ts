/**
 * Context, events, input and actor contracts of the worker tools (001 §2 service-worker status panel and
 * "Advanced caching" tab; §7 worker messages; §8 worker manager errors): one-shot operations on the service
 * worker, the Cache Storage and the offline queue, each a request, a result or a failure.
 */

export type WorkerOperation =
  /** Test SW Response: GET_VERSION answered with VERSION_INFO within the 3 s responsiveness check (001 §9). */
  | 'checkResponse'
  /** Clear Cache: CLEAR_DATA_CACHE → DATA_CACHE_CLEARED | CACHE_CLEAR_ERROR (10 s). */
  | 'clearDataCache'
  /** Cache Info: GET_CACHE_INFO → CACHE_INFO (10 s). */
  | 'cacheInfo'
  /** Force Update: FORCE_UPDATE → FORCE_UPDATE_COMPLETED | FORCE_UPDATE_ERROR (15 s). */
  | 'forceUpdate'
  /** Force Reload SW: unregister, delete every cache, reload. Asks first (001 §8). */
  | 'forceReload'
  /** The caching tab's counts, read from the Cache Storage of this origin. */
  | 'cacheStats'
  | 'clearAllCaches'
  /** One cache, by name (each cache has its own clear button, 001 §2). */
  | 'clearCache'
  /** The offline queue's failed requests back to pending (design.md §6: retryable). */
  | 'retryFailed'
  /** The offline queue's failed requests downloaded as JSON (design.md §6: exportable). */
  | 'exportFailed'
  /** The offline queue's failed requests, listed (the sync tab). */
  | 'listFailed'
  /** The offline queue's failed requests deleted, sales and payments too (000 §4 "removed in bulk"). Asks first. */
  | 'removeFailed';

/** One failed request as the sync tab lists it (method, path, tags, attempts, last error, age). */
export interface FailedRequestSummary {
  id: number;
  method: string;
  /** Path and query, without the origin. */
  path: string;
  /** Resource tags, without 'failed' (every one listed has it). */
  tags: string[];
  /** Sends made: the first one and each retry. */
  attempts: number;
  /** 'HTTP {status}: {statusText}' (000 §8), or why it was not sent; null when unknown. */
  lastError: string | null;
  /** When it was queued, epoch ms (its age). */
  queuedAt: number;
  lastAttemptAt: number | null;
}

export interface OperationRequest {
  operation: WorkerOperation;
  /** For clearCache. */
  cacheName?: string;
}

export interface CacheSummary {
  name: string;
  entries: number;
  /** Bytes, as far as the responses tell (Content-Length or the body read); 0 when unknown. */
  size: number;
}

export interface OperationOutput {
  operation: WorkerOperation;
  /** The caches after the operation, when it read them (cacheStats, cacheInfo, the clears). */
  caches?: CacheSummary[];
  /** The worker's version (checkResponse, forceUpdate). */
  version?: string | null;
  /** How many things it touched (caches cleared, requests retried or exported). */
  count?: number;
  /** How long the worker took to answer (checkResponse). */
  elapsedMs?: number;
  /** The failed requests after the operation, when it read them (listFailed, retryFailed, removeFailed). */
  failed?: FailedRequestSummary[];
}

export interface WorkerToolsError {
  operation: WorkerOperation;
  /** i18n key (common namespace). */
  code: string;
  /** English text: the spec's where it has one (001 §8), else the error's own. */
  message: string;
}

export interface WorkerToolsInput {
  /** An operation to run at once (the caching tab opens with its stats). */
  initial?: OperationRequest;
}

export interface WorkerToolsContext {
  /** The operation running, waiting for confirmation, or last run. */
  request: OperationRequest | null;
  result: OperationOutput | null;
  /** The last cache list any operation read; null until one did. */
  caches: CacheSummary[] | null;
  /** The last list of failed requests any operation read; null until one did. */
  failed: FailedRequestSummary[] | null;
  error: WorkerToolsError | null;
  initial: OperationRequest | null;
}

export type WorkerToolsEvent =
  | ({ type: 'tools.run' } & OperationRequest)
  | { type: 'tools.confirm' }
  | { type: 'tools.cancel' }
  | { type: 'error.dismiss' };
