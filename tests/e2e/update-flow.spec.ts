/**
 * A new release shipped while a till is open (and "Tests": "Ship a new build while a tab is open
 * and walk the update flow (Later, then Update Now) to the new version with nothing lost";
 * docs/platform.md#updates "Worker update", "On a version change, local data whose keys start with app-, pos-
 * or user- is cleared", docs/platform.md#updates messages).
 *
 * Build A is the run's dist/client; build B is the same sources built again with the next patch version and a
 * marker in index.html (support/second-build.ts, kept between runs). Both are served in turn by a real server of
 * this spec's own (support/swappable-server.ts) whose client directory is swapped atomically, as a deployment
 * would. The server and build B are made once per Playwright worker, side by side.
 *
 * What "nothing lost" means here: a parked waiting ticket, the offline queue's records (a failed payment and an
 * order waiting for its retry, same ids and Idempotency-Keys), the saved sync configuration, the session; while
 * the keys of docs/platform.md#start-up (app-, pos-, user-) are cleared by the new version and only those.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test as base } from '@playwright/test';
import { WORKER_MESSAGE } from '../../src/domain/constants';
import { LoginPage } from './support/pages/login-page';
import { SaleExtrasPage } from './support/pages/sale-extras-page';
import { ServiceWorkerPage } from './support/pages/sw-page';
import { UpdatePage } from './support/pages/update-page';
import type { QueueRecord } from './support/offline-queue-store';
import { secondBuild } from './support/second-build';
import type { SecondBuild } from './support/second-build';
import { startSwappableServer } from './support/swappable-server';
import type { SwappableServer } from './support/swappable-server';

const FIRST_BUILD = path.resolve(import.meta.dirname, '../../dist/client');
/** src/client/app/pwa-platform.ts and src/client/lib/storage.ts. */
const SYNC_CONFIG_KEY = 'sync_config';
const APP_VERSION_KEY = 'app_version';
const UPDATE_FLAG_KEY = 'sw_update_in_progress';
const WAITING_TICKETS_PREFIX = 'waiting_sale_tickets__';

/** Cleared on a version change (docs/platform.md#updates) … */
const VERSIONED = { 'app-last-screen': 'sale', 'pos-drawer-note': 'float 200', 'user-theme': 'dark' };
/** … and not these, whose names only look alike. */
const LOOKALIKES = { 'appointments-view': 'week', application: 'kept', users_seen: '3' };

interface UpdateRun {
  server: SwappableServer;
  release: SecondBuild;
}

const test = base.extend<object, { updateRun: UpdateRun }>({
  updateRun: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function needs from this pattern
    async ({}, use) => {
      const started = performance.now();
      const [server, release] = await Promise.allSettled([startSwappableServer(FIRST_BUILD), secondBuild()]);
      if (server.status === 'rejected' || release.status === 'rejected') {
        if (server.status === 'fulfilled') await server.value.stop();
        throw server.status === 'rejected' ? server.reason : (release as PromiseRejectedResult).reason;
      }
      console.info(
        `[update-flow] server ready in ${server.value.startMs} ms, build B ${
          release.value.buildMs ? `built in ${release.value.buildMs} ms` : 'reused'
        }; set up in ${Math.round(performance.now() - started)} ms`,
      );
      await use({ server: server.value, release: release.value });
      await server.value.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ updateRun }, use) => {
    // Every test starts on build A.
    await updateRun.server.serve(FIRST_BUILD);
    await use(updateRun.server.url);
  },
});

function queuedWork(token: string): QueueRecord[] {
  const now = Date.now();
  const headers = (key: string) => ({
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    'idempotency-key': key,
  });
  return [
    // A card payment that used up its retries: kept, failed, until someone retries it.
    {
      url: '/api/pos/payments',
      method: 'POST',
      headers: headers(`update-flow-payment-${now}`),
      body: JSON.stringify({ sale_id: 999_999, amount: 1_500 }),
      timestamp: now - 60_000,
      retryCount: 3,
      maxRetries: 3,
      priority: 'high',
      priorityRank: 0,
      tags: ['payment', 'failed'],
      status: 'failed',
      nextAttemptAt: now - 60_000,
      lastError: 'HTTP 500: Internal Server Error',
    },
    // A sale waiting for its next retry, an hour away: the update must neither send nor drop it.
    {
      url: '/api/pos/sales',
      method: 'POST',
      headers: headers(`update-flow-order-${now}`),
      body: JSON.stringify({ uuid: `update-flow-${now}` }),
      timestamp: now - 30_000,
      retryCount: 1,
      maxRetries: 3,
      priority: 'high',
      priorityRank: 0,
      tags: ['order'],
      status: 'pending',
      nextAttemptAt: now + 3_600_000,
    },
  ];
}

