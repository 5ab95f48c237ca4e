/**
 * The sale screen (src/client/features/sale) as a cashier rings up: pick a technician on the left, search and
 * tap items in the centre, change a line's quantity on the ticket, read the totals; keyboard-only too (type in
 * the search, Enter adds the first match).
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './app-page';

function startsWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

export type TotalField =
  | 'subtotal'
  | 'taxes'
  | 'total'
  | 'discount_item'
  | 'discount_employee'
  | 'discount_amount'
  | 'tips'
  | 'paid'
  | 'balance'
  | 'change';

export class SalePage extends AppPage {
  async openSale(path = '/pos/sales'): Promise<void> {
    await this.open(path);
    await expect(this.page.getByTestId('sale-screen')).toBeVisible();
    await expect(this.page.getByTestId('item-grid')).toBeVisible();
  }

  get employeeBar(): Locator {
    return this.page.getByTestId('employee-bar');
  }

  get search(): Locator {
    return this.page.getByTestId('catalog-search');
  }

  employee(name: string): Locator {
    return this.employeeBar.getByRole('button', { name: startsWith(name) });
  }

  async seeEmployeesInOrder(names: string[]): Promise<void> {
    const buttons = this.employeeBar.getByRole('button');
    for (const [index, name] of names.entries()) {
      await expect(buttons.nth(index)).toContainText(name);
    }
  }

  async seeCheckedIn(name: string): Promise<void> {
    await expect(this.employee(name)).toContainText('Checked in');
  }

  async pickEmployee(name: string): Promise<void> {
    await this.employee(name).click();
    await expect(this.employee(name)).toHaveAttribute('aria-pressed', 'true');
  }

  /** Finds the item by typing its name, then taps its tile. */
  async addItem(name: string): Promise<void> {
    await this.search.fill(name);
    await this.page
      .getByTestId('item-grid')
      .getByRole('button', { name: startsWith(name) })
      .first()
      .click();
    await this.search.fill('');
  }

  /** Keyboard only: type the name and press Enter, which adds the first match and empties the search. */
  async addItemWithKeyboard(name: string): Promise<void> {
    await this.search.focus();
    await this.page.keyboard.type(name);
    await this.page.keyboard.press('Enter');
    await expect(this.search).toHaveValue('');
  }

  async chooseCategory(name: string): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  group(employee: string): Locator {
    return this.page
      .getByTestId('ticket-lines')
      .locator('[data-testid^="group-"]')
      .filter({ hasText: employee });
  }

  line(employee: string, item: string): Locator {
    return this.group(employee).locator('[data-testid^="line-"]').filter({ hasText: item });
  }

  async seeLines(employee: string, items: string[]): Promise<void> {
    await expect(this.group(employee).getByTestId('line-name')).toHaveText(items);
  }

  async increaseQuantity(employee: string, item: string): Promise<void> {
    await this.line(employee, item)
      .getByRole('button', { name: `One more ${item}` })
      .click();
  }

  async decreaseQuantity(employee: string, item: string): Promise<void> {
    await this.line(employee, item)
      .getByRole('button', { name: `One less ${item}` })
      .click();
  }

  async seeQuantity(employee: string, item: string, quantity: number): Promise<void> {
    await expect(this.line(employee, item).getByTestId('line-qty')).toHaveText(String(quantity));
  }

  async seeLineAmount(employee: string, item: string, amount: string): Promise<void> {
    await expect(this.line(employee, item).getByTestId('line-amount')).toHaveText(amount);
  }

  async seeTotal(field: TotalField, amount: string): Promise<void> {
    await expect(this.page.getByTestId(`total-${field}-value`)).toHaveText(amount);
  }

  /** Several totals at once, in the order given: `{ subtotal: '$12.00', taxes: '$0.60', total: '$12.60' }`. */
  async seeTotals(totals: Partial<Record<TotalField, string>>): Promise<void> {
    for (const [field, amount] of Object.entries(totals) as [TotalField, string][]) {
      await this.seeTotal(field, amount);
    }
  }

  /** A tax row of one rate ("5%"), shown when the ticket has several rates. */
  async seeTaxRate(rate: string, amount: string): Promise<void> {
    await expect(this.page.getByTestId('totals-panel').getByText(`Tax ${rate}`)).toBeVisible();
    await expect(this.page.getByTestId(`total-tax-${rate.replace('%', '')}-value`)).toHaveText(amount);
  }

  async seePayButton(amount: string): Promise<void> {
    await expect(this.page.getByTestId('pay')).toHaveText(`Pay ${amount}`);
  }

  async pay(): Promise<void> {
    await this.page.getByTestId('pay').click();
  }

  /** Pay, tap the exact-cash button, complete: the whole tender in cash. */
  async payCashExact(): Promise<void> {
    await this.pay();
    await this.page.getByTestId('quick-cash-exact').click();
    await this.page.getByTestId('complete-sale').click();
  }

  async seeSaleCompleted(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Sale complete' })).toBeVisible();
    await expect(this.page.getByTestId('sale-done-numbers')).toContainText(/Ticket #\d+ · Invoice \S+/);
  }

  /** The whole ticket paid in exact cash: the sale is created and its receipt shows `total`. */
  async payCashAndSeeReceipt(total: string): Promise<void> {
    await this.payCashExact();
    await this.seeSaleCompleted();
    await this.seeReceiptTotal(total);
  }

  async seeReceiptTotal(amount: string): Promise<void> {
    const receipt = this.page.getByTestId('receipt');
    await expect(receipt).toBeVisible();
    await expect(receipt).toContainText(amount);
  }

  async startNewSale(): Promise<void> {
    await this.page.getByTestId('receipt-new-sale').click();
    await expect(this.page.getByTestId('sale-screen')).toBeVisible();
  }

  get lineEditor(): Locator {
    return this.page.getByTestId('line-editor');
  }

  async editLine(employee: string, item: string): Promise<void> {
    await this.line(employee, item)
      .getByRole('button', { name: `Edit ${item}` })
      .click();
    await expect(this.lineEditor).toBeVisible();
  }

  async overridePrice(price: string): Promise<void> {
    const form = this.lineEditor.getByTestId('line-price-form');
    await form.getByRole('textbox').fill(price);
    await form.getByRole('button', { name: 'Apply' }).click();
  }

  async discountLine(
    source: 'item' | 'employee',
    type: 'Percent (%)' | 'Amount',
    value: string,
  ): Promise<void> {
    const form = this.lineEditor.getByTestId(`line-discount-${source}`);
    await form.getByRole('combobox').selectOption({ label: type });
    await form.getByRole('textbox').fill(value);
    await form.getByRole('button', { name: 'Apply' }).click();
  }

  async moveLineTo(employee: string): Promise<void> {
    const form = this.lineEditor.getByTestId('line-move-form');
    await form.getByRole('combobox').selectOption({ label: employee });
    await form.getByRole('button', { name: 'Move' }).click();
    await expect(this.lineEditor).toBeHidden();
  }

  async closeLineEditor(): Promise<void> {
    await this.lineEditor.getByRole('button', { name: 'Done' }).click();
    await expect(this.lineEditor).toBeHidden();
  }

  async sellGiftCard(number: string, amount: string): Promise<void> {
    await this.chooseCategory('Gift cards');
    await this.page.getByTestId('tile-giftcard').click();
    const dialog = this.page.getByTestId('giftcard-dialog');
    await dialog.getByLabel('Gift card number').fill(number);
    await dialog.getByLabel('Amount').fill(amount);
    await dialog.getByRole('button', { name: 'Add to ticket' }).click();
    await expect(dialog).toBeHidden();
  }

  // ---- more gestures on the ticket (the UI model-based test, tests/model-based/sale-flow.spec.ts) ----------

  /** The screen's mode (sale machine selectMode): building, awaitingPin, tendering, completing. */
  async seeMode(mode: string): Promise<void> {
    await expect(this.page.getByTestId('sale-screen')).toHaveAttribute('data-mode', mode);
  }

  async removeEmployee(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Remove ${name} from the ticket`, exact: true }).click();
  }

  /** Taps the employee's name on the ticket: new items go to them. */
  async selectGroup(name: string): Promise<void> {
    await this.group(name).getByTestId('group-select').click();
  }

  /** Taps the line itself (its name and price): it becomes the selected line. */
  async selectLine(employee: string, item: string): Promise<void> {
    await this.line(employee, item).locator('button[aria-pressed]').click();
  }

  async clearTicket(): Promise<void> {
    await this.page.getByTestId('clear-ticket').click();
  }

  async clearAll(): Promise<void> {
    await this.page.getByTestId('clear-all').click();
  }

  async seeTicketEmpty(): Promise<void> {
    await expect(this.page.getByTestId('ticket-empty')).toBeVisible();
  }

  async seeLoadFailed(message: string): Promise<void> {
    await expect(this.page.getByTestId('sale-load-failed').getByRole('alert')).toContainText(message);
  }
}
