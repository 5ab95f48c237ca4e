/**
 * The API client (docs/api.md#the-client, docs/api.md#endpoints), on ofetch:
 *
 * - base '/api', JSON in and out, no cookies (`credentials: 'omit'`): the session is the bearer token of the
 *   stored auth record, added when one exists (docs/api.md#endpoints);
 * - list parameters flattened into the query (`filter[name]=…`, query.ts);
 * - the `{ success, data, message }` envelope unwrapped: a call resolves with `data` (or, with `raw`, the
 *   whole envelope), optionally checked by a zod schema from src/contracts;
 * - the global loading counter (loading.ts) unless `skipLoading`;
 * - timeouts: 10 s by default, 30 s for sale calls, 60 s for the long ones (tip update, refund, void, create
 *   sale, save all changes: docs/api.md#the-client names them without a value; 60 s is ours, because a refund
 *   that times out on the till while the card processor is still answering is the worst case to retry blind);
 * - failures become ApiError; notices debounced by 1 s (notices.ts, docs/api.md#the-client): the spec's
 *   connection text for a network failure (for writes too, until the offline queue answers those with its own
 *   "saved offline" notice), the server's message otherwise; a 401 on a call that carried the
 *   session's token ends the session through the registered handler (the auth machine's 'session.expired');
 *   403, 404, 405 and 422 go to the caller without a notice: the screen shows them where they belong;
 * - the offline queue (lib/offline-queue/offline-fetch.ts, the app's fetch) answers a queued call with a
 *   synthetic 202 `{ offline: true, message, requestId }`: a write resolves with it (the sale machine's
 *   OfflineQueued: "saved, will sync"); a read rejects as the network failure it is (kind 'network', the
 *   spec's connection notice), because a read has no data to give the screen, and a screen handed the
 *   receipt as its catalog or customer list would break instead of falling back to its cached copy;
 * - an Idempotency-Key on EVERY write (POST, PUT, PATCH, DELETE). Pass `idempotencyKey` made ONCE per intent
 *   (newIdempotencyKey) and pass the same key again on each retry of that intent; a key is generated when none
 *   is given, which protects against nothing but a duplicate in flight, so retries MUST pass their key.
 *
 *   await api.post<Sale>('/pos/sales', order, { idempotencyKey: intent.key, timeout: 'long', skipLoading: true })
 */
import { createFetch, FetchError } from 'ofetch';
import type { z } from 'zod';
import type { FieldErrors } from '../../../contracts/envelope';
import { ApiError } from './api-error';
import { newIdempotencyKey } from './idempotency-key';
import { apiLoading } from './loading';
import type { LoadingStore } from './loading';
import { apiNotices, NETWORK_ERROR_MESSAGE } from './notices';
import type { NoticeChannel } from './notices';
import { flattenQuery } from './query';
import type { QueryParams } from './query';

export const API_BASE = '/api';

/**
 * The header names of src/contracts (envelope.ts IDEMPOTENCY_KEY_HEADER, auth.ts PIN_APPROVAL_HEADER), copied
 * because a value import from contracts pulls zod (~55 KB gzipped) into the shell's chunk, in front of every
 * screen; client.test.ts holds them equal.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const PIN_APPROVAL_HEADER = 'x-pin-approval';

/** docs/api.md#endpoints: default 10000 ms, sale 30000 ms; the long calls' value is ours (see above). */
export const TIMEOUTS = { default: 10_000, sale: 30_000, long: 60_000 } as const;
export type TimeoutName = keyof typeof TIMEOUTS;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const WRITE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RequestOptions<T = unknown> {
  query?: QueryParams;
  /** A named timeout or milliseconds; default 'default' (10 s). */
  timeout?: TimeoutName | number;
  /** Do not count this call in the global loading indicator (docs/sales.md#the-sale-screen: create sale, update sale). */
  skipLoading?: boolean;
  /** The caller shows its own error (a form, a PIN pad): no notice for this call. */
  skipNotice?: boolean;
  /**
   * A call made without a session (login, login with token): no bearer token, and its 401 is an answer for
   * the caller ("wrong password"), not a session that ended.
   */
  anonymous?: boolean;
  /** Cancels the call (an invoked actor's signal: leaving the state cancels its request). */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** A PIN approval from /role-by-code, sent as X-Pin-Approval (ADR 006). */
  pinApproval?: string;
  /** Checks `data`; a mismatch rejects with ApiError kind 'invalid-response'. */
  schema?: z.ZodType<T>;
}