/** Signed in at the till on build A, its worker in control and its version remembered by the page. */
async function tillOnBuildA(update: UpdatePage): Promise<{ worker: ServiceWorkerPage; versionA: string }> {
  const { page } = update;
  await new LoginPage(page).logInAsDemo('cashier');
  await new SaleExtrasPage(page).openSale();
  const worker = new ServiceWorkerPage(page);
  await worker.waitForControl();
  const versionA = (await worker.ask(WORKER_MESSAGE.GET_VERSION)).version as string;
  expect(versionA).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{8}$/);
  // The start-up version check has run: the next start compares against A (docs/platform.md#updates).
  await expect.poll(() => update.local(APP_VERSION_KEY)).toBe(versionA);
  await update.seeBuildMarker(null);
  return { worker, versionA };
}

/** The page runs build B: its app shell, its worker, its version remembered; answers that version. */
async function seeRunningBuildB(
  update: UpdatePage,
  worker: ServiceWorkerPage,
  release: SecondBuild,
  versionA: string,
): Promise<string> {
  await update.seeBuildMarker(release.marker);
  await worker.waitForControl();
  const versionB = (await worker.ask(WORKER_MESSAGE.GET_VERSION)).version as string;
  expect(versionB.startsWith(`${release.appVersion}+`)).toBe(true);
  expect(versionB).not.toBe(versionA);
  await expect.poll(() => update.local(APP_VERSION_KEY)).toBe(versionB);
  return versionB;
}

async function seeVersionedKeysCleared(update: UpdatePage): Promise<void> {
  await expect
    .poll(async () => (await update.localKeys()).filter((key) => /^(app|pos|user)-/.test(key)))
    .toEqual([]);
  for (const [key, value] of Object.entries(LOOKALIKES)) expect(await update.local(key)).toBe(value);
}

