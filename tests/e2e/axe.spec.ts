/**
 * The accessibility checklist ("axe (@axe-core/playwright) on login, sale, tendering, receipt
 * and sale detail: 0 serious or critical violations"), one place for the five screens, each in the state a
 * person sees it at work: the login page with its errors shown; the sale screen with a ticket for two
 * technicians and their totals; the tendering panel with a payment taken and change due; the receipt on the
 * sale screen and at its public link; the order report behind its PIN gate (the gate too) and a sale's detail.
 * Other specs also run axe on their own dialogs (waiting tickets, discounts, the refund dialog...).
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { expectNoBlockingViolations } from './support/axe';
import { LoginPage } from './support/pages/login-page';
import { MANAGER_PIN, SaleManagementPage, SalesApi } from './support/pages/sale-management-page';
import { TenderingPage } from './support/pages/tendering-page';

test('login: the form with its errors shown', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await login.seeFieldError('Enter your username.');
  await expectNoBlockingViolations(page);
});

test('sale, tendering and receipt: a ticket, a payment with change, the receipt on screen and at its link', async ({
  page,
}) => {
  await new LoginPage(page).signIn('cashier');
  const till = new TenderingPage(page);
  await till.openSale();

  await test.step('sale: a ticket for two technicians with taxes per rate', async () => {
    await till.pickEmployee('Anna Nguyen');
    await till.addItem('Gel Manicure');
    await till.pickEmployee('Bella Pham');
    await till.addItem('Cuticle Oil 15 ml');
    await till.seeTotal('total', '$48.80');
    await expectNoBlockingViolations(page);
  });

  await test.step('tendering: cash taken, change due', async () => {
    await till.startTendering();
    await till.payCash('50');
    await till.seePaidInFull();
    await till.seeChangeDue('$1.20');
    await expectNoBlockingViolations(page);
  });

  const saved = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/pos/sales',
  );
  await till.complete();
  const { uuid } = ((await (await saved).json()) as { data: { uuid: string } }).data;

  await test.step('receipt on the sale screen', async () => {
    await till.seeSaleDone('$1.20');
    await expect(page.getByTestId('receipt').getByTestId('receipt-total')).toContainText('$48.80');
    await expectNoBlockingViolations(page);
  });

  await test.step('receipt at its public link', async () => {
    await page.goto(`/pos/receipts/${uuid}`);
    await expect(page.getByTestId('receipt').getByTestId('receipt-total')).toContainText('$48.80');
    await expectNoBlockingViolations(page);
  });
});

test('sale detail: the order report’s PIN gate, the list and a sale’s detail', async ({ page, request }) => {
  const sale = await (
    await SalesApi.as(request)
  ).completedSale('Chloe Le', [
    { name: 'Classic Manicure', quantity: 1 },
    { name: 'Cuticle Oil 15 ml', quantity: 1 },
  ]);
  const report = new SaleManagementPage(page);
  await new LoginPage(page).signIn('manager');
  await report.open('/pos/report/order');
  await report.pinGate.seePad();
  await expectNoBlockingViolations(page);

  await report.pinGate.typePin(MANAGER_PIN);
  await report.seeHeading('Order report');
  await report.searchTicket(sale.ticket_no);
  await report.openTicket(sale.ticket_no);
  await report.seeTotal('$33.80');
  await expectNoBlockingViolations(page);
});
