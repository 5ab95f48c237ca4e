/**
 * Ringing up a sale in a real browser: a cashier picks two technicians (the checked-in ones
 * listed first), adds services and products to each, changes a quantity, and sees every total update live,
 * taxes per rate included (the demo store compounds QST on GST: $45.00 → $2.25 + $4.49). The same with the
 * keyboard alone. axe finds no serious or critical violation on the screen.
 * Against the production build and the real server with the demo tenant (tests/e2e/support/global-setup.ts).
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { expectNoBlockingViolations } from './support/axe';
import type { Page } from '@playwright/test';
import { LoginPage } from './support/pages/login-page';
import { SalePage } from './support/pages/sale-page';

async function cashierAtTheTill(page: Page): Promise<SalePage> {
  await new LoginPage(page).signIn('cashier');
  const sale = new SalePage(page);
  await sale.openSale();
  return sale;
}

test.describe('the sale screen', () => {
  test('lists the checked-in technicians first and asks for an employee before items', async ({ page }) => {
    const sale = await cashierAtTheTill(page);
    await sale.seeEmployeesInOrder(['Anna Nguyen', 'Bella Pham', 'Chloe Le']);
    await sale.seeCheckedIn('Anna Nguyen');
    await expect(page.getByTestId('pick-employee-first')).toBeVisible();
    await expect(page.getByTestId('pay')).toBeDisabled();
  });

  test('a sale for two technicians: lines per employee, a quantity change, taxes per rate, live totals', async ({
    page,
  }) => {
    const sale = await cashierAtTheTill(page);

    await sale.pickEmployee('Anna Nguyen');
    await sale.addItem('Gel Manicure');
    await sale.seeTotal('subtotal', '$35.00');
    await sale.seeTotal('total', '$35.00');

    await sale.pickEmployee('Bella Pham');
    await sale.addItem('Express Facial');
    await sale.addItem('Cuticle Oil 15 ml');
    await sale.seeLines('Anna Nguyen', ['Gel Manicure']);
    await sale.seeLines('Bella Pham', ['Express Facial', 'Cuticle Oil 15 ml']);

    await sale.increaseQuantity('Anna Nguyen', 'Gel Manicure');
    await sale.seeQuantity('Anna Nguyen', 'Gel Manicure', 2);
    await sale.seeLineAmount('Anna Nguyen', 'Gel Manicure', '$70.00');

    // $70.00 + $45.00 + $12.00; GST 5 % on the taxed $57.00, QST 9.5 % on each net plus its GST.
    await sale.seeTotal('subtotal', '$127.00');
    await sale.seeTaxRate('5%', '$2.85');
    await sale.seeTaxRate('9.5%', '$5.69');
    await sale.seeTotal('taxes', '$8.54');
    await sale.seeTotal('total', '$135.54');
    await sale.seePayButton('$135.54');

    await sale.decreaseQuantity('Anna Nguyen', 'Gel Manicure');
    await sale.seeTotal('total', '$100.54');
  });

  test('keyboard only: search, Enter adds the first match to the chosen technician', async ({ page }) => {
    const sale = await cashierAtTheTill(page);
    await sale.employee('Chloe Le').focus();
    await page.keyboard.press('Enter');
    await sale.addItemWithKeyboard('classic pedi');
    await sale.seeLines('Chloe Le', ['Classic Pedicure']);
    await sale.seeTotal('total', '$30.00');
  });

  test('a line: price override, item discount, moved to another technician; a gift card sold untaxed', async ({
    page,
  }) => {
    const sale = await cashierAtTheTill(page);
    await sale.pickEmployee('Anna Nguyen');
    await sale.addItem('Gel Manicure');
    await sale.editLine('Anna Nguyen', 'Gel Manicure');
    await sale.overridePrice('30');
    await sale.discountLine('item', 'Percent (%)', '10');
    await sale.seeTotal('discount_item', '−$3.00');
    await expectNoBlockingViolations(page);
    await sale.moveLineTo('Bella Pham');
    await sale.seeLines('Bella Pham', ['Gel Manicure']);
    await sale.seeLineAmount('Bella Pham', 'Gel Manicure', '$27.00');

    await sale.sellGiftCard('gc-7001', '50');
    await sale.seeLines('Bella Pham', ['Gel Manicure', 'Gift card GC-7001']);
    await sale.seeTotals({ subtotal: '$80.00', taxes: '$0.00', total: '$77.00' });
  });

  test('paid in exact cash, the sale is created and its receipt shows; New sale starts an empty ticket', async ({
    page,
  }) => {
    const sale = await cashierAtTheTill(page);
    await sale.pickEmployee('Anna Nguyen');
    await sale.addItem('Classic Manicure');
    await sale.addItem('Cuticle Oil 15 ml');
    // $20.00 + $12.00, and $0.60 + $1.20 tax on the oil.
    await sale.seeTotal('total', '$33.80');
    await sale.payCashAndSeeReceipt('$33.80');
    await sale.startNewSale();
    await sale.seeTicketEmpty();
  });

  test('a sale that does not exist says so, and offers a new sale instead', async ({ page }) => {
    const sale = await cashierAtTheTill(page);
    await sale.open('/pos/sales/999999');
    await sale.seeLoadFailed('This sale does not exist or belongs to another store.');
    await page.getByRole('button', { name: 'Start a new sale instead' }).click();
    await expect(page.getByTestId('sale-screen')).toBeVisible();
  });

  test('the sale screen, with a ticket and its totals, has no serious or critical axe violation', async ({
    page,
  }) => {
    const sale = await cashierAtTheTill(page);
    await sale.pickEmployee('Anna Nguyen');
    await sale.addItem('Gel Manicure');
    await sale.pickEmployee('Bella Pham');
    await sale.addItem('Express Facial');
    await expectNoBlockingViolations(page);
  });
});
