/**
 * The page ⇄ service worker message protocol (docs/platform.md#worker-tools "Worker messages (not HTTP):
 * GET_VERSION, CLEAR_DATA_CACHE, GET_CACHE_INFO, SKIP_WAITING, FORCE_UPDATE; replies VERSION_INFO,
 * DATA_CACHE_CLEARED, CACHE_INFO, FORCE_UPDATE_COMPLETED, errors VERSION_CHECK_ERROR, CACHE_CLEAR_ERROR,
 * FORCE_UPDATE_ERROR; also sent: VERSION_CHANGED, BACKGROUND_SYNC, FORCE_UPDATE, FOCUS_CLIENT"), as the page
 * reads it. Pure.
 *
 * Shapes (what src/sw must answer):
 * - A request is `{ type }` posted with a MessageChannel; the worker answers on `event.ports[0]` with ONE reply:
 *     GET_VERSION      → { type: 'VERSION_INFO', version: string }        | { type: 'VERSION_CHECK_ERROR', error }
 *     CLEAR_DATA_CACHE → { type: 'DATA_CACHE_CLEARED', cleared?: string[] } | { type: 'CACHE_CLEAR_ERROR', error }
 *     GET_CACHE_INFO   → { type: 'CACHE_INFO', caches: [{ name, entries, size? }], version? }
 *                                                                           | { type: 'CACHE_CLEAR_ERROR', error }
 *     FORCE_UPDATE     → { type: 'FORCE_UPDATE_COMPLETED', version? }     | { type: 'FORCE_UPDATE_ERROR', error }
 *     SKIP_WAITING     → no reply (workbox-window's messageSkipWaiting; the worker calls skipWaiting()).
 *   `error` is a string (a `message` field is read too).
 * - Broadcasts to every client (clients.matchAll + postMessage), no port:
 *     { type: 'VERSION_CHANGED', version, previousVersion? }   the flags are cleared, the version shown
 *     { type: 'BACKGROUND_SYNC', sent?, failed?, remaining? }  the worker replayed the queue: counts re-read
 *     { type: 'FORCE_UPDATE' }                                 check for a new worker now
 *     { type: 'FOCUS_CLIENT', url? }                           a notification click chose this tab
 *     { type: 'FORCE_UPDATE_ERROR', error }                    the update flow shows "Update Failed"
 * - Ours, not the spec's (src/sw/messages.ts): REGISTER_SYNC { syncConfig } when a request is queued and
 *   SET_SYNC_CONFIG { syncConfig } when the sync timing is saved (no reply; the worker drains with it).
 * - Ours, not the spec's (src/sw/messages.ts): the "Advanced caching" tab's saved configurations, built-ins left
 *   out, for the worker to keep and apply:
 *     SET_CACHE_CONFIGS { configs } → { type: 'CACHE_CONFIGS_APPLIED', applied: names, rejected: [{ name, reason }] }
 *                                    | { type: 'CACHE_CONFIG_ERROR', error }
 */
import { WORKER_ERROR, WORKER_MESSAGE } from '../../../domain/constants';
import type { CacheSummary } from '../../../../machines/worker-tools/worker-tools.types';
import type { SyncConfig } from '../../../domain/sync-config';
import type { CacheConfig } from './local-settings';

/**
 * Caches the status panel and the caching tab never delete: the app shell's precache (without it the app no
 * longer opens offline) and the worker's own state (sw-meta: the version it ran last, so a version change is
 * seen). The worker's names (src/sw/cache-config.ts), copied: the page does not import the worker's code;
 * worker-messages.test.ts holds them equal. Force Reload SW is the one way to drop them (it reinstalls).
 */
export const PROTECTED_CACHES: readonly string[] = ['salon-pos-precache-v1', 'sw-meta'];

export function isProtectedCache(name: string): boolean {
  return PROTECTED_CACHES.includes(name);
}

/** Force Reload SW refused offline (ours; pwa.panel.forceReloadOffline). */
export const FORCE_RELOAD_OFFLINE = 'Force reload needs a connection';

/** The names "Clear all caches" or a cache's Clear may delete. */
export function clearableCaches(names: readonly string[]): string[] {
  return names.filter((name) => !isProtectedCache(name));
}

/** Ours (src/sw/messages.ts, the same strings): "a request was queued", and a saved sync configuration. */
export const REGISTER_SYNC = 'REGISTER_SYNC';
export const SET_SYNC_CONFIG = 'SET_SYNC_CONFIG';

