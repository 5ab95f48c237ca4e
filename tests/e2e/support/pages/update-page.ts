/**
 * The app being updated under an open tab (src/client/features/pwa: the update banner, the service-worker status
 * panel in the settings dialog's "Advanced caching" tab): a person reads that a new version is available, answers
 * Later or Update Now, or uses the panel's Check for Updates, Check Again and Apply Update. Plus what the test
 * reads around them: which build's app shell runs (index.html's <meta name="salon-build">, written by
 * tests/e2e/support/second-build.vite.ts), local storage, session storage and the offline queue's records.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { putInQueue } from '../offline-queue-store';
import type { QueueRecord } from '../offline-queue-store';
import { PwaSettingsPage } from './pwa-settings-page';

/** What the test compares of a stored record before and after the update. */
export interface StoredRecord {
  id: number;
  url: string;
  status: string;
  idempotencyKey: string | null;
  body: string | null;
}

export class UpdatePage extends PwaSettingsPage {
  get updateBanner(): Locator {
    return this.page.getByTestId('update-banner');
  }

  get statusPanel(): Locator {
    return this.dialog.getByTestId('sw-status-panel');
  }

  // ---- the update banner ---------------------------------------------------------------------------------

  async seeUpdateOffered(): Promise<void> {
    await expect(this.updateBanner).toBeVisible({ timeout: 20_000 });
    await expect(this.updateBanner).toContainText('App Update Available');
    await expect(this.updateBanner).toContainText(
      'A new version is available. Update now to get the latest features.',
    );
    await expect(this.updateBanner.getByRole('button', { name: 'Update Now' })).toBeEnabled();
    await expect(this.updateBanner.getByRole('button', { name: 'Later' })).toBeVisible();
  }

  async later(): Promise<void> {
    await this.updateBanner.getByRole('button', { name: 'Later' }).click();
    await expect(this.updateBanner).toBeHidden();
  }

  async updateNow(): Promise<void> {
    await this.updateBanner.getByRole('button', { name: 'Update Now' }).click();
  }

  async seeUpdateSucceeded(): Promise<void> {
    await expect(this.updateBanner).toContainText('Update Successful');
  }

  // ---- the status panel -------------------------------------------------------------------------------------

  async openStatusPanel(): Promise<void> {
    await this.openFromIndicator();
    await this.openTab('caching');
    await expect(this.statusPanel).toBeVisible();
  }

  panelButton(name: string): Locator {
    return this.statusPanel.getByRole('button', { name, exact: true });
  }

  async seePanelVersion(version: string): Promise<void> {
    await expect(this.statusPanel.getByTestId('sw-version')).toHaveText(version);
  }

  async seePanelUpdateWaiting(waiting: boolean): Promise<void> {
    await expect(this.statusPanel.getByTestId('sw-update-available')).toHaveText(
      waiting ? 'A new version is waiting' : 'None',
      { timeout: 20_000 },
    );
  }

  async seePanelFlag(set: boolean): Promise<void> {
    await expect(this.statusPanel.getByText('Update in progress', { exact: true })).toHaveCount(set ? 1 : 0);
  }

  // ---- which build runs ---------------------------------------------------------------------------------------

  async seeBuildMarker(marker: string | null): Promise<void> {
    const meta = this.page.locator('meta[name="salon-build"]');
    if (marker === null) await expect(meta).toHaveCount(0);
    else await expect(meta).toHaveAttribute('content', marker, { timeout: 20_000 });
  }

  // ---- storage ----------------------------------------------------------------------------------------------

  async setLocal(entries: Record<string, string>): Promise<void> {
    await this.page.evaluate((values) => {
      for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, entries);
  }

  async localKeys(): Promise<string[]> {
    return this.page.evaluate(() =>
      Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '').sort(),
    );
  }

  async local(key: string): Promise<string | null> {
    return this.page.evaluate((name) => localStorage.getItem(name), key);
  }

  async session(key: string): Promise<string | null> {
    return this.page.evaluate((name) => sessionStorage.getItem(name), key);
  }

  // ---- the offline queue --------------------------------------------------------------------------------------

  /** Writes records to the queue's store as the queue library stores them, and tells the tabs. */
  async putInQueue(records: QueueRecord[]): Promise<void> {
    await putInQueue(this.page, records);
  }

  async readQueue(): Promise<StoredRecord[]> {
    return this.page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('offline-queue', 1);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const all = await new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const request = db.transaction('requests').objectStore('requests').getAll();
        request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
        request.onerror = () => reject(request.error);
      });
      db.close();
      return all.map((record) => ({
        id: record.id as number,
        url: record.url as string,
        status: record.status as string,
        idempotencyKey: (record.headers as Record<string, string>)['idempotency-key'] ?? null,
        body: typeof record.body === 'string' ? record.body : null,
      }));
    });
  }
}
