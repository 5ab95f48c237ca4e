/**
 * The page ⇄ service worker protocol (docs/platform.md#worker-tools "Worker messages (not HTTP): GET_VERSION,
 * CLEAR_DATA_CACHE, GET_CACHE_INFO, SKIP_WAITING, FORCE_UPDATE; replies VERSION_INFO, DATA_CACHE_CLEARED,
 * CACHE_INFO, FORCE_UPDATE_COMPLETED, errors VERSION_CHECK_ERROR, CACHE_CLEAR_ERROR, FORCE_UPDATE_ERROR; also
 * sent: VERSION_CHANGED, BACKGROUND_SYNC, FORCE_UPDATE, FOCUS_CLIENT"), as the worker speaks it. The page's
 * reader is src/client/features/pwa/worker-messages.ts; the two agree on these shapes:
 *
 * Requests come as `{ type }` with a MessageChannel port (workbox-window's messageSW and the page's askWorker);
 * the worker answers ONE reply on `event.ports[0]` (on `event.source` when no port came):
 *   GET_VERSION      → VERSION_INFO { version }              | VERSION_CHECK_ERROR { error }
 *   CLEAR_DATA_CACHE → DATA_CACHE_CLEARED { cleared: names } | CACHE_CLEAR_ERROR { error }
 *   GET_CACHE_INFO   → CACHE_INFO { caches: [{ name, entries, size }], version }
 *                                                            | CACHE_CLEAR_ERROR { error } (the spec has no
 *                                                              CACHE_INFO error; the page reads any *_ERROR)
 *   FORCE_UPDATE     → FORCE_UPDATE_COMPLETED { version, updateFound } | FORCE_UPDATE_ERROR { error }
 *   SKIP_WAITING     → no reply: the worker calls skipWaiting() (workbox-window's messageSkipWaiting)
 *   REGISTER_SYNC { syncConfig? } → no reply. Ours, not the spec's: "a request was queued". The worker keeps
 *                      the page's sync configuration when one comes (sync-settings.ts), then registers the
 *                      background sync tag (or, without Background Sync, replays the queue now when online).
 *                      The page may instead call `registration.sync.register(SYNC_TAG)` itself.
 *   SET_SYNC_CONFIG { syncConfig } → no reply. Ours: the sync configuration saved in the settings dialog
 *                      (docs/offline.md#sync-settings; batch size and retry intervals are what the worker's
 *                      drain uses).
 *   SET_CACHE_CONFIGS { configs } → CACHE_CONFIGS_APPLIED { applied: names, rejected: [{ name, reason }] }
 *                                 | CACHE_CONFIG_ERROR { error }
 *                      Ours, not the spec's: the cache configurations saved in the settings dialog's "Advanced
 *                      caching" tab (docs/platform.md#the-settings-dialog, docs/platform.md#caches; the
 *                      page's local-settings.ts CacheConfig list, built-ins left out). The worker keeps them
 *                      (custom-caches.ts, IndexedDB: it restarts often) and answers matching requests with
 *                      their strategy from then on; an empty list leaves only the built-in defaults of
 *                      docs/platform.md.
 *
 * Broadcasts (clients.matchAll + postMessage, no port):
 *   VERSION_CHANGED { version, previousVersion, clearLocalDataPrefixes }  a new worker activated
 *   (docs/platform.md#start-up: local
 *                                                     data whose keys start with app-, pos-, user- is cleared
 *                                                     by the page; the worker has no localStorage)
 *   BACKGROUND_SYNC { sent, failed, held, remaining, reason }  the worker replayed the offline queue (held:
 *                                                     answered 401, waiting for a sign-in)
 *   FORCE_UPDATE { version }                          another tab forced an update check: check now
 *   FOCUS_CLIENT { url }                              a notification click chose this tab; the page routes
 *                                                     to `url` itself (a reload would lose a sale in progress)
 */
import { VERSIONED_LOCAL_DATA_PREFIXES, WORKER_MESSAGE } from '../domain/constants';
import type { RejectedConfig } from './cache-config';

/** The Background Sync tag of the offline queue (docs/offline.md#the-queue "background sync … on"). */
export const SYNC_TAG = 'offline-queue-sync';

/** Ours: the page says it queued a request (see the file comment). */
export const REGISTER_SYNC = 'REGISTER_SYNC';

/** Ours: the settings dialog's sync configuration, for the worker's drain (see the file comment). */
export const SET_SYNC_CONFIG = 'SET_SYNC_CONFIG';