export interface WriteOptions<T = unknown> extends RequestOptions<T> {
  /** One key per intent, reused on every retry of that intent (see the file comment). */
  idempotencyKey?: string;
}

export type RequestBody = Record<string, unknown> | unknown[] | FormData | URLSearchParams | null;

export interface ApiClient {
  get<T>(url: string, options?: RequestOptions<T>): Promise<T>;
  post<T>(url: string, body?: RequestBody, options?: WriteOptions<T>): Promise<T>;
  put<T>(url: string, body?: RequestBody, options?: WriteOptions<T>): Promise<T>;
  patch<T>(url: string, body?: RequestBody, options?: WriteOptions<T>): Promise<T>;
  delete<T>(url: string, options?: WriteOptions<T>): Promise<T>;
  request<T>(method: HttpMethod, url: string, body?: RequestBody, options?: WriteOptions<T>): Promise<T>;
  /** Called on a 401 of a call that carried the token (null removes it; then the fallback runs). */
  setUnauthorizedHandler(handler: (() => void) | null): void;
}

export interface ApiClientConfig {
  /** A fetch implementation (tests pass a fake; ofetch accepts any fetch). */
  fetch?: typeof globalThis.fetch;
  baseURL?: string;
  /** The stored session's token, read on every call (a login or logout in another tab applies at once). */
  getToken: () => string | null;
  /** What a 401 does when no handler is registered (the app clears the stored session). */
  onUnauthorizedFallback?: () => void;
  loading?: LoadingStore;
  notices?: NoticeChannel;
  newKey?: () => string;
}

interface ErrorBody {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
  details?: unknown;
}

function isEnvelope(body: unknown): body is { success: boolean; data: unknown; message?: string } {
  return typeof body === 'object' && body !== null && 'success' in body && 'data' in body;
}

/** The offline queue's synthetic answer (offline-fetch.ts isOfflineQueued; not imported: the shell stays small). */
function isQueuedAnswer(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { offline?: unknown }).offline === true &&
    typeof (data as { requestId?: unknown }).requestId === 'string'
  );
}

function resolveTimeout(timeout: RequestOptions['timeout']): number {
  if (typeof timeout === 'number') return timeout;
  return TIMEOUTS[timeout ?? 'default'];
}

const TIMEOUT_REASON = 'TimeoutError';

/**
 * One signal for the caller's cancel and our timeout. ofetch ignores its own `timeout` when a signal is given,
 * and actors always give one, so the timeout is ours.
 */
function withTimeout(signal: AbortSignal | undefined, ms: number): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(signal?.reason);
  if (signal?.aborted) controller.abort(signal.reason);
  else signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    const reason = new Error(`The request took longer than ${ms} ms.`);
    reason.name = TIMEOUT_REASON;
    controller.abort(reason);
  }, ms);
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fieldErrors(value: unknown): FieldErrors | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) out[key] = messages.map(String);
  }
  return Object.keys(out).length ? out : undefined;
}

function toApiError(error: unknown, ownSignal: AbortSignal, callerSignal: AbortSignal | undefined): ApiError {
  if (error instanceof ApiError) return error;
  const response = error instanceof FetchError ? error.response : undefined;
  if (response) {
    const body = ((error as FetchError).data ?? {}) as ErrorBody;
    const retryAfter = Number(response.headers.get('retry-after'));
    const errors = fieldErrors(body.errors);
    const details = body.details;
    return new ApiError({
      status: response.status,
      // Kept as sent, a code this build does not know too (a newer server's): it finds no text, and its
      // status still says what it is (api-error.ts).
      ...(typeof body.code === 'string' && body.code ? { code: body.code } : {}),
      ...(isPlainObject(details) ? { details } : {}),
      message:
        typeof body.message === 'string' && body.message
          ? body.message
          : `HTTP ${response.status}: ${response.statusText}`,
      ...(errors ? { errors } : {}),
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
      cause: error,
    });
  }
  if (callerSignal?.aborted) {
    return new ApiError({ status: 0, kind: 'aborted', message: 'The request was cancelled.', cause: error });
  }
  const reason: unknown = ownSignal.reason;
  if (ownSignal.aborted && reason instanceof Error && reason.name === TIMEOUT_REASON) {
    return new ApiError({
      status: 0,
      kind: 'timeout',
      message: 'The server took too long to answer. Please try again.',
      cause: error,
    });
  }
  return new ApiError({ status: 0, kind: 'network', message: NETWORK_ERROR_MESSAGE, cause: error });
}

