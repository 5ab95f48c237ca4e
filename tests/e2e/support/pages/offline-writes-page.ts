/**
 * Writes made while the connection is gone, outside the sale screen's create-sale (docs/offline.md): a
 * customer created or edited at the till, and the order report's actions (tips, refunds...). The offline
 * request queue takes them; the screens must say "saved offline, sent when the connection returns", never
 * show them as done. Also the till that has no service worker (plain http on the salon's LAN): a screen's
 * chunk or the notices' chunk that cannot be fetched must not blank the app.
 */
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { DEMO_PASSWORD } from './login-page';
import { SaleExtrasPage } from './sale-extras-page';
import { SaleManagementPage } from './sale-management-page';

async function setOffline(page: Page, offline: boolean): Promise<void> {
  await page.context().setOffline(offline);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!offline);
}

/** The toast of a write the queue took (docs/api.md#the-client), with its id filled in (not "{{id}}"). */
export async function seeSavedOfflineNotice(page: Page): Promise<void> {
  await expect(
    page.getByText(/^Saved offline with ID \d+\. It will sync when the connection returns\.$/).first(),
  ).toBeVisible();
}

/** Waits until the browser has fetched the notices' chunk (warmed when idle after the first paint). */
export function noticesWarmed(page: Page): Promise<unknown> {
  return page.waitForResponse((response) => /\/assets\/notices-view-[\w-]+\.js$/.test(response.url()));
}

/** Makes every request for a chunk whose file starts with `name` fail, as offline without a worker. */
export async function blockChunk(page: Page, name: string): Promise<() => Promise<void>> {
  const pattern = new RegExp(`/assets/${name}-[\\w-]+\\.(js|css)$`);
  await page.route(pattern, (route) => route.abort('internetdisconnected'));
  return () => page.unroute(pattern);
}

export class OfflineCustomerPage extends SaleExtrasPage {
  goOffline = () => setOffline(this.page, true);
  goOnline = () => setOffline(this.page, false);

  /** The dialog says the customer waits in the queue: created when the connection returns, not on this sale. */
  async seeCustomerQueued(name: string): Promise<void> {
    const queued = this.customerDialog.getByTestId('customer-queued');
    await expect(queued).toBeVisible();
    await expect(queued).toHaveAttribute('data-kind', 'create');
    await expect(queued).toContainText('Saved offline');
    await expect(queued).toContainText(`${name} will be created when the connection returns.`);
    await expect(queued).toContainText('They are not on this sale');
  }

  async acknowledge(): Promise<void> {
    await this.customerDialog.getByRole('button', { name: 'OK', exact: true }).click();
    await expect(this.customerDialog).toBeHidden();
  }

  async seeNoCustomerOnTicket(): Promise<void> {
    await expect(this.page.getByTestId('customer-button')).toHaveText('Add customer');
  }
}

export class OfflineReportPage extends SaleManagementPage {
  goOffline = () => setOffline(this.page, true);
  goOnline = () => setOffline(this.page, false);

  /** The action's dialog says it is saved offline and will be sent, then OK closes it. */
  async seeActionQueued(action: string): Promise<void> {
    const queued = this.dialog.getByTestId('action-queued');
    await expect(queued).toContainText('Saved offline — it will be sent when the connection returns');
    await expect(queued).toContainText(`${action} is saved on this till`);
    await expect(this.dialog.getByTestId('action-done')).toHaveCount(0);
  }

  async acknowledgeQueued(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'OK', exact: true }).click();
    await this.seeDialogClosed();
  }

  /** The open sale and its row say that `action` waits to be sent, and only reads are offered meanwhile. */
  async seeSaleWaiting(ticket: number, action: string): Promise<void> {
    await expect(this.detail.getByTestId('sale-queued-action')).toContainText(
      `${action}: saved offline, waiting to be sent`,
    );
    await expect(this.row(ticket).getByTestId('sale-row-queued')).toHaveText('Waiting to sync');
    await expect(this.page.getByTestId('sale-queued-banner')).toBeVisible();
    await expect(this.detail.getByTestId('sale-actions').getByRole('button')).toHaveText(['Invoice']);
  }

  /** Nothing waits any more: the marks are gone (the list and the sale were read again). */
  async seeNothingWaiting(ticket: number): Promise<void> {
    await expect(this.row(ticket).getByTestId('sale-row-queued')).toHaveCount(0, { timeout: 30_000 });
    await expect(this.detail.getByTestId('sale-queued')).toHaveCount(0);
    await expect(this.page.getByTestId('sale-queued-banner')).toHaveCount(0);
  }
}

/** The stand-in of a screen whose chunk could not be fetched. */
export function screenLoadFailed(page: Page): Locator {
  return page.getByTestId('screen-load-failed');
}

/** Customers as the server has them (the cashier's session), to see what the queue delivered. */
export async function customersWithPhone(request: APIRequestContext, phone: string): Promise<string[]> {
  const login = await request.post('/api/login', {
    data: { username: 'cashier', password: DEMO_PASSWORD },
    headers: { 'idempotency-key': randomUUID() },
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const response = await request.get(`/api/pos/customers?search=${encodeURIComponent(phone)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const page = (await response.json()) as { data: { items: Array<{ name: string; phone: string | null }> } };
  return page.data.items.filter((c) => c.phone === phone).map((c) => c.name);
}
