/**
 * The till with the network gone (docs/offline.md), as a cashier meets it: the connection drops
 * (the browser context goes offline), sales are still rung up and paid, each receipt comes from the till and
 * says it waits to sync, the POS bar's offline indicator counts the writes not yet sent, the page can be
 * reloaded, and logging out asks first. Also what only a test can see: the offline queue's IndexedDB
 * (`offline-queue`, store `requests`), read as the app stores it (src/client/lib/offline-queue/queue-db.ts).
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { TenderingPage } from './tendering-page';

/** A queued create-sale request, as the queue keeps it. */
export interface QueuedSale {
  id: number;
  uuid: string;
  orderAt: string | null;
  idempotencyKey: string;
  status: string;
}

export class OfflineTillPage extends TenderingPage {
  async goOffline(): Promise<void> {
    await this.page.context().setOffline(true);
    await expect.poll(() => this.page.evaluate(() => navigator.onLine)).toBe(false);
  }

  async goOnline(): Promise<void> {
    await this.page.context().setOffline(false);
  }

  // ---- the POS bar -----------------------------------------------------------------------------------------

  get indicator(): Locator {
    return this.page.getByTestId('offline-indicator');
  }

  /** The indicator is in the POS bar, says offline or online, and counts the writes waiting to sync. */
  async seeIndicator(state: 'online' | 'offline', pending: number): Promise<void> {
    await expect(this.indicator).toBeVisible();
    await expect(this.indicator).toHaveAttribute('data-online', String(state === 'online'));
    await expect(this.indicator).toHaveAttribute('data-count', String(pending), { timeout: 15_000 });
    if (pending > 0)
      await expect(this.indicator.getByTestId('offline-indicator-count')).toHaveText(String(pending));
  }

  /** The info notice of a write saved offline (docs/offline.md), with the request's id. */
  async seeSavedOfflineNotice(): Promise<void> {
    await expect(
      this.page.getByText(/^Saved offline with ID \d+\. It will sync when the connection returns\.$/).first(),
    ).toBeVisible();
  }

  // ---- ringing up --------------------------------------------------------------------------------------------

  /** One technician's lines, then Pay. */
  async ringUp(employee: string, items: string[], total: string): Promise<void> {
    await this.pickEmployee(employee);
    for (const item of items) await this.addItem(item);
    await this.seeTotal('total', total);
    await this.startTendering();
  }

  /** A card keyed by its last 4 digits (docs/security.md#card-data: nothing more of the card), for `amount`. */
  async payCard(amount: string, last4 = '4242'): Promise<void> {
    await this.chooseType('Credit card');
    await this.form.getByLabel('Last 4 digits').fill(last4);
    await this.tapAmount(amount);
    await this.addPayment();
  }

  get customerDialog(): Locator {
    return this.page.getByTestId('customer-dialog');
  }

  async openCustomers(): Promise<void> {
    await this.page.getByTestId('customer-button').click();
    await expect(this.customerDialog).toBeVisible();
  }

  async searchCustomer(text: string): Promise<void> {
    await this.customerDialog.getByTestId('customer-search').fill(text);
  }

  async seeCustomerFound(name: string): Promise<void> {
    await expect(this.customerDialog.getByTestId('customer-result').filter({ hasText: name })).toBeVisible();
  }

  async pickCustomer(name: string): Promise<void> {
    await this.customerDialog.getByTestId('customer-result').filter({ hasText: name }).click();
    await expect(this.customerDialog).toBeHidden();
  }

