/**
 * The offline request queue (docs/offline.md#the-queue): IndexedDB `offline-queue`,
 * store `requests` (queue-db.ts). No React, no DOM, no `window`: the page and the service worker use the same
 * code on the same database.
 *
 * Rules, and where they come from:
 * - Full at 1000 (docs/offline.md#the-queue "max queue size 1000"; docs/offline.md#the-queue "refuses a new
 *   request when full": 'Offline queue is full'). Counted inside the adding transaction, so two tabs cannot
 *   both add the 1000th. One addition of ours: a WRITE arriving at a full queue first drops the oldest
 *   low-priority read (a read only refreshes a cache; a sale refused because the till re-read its customers a
 *   thousand times would be a lost sale). A GET already waiting for the same URL is not queued twice: the
 *   waiting one answers.
 * - Purge (docs/offline.md#the-queue "Requests older than the maximum age are purged at start"; the issue:
 *   low priority only): only low-priority requests, never an in-flight one and never a protected one
 *   (classify.ts: a write tagged payment or order), which stays pending or 'failed', retryable and exportable
 *   (docs/offline.md).
 * - removeFailed (docs/offline.md#the-queue "Failed items can be removed in bulk") keeps protected items
 *   unless the caller passes includeProtected: deleting a sale is a choice the screen confirms (after an
 *   export), never a side effect of tidying up.
 *
 * Claims (the in-flight marker behind exactly-once, flush.ts):
 * - claim(n) picks the first n due requests in queue order and marks them 'in-flight' with a fresh claimId
 *   in ONE readwrite transaction. IndexedDB runs readwrite transactions on the same store one after another,
 *   across every connection of the origin (tabs and worker alike), so two claims can never both pick a
 *   request: the second sees it 'in-flight'. A Set of the ids this instance is sending adds a same-context
 *   guard that holds even if a claim were re-picked.
 * - A claim is held by a sender that can die (a closed tab, a killed worker). It is taken over when its
 *   lease ends (CLAIM_LEASE_MS, longer than a replay's timeout, so a live sender has always finished or
 *   aborted by then), or at once where Web Locks exist: a sender holds the lock `offline-queue:claim:<id>`
 *   from before its claim until it settles, the browser releases a dead context's locks, so a claim that
 *   is older than a locks snapshot and whose lock is not in that snapshot belongs to a dead sender.
 */
import { OFFLINE_QUEUE } from '../../../domain/constants';
import type { ErrorCode } from '../../../contracts/error-codes';
import type { QueuePriority, QueueTag } from '../../../domain/constants';
import { newIdempotencyKey } from '../api/idempotency-key';
import { classifyRequest, isProtected, isWrite } from './classify';
import { OfflineQueueError } from './errors';
import { IDEMPOTENCY_KEY_HEADER, openQueueDb, PRIORITY_RANK, STORE } from './queue-db';
import type {
  NewQueuedRecord,
  QueueDb,
  QueuedBody,
  QueuedRequest,
  RequestContext,
  RequestId,
  RequestStatus,
} from './queue-db';
import { afterFailure, afterUnauthorized, REPLAY_TIMEOUT_MS } from './replay';

/** A replay's timeout plus a margin: a sender that is alive has settled its claim before the lease ends. */
export const CLAIM_LEASE_MS = REPLAY_TIMEOUT_MS + 30_000;
export const CLAIM_LOCK_PREFIX = 'offline-queue:claim:';

export interface NewRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  /** Dropped for GET and HEAD (docs/offline.md#the-queue "body (absent for GET/HEAD)"). */
  body?: QueuedBody | null;
  /** Default: classify.ts. */
  priority?: QueuePriority;
  tags?: QueueTag[];
  context?: RequestContext;
}

export interface ListFilter {
  status?: RequestStatus;
  tag?: QueueTag;
  priority?: QueuePriority;
}

/**
 * docs/offline.md#sync-settings "Queue stats: totalRequests, pendingRequests, failedRequests", plus the next
 * retry's time, the requests held for a sign-in, and the writes among them (the offline indicator counts
 * pending WRITES, as the logout question does, storage.ts countUnsyncedWrites; a queued read loses nothing if
 * it never goes).
 */
