/**
 * The order report (src/client/features/sale-management) as a manager uses it: pass the PIN gate, find a ticket,
 * open it, start an action, choose what goes back, confirm, approve with a PIN, read what happened. And SalesApi,
 * the test's own till: it rings up completed sales through the real API (the cashier's session, an
 * Idempotency-Key and status 1, as src/contracts/sales.ts describes), so each test has sales of its own.
 */
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { AppPage } from './app-page';
import { DEMO_PASSWORD, LoginPage } from './login-page';
import { PinPadPage } from './pin-pad-page';

/** README "Demo logins". */
export const MANAGER_PIN = '3333';
export const CASHIER_PIN = '4444';

export class SaleManagementPage extends AppPage {
  readonly pinGate: PinPadPage;

  constructor(page: Page) {
    super(page);
    this.pinGate = new PinPadPage(page);
  }

  /** Logs in as the demo manager, opens the order report and passes its PIN gate. */
  async openAsManager(): Promise<void> {
    await new LoginPage(this.page).signIn('manager');
    await this.openReport();
  }

  /** Opens the order report in a browser already signed in, and passes its PIN gate with the manager's PIN. */
  async openReport(): Promise<void> {
    await this.open('/pos/report/order');
    await this.pinGate.seePad();
    await this.pinGate.typePin(MANAGER_PIN);
    await this.seeHeading('Order report');
  }

  /**
   * The order report reached inside the loaded app (AppPage.openInApp): the PIN gate asks again unless the app
   * still holds this session's approval, so it is answered only when it shows.
   */
  async openReportInApp(): Promise<void> {
    await this.openInApp('/pos/report/order');
    const heading = this.page.getByRole('heading', { level: 1, name: 'Order report' });
    await expect(heading.or(this.pinGate.pad)).toBeVisible();
    if (!(await heading.isVisible())) await this.pinGate.typePin(MANAGER_PIN);
    await this.seeHeading('Order report');
  }

  get list(): Locator {
    return this.page.getByTestId('sale-list');
  }

  get detail(): Locator {
    return this.page.getByTestId('sale-detail');
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog');
  }

  row(ticket: number): Locator {
    return this.page.getByTestId('sale-row').filter({
      has: this.page.getByRole('button', { name: `Open ticket #${ticket}`, exact: true }),
    });
  }

  async searchTicket(ticket: number): Promise<void> {
    await this.page.getByLabel('Ticket or invoice number').fill(String(ticket));
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(this.row(ticket)).toBeVisible();
  }

  async filterStatus(label: string): Promise<void> {
    await this.page.getByLabel('Status', { exact: true }).selectOption({ label });
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
  }

  /** Opens the ticket with the keyboard: Tab to its button, Enter. */
  async openTicket(ticket: number): Promise<void> {
    await this.page.getByRole('button', { name: `Open ticket #${ticket}`, exact: true }).press('Enter');
    await expect(this.detail.getByRole('heading', { name: `Ticket #${ticket}` })).toBeVisible();
  }

  /** The manager behind the report's PIN gate, with this ticket found and its detail open. */
  async openSaleAsManager(ticket: number): Promise<void> {
    await this.openAsManager();
    await this.searchTicket(ticket);
    await this.openTicket(ticket);
  }

  async seeRowStatus(ticket: number, status: string): Promise<void> {
    await expect(this.row(ticket).getByTestId('sale-status')).toHaveText(status);
  }

  async seeDetailStatus(status: string): Promise<void> {
    await expect(this.detail.getByTestId('sale-status')).toHaveText(status);
  }

  async seeRefunded(amount: string): Promise<void> {
    await expect(this.detail.getByTestId('sale-refunded')).toContainText(amount);
  }

  async seeTotal(amount: string): Promise<void> {
    await expect(this.detail.getByTestId('sale-total')).toContainText(amount);
  }

  action(name: string): Locator {
    return this.detail.getByTestId('sale-actions').getByRole('button', { name, exact: true });
  }

  async startAction(name: string): Promise<void> {
    await this.action(name).click();
    await expect(this.dialog).toBeVisible();
  }

  async seeOffered(names: readonly string[]): Promise<void> {
    for (const name of names) await expect(this.action(name)).toBeVisible();
  }

  async seeNotOffered(names: readonly string[]): Promise<void> {
    for (const name of names) await expect(this.action(name)).toHaveCount(0);
  }

