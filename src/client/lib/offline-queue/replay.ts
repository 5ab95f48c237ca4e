/**
 * Replaying one queued request (docs/offline.md#the-queue: "Replay uses the original method, url, headers and
 * body, same-origin credentials and cors mode; any OK status is success"), and the retry schedule
 * (docs/offline.md#the-queue: "max retries 3 … retry intervals 5 s, 30 s, 2 min (by retry number, last
 * repeated)"; docs/offline.md#the-queue: "on failure the retry count rises and a retry is scheduled; once
 * retries are used it is tagged failed").
 *
 * Settled here:
 * - retryCount counts retries SCHEDULED. A failed attempt with retryCount < maxRetries schedules retry
 *   number retryCount + 1 after retryIntervals[retryCount] (the last interval repeated); a failed attempt
 *   with retryCount = maxRetries tags the request 'failed'. Defaults: the first replay, then retries after
 *   5 s, 30 s and 2 min, then failed: each of the three intervals is used once, four sends in all.
 * - Only an ANSWER that is not OK, or no answer within the replay timeout, counts. A network failure (fetch
 *   rejects: the server was not reached) is the connection's fault, not the request's: the request stays
 *   pending with its count unchanged. Otherwise a flaky connection that still reports "online" would turn
 *   every queued sale 'failed' within three minutes and stop it syncing by itself.
 * - A 401 does not count either: the SESSION expired (sessions end after 12 h idle), not the request. After an
 *   overnight outage every queued sale would otherwise burn its retries on 401 and end 'failed'. The request is
 *   'held' (afterUnauthorized) with a fingerprint of the token the server refused, and is not sent again with
 *   that token: a page whose replay headers carry another token of the same user (features/pwa/queue-sync.ts
 *   replayHeaders, after a new sign-in) wakes it (request-queue.ts wakeHeld). The worker has no other token, so
 *   it only ever holds them.
 * - The Idempotency-Key sent is always the stored one, whatever `headersFor` returns: that key is what
 *   makes a replay after a lost response answer with the first result instead of a second sale.
 */
import { OFFLINE_QUEUE } from '../../../domain/constants';
import { isErrorCode } from '../../../contracts/error-codes';
import type { ErrorCode } from '../../../contracts/error-codes';
import type { QueueTag } from '../../../domain/constants';
import { httpErrorMessage } from './errors';
import { IDEMPOTENCY_KEY_HEADER } from './queue-db';
import type { QueuedRequest } from './queue-db';

/**
 * How long one replay may take. Equal to the API client's long timeout (client.ts TIMEOUTS.long: create
 * sale, refund, void) so a replay is never cut shorter than the live call would have been. The claim's
 * lease (request-queue.ts) is longer than this, so a live sender always finishes before its lease ends.
 */
export const REPLAY_TIMEOUT_MS = 60_000;

export type ReplayOutcome =
  | { kind: 'sent'; status: number }
  /** An answer that is not OK: 'HTTP {status}: {statusText}', and its envelope's code. Counts as a retry. */
  | { kind: 'http-error'; status: number; error: string; code?: ErrorCode }
  /** No answer within the timeout (the server may have done it: the key covers the next send). Counts. */
  | { kind: 'timeout'; error: string }
  /** 401: the token sent (`authorization`, '' for none) was refused. Does not count: held for a sign-in. */
  | { kind: 'unauthorized'; status: 401; error: string; authorization: string }
  /** The server was not reached. Does not count. */
  | { kind: 'unreachable'; error: string }
  /** The caller stopped the flush. Does not count. */
  | { kind: 'aborted'; error: string };

export interface ReplayOptions {
  /** Default: the global fetch, looked up at call time. */
  fetch?: typeof globalThis.fetch;
  /** Default REPLAY_TIMEOUT_MS. Keep it under the claim lease (request-queue.ts CLAIM_LEASE_MS). */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * The headers to send instead of the stored ones (the page may swap a revoked bearer token for the
   * current one, but only for the same user: the server scopes keys by user, so another user's token would
   * make a second sale). The stored Idempotency-Key is put back in any case.
   */
  headersFor?: (request: QueuedRequest) => Record<string, string> | undefined;
}

/** navigator.onLine where there is one (pages and workers); true elsewhere. */
export function navigatorOnline(): boolean {
  const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
  return nav?.onLine !== false;
}

export function countsAsRetry(outcome: ReplayOutcome): boolean {
  return outcome.kind === 'http-error' || outcome.kind === 'timeout';
}

/** The delay before retry number `retryNumber` (1-based), the last interval repeated (docs/offline.md#the-queue). */
export function retryDelayMs(
  retryNumber: number,
  intervals: readonly number[] = OFFLINE_QUEUE.RETRY_INTERVALS_MS,
): number {
  if (intervals.length === 0) return OFFLINE_QUEUE.RETRY_DELAY_MS;
  const index = Math.min(Math.max(retryNumber, 1), intervals.length) - 1;
  return intervals[index] ?? OFFLINE_QUEUE.RETRY_DELAY_MS;
}

/** The Authorization header of a header record, whatever its case; '' when there is none. */
export function authorizationOf(headers: Readonly<Record<string, string>>): string {
  for (const [name, value] of Object.entries(headers))
    if (name.toLowerCase() === 'authorization') return value;
  return '';
}