export interface QueueStats {
  totalRequests: number;
  /** Waiting, held for a sign-in, or being sent. */
  pendingRequests: number;
  failedRequests: number;
  /** Answered 401 and waiting for a new sign-in of the same user (replay.ts); part of pendingRequests. */
  heldRequests: number;
  /** The writes among pendingRequests. */
  pendingWrites: number;
  /** The writes among failedRequests. */
  failedWrites: number;
  /** When the earliest waiting request is due (ms since the epoch), null when none waits. */
  nextAttemptAt: number | null;
}

export type QueueChange =
  | { type: 'enqueued'; request: QueuedRequest }
  | { type: 'updated'; request: QueuedRequest }
  | { type: 'sent'; id: RequestId }
  | { type: 'removed'; ids: RequestId[] };

/** The part of the Web Locks API a claim needs (navigator.locks in pages and workers). */
export interface ClaimLocks {
  request(name: string, callback: () => Promise<void>): Promise<unknown>;
  query(): Promise<{ held?: ReadonlyArray<{ name?: string }> }>;
}

export interface Claim {
  readonly claimId: string;
  /** In queue order: high, normal, low, oldest first. */
  readonly requests: readonly QueuedRequest[];
  /** Sent: removed from the queue (docs/offline.md#the-queue "syncing removes it on success"). */
  succeed(id: RequestId): Promise<void>;
  /** A failed attempt that counts: the next retry scheduled or tagged 'failed' (replay.ts). */
  fail(
    id: RequestId,
    error: string,
    retryIntervals?: readonly number[],
    code?: ErrorCode,
  ): Promise<QueuedRequest | undefined>;
  /**
   * Not sent and not counted (server unreachable, sync stopped): back to pending as it was. With
   * `refusedAuthorization` (a 401 answered to that Authorization): held for a new sign-in instead (replay.ts).
   */
  release(id: RequestId, error?: string, refusedAuthorization?: string): Promise<void>;
  /** Releases what was not settled, then the claim's lock. Always call it (finally). */
  end(): Promise<void>;
}

export interface RequestQueueOptions {
  /** Default 'offline-queue' (tests pass their own). */
  dbName?: string;
  now?: () => number;
  maxQueueSize?: number;
  maxRetries?: number;
  retryIntervals?: readonly number[];
  leaseMs?: number;
  /** Default navigator.locks where it exists; null turns the fast take-over off (the lease still applies). */
  locks?: ClaimLocks | null;
  newKey?: () => string;
}

export interface RequestQueue {
  enqueue(request: NewRequest): Promise<QueuedRequest>;
  /** In queue order. */
  list(filter?: ListFilter): Promise<QueuedRequest[]>;
  /** Rejects with 'Request not found'. Accepts the synthetic answer's string requestId too. */
  get(id: RequestId | string): Promise<QueuedRequest>;
  remove(id: RequestId | string): Promise<void>;
  removeFailed(options?: { includeProtected?: boolean }): Promise<number>;
  markFailed(id: RequestId | string, error?: string): Promise<QueuedRequest>;
  /** Back to pending, due now, retry count 0, 'failed' tag removed. */
  retry(id: RequestId | string): Promise<QueuedRequest>;
  retryFailed(): Promise<number>;
  /**
   * Holds every PENDING request (not one being sent) for which `matches` is true, as after a 401 with
   * `authorization`: the rest of a refused token's requests, held without sending each to be refused too.
   */
  holdWhere(
    matches: (request: QueuedRequest) => boolean,
    error: string,
    authorization: string,
  ): Promise<number>;
  /** Held requests for which `canSend` is true (another token to send) back to pending, due now. */
  wakeHeld(canSend: (request: QueuedRequest) => boolean): Promise<number>;
  /** The failed requests as JSON (Authorization redacted), for the screen's download. */
  exportFailed(): Promise<string>;
  purgeExpired(maxAgeMs?: number): Promise<number>;
  stats(): Promise<QueueStats>;
  claim(limit: number): Promise<Claim>;
  /** Changes made through THIS instance (another tab's or the worker's are not seen here). */
  subscribe(listener: (change: QueueChange) => void): () => void;
  close(): Promise<void>;
}

const ALL = (status: RequestStatus): IDBKeyRange => IDBKeyRange.bound([status], [status, []]);

