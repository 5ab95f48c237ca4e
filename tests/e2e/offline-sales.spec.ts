/**
 * Offline selling, end to end (and "Tests"; docs/offline.md): in Chromium against the production
 * build and the real server. The network goes (context.setOffline), the till still sells: three sales paid in
 * cash, by card, and by card plus cash, each receipt shown from the till's own data and marked pending, the
 * POS bar counting the writes waiting; the page reloads offline and opens signed in; logging out asks first
 * and keeps the queue; back online, the server holds EXACTLY three new sales, recorded at the time they were
 * rung up, not when they synced. Then the same with the response of the first replay dropped after the server
 * did the work, and with the tab closed in the middle of the sync and another tab finishing: still exactly
 * three each time (the Idempotency-Key and the sale's uuid, docs/api.md#writes-and-idempotency).
 *
 * Counting: every sale here is Emma Hoang's (no other spec sells for her), counted on the server through the
 * order report list with a manager's token, before and after.
 *
 * The service worker runs in every test (it is what opens the app offline, and its background sync replays the
 * queue too). The dropped answer is routed on the browser context, which sees the worker's requests as well as
 * the page's, so whichever of the two sends first loses its answer. For the closed tab, the worker is
 * unregistered once the sales are queued, so the tab is the one sending when it closes.
 */
import { expect, test } from '@playwright/test';
import type { APIRequestContext, BrowserContext, Page, Route } from '@playwright/test';
import { expectNoBlockingViolations } from './support/axe';
import { LoginPage } from './support/pages/login-page';
import { OfflineTillPage } from './support/pages/offline-till-page';
import type { QueuedSale } from './support/pages/offline-till-page';
import { SalesLedger } from './support/pages/sales-ledger';
import { ServiceWorkerPage } from './support/pages/sw-page';

const TECHNICIAN = 'Emma Hoang';
/** The worker's network-first cache of the sale screen's reads (src/sw/cache-config.ts). */
const API_CACHE = 'api-responses';
const CUSTOMER_PHONE = '212-555-1003';
const CUSTOMER = 'Jessica Miller';

/**
 * Three sales, offline: cash with change, a card, a card plus cash — each receipt pending. With `customer`, the
 * third is for a member found in the worker's cached customer list (her VIP membership takes $10.00 off).
 */
async function sellThreeOffline(till: OfflineTillPage, options: { customer?: boolean } = {}): Promise<void> {
  await till.ringUp(TECHNICIAN, ['Gel Manicure'], '$35.00');
  await till.payCash('40');
  await till.seeChangeDue('$5.00');
  await till.complete();
  await till.seeSaleDone('$5.00');
  await till.seePendingReceipt('$35.00', { payments: 1 });
  await till.seeSavedOfflineNotice();
  await till.startNewSale();

  await till.ringUp(TECHNICIAN, ['Classic Pedicure'], '$30.00');
  await till.payCard('30.00');
  await till.seePaidInFull();
  await till.complete();
  await till.seeSaleDone();
  await till.seePendingReceipt('$30.00', { payments: 1 });
  await till.startNewSale();

  if (options.customer) {
    await till.openCustomers();
    await till.searchCustomer(CUSTOMER_PHONE);
    await till.pickCustomer(CUSTOMER);
  }
  const total = options.customer ? '$55.00' : '$65.00';
  await till.ringUp(TECHNICIAN, ['Gel Manicure', 'Classic Pedicure'], total);
  await till.payCard('20.00');
  await till.payCash(options.customer ? '40' : '50');
  await till.seeChangeDue('$5.00');
  await till.complete();
  await till.seeSaleDone('$5.00');
  await till.seePendingReceipt(total, {
    payments: 2,
    ...(options.customer ? { customer: CUSTOMER.split(' ')[0] } : {}),
  });
  await till.startNewSale();
}

