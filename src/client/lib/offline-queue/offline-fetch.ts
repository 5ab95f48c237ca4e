/**
 * The fetch the API client uses (docs/offline.md#the-queue "when offline, POST, PUT, PATCH and DELETE (and
 * GETs to paths containing orders, payments, customers, inventory or reports) are queued; the call returns a
 * synthetic status 202 with offline true, a message and a requestId"; docs/offline.md "a write is queued and
 * an info notice says the request was saved offline with an ID and will sync when the connection returns").
 *
 * Wiring (lib/api/api.ts): `createApiClient({ fetch: createOfflineFetch({ notify: apiNotices.notify }), … })`.
 *
 * - Online: the real fetch, untouched, except that a write without an Idempotency-Key gets one BEFORE the
 *   live attempt, so the live attempt and any replay share it (the API client always sends one).
 * - A queueable write while navigator says offline: queued without trying.
 * - A queueable request whose fetch rejects (the server was not reached), or that is answered 502, 503 or
 *   504 (a proxy without upstream, or the service worker's network-first 503 "Network error",
 *   docs/platform.md#caches): queued. Reads are always tried first, even offline, because the service worker
 *   may answer them from its cache (the sale screen's catalog and customers).
 * - Not queued: a call the caller aborted or timed out (the caller decides; its retry keeps its key), a
 *   call classify.ts does not queue (login, PIN check…), a streamed body (already consumed).
 * - The synthetic 202's body is `{ offline: true, message, requestId }` and, for the API client that
 *   unwraps `{ success, data }`, the same object under `data` with success true: api.post resolves with
 *   exactly the sale machine's OfflineQueued. A GET is queued the same way (the spec's rule); the API client
 *   turns that answer into its network error (client.ts), because no screen can show a receipt as data.
 * - The info notice is for writes only (docs/api.md#the-client "a write is queued and an info notice says…"):
 *   a queued read gave the screen nothing, and the API client's "Unable to connect" notice says so.
 * - The queue is full: a write is answered 507 with the envelope message 'Offline queue is full' (the API
 *   client turns it into an ApiError with that text and shows it); a read fails as it would have.
 *
 * Bundle: this file is in the app shell's chunk (the API client uses it for every call), so it imports only
 * small modules; the queue itself (request-queue.ts with idb) is loaded on the first request that must be
 * queued. That dynamic import is the same module the PWA platform loads (app/pwa-platform.ts), so both use the
 * one defaultRequestQueue() instance and the platform's subscription sees every enqueue (the offline
 * indicator's count, the scheduler's "immediate sync 100 ms after queueing").
 */
import { newIdempotencyKey } from '../api/idempotency-key';
import type { ApiNotice } from '../api/notices';
import { classifyRequest, isWrite } from './classify';
import type { Classification } from './classify';
import { isOfflineQueueError, QUEUE_FULL_MESSAGE } from './errors';
import type { QueuedBody, RequestContext } from './queue-db';
import type { RequestQueue } from './request-queue';

/**
 * queue-db.ts IDEMPOTENCY_KEY_HEADER, copied: a value import from queue-db pulls idb into the shell's chunk
 * (offline-fetch.test.ts holds the two equal).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** The app's queue, loaded on first need (see the file comment). */
export function loadDefaultQueue(): Promise<RequestQueue> {
  return import('./request-queue').then((module) => module.defaultRequestQueue());
}

/** replay.ts navigatorOnline, copied for the same reason (replay.ts imports queue-db). */
function navigatorOnline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return nav?.onLine !== false;
}

/** The 202's message (the spec gives the meaning, not the words). */
export const OFFLINE_QUEUED_MESSAGE = 'Request saved offline. It will sync when the connection returns.';
/** i18n key (common namespace) of the info notice; `{{id}}` is the request id. */
export const OFFLINE_QUEUED_NOTICE_CODE = 'offline.queued';
/** Marks a synthetic answer for anyone reading raw responses (tests, the service worker). */
export const OFFLINE_QUEUED_HEADER = 'x-offline-queued';

/** Structurally the sale machine's OfflineQueued (machines/sale/sale.types.ts), with the message always set. */
export interface OfflineQueuedAnswer {
  offline: true;
  message: string;
  requestId: string;
}

export function isOfflineQueued(value: unknown): value is OfflineQueuedAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { offline?: unknown }).offline === true &&
    typeof (value as { requestId?: unknown }).requestId === 'string'
  );
}

/** The info notice, with the values its translation needs (`{{id}}`). */
export interface OfflineQueuedNotice extends ApiNotice {
  params: { id: string };
}