/**
 * A short fingerprint of an Authorization value (FNV-1a, 32 bits, hex), to tell "the token that was refused"
 * from another without storing the token a second time. Not a secret: only compared for equality.
 */
export function authFingerprint(authorization: string | undefined): string {
  let hash = 0x811c9dc5;
  for (const char of authorization ?? '') {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function withTag(tags: readonly QueueTag[], tag: QueueTag): QueueTag[] {
  return tags.includes(tag) ? [...tags] : [...tags, tag];
}

/** The request after a failed attempt that counts: the next retry scheduled, or tagged 'failed'. Pure. */
export function afterFailure(
  request: QueuedRequest,
  error: string,
  now: number,
  intervals: readonly number[] = OFFLINE_QUEUE.RETRY_INTERVALS_MS,
  code?: ErrorCode,
): QueuedRequest {
  const { claimId: _claimId, claimedAt: _claimedAt, lastErrorCode: _code, ...unclaimed } = request;
  const last = { lastError: error, ...(code ? { lastErrorCode: code } : {}), lastAttemptAt: now };
  if (request.retryCount >= request.maxRetries) {
    return { ...unclaimed, status: 'failed', tags: withTag(request.tags, 'failed'), ...last };
  }
  const retryCount = request.retryCount + 1;
  return {
    ...unclaimed,
    status: 'pending',
    retryCount,
    nextAttemptAt: now + retryDelayMs(retryCount, intervals),
    ...last,
  };
}

/** Largest error body read for its code: an envelope is small; anything bigger is not one. */
const MAX_ERROR_BODY_CHARS = 64 * 1024;

/** The error envelope's code of a refused replay (docs/errors.md), or undefined when it has none. */
async function errorCodeOf(response: Response): Promise<ErrorCode | undefined> {
  try {
    const text = await response.text();
    if (text.length > MAX_ERROR_BODY_CHARS) return undefined;
    const code: unknown = (JSON.parse(text) as { code?: unknown } | null)?.code;
    return isErrorCode(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The request after a 401: held until another token of the same user is available; its retry count, tags and
 * due time unchanged (it is not due while held: only 'pending' requests are claimed). Pure.
 */
export function afterUnauthorized(
  request: QueuedRequest,
  error: string,
  now: number,
  authorization: string,
): QueuedRequest {
  const { claimId: _claimId, claimedAt: _claimedAt, ...unclaimed } = request;
  return {
    ...unclaimed,
    status: 'held',
    heldAuth: authFingerprint(authorization),
    lastError: error,
    lastAttemptAt: now,
  };
}

/** The fetch init of a replay: the original method, headers and body; same-origin credentials, cors. */
export function replayInit(
  request: QueuedRequest,
  headers: Record<string, string> = request.headers,
): RequestInit {
  const sent = { ...headers };
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  for (const name of Object.keys(sent)) {
    if (name.toLowerCase() === IDEMPOTENCY_KEY_HEADER) delete sent[name];
  }
  if (key !== undefined) sent[IDEMPOTENCY_KEY_HEADER] = key;
  const method = request.method.toUpperCase();
  return {
    method,
    headers: sent,
    credentials: 'same-origin',
    mode: 'cors',
    ...(request.body === undefined || method === 'GET' || method === 'HEAD' ? {} : { body: request.body }),
  };
}

const TIMEOUT_NAME = 'TimeoutError';

export async function replayRequest(
  request: QueuedRequest,
  options: ReplayOptions = {},
): Promise<ReplayOutcome> {
  const timeoutMs = options.timeoutMs ?? REPLAY_TIMEOUT_MS;
  const controller = new AbortController();
  const caller = options.signal;
  if (caller?.aborted) return { kind: 'aborted', error: 'The sync was stopped.' };
  const onAbort = (): void => controller.abort(caller?.reason);
  caller?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    const reason = new Error(`The request took longer than ${timeoutMs} ms.`);
    reason.name = TIMEOUT_NAME;
    controller.abort(reason);
  }, timeoutMs);
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  try {
    const headers = options.headersFor?.(request) ?? request.headers;
    const init = replayInit(request, headers);
    const response = await doFetch(request.url, { ...init, signal: controller.signal });
    if (response.ok) {
      // Nobody reads a replay's answer; release the body instead of leaving it buffered.
      void response.body?.cancel().catch(() => undefined);
      return { kind: 'sent', status: response.status };
    }
    if (response.status === 401) {
      void response.body?.cancel().catch(() => undefined);
      return {
        kind: 'unauthorized',
        status: 401,
        error: httpErrorMessage(response.status, response.statusText),
        authorization: authorizationOf(headers),
      };
    }
    const code = await errorCodeOf(response);
    return {
      kind: 'http-error',
      status: response.status,
      error: httpErrorMessage(response.status, response.statusText),
      ...(code ? { code } : {}),
    };
  } catch (error) {
    if (caller?.aborted) return { kind: 'aborted', error: 'The sync was stopped.' };
    const reason: unknown = controller.signal.reason;
    if (controller.signal.aborted && reason instanceof Error && reason.name === TIMEOUT_NAME) {
      return { kind: 'timeout', error: reason.message };
    }
    return { kind: 'unreachable', error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', onAbort);
  }
}