  refundLine(name: string | RegExp): Locator {
    return this.dialog.getByTestId('refund-line').filter({ hasText: name });
  }

  /** Ticks a line to give back (idempotent: a ticked line stays ticked), optionally fewer units than left. */
  async chooseRefundLine(name: string | RegExp, quantity?: number): Promise<void> {
    const line = this.refundLine(name);
    if (!(await line.getByRole('checkbox').isChecked())) await line.locator('label').first().click();
    await expect(line.getByRole('checkbox')).toBeChecked();
    if (quantity !== undefined) await line.getByRole('combobox').selectOption(String(quantity));
  }

  async seeRefundAmount(amount: string): Promise<void> {
    await expect(this.dialog.getByTestId('refund-amount')).toContainText(amount);
  }

  async continue(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Continue' }).click();
  }

  async seeConfirmation(text: string | RegExp): Promise<void> {
    await expect(this.dialog.getByTestId('action-confirm-text')).toHaveText(text);
  }

  async confirm(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  }

  get pinField(): Locator {
    return this.dialog.getByLabel('Manager PIN');
  }

  /** Types the PIN on the dialog's keypad (a finger on a tablet) or in its field (a keyboard), then approves. */
  async approveWithPin(pin: string, { keypad = false } = {}): Promise<void> {
    await expect(this.pinField).toBeVisible();
    if (keypad) {
      for (const digit of pin) await this.dialog.getByRole('button', { name: digit, exact: true }).click();
    } else {
      await this.pinField.fill(pin);
    }
    await this.dialog.getByRole('button', { name: 'Approve' }).click();
  }

  async seePinRefused(text: string | RegExp): Promise<void> {
    await expect(this.dialog.getByTestId('action-error')).toHaveText(text);
    await expect(this.pinField).toBeVisible();
  }

  async seeDone(text: string): Promise<void> {
    await expect(this.dialog.getByTestId('action-done')).toHaveText(text);
  }

  /** The dialog closes by itself after a finished action. */
  async seeDialogClosed(): Promise<void> {
    await expect(this.dialog).toBeHidden();
  }

  async seeFailed(message: string | RegExp): Promise<void> {
    const error = this.dialog.getByTestId('action-error');
    await expect(error).toContainText('The action did not go through.');
    await expect(error).toContainText(message);
  }

  async closeDialog(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await this.seeDialogClosed();
  }

  /** The Save (or Continue) button of the open mode's form. */
  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Save', exact: true }).click();
  }

  // ---- invoice --------------------------------------------------------------------------------------------

  /** The invoice printed by the shared receipt layout, inside the dialog. */
  get invoice(): Locator {
    return this.dialog.getByTestId('receipt');
  }

  async openInvoice(): Promise<void> {
    await this.startAction('Invoice');
    await expect(this.invoice).toBeVisible();
  }

  // ---- edit mode: save all changes --------------------------------------------------------------------

  get changesBar(): Locator {
    return this.page.getByTestId('changes-bar');
  }

  async startEditing(): Promise<void> {
    await this.page.getByRole('button', { name: 'Edit times and tips' }).click();
    await expect(this.changesBar).toBeVisible();
  }

  /** The time field of a ticket's row (the store's wall time, 'YYYY-MM-DDTHH:mm'). */
  rowTime(ticket: number): Locator {
    return this.page.getByLabel(`Time of ticket #${ticket}`, { exact: true });
  }

  /** A tip field of the open sale in the edit mode. */
  tipField(employee: string): Locator {
    return this.detail.getByLabel(`Tip for ${employee}`, { exact: true });
  }

  async seePendingCount(text: string): Promise<void> {
    await expect(this.changesBar.getByTestId('changes-count')).toHaveText(text);
  }

  get saveAllButton(): Locator {
    return this.changesBar.getByRole('button', { name: 'Save all changes' });
  }
}

// ---- the test's own till (API) ------------------------------------------------------------------------

export interface CatalogLine {
  item_id: number;
  item_type: number;
  name: string;
  quantity: number;
}

export interface CreatedSale {
  id: number;
  uuid: string;
  ticket_no: number;
  invoice_no: string;
  status: number;
  totals: { total_price: number };
}

interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  if (!response.ok() || !body.success) {
    throw new Error(`${response.url()} answered ${response.status()}: ${body.message}`);
  }
  return body.data;
}

