/**
 * Card payments taken with the network gone (docs/offline.md), as the cashier sees them in the
 * tendering panel: the credit form's notice (taken offline, the store's per-ticket and total limits, what is
 * still allowed, what earlier tickets hold unsynced), the refusal of an amount over a limit, and each offline
 * card payment's age in the payments list. Builds on the offline till (going offline, ringing up, the pending
 * receipt, the queue). Also the server's record of those payments once synced (GET /api/payments, a
 * manager's token): offline, and pending until the card is approved.
 */
import { expect } from '@playwright/test';
import type { APIRequestContext, Locator } from '@playwright/test';
import { DEMO_PASSWORD } from './login-page';
import { OfflineTillPage } from './offline-till-page';

export interface OfflineNotice {
  perTicket: string;
  total: string;
  left: string;
  /** What earlier tickets hold unsynced; absent when nothing does. */
  unsynced?: string;
}

export class OfflineCardPage extends OfflineTillPage {
  get offlineNotice(): Locator {
    return this.form.getByTestId('offline-card-notice');
  }

  /** The credit form says the card is taken offline, the store's limits and what is left. */
  async seeOfflineNotice(notice: OfflineNotice): Promise<void> {
    await expect(this.offlineNotice).toBeVisible();
    await expect(this.offlineNotice).toContainText('No connection: card taken offline');
    await expect(this.offlineNotice.getByTestId('offline-card-limits')).toHaveText(
      `Offline card limits: ${notice.perTicket} per ticket, ${notice.total} in total until synced.`,
    );
    await expect(this.offlineNotice.getByTestId('offline-card-left')).toHaveText(
      `Still allowed offline on this ticket: ${notice.left}`,
    );
    const unsynced = this.offlineNotice.getByTestId('offline-card-unsynced');
    if (notice.unsynced === undefined) await expect(unsynced).toHaveCount(0);
    else await expect(unsynced).toHaveText(`Card payments taken offline not yet synced: ${notice.unsynced}`);
  }

  async seeNoOfflineNotice(): Promise<void> {
    await expect(this.form).toHaveAttribute('data-kind', 'credit');
    await expect(this.offlineNotice).toHaveCount(0);
  }

  /** The payments-list row of a card taken offline shows how long ago it was taken. */
  async seeOfflineCardAge(index: number, text: string): Promise<void> {
    const row = this.paymentRows().nth(index);
    await expect(row).toHaveAttribute('data-offline', 'true');
    await expect(row.getByTestId('payment-offline-age')).toHaveText(text);
  }

  async seeNotTakenOffline(index: number): Promise<void> {
    const row = this.paymentRows().nth(index);
    await expect(row).not.toHaveAttribute('data-offline', /.*/);
    await expect(row.getByTestId('payment-offline-age')).toHaveCount(0);
  }

  /** Waits until the till's queue is empty: every offline write reached the server. */
  async waitForQueueDrained(): Promise<void> {
    await expect.poll(() => this.queuedCount(), { timeout: 60_000 }).toBe(0);
  }
}

/** A sale_payments row as GET /api/payments gives it (src/contracts/payments.ts recordedPaymentSchema). */
export interface RecordedPayment {
  id: number;
  sale_id: number;
  payment_type: number;
  amount: number;
  status: string;
  last4: string | null;
  taken_at: string;
  offline: boolean;
}

interface Envelope<T> {
  success: boolean;
  data: T;
}

/** The server's sales and payments, read with a manager's token. */
export class PaymentsLedger {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async asManager(request: APIRequestContext): Promise<PaymentsLedger> {
    const response = await request.post('/api/login', {
      data: { username: 'manager', password: DEMO_PASSWORD },
    });
    expect(response.ok()).toBe(true);
    return new PaymentsLedger(request, ((await response.json()) as Envelope<{ token: string }>).data.token);
  }

  private async get<T>(path: string): Promise<T> {
    const response = await this.request.get(path, { headers: { authorization: `Bearer ${this.token}` } });
    expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
    return ((await response.json()) as Envelope<T>).data;
  }

  /** The id of the sale created from a till's order uuid, searched among the employee's newest sales. */
  async saleIdOf(employeeName: string, uuid: string): Promise<number> {
    const staff = await this.get<{ items: Array<{ id: number; name: string }> }>(
      '/api/pos/employees?per_page=200',
    );
    const employee = staff.items.find((item) => item.name === employeeName);
    if (!employee) throw new Error(`No employee named ${employeeName}`);
    const sales = await this.get<{ items: Array<{ id: number; uuid: string }> }>(
      `/api/pos/sales?filter[employee_id]=${employee.id}&per_page=100&sort=-created_at`,
    );
    const sale = sales.items.find((item) => item.uuid === uuid);
    if (!sale) throw new Error(`No sale with uuid ${uuid} for ${employeeName}`);
    return sale.id;
  }

  async paymentsOf(saleId: number): Promise<RecordedPayment[]> {
    const page = await this.get<{ items: RecordedPayment[] }>(
      `/api/payments?filter[sale_id]=${saleId}&per_page=50`,
    );
    return page.items;
  }
}
