import { test } from '@playwright/test';
import { LoginPage } from './support/pages/login-page';
import { SalePage } from './support/pages/sale-page';

test('shots', async ({ page }) => {
  await new LoginPage(page).logInAsDemo('cashier');
  const sale = new SalePage(page);
  await sale.openSale();
  await page.screenshot({ path: '/tmp/sale-shot/1-empty.png' });
  await sale.pickEmployee('Anna Nguyen');
  await sale.addItem('Gel Manicure');
  await sale.addItem('Classic Manicure');
  await sale.pickEmployee('Bella Pham');
  await sale.addItem('Express Facial');
  await sale.addItem('Cuticle Oil 15 ml');
  await sale.increaseQuantity('Anna Nguyen', 'Gel Manicure');
  await page.screenshot({ path: '/tmp/sale-shot/2-ticket.png' });
  await sale.line('Bella Pham', 'Express Facial').getByTestId('line-edit').click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/sale-shot/3-editor.png' });
  await page.keyboard.press('Escape');
  await sale.pay();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/sale-shot/4-tender.png' });
});
