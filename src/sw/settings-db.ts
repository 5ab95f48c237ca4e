/**
 * The worker's own settings database: IndexedDB `sw-settings`, store `settings`, one key per setting (the
 * caching tab's configurations, custom-caches.ts; the sync configuration, sync-settings.ts). IndexedDB, not
 * Cache Storage: the caching tab's clears and Force Reload SW delete caches. No Workbox here, so the modules
 * that only keep a setting load (and are tested) without a worker scope.
 */
import { openDB } from 'idb';

export const CONFIG_DB = 'sw-settings';
export const CONFIG_STORE = 'settings';

export interface SettingStore {
  read(): Promise<unknown>;
  write(value: unknown): Promise<void>;
}

/** One key of the settings database; the connection is closed after each use (the worker sleeps often). */
export function idbSettingStore(key: string): SettingStore {
  const open = () =>
    openDB(CONFIG_DB, 1, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(CONFIG_STORE)) db.createObjectStore(CONFIG_STORE);
      },
    });
  return {
    async read() {
      const db = await open();
      try {
        return (await db.get(CONFIG_STORE, key)) as unknown;
      } finally {
        db.close();
      }
    },
    async write(value) {
      const db = await open();
      try {
        await db.put(CONFIG_STORE, value, key);
      } finally {
        db.close();
      }
    },
  };
}