test.describe('a new build shipped while a till is open', () => {
  // Build B is made from this checkout beside build A: with E2E_BASE_URL set to a server elsewhere there may be none.
  test.skip(
    !existsSync(path.join(FIRST_BUILD, 'sw.js')),
    'needs the local build dist/client (npm run build)',
  );

  test('Later keeps build A running; Update Now brings build B with nothing lost', async ({
    page,
    updateRun,
  }) => {
    test.setTimeout(120_000);
    const { server, release } = updateRun;
    const update = new UpdatePage(page);
    const sale = new SaleExtrasPage(page);
    const { worker, versionA } = await tillOnBuildA(update);

    // Local work under A: a parked ticket, a saved sync configuration, queued requests, versioned keys.
    await sale.pickEmployee('Anna Nguyen');
    await sale.addItem('Classic Manicure');
    await sale.park();
    await sale.seeWaitingCount(1);
    await update.openFromIndicator();
    await update.fill('Batch size', '20');
    await update.saveChanges();
    await update.seeClosed();
    const syncConfig = await update.local(SYNC_CONFIG_KEY);
    expect(JSON.parse(syncConfig ?? '{}')).toMatchObject({ batchSize: 20 });
    await update.setLocal({ ...VERSIONED, ...LOOKALIKES });
    await update.putInQueue(queuedWork(await worker.token()));
    await update.seeIndicator('Online', 2);
    const queued = await update.readQueue();
    expect(queued.map((r) => r.status).sort()).toEqual(['failed', 'pending']);
    const keysBefore = await update.localKeys();
    const waitingKeys = keysBefore.filter((key) => key.startsWith(WAITING_TICKETS_PREFIX));
    expect(waitingKeys).toHaveLength(1);
    const waitingTickets = await update.local(waitingKeys[0]!);

    // Build B is deployed; the panel's Check for Updates finds it (registration.update()).
    await server.serve(release.dir);
    await update.openStatusPanel();
    await update.seePanelVersion(versionA);
    await update.panelButton('Check for Updates').click();
    await update.seePanelUpdateWaiting(true);
    await update.cancel();
    await update.seeUpdateOffered();

    // Later: the prompt goes, build A keeps running and working, the new worker keeps waiting.
    await update.later();
    await update.seeBuildMarker(null);
    expect((await worker.ask(WORKER_MESSAGE.GET_VERSION)).version).toBe(versionA);
    await sale.openWaitingTickets();
    await sale.seeWaitingTickets(['$20.00']);
    await sale.closeWaitingTickets();
    await update.openStatusPanel();
    await update.seePanelVersion(versionA);
    await update.seePanelUpdateWaiting(true);
    await expect(update.statusPanel.getByTestId('sw-status')).toHaveText('Update postponed');

    // Check Again brings the prompt back; Update Now: skip waiting, "Update Successful", reload after 2 s.
    await update.panelButton('Check Again').click();
    await update.cancel();
    await update.seeUpdateOffered();
    await update.updateNow();
    await update.seeUpdateSucceeded();
    const versionB = await seeRunningBuildB(update, worker, release, versionA);

    // Nothing lost: the session, the parked ticket, the queue, the sync configuration …
    await expect(page.getByTestId('sale-screen')).toBeVisible();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await sale.seeWaitingCount(1);
    expect(await update.local(waitingKeys[0]!)).toBe(waitingTickets);
    await sale.openWaitingTickets();
    await sale.seeWaitingTickets(['$20.00']);
    await sale.closeWaitingTickets();
    await update.seeIndicator('Online', 2);
    expect(await update.readQueue()).toEqual(queued);
    expect(await update.local(SYNC_CONFIG_KEY)).toBe(syncConfig);
    // … only the versioned keys went.
    await seeVersionedKeysCleared(update);
    const kept = keysBefore.filter((key) => !/^(app|pos|user)-/.test(key) && key !== APP_VERSION_KEY);
    expect((await update.localKeys()).filter((key) => kept.includes(key))).toEqual(kept);

    // The UI shows the new version, no update waiting, no flag; the saved configuration in the dialog.
    await update.openStatusPanel();
    await update.seePanelVersion(versionB);
    await update.seePanelUpdateWaiting(false);
    await update.seePanelFlag(false);
    await update.openTab('sync');
    await update.seeValue('Batch size', '20');
    await update.cancel();
  });

  test('a reload finds the new build, Later and another reload offer it again, Apply Update reloads into it', async ({
    page,
    updateRun,
  }) => {
    test.setTimeout(120_000);
    const { server, release } = updateRun;
    const update = new UpdatePage(page);
    const sale = new SaleExtrasPage(page);
    const { worker, versionA } = await tillOnBuildA(update);
    await sale.pickEmployee('Bella Pham');
    await sale.addItem('Classic Pedicure');
    await sale.park();
    await sale.seeWaitingCount(1);
    await update.setLocal({ ...VERSIONED, ...LOOKALIKES });

    // Deployed; the next load of the page (the browser checks the worker on navigation) offers it.
    await server.serve(release.dir);
    await page.reload();
    await expect(page.getByTestId('sale-screen')).toBeVisible();
    await update.seeUpdateOffered();
    await update.later();
    // Put off, then the page is loaded again: the worker still waits, and is offered again at once.
    await page.reload();
    await expect(page.getByTestId('sale-screen')).toBeVisible();
    await update.seeUpdateOffered();
    await update.seeBuildMarker(null);
    expect((await worker.ask(WORKER_MESSAGE.GET_VERSION)).version).toBe(versionA);

    // Apply Update: in-progress flag in session storage, skip waiting, reload after 100 ms
    // (docs/platform.md#updates).
    await update.openStatusPanel();
    await update.seePanelUpdateWaiting(true);
    await update.panelButton('Apply Update').click();
    const versionB = await seeRunningBuildB(update, worker, release, versionA);

    // The version changed, so the flag that kept the reloading page from offering the update again is gone:
    // a later release is offered at once, not after the 10-minute stale-flag sweep.
    await expect.poll(() => update.session(UPDATE_FLAG_KEY)).toBeNull();
    await seeVersionedKeysCleared(update);
    await sale.seeWaitingCount(1);
    await update.openStatusPanel();
    await update.seePanelVersion(versionB);
    await update.seePanelFlag(false);
    await update.seePanelUpdateWaiting(false);
    await update.cancel();
  });
});
