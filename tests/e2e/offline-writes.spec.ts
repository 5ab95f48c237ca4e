/**
 * Offline writes outside the sale screen's create-sale (docs/offline.md), and a till without a
 * service worker going offline. What a salon expects, checked in the real browser against the real server:
 *
 * - a customer created with the connection gone is NOT put on the sale with a made-up id: the dialog says it
 *   will be created when the connection returns (with the queue's notice, its id filled in), and once back
 *   online the queue creates it exactly once;
 * - a tip change made offline, and a refund whose request never reached the server, are "saved offline": the
 *   sale is shown as waiting for that change (not as changed, not as refunded), only reads are offered on it,
 *   and when the queue has sent it the report reads the sale again and shows what the server did;
 * - without a service worker (serviceWorkers: 'block', a till on plain http on the LAN), a screen whose chunk
 *   cannot be fetched says so with Retry inside the layout (never a blank page), Retry loads it once the
 *   connection is back; the notices' chunk is fetched while idle, so a notice still shows when the network is
 *   gone later; and a notices chunk that cannot be fetched at all does not blank the app.
 */
import { expect, test } from '@playwright/test';
import { expectNoBlockingViolations } from './support/axe';
import { LoginPage } from './support/pages/login-page';
import {
  blockChunk,
  customersWithPhone,
  noticesWarmed,
  OfflineCustomerPage,
  OfflineReportPage,
  screenLoadFailed,
  seeSavedOfflineNotice,
} from './support/pages/offline-writes-page';
import { MANAGER_PIN, SalesApi } from './support/pages/sale-management-page';

const MANICURE = 'Classic Manicure'; // $20.00, no tax (README demo catalog)

/** A phone number no other test uses (digits only, as the server keeps them). */
const uniquePhone = () => `212${String(Date.now()).slice(-7)}`;

test.describe('offline writes: customers', () => {
  test('a customer created offline is not put on the sale; the queue creates it once the connection returns', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const warmed = noticesWarmed(page);
    await new LoginPage(page).logInAsDemo('cashier');
    const till = new OfflineCustomerPage(page);
    await till.openSale();
    await warmed;

    const phone = uniquePhone();
    await till.openCustomer();
    await till.searchCustomer(phone);
    await till.startNewCustomer();
    await till.goOffline();
    await till.createCustomer({ firstName: 'Dana', lastName: 'Offline', phone });
    await till.seeCustomerQueued('Dana Offline');
    await seeSavedOfflineNotice(page);
    await expectNoBlockingViolations(page, '[data-testid="customer-dialog"]');
    await till.acknowledge();
    await till.seeNoCustomerOnTicket();
    expect(await customersWithPhone(request, phone)).toEqual([]);

    await till.goOnline();
    await expect
      .poll(() => customersWithPhone(request, phone), { timeout: 60_000 })
      .toEqual(['Dana Offline']);
  });
});