  async closeCustomers(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.customerDialog).toBeHidden();
  }

  // ---- the receipt of a sale waiting to sync ------------------------------------------------------------------

  get receipt(): Locator {
    return this.page.getByTestId('sale-receipt');
  }

  /** The till's own receipt, marked pending, without the numbers only the server gives. */
  async seePendingReceipt(
    total: string,
    options: { customer?: string; payments?: number } = {},
  ): Promise<void> {
    await expect(this.receipt).toHaveAttribute('data-status', 'pending');
    await expect(this.receipt.getByTestId('receipt-pending-sync')).toContainText('Waiting to sync');
    await expect(this.receipt.getByTestId('receipt-pending')).toHaveText(
      'Pending sync: not yet on the server',
    );
    await expect(this.receipt.getByTestId('receipt-total')).toContainText(total);
    await expect(this.receipt.getByTestId('receipt-date')).toBeVisible();
    await expect(this.receipt.getByTestId('receipt-ticket')).toHaveCount(0);
    await expect(this.receipt.getByTestId('receipt-invoice')).toHaveCount(0);
    if (options.customer)
      await expect(this.receipt.getByTestId('receipt-customer')).toContainText(options.customer);
    if (options.payments !== undefined)
      await expect(this.receipt.getByTestId('receipt-payment')).toHaveCount(options.payments);
  }

  // ---- reload, logout ----------------------------------------------------------------------------------------

  /** A reload with the network gone: the app opens again, signed in, on the sale screen with its catalog. */
  async reloadAndSeeSaleScreen(): Promise<void> {
    await this.page.reload();
    await expect(this.page.getByTestId('user-menu')).toBeVisible({ timeout: 20_000 });
    await expect(this.page.getByTestId('sale-screen')).toBeVisible();
    await expect(this.page.getByTestId('item-grid')).toBeVisible();
    await expect(this.employeeBar.getByRole('button').first()).toBeVisible();
  }

  async logOutFromMenu(): Promise<void> {
    await this.page.getByTestId('user-menu').click();
    await this.page.getByRole('link', { name: 'Log out' }).click();
  }

  get logoutConfirmation(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Changes not synced yet' });
  }

  async seeLogoutConfirmation(count: number): Promise<void> {
    await expect(this.logoutConfirmation).toBeVisible();
    await expect(this.logoutConfirmation.getByTestId('logout-confirm-count')).toHaveText(
      count === 1
        ? '1 change made on this device has not reached the server yet.'
        : `${count} changes made on this device have not reached the server yet.`,
    );
  }

  async cancelLogout(): Promise<void> {
    await this.logoutConfirmation.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(this.logoutConfirmation).toBeHidden();
  }

  async logOutAnyway(): Promise<void> {
    await this.logoutConfirmation.getByRole('button', { name: 'Log out anyway' }).click();
    await expect(this.page.getByLabel('Username', { exact: true })).toBeVisible();
  }

  // ---- the offline queue (IndexedDB) -------------------------------------------------------------------------

  /**
   * Whether the app has created the queue's database. Asked first because opening a database that does not
   * exist creates it empty, at version 1, and the app would then never create its store.
   */
  async hasQueue(): Promise<boolean> {
    return this.page.evaluate(async () =>
      (await indexedDB.databases()).some((db) => db.name === 'offline-queue'),
    );
  }

  /** The create-sale requests waiting in the queue, oldest first. */
  async queuedSales(): Promise<QueuedSale[]> {
    if (!(await this.hasQueue())) return [];
    return this.page.evaluate(
      () =>
        new Promise<QueuedSale[]>((resolve, reject) => {
          const open = indexedDB.open('offline-queue');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('requests')) {
              db.close();
              resolve([]);
              return;
            }
            const all = db.transaction('requests').objectStore('requests').getAll();
            all.onsuccess = () => {
              db.close();
              const records = all.result as Array<{
                id: number;
                url: string;
                method: string;
                headers: Record<string, string>;
                body?: unknown;
                status: string;
              }>;
              resolve(
                records
                  .filter(
                    (r) => r.method === 'POST' && new URL(r.url, location.href).pathname === '/api/pos/sales',
                  )
                  .map((r) => {
                    const body = JSON.parse(String(r.body)) as { uuid: string; order_at: string | null };
                    return {
                      id: r.id,
                      uuid: body.uuid,
                      orderAt: body.order_at,
                      idempotencyKey: r.headers['idempotency-key'] ?? '',
                      status: r.status,
                    };
                  }),
              );
            };
            all.onerror = () => reject(all.error);
          };
        }),
    );
  }

  /** Every request in the queue, whatever it is. */
  async queuedCount(): Promise<number> {
    if (!(await this.hasQueue())) return 0;
    return this.page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('offline-queue');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('requests')) {
              db.close();
              resolve(0);
              return;
            }
            const count = db.transaction('requests').objectStore('requests').count();
            count.onsuccess = () => {
              db.close();
              resolve(count.result);
            };
            count.onerror = () => reject(count.error);
          };
        }),
    );
  }
}