export function byQueueOrder(a: QueuedRequest, b: QueuedRequest): number {
  return a.priorityRank - b.priorityRank || a.timestamp - b.timestamp || a.id - b.id;
}

function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}

function unclaimed(request: QueuedRequest): QueuedRequest {
  const { claimId: _claimId, claimedAt: _claimedAt, ...rest } = request;
  return rest;
}

function toKey(id: RequestId | string): RequestId {
  const key = typeof id === 'string' && id.trim() !== '' ? Number(id) : id;
  if (typeof key !== 'number' || !Number.isSafeInteger(key)) throw new OfflineQueueError('not-found');
  return key;
}

function defaultLocks(): ClaimLocks | null {
  const nav = (globalThis as { navigator?: { locks?: ClaimLocks } }).navigator;
  return nav?.locks ?? null;
}

/** Resolves, once the lock is granted, with the function that releases it. */
function holdLock(locks: ClaimLocks, name: string): Promise<() => void> {
  return new Promise((granted, refused) => {
    locks.request(name, () => new Promise<void>((release) => granted(() => release()))).catch(refused);
  });
}

async function liveClaimIds(locks: ClaimLocks): Promise<Set<string>> {
  const snapshot = await locks.query();
  const ids = new Set<string>();
  for (const lock of snapshot.held ?? []) {
    if (lock.name?.startsWith(CLAIM_LOCK_PREFIX)) ids.add(lock.name.slice(CLAIM_LOCK_PREFIX.length));
  }
  return ids;
}

function toBase64(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let binary = '';
  for (let i = 0; i < view.length; i += 0x8000) {
    binary += String.fromCharCode(...view.subarray(i, i + 0x8000));
  }
  return globalThis.btoa(binary);
}

