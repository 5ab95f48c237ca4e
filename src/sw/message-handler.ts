/**
 * The worker's answers to the page's messages (docs/api.md#endpoints; shapes in messages.ts). Side effects
 * come in as dependencies, so the handler runs in tests with a fake event and fake caches.
 */
import { WORKER_MESSAGE } from '../domain/constants';
import { clearCaches, readCacheInfo } from './cache-info';
import type { CacheStorageLike } from './cache-info';
import type { RejectedConfig } from './cache-config';
import {
  CACHE_CONFIG_ERROR,
  CACHE_CONFIGS_APPLIED,
  errorText,
  REGISTER_SYNC,
  requestType,
  SET_CACHE_CONFIGS,
  SET_SYNC_CONFIG,
} from './messages';
import type { WorkerBroadcast, WorkerReply } from './messages';

export interface PortLike {
  postMessage(message: unknown): void;
}

/** ExtendableMessageEvent as far as the handler reads it. */
export interface MessageEventLike {
  data: unknown;
  ports?: readonly PortLike[];
  source?: PortLike | null;
}

export interface MessageDeps {
  version: string;
  caches: CacheStorageLike;
  dataCaches: readonly string[];
  skipWaiting(): Promise<void>;
  /** registration.update(); true when a newer worker is now installing or waiting. */
  checkForUpdate(): Promise<boolean>;
  /** To every window client except `except` (the one that asked). */
  broadcast(message: WorkerBroadcast, except?: unknown): Promise<void>;
  /** A request was queued: register the background sync, or replay now (queue-sync.ts). */
  requestSync(): Promise<void>;
  /** Keeps and applies the settings dialog's cache configurations (custom-caches.ts). */
  applyCacheConfigs(configs: unknown): Promise<{ applied: string[]; rejected: RejectedConfig[] }>;
  /** Keeps the page's sync configuration for the worker's drain (sync-settings.ts). */
  rememberSyncConfig(config: unknown): Promise<void>;
}

function syncConfigOf(data: unknown): unknown {
  return (data as { syncConfig?: unknown }).syncConfig;
}

function reply(event: MessageEventLike, message: WorkerReply): void {
  const port = event.ports?.[0] ?? event.source;
  port?.postMessage(message);
}

/** Resolves once the message is handled and answered (sw.ts passes it to event.waitUntil). */
export async function handleMessage(event: MessageEventLike, deps: MessageDeps): Promise<void> {
  const type = requestType(event.data);
  switch (type) {
    case null:
      return;
    case WORKER_MESSAGE.GET_VERSION:
      if (deps.version) reply(event, { type: WORKER_MESSAGE.VERSION_INFO, version: deps.version });
      else reply(event, { type: WORKER_MESSAGE.VERSION_CHECK_ERROR, error: 'Unknown error' });
      return;
    case WORKER_MESSAGE.CLEAR_DATA_CACHE:
      try {
        const cleared = await clearCaches(deps.caches, deps.dataCaches);
        reply(event, { type: WORKER_MESSAGE.DATA_CACHE_CLEARED, cleared });
      } catch (error) {
        reply(event, { type: WORKER_MESSAGE.CACHE_CLEAR_ERROR, error: errorText(error) });
      }
      return;
    case WORKER_MESSAGE.GET_CACHE_INFO:
      try {
        const caches = await readCacheInfo(deps.caches);
        reply(event, { type: WORKER_MESSAGE.CACHE_INFO, caches, version: deps.version });
      } catch (error) {
        reply(event, { type: WORKER_MESSAGE.CACHE_CLEAR_ERROR, error: errorText(error) });
      }
      return;
    case WORKER_MESSAGE.SKIP_WAITING:
      await deps.skipWaiting();
      return;
    case WORKER_MESSAGE.FORCE_UPDATE:
      try {
        const updateFound = await deps.checkForUpdate();
        reply(event, { type: WORKER_MESSAGE.FORCE_UPDATE_COMPLETED, version: deps.version, updateFound });
        // Every other tab checks too, so they all offer the same new version (docs/api.md#endpoints "also
        // sent: FORCE_UPDATE").
        await deps.broadcast({ type: WORKER_MESSAGE.FORCE_UPDATE, version: deps.version }, event.source);
      } catch (error) {
        reply(event, { type: WORKER_MESSAGE.FORCE_UPDATE_ERROR, error: errorText(error) });
      }
      return;
    case REGISTER_SYNC: {
      const config = syncConfigOf(event.data);
      // Kept first: the drain this registration leads to uses it.
      if (config !== undefined) await deps.rememberSyncConfig(config).catch(() => undefined);
      await deps.requestSync();
      return;
    }
    case SET_SYNC_CONFIG:
      await deps.rememberSyncConfig(syncConfigOf(event.data));
      return;
    case SET_CACHE_CONFIGS:
      try {
        const result = await deps.applyCacheConfigs((event.data as { configs?: unknown }).configs);
        reply(event, { type: CACHE_CONFIGS_APPLIED, ...result });
      } catch (error) {
        reply(event, { type: CACHE_CONFIG_ERROR, error: errorText(error) });
      }
      return;
  }
}