/** Statuses the caller shows itself (docs/api.md#the-client "passed to callers unchanged"); 401 ends the session instead. */
const CALLER_STATUSES: ReadonlySet<number> = new Set([401, 403, 404, 405, 422]);

export function createApiClient(config: ApiClientConfig): ApiClient {
  const $fetch = createFetch(config.fetch ? { fetch: config.fetch } : {});
  const loading = config.loading ?? apiLoading;
  const notices = config.notices ?? apiNotices;
  const newKey = config.newKey ?? newIdempotencyKey;
  let unauthorizedHandler: (() => void) | null = null;

  function notify(error: ApiError): void {
    if (error.kind === 'aborted') return;
    if (error.kind === 'network') {
      notices.notify({ kind: 'error', code: 'api.errors.network', message: NETWORK_ERROR_MESSAGE });
    } else if (error.kind === 'timeout') {
      notices.notify({ kind: 'error', code: 'api.errors.timeout', message: error.message });
    } else if (!CALLER_STATUSES.has(error.status)) {
      // Said by its code in the user's language (keyedNotice, when shown); the server's English for an answer
      // without a code, or with one this build has no text for.
      notices.notify({
        kind: 'error',
        code: null,
        message: error.message,
        ...(error.code ? { errorCode: error.code } : {}),
      });
    }
  }

  async function request<T>(
    method: HttpMethod,
    url: string,
    body?: RequestBody,
    options: WriteOptions<T> = {},
  ): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const token = options.anonymous ? null : config.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    if (WRITE_METHODS.has(method)) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey ?? newKey();
    if (options.pinApproval) headers[PIN_APPROVAL_HEADER] = options.pinApproval;

    const timed = withTimeout(options.signal, resolveTimeout(options.timeout));
    if (!options.skipLoading) loading.start();
    try {
      const envelope: unknown = await $fetch(url, {
        baseURL: config.baseURL ?? API_BASE,
        method,
        headers,
        credentials: 'omit',
        query: flattenQuery(options.query),
        retry: false,
        signal: timed.signal,
        ...(body === undefined || body === null ? {} : { body }),
      });
      if (!isEnvelope(envelope) || envelope.success !== true) {
        throw new ApiError({
          status: 200,
          kind: 'invalid-response',
          message: 'The server sent an answer this app cannot read.',
        });
      }
      if (!WRITE_METHODS.has(method) && isQueuedAnswer(envelope.data)) {
        throw new ApiError({ status: 0, kind: 'network', message: NETWORK_ERROR_MESSAGE });
      }
      if (!options.schema) return envelope.data as T;
      const parsed = options.schema.safeParse(envelope.data);
      if (!parsed.success) {
        throw new ApiError({
          status: 200,
          kind: 'invalid-response',
          message: 'The server sent an answer this app cannot read.',
          cause: parsed.error,
        });
      }
      return parsed.data;
    } catch (caught) {
      const error = toApiError(caught, timed.signal, options.signal);
      if (error.status === 401 && token) {
        if (unauthorizedHandler) unauthorizedHandler();
        else config.onUnauthorizedFallback?.();
      }
      if (!options.skipNotice) notify(error);
      throw error;
    } finally {
      timed.done();
      if (!options.skipLoading) loading.stop();
    }
  }

  return {
    request,
    get: (url, options) => request('GET', url, undefined, options),
    post: (url, body, options) => request('POST', url, body, options),
    put: (url, body, options) => request('PUT', url, body, options),
    patch: (url, body, options) => request('PATCH', url, body, options),
    delete: (url, options) => request('DELETE', url, undefined, options),
    setUnauthorizedHandler(handler) {
      unauthorizedHandler = handler;
    },
  };
}