/** The queued sales are the three just made, each under its own key, in the order they were rung up. */
async function seeThreeQueued(till: OfflineTillPage): Promise<QueuedSale[]> {
  const queued = await till.queuedSales();
  expect(queued).toHaveLength(3);
  expect(new Set(queued.map((sale) => sale.uuid)).size).toBe(3);
  expect(new Set(queued.map((sale) => sale.idempotencyKey)).size).toBe(3);
  for (const sale of queued) expect(sale.orderAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  return queued;
}

/** Exactly these sales are new on the server, once each, recorded when they were rung up. */
async function seeExactlyOnServer(
  ledger: SalesLedger,
  employeeId: number,
  before: number,
  queued: readonly QueuedSale[],
  syncStartedAt: number,
): Promise<void> {
  await expect
    .poll(async () => (await ledger.salesOf(employeeId)).total, { timeout: 60_000 })
    .toBe(before + queued.length);
  // Give a late duplicate every chance to show up before counting for good.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const after = await ledger.salesOf(employeeId);
  expect(after.total).toBe(before + queued.length);
  for (const sale of queued) {
    const found = after.items.filter((item) => item.uuid === sale.uuid);
    expect(found, `sale ${sale.uuid}`).toHaveLength(1);
    const [created] = found;
    // Rung up offline, before the sync started; created on the server by the sync.
    expect(created?.order_at).toBe(sale.orderAt);
    expect(Date.parse(created?.order_at ?? '')).toBeLessThan(syncStartedAt);
    expect(Date.parse(created?.created_at ?? '')).toBeGreaterThanOrEqual(syncStartedAt - 1_000);
  }
}

/** Signed in at the till with the service worker installed (the app shell precached) and the sale screen open. */
async function signInAtTheTill(page: Page): Promise<OfflineTillPage> {
  await new LoginPage(page).logInAsDemo('cashier');
  await new ServiceWorkerPage(page).waitForControl();
  const till = new OfflineTillPage(page);
  await till.openSale();
  await till.seeIndicator('online', 0);
  return till;
}

/** Leaves time between the last sale and the sync, so a sale stamped at sync time would be caught. */
async function backOnline(till: OfflineTillPage): Promise<number> {
  await till.page.waitForTimeout(1_500);
  const at = Date.now();
  await till.goOnline();
  return at;
}

test.describe('offline selling', () => {
  test('three sales offline, a reload offline, logout asks and keeps them, then exactly three on the server', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    const ledger = await SalesLedger.asManager(request);
    const emma = await ledger.employeeId(TECHNICIAN);
    const before = (await ledger.salesOf(emma)).total;

    const worker = new ServiceWorkerPage(page);
    const till = await signInAtTheTill(page);
    // The sale screen's reads the worker keeps for offline (catalog, staff, checked-in), and one customer search.
    await worker.waitForCached(API_CACHE, '/api/pos/sales/service-product-setting');
    await worker.waitForCached(API_CACHE, '/api/pos/employees');
    await till.openCustomers();
    await till.searchCustomer(CUSTOMER_PHONE);
    await till.seeCustomerFound(CUSTOMER);
    await worker.waitForCached(API_CACHE, '/api/pos/customers');
    await till.closeCustomers();

    await till.goOffline();
    await till.seeIndicator('offline', 0);
    await sellThreeOffline(till, { customer: true });
    await till.seeIndicator('offline', 3);
    const queued = await seeThreeQueued(till);

    // A reload with the network gone: the worker's app shell and caches open the till, still signed in.
    await till.reloadAndSeeSaleScreen();
    await till.seeIndicator('offline', 3);
    await till.openCustomers();
    await till.searchCustomer(CUSTOMER_PHONE);
    await till.seeCustomerFound(CUSTOMER);
    await till.closeCustomers();

    // Logging out with three writes not yet synced asks first; Cancel keeps the session and the queue.
    await till.logOutFromMenu();
    await till.seeLogoutConfirmation(3);
    await expectNoBlockingViolations(page, '[data-testid="logout-confirm"]');
    await till.cancelLogout();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page).not.toHaveURL(/\/logout$/);
    expect(await till.queuedSales()).toEqual(queued);

    const syncStartedAt = await backOnline(till);
    await expect.poll(() => till.queuedCount(), { timeout: 60_000 }).toBe(0);
    await seeExactlyOnServer(ledger, emma, before, queued, syncStartedAt);
    await till.seeIndicator('online', 0);
  });

  test('a sale made offline shows its receipt from the till, marked pending sync', async ({
    page,
    request,
  }) => {
    const ledger = await SalesLedger.asManager(request);
    const emma = await ledger.employeeId(TECHNICIAN);
    const before = (await ledger.salesOf(emma)).total;
    const till = await signInAtTheTill(page);
    await till.goOffline();
    await till.ringUp(TECHNICIAN, ['Gel Manicure'], '$35.00');
    await till.payCash('35');
    await till.complete();
    await till.seeSaleDone();
    await till.seePendingReceipt('$35.00', { payments: 1 });
    await expect(till.receipt.getByTestId('receipt-pending-sync')).toContainText(
      'This sale was saved on this device while offline and will be sent to the server when the connection returns.',
    );
    await expect(till.receipt.getByTestId('receipt-employee')).toContainText(TECHNICIAN);
    await expectNoBlockingViolations(page, '[data-testid="sale-receipt"]');

    // "Log out anyway" ends the session and leaves the sale in the queue; it syncs once the network is back.
    await till.logOutFromMenu();
    await till.seeLogoutConfirmation(1);
    await till.logOutAnyway();
    const queued = await till.queuedSales();
    expect(queued).toHaveLength(1);
    const syncStartedAt = await backOnline(till);
    await expect.poll(() => till.queuedCount(), { timeout: 60_000 }).toBe(0);
    await seeExactlyOnServer(ledger, emma, before, queued, syncStartedAt);
  });
});

