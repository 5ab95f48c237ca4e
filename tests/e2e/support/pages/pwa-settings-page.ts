/**
 * The offline indicator of the POS bar and the offline and app settings dialog (src/client/features/pwa): a
 * person reads the indicator, opens the dialog from it or from the user menu, goes through the five tabs, types
 * the sync timing, saves or cancels, and reads each tab's badges, counts and errors.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { PRIORITY_RANK } from '../../../../src/client/lib/offline-queue/queue-db';
import { putInQueue } from '../offline-queue-store';
import { AppPage } from './app-page';

export const TABS = {
  sync: 'Sync timing',
  push: 'Push notifications',
  install: 'Install prompts',
  caching: 'Advanced caching',
  widgets: 'Mobile widgets',
  printer: 'Receipt printer',
} as const;
export type TabName = keyof typeof TABS;

/** A request as the offline queue stores it (src/client/lib/offline-queue/queue-db.ts), written by "another tab". */
export interface QueuedWrite {
  url: string;
  method: string;
  body?: string;
}

export class PwaSettingsPage extends AppPage {
  get indicator(): Locator {
    return this.page.getByTestId('offline-indicator');
  }

  get dialog(): Locator {
    return this.page.getByTestId('pwa-settings-dialog');
  }

  async seeIndicator(state: 'Online' | 'Offline', pending: number): Promise<void> {
    await expect(this.indicator).toBeVisible();
    await expect(this.indicator).toHaveAttribute('data-online', state === 'Online' ? 'true' : 'false');
    await expect(this.indicator).toHaveAttribute('data-count', String(pending));
    if (pending > 0)
      await expect(this.indicator.getByTestId('offline-indicator-count')).toHaveText(String(pending));
    else await expect(this.indicator.getByTestId('offline-indicator-count')).toHaveCount(0);
  }

  /** The POS bar's indicator opens the dialog on its first tab. */
  async openFromIndicator(): Promise<void> {
    await this.indicator.click();
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog.getByRole('heading', { name: 'Offline and app settings' })).toBeVisible();
  }

  async openFromUserMenu(): Promise<void> {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByRole('button', { name: 'App settings', exact: true }).click();
    await expect(this.dialog).toBeVisible();
  }

  async seeTabs(): Promise<void> {
    await expect(this.dialog.getByRole('tab')).toHaveText(Object.values(TABS));
  }

  async openTab(name: TabName): Promise<void> {
    await this.dialog.getByRole('tab', { name: TABS[name] }).click();
    await expect(this.dialog).toHaveAttribute('data-tab', name);
  }

  get panel(): Locator {
    return this.dialog.getByRole('tabpanel');
  }

  field(label: string | RegExp): Locator {
    return this.panel.getByLabel(label);
  }

  async fill(label: string | RegExp, value: string): Promise<void> {
    await this.field(label).fill(value);
  }

  async seeValue(label: string | RegExp, value: string): Promise<void> {
    await expect(this.field(label)).toHaveValue(value);
  }

  async saveChanges(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Save changes' }).click();
  }

  async cancel(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(this.dialog).toBeHidden();
  }

  async seeClosed(): Promise<void> {
    await expect(this.dialog).toBeHidden();
  }

  async seeError(text: string, count = 1): Promise<void> {
    await expect(this.panel.getByText(text, { exact: true })).toHaveCount(count);
  }

  async seeFact(testId: string, text: string | RegExp): Promise<void> {
    await expect(this.panel.getByTestId(testId)).toHaveText(text);
  }

  async seeBadge(testId: string, text: string): Promise<void> {
    await expect(this.panel.getByTestId(testId)).toHaveText(text);
  }

  button(name: string | RegExp): Locator {
    return this.panel.getByRole('button', { name, exact: typeof name === 'string' });
  }

  async press(name: string | RegExp): Promise<void> {
    await this.button(name).click();
  }

  /**
   * Another tab of this browser queued requests while this one shows the POS: they are written to the offline
   * queue's IndexedDB as the queue library stores them, and the tab says so on the queue's BroadcastChannel
   * (src/client/app/pwa-platform.ts QUEUE_CHANNEL), as the library's tabs do.
   */
  async queueFromAnotherTab(requests: QueuedWrite[]): Promise<void> {
    const token = await this.page.evaluate(
      () => (JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: string }).token ?? '',
    );
    const now = Date.now();
    await putInQueue(
      this.page,
      requests.map((write, i) => ({
        url: write.url,
        method: write.method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': `e2e-${now}-${i}`,
        },
        ...(write.body === undefined ? {} : { body: write.body }),
        timestamp: now + i,
        retryCount: 0,
        maxRetries: 3,
        priority: 'normal',
        priorityRank: PRIORITY_RANK.normal,
        tags: [],
        status: 'pending',
        nextAttemptAt: now + i,
      })),
    );
  }

  /** A cache of this origin, as the service worker would fill one. */
  async putInCache(cacheName: string, path: string, body: string): Promise<void> {
    await this.page.evaluate(
      async ({ cacheName, path, body }) => {
        const cache = await caches.open(cacheName);
        await cache.put(path, new Response(body, { headers: { 'content-length': String(body.length) } }));
      },
      { cacheName, path, body },
    );
  }

  /** What Chromium fires when the app is installable; the prompt's answer is `outcome`. */
  async offerInstallPrompt(outcome: 'accepted' | 'dismissed'): Promise<void> {
    await this.page.evaluate((choice) => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: choice, platform: 'web' }),
      });
      window.dispatchEvent(event);
    }, outcome);
  }
}