export function offlineQueuedNotice(requestId: string): OfflineQueuedNotice {
  return {
    kind: 'info',
    code: OFFLINE_QUEUED_NOTICE_CODE,
    message: `Request saved offline with ID ${requestId}. It will sync when the connection returns.`,
    params: { id: requestId },
  };
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8' };

export function offlineQueuedResponse(answer: OfflineQueuedAnswer): Response {
  return new Response(JSON.stringify({ ...answer, success: true, data: answer }), {
    status: 202,
    statusText: 'Accepted',
    headers: { ...JSON_HEADERS, [OFFLINE_QUEUED_HEADER]: answer.requestId },
  });
}

export function queueFullResponse(): Response {
  return new Response(JSON.stringify({ success: false, data: null, message: QUEUE_FULL_MESSAGE }), {
    status: 507,
    statusText: 'Insufficient Storage',
    headers: JSON_HEADERS,
  });
}

/** A proxy with no upstream, or the worker's network-first fallback (docs/platform.md#caches "else a 503 response"). */
const UNREACHABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
const TEXT_CONTENT = /^(text\/|application\/(json|[\w.+-]*\+json|x-www-form-urlencoded)\b)/i;

export interface OfflineFetchOptions {
  /** The queue to use; default: loadQueue. */
  queue?: RequestQueue;
  /** How to get the queue when none is given, called on the first request to queue; default loadDefaultQueue. */
  loadQueue?: () => Promise<RequestQueue>;
  /** The real fetch; default the global one, looked up at call time. */
  fetch?: typeof globalThis.fetch;
  /** Default navigator.onLine. */
  isOnline?: () => boolean;
  /** The info notice hook (docs/api.md#the-client): pass the API client's notice channel's notify. */
  notify?: (notice: ApiNotice) => void;
  /** Told of each queued request (the sync scheduler's "immediate sync 100 ms after queueing"). */
  onQueued?: (answer: OfflineQueuedAnswer) => void;
  /** Stored with the request (e.g. the user id, for a replay deciding whether to refresh the token). */
  context?: () => RequestContext | undefined;
  classify?: (method: string, url: string) => Classification;
  newKey?: () => string;
}

function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (init) new Headers(init).forEach((value, name) => (out[name] = value));
  return out;
}

function isRequest(input: unknown): input is Request {
  return typeof Request !== 'undefined' && input instanceof Request;
}

/** The body as the queue stores it; null when it cannot be stored (a stream, already consumed). */
async function storableBody(
  body: BodyInit | Request | null | undefined,
): Promise<{ body?: QueuedBody; contentType?: string } | null> {
  if (body === undefined || body === null) return {};
  if (typeof body === 'string') return { body };
  if (body instanceof URLSearchParams) {
    return { body: body.toString(), contentType: 'application/x-www-form-urlencoded;charset=UTF-8' };
  }
  if (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream) return null;
  // FormData, Blob, bytes: serialised once, with the multipart boundary in its content type, so the replay
  // sends the very bytes; the server fingerprints the parsed fields, so a new boundary would do as well.
  const carrier = isRequest(body) ? body : new Response(body);
  const bytes = await carrier.arrayBuffer();
  const contentType = carrier.headers.get('content-type') ?? undefined;
  const typed = contentType ? { contentType } : {};
  if (bytes.byteLength === 0) return typed;
  if (contentType && TEXT_CONTENT.test(contentType))
    return { body: new TextDecoder().decode(bytes), ...typed };
  return { body: bytes, ...typed };
}

export function createOfflineFetch(options: OfflineFetchOptions = {}): typeof globalThis.fetch {
  const live = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const isOnline = options.isOnline ?? navigatorOnline;
  const classify = options.classify ?? classifyRequest;
  const newKey = options.newKey ?? newIdempotencyKey;
  let queueSource: Promise<RequestQueue> | null = options.queue ? Promise.resolve(options.queue) : null;
  const queue = (): Promise<RequestQueue> => {
    queueSource ??= (options.loadQueue ?? loadDefaultQueue)().catch((error: unknown) => {
      // A failed chunk load (a new build deployed meanwhile) must not stick: the next request tries again.
      queueSource = null;
      throw error;
    });
    return queueSource;
  };

  return async function offlineFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const request = isRequest(input) ? input : null;
    const url = request ? request.url : input instanceof URL ? input.href : String(input);
    const method = (init.method ?? request?.method ?? 'GET').toUpperCase();
    const classification = classify(method, url);
    if (!classification.queue) return live(input, init);

    const write = isWrite(method);
    const headers = headerRecord(init.headers ?? request?.headers);
    if (write && !headers[IDEMPOTENCY_KEY_HEADER]) headers[IDEMPOTENCY_KEY_HEADER] = newKey();
    const sendInit: RequestInit = { ...init, method, headers };
    // A Request's body is read once: keep a copy for the queue before the live attempt reads it.
    const bodySource = init.body ?? (write && request ? request.clone() : undefined);
    const signal = init.signal ?? request?.signal;

    async function queued(): Promise<Response | null> {
      const stored = write ? await storableBody(bodySource) : {};
      if (!stored) return null;
      const queuedHeaders =
        stored.contentType && !headers['content-type']
          ? { ...headers, 'content-type': stored.contentType }
          : headers;
      let id: number;
      try {
        const context = options.context?.();
        ({ id } = await (
          await queue()
        ).enqueue({
          url,
          method,
          headers: queuedHeaders,
          ...(stored.body === undefined ? {} : { body: stored.body }),
          priority: classification.priority,
          tags: classification.tags,
          ...(context ? { context } : {}),
        }));
      } catch (error) {
        if (write && isOfflineQueueError(error, 'queue-full')) return queueFullResponse();
        // Not stored (no IndexedDB, quota): the caller must see the original failure, not a receipt.
        return null;
      }
      const answer: OfflineQueuedAnswer = {
        offline: true,
        message: OFFLINE_QUEUED_MESSAGE,
        requestId: String(id),
      };
      if (write) options.notify?.(offlineQueuedNotice(answer.requestId));
      options.onQueued?.(answer);
      return offlineQueuedResponse(answer);
    }

    if (write && !isOnline()) {
      const answer = await queued();
      if (answer) return answer;
    }
    let response: Response;
    try {
      response = await live(input, sendInit);
    } catch (error) {
      if (signal?.aborted) throw error;
      const answer = await queued();
      if (answer) return answer;
      throw error;
    }
    if (!UNREACHABLE_STATUSES.has(response.status)) return response;
    const answer = await queued();
    if (!answer) return response;
    void response.body?.cancel().catch(() => undefined);
    return answer;
  };
}
