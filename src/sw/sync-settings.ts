/**
 * The worker's copy of the page's sync configuration (docs/offline.md#sync-settings "Sync configuration":
 * batch size, retry intervals…; saved in the settings dialog into the page's localStorage, which a worker
 * cannot read). The page hands it over with REGISTER_SYNC (each queued request) and SET_SYNC_CONFIG (each
 * save); the worker keeps it in IndexedDB (it restarts often, and a background sync may run with every tab
 * closed) and drains the queue with it: the batch size and the retry intervals the person chose, not the
 * defaults.
 *
 * What arrives is read field by field (src/domain/sync-config.ts readSyncConfig): a value out of its range
 * falls back to its default, so a bad message never stops the queue from draining.
 */
import { DEFAULT_SYNC_CONFIG, readSyncConfig } from '../domain/sync-config';
import type { SyncConfig } from '../domain/sync-config';
import type { SettingStore } from './settings-db';

export const SYNC_CONFIG_KEY = 'sync-config';

export interface SyncSettings {
  /** The configuration to drain with: the last one handed over, else the defaults. */
  current(): Promise<SyncConfig>;
  /** Keeps what the page sent (validated field by field). */
  remember(config: unknown): Promise<void>;
}

export function createSyncSettings(store: SettingStore): SyncSettings {
  let known: Promise<SyncConfig> | null = null;
  return {
    current() {
      known ??= store.read().then(
        (stored) => readSyncConfig(stored),
        () => ({ ...DEFAULT_SYNC_CONFIG }),
      );
      return known;
    },
    async remember(config) {
      const next = readSyncConfig(config);
      known = Promise.resolve(next);
      await store.write({
        ...next,
        intervals: [...next.intervals],
        retryIntervals: [...next.retryIntervals],
      });
    },
  };
}

/** What the queue's drain takes from the configuration (lib/offline-queue/flush.ts FlushOptions). */
export function drainOptions(config: SyncConfig): { batchSize: number; retryIntervals: number[] } {
  return { batchSize: config.batchSize, retryIntervals: [...config.retryIntervals] };
}