/**
 * The page's sync configuration for the worker (src/sw/sync-settings.ts): its background sync drains with the
 * batch size and retry intervals saved in the settings dialog, which live in this page's localStorage.
 */
export function syncConfigMessage(
  type: typeof REGISTER_SYNC | typeof SET_SYNC_CONFIG,
  config: SyncConfig,
): { type: typeof type; syncConfig: SyncConfig } {
  return {
    type,
    syncConfig: { ...config, intervals: [...config.intervals], retryIntervals: [...config.retryIntervals] },
  };
}

/** Ours (src/sw/messages.ts, the same strings). */
export const SET_CACHE_CONFIGS = 'SET_CACHE_CONFIGS';
export const CACHE_CONFIGS_APPLIED = 'CACHE_CONFIGS_APPLIED';

export interface WorkerReply {
  type: string;
  [field: string]: unknown;
}

export function isWorkerReply(value: unknown): value is WorkerReply {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

const ERROR_REPLIES: ReadonlySet<string> = new Set([
  WORKER_MESSAGE.VERSION_CHECK_ERROR,
  WORKER_MESSAGE.CACHE_CLEAR_ERROR,
  WORKER_MESSAGE.FORCE_UPDATE_ERROR,
]);

/** The reply's error text when it is one of the spec's error replies, else null. */
export function replyError(reply: WorkerReply): string | null {
  if (!ERROR_REPLIES.has(reply.type) && !reply.type.endsWith('_ERROR')) return null;
  const text = typeof reply.error === 'string' ? reply.error : reply.message;
  return typeof text === 'string' && text ? text : WORKER_ERROR.UNKNOWN;
}

/** Answers the reply when it is the one the request waits for; throws on an error reply or another type. */
export function expectReply(reply: unknown, expected: string): WorkerReply {
  if (!isWorkerReply(reply)) throw new Error(WORKER_ERROR.UNKNOWN);
  const error = replyError(reply);
  if (error !== null) throw new Error(error);
  if (reply.type !== expected) throw new Error(WORKER_ERROR.UNKNOWN);
  return reply;
}

export function replyVersion(reply: WorkerReply): string | null {
  return typeof reply.version === 'string' && reply.version ? reply.version : null;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
}

/** CACHE_INFO's caches: tolerant of `entries` or `count`, and of a missing size. */
export function replyCaches(reply: WorkerReply): CacheSummary[] | null {
  if (!Array.isArray(reply.caches)) return null;
  return reply.caches.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { name, entries, size } = entry as {
      name?: unknown;
      entries?: unknown;
      count?: unknown;
      size?: unknown;
    };
    if (typeof name !== 'string') return [];
    return [{ name, entries: count(entries ?? (entry as { count?: unknown }).count), size: count(size) }];
  });
}

/** The version this browser ran last, and whether the worker's differs (docs/platform.md "whether it changed"). */
export function versionChange(
  previous: string | null,
  current: string | null,
): { changed: boolean; remember: string | null } {
  if (current === null) return { changed: false, remember: previous };
  return { changed: previous !== null && previous !== current, remember: current };
}

/** The local-storage keys a version change clears: those starting with app-, pos- or user- (docs/platform.md#start-up). */
export function versionedKeys(keys: readonly string[], prefixes: readonly string[]): string[] {
  return keys.filter((key) => prefixes.some((prefix) => key.startsWith(prefix)));
}

/** The message that hands the saved configurations to the worker; the built-ins are its own rules already. */
export function cacheConfigsMessage(configs: readonly CacheConfig[]): {
  type: typeof SET_CACHE_CONFIGS;
  configs: Omit<CacheConfig, 'builtIn'>[];
} {
  return {
    type: SET_CACHE_CONFIGS,
    configs: configs.filter((c) => !c.builtIn).map(({ builtIn: _builtIn, ...config }) => config),
  };
}

/** CACHE_CONFIGS_APPLIED's lists: the names applied and those the worker set aside, with why. */
export function replyAppliedConfigs(reply: WorkerReply): {
  applied: string[];
  rejected: { name: string; reason: string }[];
} {
  const names = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((n): n is string => typeof n === 'string') : [];
  const rejected = Array.isArray(reply.rejected)
    ? reply.rejected.flatMap((entry: unknown) => {
        const { name, reason } = (entry ?? {}) as { name?: unknown; reason?: unknown };
        return typeof name === 'string' && typeof reason === 'string' ? [{ name, reason }] : [];
      })
    : [];
  return { applied: names(reply.applied), rejected };
}