/** Ours: the settings dialog's cache configurations (see the file comment). */
export const SET_CACHE_CONFIGS = 'SET_CACHE_CONFIGS';
export const CACHE_CONFIGS_APPLIED = 'CACHE_CONFIGS_APPLIED';
/** Ends in _ERROR, so the page's reader takes it for an error reply (worker-messages.ts replyError). */
export const CACHE_CONFIG_ERROR = 'CACHE_CONFIG_ERROR';

/** The BroadcastChannel on which pages announce queue changes (src/client/app/pwa-platform.ts QUEUE_CHANNEL). */
export const QUEUE_CHANNEL = 'offline-queue';

export type WorkerRequestType =
  | typeof WORKER_MESSAGE.GET_VERSION
  | typeof WORKER_MESSAGE.CLEAR_DATA_CACHE
  | typeof WORKER_MESSAGE.GET_CACHE_INFO
  | typeof WORKER_MESSAGE.SKIP_WAITING
  | typeof WORKER_MESSAGE.FORCE_UPDATE
  | typeof REGISTER_SYNC
  | typeof SET_SYNC_CONFIG
  | typeof SET_CACHE_CONFIGS;

const REQUEST_TYPES: ReadonlySet<string> = new Set<WorkerRequestType>([
  WORKER_MESSAGE.GET_VERSION,
  WORKER_MESSAGE.CLEAR_DATA_CACHE,
  WORKER_MESSAGE.GET_CACHE_INFO,
  WORKER_MESSAGE.SKIP_WAITING,
  WORKER_MESSAGE.FORCE_UPDATE,
  REGISTER_SYNC,
  SET_SYNC_CONFIG,
  SET_CACHE_CONFIGS,
]);

/** The request's type when the data is one of ours, else null (other libraries post messages too). */
export function requestType(data: unknown): WorkerRequestType | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  return typeof type === 'string' && REQUEST_TYPES.has(type) ? (type as WorkerRequestType) : null;
}

/** One cache as GET_CACHE_INFO lists it; size in bytes (content-length, else the body's size). */
export interface CacheSummary {
  name: string;
  entries: number;
  size: number;
}

export type WorkerReply =
  | { type: typeof WORKER_MESSAGE.VERSION_INFO; version: string }
  | { type: typeof WORKER_MESSAGE.VERSION_CHECK_ERROR; error: string }
  | { type: typeof WORKER_MESSAGE.DATA_CACHE_CLEARED; cleared: string[] }
  | { type: typeof WORKER_MESSAGE.CACHE_CLEAR_ERROR; error: string }
  | { type: typeof WORKER_MESSAGE.CACHE_INFO; caches: CacheSummary[]; version: string }
  | { type: typeof WORKER_MESSAGE.FORCE_UPDATE_COMPLETED; version: string; updateFound: boolean }
  | { type: typeof WORKER_MESSAGE.FORCE_UPDATE_ERROR; error: string }
  | { type: typeof CACHE_CONFIGS_APPLIED; applied: string[]; rejected: RejectedConfig[] }
  | { type: typeof CACHE_CONFIG_ERROR; error: string };

export type WorkerBroadcast =
  | {
      type: typeof WORKER_MESSAGE.VERSION_CHANGED;
      version: string;
      previousVersion: string | null;
      clearLocalDataPrefixes: readonly string[];
    }
  | {
      type: typeof WORKER_MESSAGE.BACKGROUND_SYNC;
      sent: number;
      failed: number;
      /** Held for a new sign-in (401). */
      held: number;
      remaining: number;
      reason: ReplayReason;
    }
  | { type: typeof WORKER_MESSAGE.FORCE_UPDATE; version: string }
  | { type: typeof WORKER_MESSAGE.FOCUS_CLIENT; url: string };

/** Why the worker replayed the queue: a sync event, or (no Background Sync) its start, online, a message. */
export type ReplayReason = 'sync' | 'start' | 'online' | 'message';

export function versionChanged(version: string, previousVersion: string | null): WorkerBroadcast {
  return {
    type: WORKER_MESSAGE.VERSION_CHANGED,
    version,
    previousVersion,
    clearLocalDataPrefixes: VERSIONED_LOCAL_DATA_PREFIXES,
  };
}

/** An error's text for a reply: the message, else the spec's 'Unknown error' (docs/platform.md). */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}
