import { test } from '@playwright/test';
import { LoginPage } from './support/pages/login-page';
import { SaleExtrasPage } from './support/pages/sale-extras-page';

test('debug pin', async ({ page }) => {
  page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await new LoginPage(page).logInAsDemo('cashier');
  const sale = new SaleExtrasPage(page);
  await sale.openSale();
  await sale.pickEmployee('Anna Nguyen');
  await sale.addItem('Gel Manicure');
  await sale.openDiscounts();
  const row = sale.discountsDialog.getByTestId('discount-manager');
  await row.getByRole('button', { name: 'Percent' }).click();
  await row.getByRole('textbox').fill('10');
  console.log('MODE before', await page.getByTestId('sale-screen').getAttribute('data-mode'));
  await row.getByRole('button', { name: /^Apply/ }).click();
  for (let i = 0; i < 6; i++) {
    console.log('MODE', i, await page.getByTestId('sale-screen').getAttribute('data-mode'), await page.getByTestId('manager-pin-dialog').count());
    await page.waitForTimeout(150);
  }
});