/** Sales rung up through the real API in the demo store. */
export class SalesApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  /** Logs in through POST /api/login as a demo account (the cashier rings up sales). */
  static async as(request: APIRequestContext, username = 'cashier'): Promise<SalesApi> {
    const response = await request.post('/api/login', {
      data: { username, password: DEMO_PASSWORD },
      headers: { 'idempotency-key': randomUUID() },
    });
    const session = await data<{ token: string }>(response);
    return new SalesApi(request, session.token);
  }

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, ...extra };
  }

  /** The store's active employees by name (README: technicians anna..emma). */
  async employeeId(name: string): Promise<number> {
    const page = await data<{ items: Array<{ id: number; name: string }> }>(
      await this.request.get('/api/pos/employees?per_page=200', { headers: this.headers() }),
    );
    const found = page.items.find((e) => e.name === name);
    if (!found) throw new Error(`No employee named ${name}`);
    return found.id;
  }

  /** A catalog service or product by its name. */
  async item(name: string): Promise<Omit<CatalogLine, 'quantity'>> {
    const setting = await data<{
      categories: Array<{ services?: CatalogLine[]; products?: CatalogLine[] }>;
    }>(await this.request.get('/api/pos/sales/service-product-setting', { headers: this.headers() }));
    const items = setting.categories.flatMap((c) => [...(c.services ?? []), ...(c.products ?? [])]);
    const found = items.find((i) => i.name === name);
    if (!found) throw new Error(`No catalog item named ${name}`);
    return { item_id: found.item_id, item_type: found.item_type, name: found.name };
  }

  /**
   * A completed sale (status 1) for one employee, paid in cash with change: the server recomputes the total, so
   * the cash handed over is simply more than any of these tickets costs.
   */
  async completedSale(
    employee: string,
    lines: ReadonlyArray<{ name: string; quantity: number }>,
  ): Promise<CreatedSale> {
    const employeeId = await this.employeeId(employee);
    const items = await Promise.all(
      lines.map(async (l) => ({ ...(await this.item(l.name)), quantity: l.quantity })),
    );
    const uuid = randomUUID();
    const response = await this.request.post('/api/pos/sales', {
      headers: this.headers({ 'idempotency-key': randomUUID() }),
      data: {
        uuid,
        status: 1,
        orderEmployees: [
          {
            employee: { id: employeeId },
            orderItems: items.map((i) => ({
              item_id: i.item_id,
              item_type: i.item_type,
              quantity: i.quantity,
            })),
          },
        ],
        payments: [{ payment_type: 1, payment_amount: 100_000 }],
      },
    });
    return data<CreatedSale>(response);
  }

  /**
   * A draft (status 4) for one employee: no payments (a draft carries none). `price` overrides every line's price,
   * so a draft of price 0 has nothing left to pay and may be completed.
   */
  async draftSale(
    employee: string,
    lines: ReadonlyArray<{ name: string; quantity: number; price?: number }>,
  ): Promise<CreatedSale> {
    const employeeId = await this.employeeId(employee);
    const items = await Promise.all(lines.map(async (l) => ({ ...(await this.item(l.name)), ...l })));
    const response = await this.request.post('/api/pos/sales', {
      headers: this.headers({ 'idempotency-key': randomUUID() }),
      data: {
        uuid: randomUUID(),
        status: 4,
        orderEmployees: [
          {
            employee: { id: employeeId },
            orderItems: items.map((i) => ({
              item_id: i.item_id,
              item_type: i.item_type,
              quantity: i.quantity,
              ...(i.price !== undefined ? { price: i.price } : {}),
            })),
          },
        ],
      },
    });
    return data<CreatedSale>(response);
  }

  /** Voids a sale behind the screen's back (another till), with a manager's PIN approval as the API asks. */
  async voidWithManagerPin(saleId: number): Promise<void> {
    const approval = await data<{ approval: string }>(
      await this.request.post('/api/role-by-code', {
        headers: this.headers({ 'idempotency-key': randomUUID() }),
        data: { code: MANAGER_PIN },
      }),
    );
    await data(
      await this.request.post(`/api/pos/sales/${saleId}/void`, {
        headers: this.headers({ 'idempotency-key': randomUUID(), 'x-pin-approval': approval.approval }),
        data: {},
      }),
    );
  }
}
