/**
 * The IndexedDB schema of the offline request queue (docs/offline.md#the-queue: "database offline-queue,
 * store requests"; docs/offline.md#the-queue names the record's fields). Usable from a page and from the
 * service worker: idb and IndexedDB only.
 *
 * Fields beyond the spec's, and why:
 * - status: the spec's request state "pending, completed or failed" (docs/offline.md#the-queue), plus
 *   'in-flight' for a request claimed by a flush (the exactly-once claim, request-queue.ts), and 'held' for
 *   one the server answered 401: waiting for a new sign-in, not for a retry (replay.ts). A completed request
 *   is deleted ("syncing removes it on success"), so 'completed' is never stored.
 * - heldAuth: a fingerprint of the Authorization the server refused (replay.ts authFingerprint).
 * - priorityRank: 0 high, 1 normal, 2 low, because the index must sort high, normal, low and the strings
 *   sort high, low, normal.
 * - nextAttemptAt, lastAttemptAt, lastError: the retry schedule and what the failed list shows.
 * - claimId, claimedAt: who is sending it (the claim's Web Lock name) and since when (its lease).
 * - context: what the page knew when it queued it (e.g. the user id), for a replay that must decide
 *   whether it may refresh the Authorization header.
 *
 * The queue-order index is [status, priorityRank, timestamp]; IndexedDB orders equal index keys by primary
 * key, and ids are auto-incremented, so walking one status in it is "high, normal, low, oldest first"
 * (docs/offline.md#the-queue) with ties in enqueue order. The due index ([status, nextAttemptAt]) answers
 * "when is the next retry due" without reading any body.
 */
import { openDB } from 'idb';
import type { ErrorCode } from '../../../contracts/error-codes';
import type { DBSchema, IDBPDatabase } from 'idb';
import { OFFLINE_QUEUE } from '../../../domain/constants';
import type { QueuePriority, QueueTag } from '../../../domain/constants';

export const DB_VERSION = 1;
export const STORE = OFFLINE_QUEUE.STORE_NAME;

export type RequestStatus = 'pending' | 'in-flight' | 'held' | 'failed';
/** Text bodies (JSON, form-urlencoded, text) as strings; anything else (multipart) as bytes. */
export type QueuedBody = string | ArrayBuffer;
export type RequestId = number;
export type RequestContext = Record<string, string | number | boolean | null>;

export interface QueuedRequest {
  /** Auto-incremented key (docs/offline.md#the-queue "id (auto)"); the synthetic answer sends it as a string. */
  id: RequestId;
  url: string;
  method: string;
  /** Lower-case names; a write always carries its idempotency-key. */
  headers: Record<string, string>;
  /** Absent for GET and HEAD (docs/offline.md#the-queue). */
  body?: QueuedBody;
  /** When it was queued (ms since the epoch). */
  timestamp: number;
  retryCount: number;
  maxRetries: number;
  priority: QueuePriority;
  tags: QueueTag[];
  status: RequestStatus;
  priorityRank: number;
  nextAttemptAt: number;
  lastAttemptAt?: number;
  lastError?: string;
  /** The error envelope's code of the last refused attempt (docs/errors.md), when the server sent one. */
  lastErrorCode?: ErrorCode;
  claimId?: string;
  claimedAt?: number;
  /** Set while 'held': the fingerprint of the token the server refused with 401. */
  heldAuth?: string;
  context?: RequestContext;
}

export type NewQueuedRecord = Omit<QueuedRequest, 'id'>;

export interface QueueDbSchema extends DBSchema {
  requests: {
    key: number;
    value: QueuedRequest;
    indexes: {
      priority: number;
      timestamp: number;
      status: string;
      tags: string;
      url: string;
      'queue-order': [string, number, number];
      due: [string, number];
    };
  };
}

export type QueueDb = IDBPDatabase<QueueDbSchema>;

export const PRIORITY_RANK: Readonly<Record<QueuePriority, number>> = { high: 0, normal: 1, low: 2 };

export interface OpenQueueDbOptions {
  name?: string;
  /** This connection was closed for another tab's upgrade or by the browser: drop it, reopen next time. */
  onClosed?: () => void;
}

export function openQueueDb(options: OpenQueueDbOptions = {}): Promise<QueueDb> {
  const name = options.name ?? OFFLINE_QUEUE.DB_NAME;
  let db: QueueDb | undefined;
  const opening = openDB<QueueDbSchema>(name, DB_VERSION, {
    upgrade(database, oldVersion) {
      if (oldVersion < 1) {
        const store = database.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
        store.createIndex('priority', 'priorityRank');
        store.createIndex('timestamp', 'timestamp');
        store.createIndex('status', 'status');
        store.createIndex('tags', 'tags', { multiEntry: true });
        store.createIndex('url', 'url');
        store.createIndex('queue-order', ['status', 'priorityRank', 'timestamp']);
        store.createIndex('due', ['status', 'nextAttemptAt']);
      }
    },
    // Trap: a connection kept open blocks the next version's upgrade in every other tab and the worker
    // forever; close it and let the next call reopen.
    blocking() {
      db?.close();
      options.onClosed?.();
    },
    terminated() {
      options.onClosed?.();
    },
  });
  return opening.then((opened) => {
    db = opened;
    return opened;
  });
}

/**
 * The Idempotency-Key header as the API client sends it (client.ts IDEMPOTENCY_KEY_HEADER, contracts'
 * envelope.ts); copied, not imported, so the service worker's bundle does not pull ofetch or zod.
 * queue-db.test.ts holds the copies equal.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
