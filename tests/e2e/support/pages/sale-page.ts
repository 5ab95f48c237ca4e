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
}