export function createRequestQueue(options: RequestQueueOptions = {}): RequestQueue {
  const now = options.now ?? (() => Date.now());
  const maxQueueSize = options.maxQueueSize ?? OFFLINE_QUEUE.MAX_QUEUE_SIZE;
  const maxRetries = options.maxRetries ?? OFFLINE_QUEUE.MAX_RETRIES;
  const retryIntervals = options.retryIntervals ?? OFFLINE_QUEUE.RETRY_INTERVALS_MS;
  const leaseMs = options.leaseMs ?? CLAIM_LEASE_MS;
  const locks = options.locks === undefined ? defaultLocks() : options.locks;
  const newKey = options.newKey ?? newIdempotencyKey;
  const listeners = new Set<(change: QueueChange) => void>();
  /** Ids this instance is sending now: the same-context guard. */
  const sending = new Set<RequestId>();
  let connection: Promise<QueueDb> | null = null;

  function db(): Promise<QueueDb> {
    connection ??= openQueueDb({
      ...(options.dbName ? { name: options.dbName } : {}),
      onClosed: () => {
        connection = null;
      },
    }).catch((error: unknown) => {
      connection = null;
      throw error;
    });
    return connection;
  }

  function emit(change: QueueChange): void {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch {
        // A listener's bug must not fail the write that already committed.
      }
    }
  }

  async function update(
    id: RequestId | string,
    change: (request: QueuedRequest) => QueuedRequest,
  ): Promise<QueuedRequest> {
    const key = toKey(id);
    const tx = (await db()).transaction(STORE, 'readwrite');
    const current = await tx.store.get(key);
    if (!current) {
      await tx.done;
      throw new OfflineQueueError('not-found');
    }
    const next = change(current);
    if (next !== current) await tx.store.put(next);
    await tx.done;
    if (next !== current) emit({ type: 'updated', request: next });
    return next;
  }

  async function deleteWhere(
    range: IDBKeyRange,
    indexName: 'status' | 'priority',
    keep: (request: QueuedRequest) => boolean,
  ): Promise<number> {
    const tx = (await db()).transaction(STORE, 'readwrite');
    const ids: RequestId[] = [];
    let cursor = await tx.store.index(indexName).openCursor(range);
    while (cursor) {
      if (!keep(cursor.value)) {
        ids.push(cursor.value.id);
        await cursor.delete();
      }
      cursor = await cursor.continue();
    }
    await tx.done;
    if (ids.length) emit({ type: 'removed', ids });
    return ids.length;
  }

  function retried(request: QueuedRequest): QueuedRequest {
    if (request.status === 'in-flight') return request;
    const { lastError: _lastError, lastErrorCode: _code, heldAuth: _heldAuth, ...rest } = request;
    return {
      ...rest,
      status: 'pending',
      retryCount: 0,
      nextAttemptAt: now(),
      tags: request.tags.filter((tag) => tag !== 'failed'),
    };
  }

  async function list(filter: ListFilter = {}): Promise<QueuedRequest[]> {
    const all = await (await db()).getAll(STORE);
    return all
      .filter(
        (r) =>
          (!filter.status || r.status === filter.status) &&
          (!filter.tag || r.tags.includes(filter.tag)) &&
          (!filter.priority || r.priority === filter.priority),
      )
      .sort(byQueueOrder);
  }

  async function enqueue(input: NewRequest): Promise<QueuedRequest> {
    const method = input.method.toUpperCase();
    const classification = classifyRequest(method, input.url);
    const headers = lowerCaseHeaders(input.headers ?? {});
    // Every queued write must be replayable without a second effect (docs/api.md).
    if (isWrite(method) && !headers[IDEMPOTENCY_KEY_HEADER]) headers[IDEMPOTENCY_KEY_HEADER] = newKey();
    const priority = input.priority ?? classification.priority;
    const timestamp = now();
    const record: NewQueuedRecord = {
      url: input.url,
      method,
      headers,
      ...(input.body === undefined || input.body === null || method === 'GET' || method === 'HEAD'
        ? {}
        : { body: input.body }),
      timestamp,
      retryCount: 0,
      maxRetries,
      priority,
      priorityRank: PRIORITY_RANK[priority],
      tags: (input.tags ?? classification.tags).filter((tag) => tag !== 'failed'),
      status: 'pending',
      nextAttemptAt: timestamp,
      ...(input.context ? { context: input.context } : {}),
    };

    const tx = (await db()).transaction(STORE, 'readwrite');
    if (method === 'GET') {
      const waiting = (await tx.store.index('url').getAll(input.url)).find(
        (r) => r.method === 'GET' && r.status === 'pending',
      );
      if (waiting) {
        await tx.done;
        return waiting;
      }
    }
    let count = await tx.store.count();
    const evicted: RequestId[] = [];
    if (count >= maxQueueSize && isWrite(method)) {
      let cursor = await tx.store.index('priority').openCursor(IDBKeyRange.only(PRIORITY_RANK.low));
      while (cursor && count >= maxQueueSize) {
        if (cursor.value.status !== 'in-flight' && !isProtected(cursor.value)) {
          evicted.push(cursor.value.id);
          await cursor.delete();
          count -= 1;
        }
        cursor = await cursor.continue();
      }
    }
    if (count >= maxQueueSize) {
      await tx.done;
      throw new OfflineQueueError('queue-full');
    }
    const id = await tx.store.add(record as QueuedRequest);
    await tx.done;
    const stored: QueuedRequest = { ...record, id };
    if (evicted.length) emit({ type: 'removed', ids: evicted });
    emit({ type: 'enqueued', request: stored });
    return stored;
  }

  async function get(id: RequestId | string): Promise<QueuedRequest> {
    const found = await (await db()).get(STORE, toKey(id));
    if (!found) throw new OfflineQueueError('not-found');
    return found;
  }

  async function remove(id: RequestId | string): Promise<void> {
    const key = toKey(id);
    const tx = (await db()).transaction(STORE, 'readwrite');
    const found = await tx.store.get(key);
    if (found) await tx.store.delete(key);
    await tx.done;
    if (!found) throw new OfflineQueueError('not-found');
    emit({ type: 'removed', ids: [key] });
  }

  /** Rewrites the requests of one status for which `change` answers a new record, in one transaction. */
  async function changeWhere(
    status: RequestStatus,
    change: (request: QueuedRequest) => QueuedRequest | null,
  ): Promise<number> {
    const tx = (await db()).transaction(STORE, 'readwrite');
    const changed: QueuedRequest[] = [];
    let cursor = await tx.store.index('status').openCursor(IDBKeyRange.only(status));
    while (cursor) {
      const next = change(cursor.value);
      if (next) {
        changed.push(next);
        await cursor.update(next);
      }
      cursor = await cursor.continue();
    }
    await tx.done;
    for (const request of changed) emit({ type: 'updated', request });
    return changed.length;
  }

  async function exportFailed(): Promise<string> {
    const failed = await list({ status: 'failed' });
    return JSON.stringify(
      {
        format: 'offline-queue-failed-requests',
        version: 1,
        exportedAt: new Date(now()).toISOString(),
        requests: failed.map((r) => ({
          id: r.id,
          method: r.method,
          url: r.url,
          idempotencyKey: r.headers[IDEMPOTENCY_KEY_HEADER] ?? null,
          // The file leaves the till (mailed to support): a bearer token in it would be a live session.
          headers: Object.fromEntries(
            Object.entries(r.headers).map(([k, v]) => [k, k === 'authorization' ? '[redacted]' : v]),
          ),
          ...(typeof r.body === 'string' ? { body: r.body } : {}),
          ...(r.body !== undefined && typeof r.body !== 'string' ? { bodyBase64: toBase64(r.body) } : {}),
          queuedAt: new Date(r.timestamp).toISOString(),
          lastAttemptAt: r.lastAttemptAt === undefined ? null : new Date(r.lastAttemptAt).toISOString(),
          lastError: r.lastError ?? null,
          ...(r.lastErrorCode ? { lastErrorCode: r.lastErrorCode } : {}),
          retryCount: r.retryCount,
          maxRetries: r.maxRetries,
          priority: r.priority,
          tags: r.tags,
          ...(r.context ? { context: r.context } : {}),
        })),
      },
      null,
      2,
    );
  }

  async function stats(): Promise<QueueStats> {
    const database = await db();
    const tx = database.transaction(STORE);
    const [totalRequests, pending, inFlight, heldRequests, failedRequests, nextDue] = await Promise.all([
      tx.store.count(),
      tx.store.index('status').count('pending'),
      tx.store.index('status').count('in-flight'),
      tx.store.index('status').count('held'),
      tx.store.index('status').count('failed'),
      tx.store.index('due').openKeyCursor(ALL('pending')),
    ]);
    // Reads are queued at low priority only (classify.ts), and without bodies: walking the low ones is cheap.
    let waitingReads = 0;
    let failedReads = 0;
    let low = await tx.store.index('priority').openCursor(IDBKeyRange.only(PRIORITY_RANK.low));
    while (low) {
      if (!isWrite(low.value.method)) {
        if (low.value.status === 'failed') failedReads += 1;
        else waitingReads += 1;
      }
      low = await low.continue();
    }
    await tx.done;
    const dueKey = nextDue?.key;
    const pendingRequests = pending + inFlight + heldRequests;
    return {
      totalRequests,
      pendingRequests,
      failedRequests,
      heldRequests,
      pendingWrites: pendingRequests - waitingReads,
      failedWrites: failedRequests - failedReads,
      nextAttemptAt: dueKey ? dueKey[1] : null,
    };
  }

  async function claim(limit: number): Promise<Claim> {
    const claimId = newKey();
    const releaseLock = locks ? await holdLock(locks, CLAIM_LOCK_PREFIX + claimId) : () => undefined;
    let batch: QueuedRequest[];
    try {
      // Taken before the snapshot: a claim made after it may belong to a sender the snapshot missed.
      const snapshotAt = now();
      const live = locks ? await liveClaimIds(locks) : null;
      const tx = (await db()).transaction(STORE, 'readwrite');
      const order = tx.store.index('queue-order');
      const at = now();
      const picked: QueuedRequest[] = [];
      let cursor = limit > 0 ? await order.openCursor(ALL('pending')) : null;
      while (cursor && picked.length < limit) {
        if (cursor.value.nextAttemptAt <= at && !sending.has(cursor.value.id)) picked.push(cursor.value);
        cursor = await cursor.continue();
      }
      let held = limit > 0 ? await order.openCursor(ALL('in-flight')) : null;
      while (held) {
        const r = held.value;
        const claimedAt = r.claimedAt ?? 0;
        const abandoned =
          claimedAt + leaseMs <= at ||
          (live !== null && claimedAt < snapshotAt && !live.has(r.claimId ?? ''));
        if (abandoned && !sending.has(r.id)) picked.push(r);
        held = await held.continue();
      }
      batch = picked
        .sort(byQueueOrder)
        .slice(0, Math.max(0, limit))
        .map((r) => ({ ...r, status: 'in-flight' as const, claimId, claimedAt: at }));
      await Promise.all(batch.map((r) => tx.store.put(r)));
      await tx.done;
    } catch (error) {
      releaseLock();
      throw error;
    }
    const unsettled = new Set(batch.map((r) => r.id));
    for (const id of unsettled) sending.add(id);
    const settle = (id: RequestId): void => {
      unsettled.delete(id);
      sending.delete(id);
    };

    async function ifStillOurs(
      id: RequestId,
      change: (request: QueuedRequest) => QueuedRequest,
    ): Promise<QueuedRequest | undefined> {
      try {
        const tx = (await db()).transaction(STORE, 'readwrite');
        const current = await tx.store.get(id);
        // Removed by the user, or taken over: the new holder decides, not us.
        const next =
          current && current.status === 'in-flight' && current.claimId === claimId
            ? change(current)
            : undefined;
        if (next) await tx.store.put(next);
        await tx.done;
        if (next) emit({ type: 'updated', request: next });
        return next;
      } finally {
        settle(id);
      }
    }

    const release = async (id: RequestId, error?: string, refusedAuthorization?: string): Promise<void> => {
      await ifStillOurs(id, (r) =>
        refusedAuthorization === undefined
          ? {
              ...unclaimed(r),
              status: 'pending',
              ...(error === undefined ? {} : { lastError: error, lastAttemptAt: now() }),
            }
          : afterUnauthorized(r, error ?? '', now(), refusedAuthorization),
      );
    };

    return {
      claimId,
      requests: batch,
      async succeed(id) {
        try {
          // Deleted whoever holds it now: the server has it, and any other sender's copy carries the same
          // Idempotency-Key, so the server answers that one with this one's result.
          await (await db()).delete(STORE, id);
        } finally {
          settle(id);
        }
        emit({ type: 'sent', id });
      },
      fail: (id, error, intervals = retryIntervals, code) =>
        ifStillOurs(id, (r) => afterFailure(r, error, now(), intervals, code)),
      release,
      async end() {
        try {
          for (const id of [...unsettled]) await release(id);
        } finally {
          releaseLock();
        }
      },
    };
  }

  return {
    enqueue,
    list,
    get,
    remove,
    removeFailed: ({ includeProtected = false } = {}) =>
      deleteWhere(IDBKeyRange.only('failed'), 'status', (r) => !includeProtected && isProtected(r)),
    markFailed: (id, error) =>
      update(id, (r) => ({
        ...unclaimed(r),
        status: 'failed',
        tags: r.tags.includes('failed') ? r.tags : [...r.tags, 'failed'],
        ...(error === undefined ? {} : { lastError: error }),
      })),
    retry: (id) => update(id, retried),
    async retryFailed() {
      const failed = await list({ status: 'failed' });
      await Promise.all(failed.map((r) => update(r.id, retried).catch(() => undefined)));
      return failed.length;
    },
    holdWhere: (matches, error, authorization) =>
      changeWhere('pending', (r) => (matches(r) ? afterUnauthorized(r, error, now(), authorization) : null)),
    wakeHeld: (canSend) =>
      changeWhere('held', (r) => {
        if (!canSend(r)) return null;
        const { heldAuth: _heldAuth, ...rest } = r;
        return { ...rest, status: 'pending', nextAttemptAt: now() };
      }),
    exportFailed,
    purgeExpired: (maxAgeMs = OFFLINE_QUEUE.MAX_AGE_MS) => {
      const cutoff = now() - maxAgeMs;
      return deleteWhere(
        IDBKeyRange.only(PRIORITY_RANK.low),
        'priority',
        (r) => r.timestamp >= cutoff || r.status === 'in-flight' || isProtected(r),
      );
    },
    stats,
    claim,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      const open = connection;
      connection = null;
      if (open) (await open.catch(() => null))?.close();
    },
  };
}

let shared: RequestQueue | null = null;

/** The app's queue (page or worker): one instance per context, opened on first use. */
export function defaultRequestQueue(): RequestQueue {
  shared ??= createRequestQueue();
  return shared;
}
