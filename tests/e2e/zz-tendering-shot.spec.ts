import { test } from '@playwright/test';
import { LoginPage } from './support/pages/login-page';
import { TenderingPage } from './support/pages/tendering-page';

test('shots', async ({ page }) => {
  await new LoginPage(page).logInAsDemo('cashier');
  const till = new TenderingPage(page);
  await till.openSale();
  await till.pickEmployee('Anna Nguyen');
  await till.addItem('Gel Manicure');
  await till.pickEmployee('Bella Pham');
  await till.addItem('Express Facial');
  await till.startTendering();
  await page.screenshot({ path: '/tmp/shot-cash.png' });
  await till.checkGiftCard('GC-1002');
  await till.seeGiftCardBalance(/balance/);
  await page.screenshot({ path: '/tmp/shot-gift.png' });
  await till.tapAmount('30');
  await till.addPayment();
  await till.chooseType('Credit card');
  await page.screenshot({ path: '/tmp/shot-card.png', fullPage: true });
  await till.stubMomo({ amount: 1000, statuses: ['pending'] });
  await till.chooseType('MoMo');
  await till.sendWalletRequest();
  await till.seeWalletStatus('pending');
  await page.screenshot({ path: '/tmp/shot-momo.png' });
  await page.setViewportSize({ width: 800, height: 1280 });
  await page.screenshot({ path: '/tmp/shot-portrait.png' });
});
