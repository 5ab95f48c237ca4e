/**
 * The parts of the sale screen around the ticket (src/client/features/sale: waiting tickets, order discounts,
 * the manager's PIN, tips, the customer), as a cashier uses them: park a ticket, open the waiting tickets,
 * resume, tick and merge; apply a discount and have a manager type a PIN; type tips; find and attach a
 * customer. Ringing up is kept to the two gestures these need (pick an employee, tap an item).
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './app-page';

export type DiscountKind = 'ticket' | 'manager' | 'membership' | 'other';

function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

export class SaleExtrasPage extends AppPage {
  // ---- the sale screen -------------------------------------------------------------------------------

  async openSale(): Promise<void> {
    await this.open('/pos/sales');
    await expect(this.page.getByTestId('sale-screen')).toBeVisible();
    await expect(this.page.getByTestId('item-grid')).toBeVisible();
  }

  async pickEmployee(name: string): Promise<void> {
    await this.page
      .getByTestId('employee-bar')
      .getByRole('button', { name: new RegExp(name) })
      .click();
  }

  async addItem(name: string): Promise<void> {
    await this.page.getByTestId('catalog-search').fill(name);
    await this.page
      .getByTestId('item-grid')
      .getByRole('button', { name: new RegExp(`^${name}`) })
      .first()
      .click();
    await this.page.getByTestId('catalog-search').fill('');
  }

  get ticketLines(): Locator {
    return this.page.getByTestId('ticket-lines').getByTestId('line-name');
  }

  async seeLines(names: string[]): Promise<void> {
    await expect(this.ticketLines).toHaveText(names);
  }

  async seeTicketEmpty(): Promise<void> {
    await expect(this.page.getByTestId('ticket-empty')).toBeVisible();
  }

  async seeTotal(amount: string): Promise<void> {
    await expect(this.page.getByTestId('total-total-value')).toHaveText(amount);
  }

  // ---- waiting tickets -------------------------------------------------------------------------------

  async park(): Promise<void> {
    await this.page.getByTestId('park-ticket').click();
  }

  async seeWaitingCount(count: number): Promise<void> {
    await expect(this.page.getByTestId('waiting-count')).toHaveText(String(count));
  }

  get drawer(): Locator {
    return this.page.getByTestId('waiting-tickets-drawer');
  }

  async openWaitingTickets(): Promise<void> {
    await this.page.getByTestId('waiting-tickets-button').click();
    await expect(this.drawer).toBeVisible();
  }

  async closeWaitingTickets(): Promise<void> {
    await this.drawer.getByRole('button', { name: 'Close' }).click();
    await expect(this.drawer).toBeHidden();
  }

  /** A parked ticket, told apart by its total (two tickets may carry the same employee). */
  waitingTicket(total: string): Locator {
    return this.drawer
      .getByTestId('waiting-ticket')
      .filter({ has: this.page.getByTestId('waiting-ticket-total').getByText(exactly(total)) });
  }

  async seeWaitingTickets(totals: string[]): Promise<void> {
    await expect(this.drawer.getByTestId('waiting-ticket-total')).toHaveText(totals);
  }

  async resume(total: string): Promise<void> {
    await this.waitingTicket(total)
      .getByRole('button', { name: /^Resume/ })
      .click();
    await expect(this.drawer).toBeHidden();
  }

  async seeResumeRefused(total: string): Promise<void> {
    await expect(this.waitingTicket(total).getByRole('button', { name: /^Resume/ })).toBeDisabled();
    await expect(this.drawer.getByText('Park or clear the ticket on screen')).toBeVisible();
  }

  async tick(total: string): Promise<void> {
    // The box itself is a visually hidden input; a person taps its label.
    await this.waitingTicket(total).locator('label').first().click();
    await expect(this.waitingTicket(total).getByRole('checkbox')).toBeChecked();
  }

  async merge(count: number): Promise<void> {
    await this.drawer.getByRole('button', { name: `Merge ${count} tickets` }).click();
    await expect(this.drawer).toBeHidden();
  }

  async deleteTicket(total: string): Promise<void> {
    await this.waitingTicket(total)
      .getByRole('button', { name: /^Delete the ticket/ })
      .click();
    await this.waitingTicket(total).getByRole('button', { name: 'Yes, delete' }).click();
  }

  async seeSeveralTicketsWarning(text: string | RegExp): Promise<void> {
    await expect(this.page.getByTestId('several-tickets-warning').first()).toContainText(text);
  }

  async seeNoSeveralTicketsWarning(): Promise<void> {
    await expect(this.page.getByTestId('several-tickets-warning')).toHaveCount(0);
  }

  // ---- order discounts and the manager's PIN ---------------------------------------------------------

  get discountsDialog(): Locator {
    return this.page.getByTestId('discounts-dialog');
  }

  async openDiscounts(): Promise<void> {
    await this.page.getByTestId('discounts-button').click();
    await expect(this.discountsDialog).toBeVisible();
  }

  /** Types a discount of a kind and applies it; `amount` false means a percent. */
  async applyDiscount(kind: DiscountKind, value: string, options: { amount?: boolean } = {}): Promise<void> {
    const row = this.discountsDialog.getByTestId(`discount-${kind}`);
    await row.getByRole('button', { name: options.amount ? 'Amount' : 'Percent' }).click();
    await row.getByRole('textbox').fill(value);
    await row.getByRole('button', { name: /^Apply/ }).click();
  }

  async removeDiscount(kind: DiscountKind): Promise<void> {
    await this.discountsDialog
      .getByTestId(`discount-${kind}`)
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
  }

  async seeDiscount(kind: DiscountKind, text: string | RegExp): Promise<void> {
    await expect(
      this.discountsDialog.getByTestId(`discount-${kind}`).getByTestId('discount-current'),
    ).toHaveText(text);
  }

  async closeDiscounts(): Promise<void> {
    await this.discountsDialog.getByRole('button', { name: 'Done' }).click();
    await expect(this.discountsDialog).toBeHidden();
  }

  get pinDialog(): Locator {
    return this.page.getByTestId('manager-pin-dialog');
  }

  async seePinAsked(): Promise<void> {
    await expect(this.pinDialog.getByRole('group', { name: 'PIN pad' })).toBeVisible();
  }

  async tapManagerPin(pin: string): Promise<void> {
    const pad = this.pinDialog.getByRole('group', { name: 'PIN pad' });
    for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click();
    await pad.getByRole('button', { name: 'Confirm' }).click();
  }

  async seePinRefused(text: string | RegExp): Promise<void> {
    await expect(this.pinDialog.getByRole('alert')).toContainText(text);
  }

  async cancelPin(): Promise<void> {
    await this.pinDialog.getByRole('button', { name: 'Cancel the manager discount' }).click();
    await expect(this.pinDialog).toBeHidden();
  }

  async seePinDialogGone(): Promise<void> {
    await expect(this.pinDialog).toBeHidden();
  }

  async seeOrderDiscount(amount: string): Promise<void> {
    await expect(this.page.getByTestId('discounts-button')).toContainText(amount);
  }

  // ---- tips --------------------------------------------------------------------------------------------

  async tip(employee: string, amount: string): Promise<void> {
    await this.page.getByTestId('tips-button').click();
    const dialog = this.page.getByTestId('tips-dialog');
    await dialog.getByLabel(`Tip for ${employee}`).fill(amount);
    await dialog.getByRole('button', { name: 'Save tips' }).click();
    await expect(dialog).toBeHidden();
  }

  async seeTips(amount: string): Promise<void> {
    await expect(this.page.getByTestId('tips-button')).toContainText(amount);
  }

  // ---- the customer ----------------------------------------------------------------------------------

  get customerDialog(): Locator {
    return this.page.getByTestId('customer-dialog');
  }

  async openCustomer(): Promise<void> {
    await this.page.getByTestId('customer-button').click();
    await expect(this.customerDialog).toBeVisible();
  }

  async searchCustomer(text: string): Promise<void> {
    await this.customerDialog.getByTestId('customer-search').fill(text);
  }

  async pickCustomer(name: string): Promise<void> {
    await this.customerDialog.getByTestId('customer-result').filter({ hasText: name }).click();
    await expect(this.customerDialog).toBeHidden();
  }

  async seeCustomerOnTicket(name: string, membership?: string): Promise<void> {
    const button = this.page.getByTestId('customer-button');
    await expect(button).toContainText(name);
    if (membership) await expect(button).toContainText(membership);
  }

  async startNewCustomer(): Promise<void> {
    await this.customerDialog.getByTestId('new-customer').click();
    await expect(this.customerDialog.getByTestId('customer-form')).toBeVisible();
  }

  async seeCustomerField(label: string, value: string): Promise<void> {
    await expect(this.customerDialog.getByTestId('customer-form').getByLabel(label)).toHaveValue(value);
  }

  /** Fills the given fields of the open form and presses "Create and add to ticket". */
  async createCustomer(fields: { firstName?: string; lastName?: string; phone?: string }): Promise<void> {
    const form = this.customerDialog.getByTestId('customer-form');
    if (fields.firstName !== undefined) await form.getByLabel('First name').fill(fields.firstName);
    if (fields.lastName !== undefined) await form.getByLabel('Last name').fill(fields.lastName);
    if (fields.phone !== undefined) await form.getByLabel('Phone').fill(fields.phone);
    await form.getByRole('button', { name: 'Create and add to ticket' }).click();
  }

  async seeCustomerFieldError(text: string): Promise<void> {
    await expect(this.customerDialog.getByText(text, { exact: true })).toBeVisible();
  }

  async removeCustomer(): Promise<void> {
    await this.openCustomer();
    await this.customerDialog.getByRole('button', { name: 'Remove from ticket' }).click();
    await expect(this.page.getByTestId('customer-button')).toHaveText('Add customer');
  }
}