test.describe('offline selling: a replay that loses its answer', () => {
  /** Routes the create-sale POSTs seen by `target`: `first` handles the first one, the rest go through. */
  async function routeSales(
    target: Page | BrowserContext,
    first: (route: Route) => Promise<void>,
  ): Promise<{ count: () => number }> {
    let seen = 0;
    await target.route('**/api/pos/sales', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      seen += 1;
      if (seen === 1) return first(route);
      return route.continue();
    });
    return { count: () => seen };
  }

  /** The server's count of Emma's sales before; three of hers sold at the till offline, queued. */
  async function threeSoldOffline(page: Page, request: APIRequestContext) {
    const ledger = await SalesLedger.asManager(request);
    const emma = await ledger.employeeId(TECHNICIAN);
    const before = (await ledger.salesOf(emma)).total;
    const till = await signInAtTheTill(page);
    await till.goOffline();
    await sellThreeOffline(till);
    await till.seeIndicator('offline', 3);
    return { ledger, emma, before, till, queued: await seeThreeQueued(till) };
  }

  test('the response of the first replay is dropped after the server made the sale: still exactly three', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const { ledger, emma, before, till, queued } = await threeSoldOffline(page, request);

    // The first replay (the tab's or the worker's) reaches the server, which creates the sale; its answer is lost.
    let dropped = '';
    const posts = await routeSales(context, async (route) => {
      const response = await route.fetch();
      dropped = (JSON.parse(route.request().postData() ?? '{}') as { uuid?: string }).uuid ?? '';
      expect(response.status()).toBe(201);
      await route.abort('connectionreset');
    });
    const syncStartedAt = await backOnline(till);
    await expect.poll(() => dropped).not.toBe('');
    expect(dropped).toBe(queued[0]?.uuid);
    // The till did not get the answer, so that sale is still waiting: it is sent again by the next sync, by itself.
    await expect.poll(() => till.queuedCount(), { timeout: 90_000 }).toBe(0);
    expect(posts.count()).toBeGreaterThanOrEqual(4);
    await seeExactlyOnServer(ledger, emma, before, queued, syncStartedAt);
  });

  test('the tab is closed in the middle of the sync and another tab finishes it: still exactly three', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(150_000);
    const { ledger, emma, before, till, queued } = await threeSoldOffline(page, request);
    // Without the worker's background sync, this tab is the one that sends the queue.
    await page.evaluate(async () => {
      for (const registration of await navigator.serviceWorker.getRegistrations())
        await registration.unregister();
    });

    // The first replay reaches the server and is held there: the tab closes before it hears back.
    let reached: () => void = () => {};
    const reachedServer = new Promise<void>((resolve) => (reached = resolve));
    let release: () => void = () => {};
    const closed = new Promise<void>((resolve) => (release = resolve));
    await routeSales(page, async (route) => {
      await route.fetch();
      reached();
      await closed;
      await route.abort().catch(() => undefined);
    });
    const syncStartedAt = await backOnline(till);
    await reachedServer;
    expect(await till.queuedCount()).toBe(3);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
    release();

    // A new tab of the same browser: it leads the sync now, takes over the dead tab's claim and finishes.
    const second = new OfflineTillPage(await context.newPage());
    await second.openSale();
    await second.seeIndicator('online', 0);
    await expect.poll(() => second.queuedCount(), { timeout: 60_000 }).toBe(0);
    await seeExactlyOnServer(ledger, emma, before, queued, syncStartedAt);
  });
});
