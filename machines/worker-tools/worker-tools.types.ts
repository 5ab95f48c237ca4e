/**
 * Context, events, input and actor contracts of the worker tools (docs/platform.md#worker-tools
 * service-worker status panel and "Advanced caching" tab; docs/platform.md#worker-tools worker messages;
 * docs/platform.md#worker-tools worker manager errors): one-shot operations on the service worker, the Cache
 * Storage and the offline queue, each a request, a result or a failure.
 */

export type WorkerOperation =
  /** Test SW Response: GET_VERSION answered with VERSION_INFO within the 3 s responsiveness check (docs/platform.md#worker-tools). */
  | 'checkResponse'
  /** Clear Cache: CLEAR_DATA_CACHE → DATA_CACHE_CLEARED | CACHE_CLEAR_ERROR (10 s). */
  | 'clearDataCache'
  /** Cache Info: GET_CACHE_INFO → CACHE_INFO (10 s). */
  | 'cacheInfo'
  /** Force Update: FORCE_UPDATE → FORCE_UPDATE_COMPLETED | FORCE_UPDATE_ERROR (15 s). */
  | 'forceUpdate'
  /** Force Reload SW: unregister, delete every cache, reload. Asks first (docs/platform.md#worker-tools). */
  | 'forceReload'
  /** The caching tab's counts, read from the Cache Storage of this origin. */
  | 'cacheStats'
  | 'clearAllCaches'
  /** One cache, by name (each cache has its own clear button, docs/platform.md#worker-tools). */
  | 'clearCache'
  /** The offline queue's failed requests back to pending (docs/offline.md: retryable). */
  | 'retryFailed'
  /** The offline queue's failed requests downloaded as JSON (docs/offline.md: exportable). */
  | 'exportFailed'
  /** The offline queue's failed requests, listed (the sync tab). */
  | 'listFailed'
  /** The offline queue's failed requests deleted, sales and payments too (docs/offline.md#the-queue "removed in bulk"). Asks first. */
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
  /** 'HTTP {status}: {statusText}' (docs/offline.md#the-queue), or why it was not sent; null when unknown. */
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
  /** English text: the spec's where it has one (docs/platform.md#worker-tools), else the error's own. */
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