test.describe('offline writes: sale management', () => {
  test('a tip change made offline shows the sale waiting for it, then as the server has it once sent', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const till = await SalesApi.as(request);
    const sale = await till.completedSale('Anna Nguyen', [{ name: MANICURE, quantity: 1 }]);
    const report = new OfflineReportPage(page);
    await report.openSaleAsManager(sale.ticket_no);
    await report.seeTotal('$20.00');

    await report.goOffline();
    await report.startAction('Change tips');
    await report.dialog.getByLabel('Tip for Anna Nguyen').fill('5.00');
    await report.save();
    await report.seeActionQueued('Change tips');
    await expectNoBlockingViolations(page, '[data-testid="sale-action-dialog"]');
    await report.acknowledgeQueued();

    // Not changed yet: the sale as the server last sent it, marked as waiting for the change.
    await report.seeSaleWaiting(sale.ticket_no, 'Change tips');
    await report.seeTotal('$20.00');
    await expect(report.detail.getByTestId('sale-tip')).toHaveCount(0);
    await expectNoBlockingViolations(page, '[data-testid="sale-detail"]');

    await report.goOnline();
    await report.seeNothingWaiting(sale.ticket_no);
    await report.seeTotal('$25.00');
    await expect(report.detail.getByTestId('sale-tip')).toContainText('$5.00');
  });

  test.describe('on a till without a service worker', () => {
    test.use({ serviceWorkers: 'block' });

    test('a refund whose request never reached the server is saved offline, not shown as refunded, and sent later', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const till = await SalesApi.as(request);
      const sale = await till.completedSale('Anna Nguyen', [{ name: MANICURE, quantity: 1 }]);
      const report = new OfflineReportPage(page);
      await report.openSaleAsManager(sale.ticket_no);

      // The Wi-Fi drops between the PIN check and the refund: the refund's request never arrives.
      const refundUrl = `**/api/pos/sales/${sale.id}/refund`;
      await page.route(refundUrl, (route) =>
        route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
      );
      await report.startAction('Refund');
      await report.chooseRefundLine(MANICURE);
      await report.continue();
      await report.confirm();
      await report.approveWithPin(MANAGER_PIN);
      await report.seeActionQueued('Refund');
      await report.acknowledgeQueued();
      await report.seeSaleWaiting(sale.ticket_no, 'Refund');
      await report.seeDetailStatus('Sale');
      await report.seeRefunded('$0.00');

      // The connection is back: the queue sends the refund (once), and the report shows the server's answer.
      await page.unroute(refundUrl);
      await report.goOffline();
      await report.goOnline();
      await report.seeNothingWaiting(sale.ticket_no);
      await report.seeDetailStatus('Refunded');
      await report.seeRefunded('$20.00');
    });
  });
});

test.describe('a till without a service worker, offline', () => {
  test.use({ serviceWorkers: 'block' });

  test('a screen whose chunk cannot be fetched says so with Retry, not a blank page; Retry loads it', async ({
    page,
    request,
  }) => {
    // A sale of today of its own, for the report's list to show (the demo's may all be of other days).
    await (await SalesApi.as(request)).completedSale('Anna Nguyen', [{ name: MANICURE, quantity: 1 }]);
    await new LoginPage(page).signIn('manager');
    const unblock = await blockChunk(page, 'sale-management-area');
    const report = new OfflineReportPage(page);
    await report.open('/pos/report/order');
    await report.pinGate.seePad();
    await report.pinGate.typePin(MANAGER_PIN);

    const failed = screenLoadFailed(page);
    await expect(failed).toContainText(
      'This screen could not be loaded. Check the connection and try again.',
    );
    await expect(page.getByTestId('user-menu')).toBeVisible(); // the layout is still there
    await expectNoBlockingViolations(page);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(failed).toBeVisible(); // still no connection: still the message
    // That retry is over (it is busy while it tries): unblocked sooner, it would load the screen itself.
    await expect(failed.getByRole('button', { name: 'Retry' })).toBeEnabled();

    await unblock();
    await failed.getByRole('button', { name: 'Retry' }).click();
    await report.seeHeading('Order report');
    await expect(report.list).toBeVisible();
  });

  test('the notices are fetched while idle, so a notice still shows once their chunk cannot be fetched', async ({
    page,
  }) => {
    const warmed = noticesWarmed(page);
    await new LoginPage(page).signIn('cashier');
    const till = new OfflineCustomerPage(page);
    await till.openSale();
    await warmed;
    await blockChunk(page, 'notices-view');

    await till.openCustomer();
    await till.startNewCustomer();
    await till.goOffline();
    await till.createCustomer({ firstName: 'Noa', phone: uniquePhone() });
    await seeSavedOfflineNotice(page);
    await till.seeCustomerQueued('Noa');
  });

  test('a notices chunk that cannot be fetched at all leaves the app working', async ({ page }) => {
    await blockChunk(page, 'notices-view');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await new LoginPage(page).signIn('cashier');
    const till = new OfflineCustomerPage(page);
    await till.openSale();

    await till.openCustomer();
    await till.startNewCustomer();
    await till.goOffline();
    await till.createCustomer({ firstName: 'Noa', phone: uniquePhone() });
    // No toast (its code never arrived), but the app is all there and says what happened.
    await till.seeCustomerQueued('Noa');
    await till.acknowledge();
    await expect(page.getByTestId('sale-screen')).toBeVisible();
    expect(errors).toEqual([]);
  });
});
