/**
 * The offline queue's IndexedDB store as a test reaches it from the page (src/client/lib/offline-queue/queue-db.ts:
 * database `offline-queue`, store `requests`): records written as the queue library stores them, for what another
 * tab, the worker or a long-past outage left there. Written with the raw IndexedDB API inside the page, not with the
 * library, so the test does not lean on the code it checks.
 */
import type { Page } from '@playwright/test';
import type { NewQueuedRecord } from '../../../src/client/lib/offline-queue/queue-db';

/** A stored request as the library keeps it (lib/offline-queue/queue-db.ts), without its auto id. */
export type QueueRecord = NewQueuedRecord;

/**
 * Adds the records in one transaction and answers their ids. `announce` (default) then says so on the queue's
 * BroadcastChannel (src/client/app/pwa-platform.ts QUEUE_CHANNEL) as the library's tabs do, so the open tab counts
 * and syncs them; without it only the service worker's own triggers find them.
 */
export async function putInQueue(
  page: Page,
  records: readonly QueueRecord[],
  { announce = true }: { announce?: boolean } = {},
): Promise<number[]> {
  return page.evaluate(
    async ({ values, announce }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('offline-queue');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('requests', 'readwrite');
      const adds = values.map((value) => tx.objectStore('requests').add(value));
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
      if (announce) {
        const channel = new BroadcastChannel('offline-queue');
        channel.postMessage({ type: 'queue-changed' });
        channel.close();
      }
      return adds.map((add) => add.result as number);
    },
    { values: [...records], announce },
  );
}

/** Empties the store, when the app has made the database (opening a missing one would create it without its store). */
export async function clearQueue(page: Page): Promise<void> {
  await page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'offline-queue')) return;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('offline-queue');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction('requests', 'readwrite');
    tx.objectStore('requests').clear();
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    db.close();
  });
}

/** A stored request as the page's queue holds it, with its id. */
export type StoredRequest = QueueRecord & { id: number };

/** Every stored request, in key order, read with the raw IndexedDB API (none when the database was never made). */
export async function queuedRequests(page: Page): Promise<StoredRequest[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'offline-queue')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('offline-queue');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = db.transaction('requests').objectStore('requests').getAll();
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      all.onsuccess = () => resolve(all.result);
      all.onerror = () => reject(all.error);
    });
    db.close();
    return rows as StoredRequest[];
  });
}
