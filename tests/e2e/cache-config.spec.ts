/**
 * A cache configuration added in the settings dialog's "Advanced caching" tab
 * (docs/platform.md#the-settings-dialog, docs/platform.md#caches) is applied by the service worker
 * (src/sw/custom-caches.ts): its pattern is answered with its strategy and limits, it survives the worker
 * being stopped, and removing it gives the request back to the network. With none saved, only the built-in
 * defaults apply. Chromium, production build, real server.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoBlockingViolations } from './support/axe';
import { LoginPage } from './support/pages/login-page';
import { PwaSettingsPage } from './support/pages/pwa-settings-page';
import { SalePage } from './support/pages/sale-page';
import { ServiceWorkerPage } from './support/pages/sw-page';

/** Gift cards by number: a signed-in read the worker's own rules leave to the network (src/sw/routes.ts). */
const giftcard = (n: number) => `/api/pos/giftcards/GC-100${n}`;
const CACHE = 'gift-cards';

/** A GET from the page with the session's token; a request that could not be made at all is status 0. */
async function get(page: Page, url: string, token: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([target, bearer]) => {
      try {
        const response = await fetch(target, { headers: { authorization: `Bearer ${bearer}` } });
        return { status: response.status, body: (await response.json()) as unknown };
      } catch {
        return { status: 0, body: null };
      }
    },
    [url, token] as const,
  );
}

/** The list the worker keeps in its IndexedDB (sw-settings / settings / cache-configs): names in force. */
async function workerConfigNames(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('sw-settings');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('settings')) {
            db.close();
            return resolve([]);
          }
          const read = db.transaction('settings').objectStore('settings').get('cache-configs');
          read.onsuccess = () => {
            db.close();
            resolve(((read.result ?? []) as { name: string }[]).map((c) => c.name));
          };
          read.onerror = () => resolve([]);
        };
      }),
  );
}

/** Stops every service worker of the browser (Chromium DevTools protocol), as the browser does when idle. */
async function stopWorkers(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

test.describe('saved cache configurations', () => {
  test('a CacheFirst configuration with max entries takes effect, survives a worker restart, and goes when removed', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const worker = new ServiceWorkerPage(page);
    const pwa = new PwaSettingsPage(page);
    await new LoginPage(page).logInAsDemo('cashier');
    await worker.waitForControl();
    await new SalePage(page).openSale();
    const token = await worker.token();

    // None saved: the built-in defaults alone, which leave gift cards to the network.
    expect((await get(page, giftcard(1), token)).status).toBe(200);
    expect(await worker.cacheNames()).not.toContain(CACHE);

    await pwa.openFromIndicator();
    await pwa.openTab('caching');
    await pwa.press('Add cache configuration');
    const add = page.getByTestId('cache-config-dialog');
    await add.getByLabel('Name').fill(CACHE);
    await add.getByLabel('Strategy').selectOption('CacheFirst');
    await add.getByLabel('URL patterns').fill('/api/pos/giftcards/*');
    // Limits are whole numbers in a range; the timeout is NetworkFirst's only.
    await expect(add.getByLabel('Network timeout (seconds)')).toHaveCount(0);
    await add.getByLabel('Max entries').fill('0');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add.getByText('Enter a number from 1 to 10000.')).toBeVisible();
    await expectNoBlockingViolations(page, '[data-testid="cache-config-dialog"]');
    await add.getByLabel('Max entries').fill('2');
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(add).toBeHidden();
    const row = pwa.panel.getByTestId('cache-config-row').filter({ hasText: CACHE });
    await expect(row.getByTestId('cache-config-limits')).toHaveText('2 entries');
    await expect(
      pwa.panel
        .getByTestId('cache-config-row')
        .filter({ hasText: 'api-responses' })
        .getByTestId('cache-config-limits'),
    ).toHaveText('50 entries · max age 5 minutes · timeout 3 seconds');
    await expectNoBlockingViolations(page, '[data-testid="cache-configs"]');
    await expect.poll(() => workerConfigNames(page)).toEqual([CACHE]);
    await pwa.cancel();

    // Three cards read: the cache keeps the two newest (max entries 2).
    const online = [];
    for (const n of [1, 2, 3]) online.push(await get(page, giftcard(n), token));
    expect(online.map((r) => r.status)).toEqual([200, 200, 200]);
    await expect
      .poll(async () => (await worker.cachedUrls(CACHE)).map((url) => new URL(url).pathname).sort())
      .toEqual([giftcard(2), giftcard(3)]);

    // Offline, CacheFirst answers from the cache; the evicted card has nothing: the spec's 503.
    await worker.setOffline(true);
    expect(await get(page, giftcard(3), token)).toEqual(online[2]);
    expect(await get(page, giftcard(1), token)).toEqual({
      status: 503,
      body: { success: false, data: null, code: 'network_unreachable', message: 'Network error' },
    });

    // The worker stops (as when idle) and starts again on the next request: it reads its list back first.
    await stopWorkers(page);
    expect(await get(page, giftcard(2), token)).toEqual(online[1]);
    await worker.setOffline(false);

    // Removed: the worker lets the request go to the network again.
    await pwa.openFromIndicator();
    await pwa.openTab('caching');
    await pwa.press(`Remove ${CACHE}`);
    await expect(row).toHaveCount(0);
    await expect.poll(() => workerConfigNames(page)).toEqual([]);
    await pwa.cancel();
    await worker.setOffline(true);
    expect((await get(page, giftcard(3), token)).status).toBe(0);
    await worker.setOffline(false);
  });
});
