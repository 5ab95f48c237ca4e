/**
 * Sale management in a real browser (issue 4 item 6 and "Tests"): a sale completed through the API is found in
 * the order report by the manager (behind the report's PIN gate), one line is refunded with the manager's PIN and
 * the status and refunded amount change; another sale is voided with a PIN after a cashier's PIN and a wrong PIN
 * are refused; a refund the server refuses shows the server's message; a sale goes to the trash and back; the list
 * says when nothing matches; axe finds no serious or critical violation on the list, the detail and the dialog.
 * Each test rings up its own sales (SalesApi), so tests never share a ticket.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { CASHIER_PIN, MANAGER_PIN, SaleManagementPage, SalesApi } from './support/pages/sale-management-page';

const MANICURE = 'Classic Manicure'; // $20.00, no tax (README demo catalog)
const OIL = 'Cuticle Oil 15 ml'; // $12.00, taxes "5,9.5" compounding: 12.00 + 0.60 + 1.20 = 13.80

async function expectAccessible(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.failureSummary).join(' / ')}`,
    ),
  ).toEqual([]);
}

test('a manager refunds one line with a PIN: the refund amount follows the refund rule, status and amounts change', async ({
  page,
  request,
}) => {
  const till = await SalesApi.as(request);
  const sale = await till.completedSale('Anna Nguyen', [
    { name: MANICURE, quantity: 1 },
    { name: OIL, quantity: 2 },
  ]);
  const report = new SaleManagementPage(page);
  await report.openAsManager();
  await report.searchTicket(sale.ticket_no);
  await report.seeRowStatus(sale.ticket_no, 'Sale');
  await report.openTicket(sale.ticket_no);
  await report.seeTotal('$47.59');
  await report.seeRefunded('$0.00');

  await report.startAction('Refund');
  await report.seeRefundAmount('$0.00');
  await report.chooseRefundLine(OIL);
  await report.seeRefundAmount('$27.59'); // both units: 24.00 + 1.20 + 2.39 (5 %, then 9.5 % of 25.20)
  await report.chooseRefundLine(OIL, 1);
  await report.seeRefundAmount('$13.80');
  await report.continue();
  await report.seeConfirmation(`Give back $13.80 for 1 item of ticket #${sale.ticket_no}?`);
  await report.confirm();
  await report.approveWithPin(MANAGER_PIN, { keypad: true });
  await report.seeDone('Refund recorded.');
  await report.seeDialogClosed();

  await report.seeDetailStatus('Partly refunded');
  await report.seeRefunded('$13.80');
  await report.seeRowStatus(sale.ticket_no, 'Partly refunded');
  await expect(report.detail.getByTestId('sale-history')).toContainText('Refund of $13.80');
  // After a refund a void is not offered any more (design.md §3); what is left can still be refunded.
  await report.seeNotOffered(['Void']);
  await report.seeOffered(['Refund']);
});

test("a void needs a manager's PIN: the cashier's and a wrong PIN are refused, the manager's voids it", async ({
  page,
  request,
}) => {
  const till = await SalesApi.as(request);
  const sale = await till.completedSale('Bella Pham', [{ name: MANICURE, quantity: 1 }]);
  const report = new SaleManagementPage(page);
  await report.openAsManager();
  await report.searchTicket(sale.ticket_no);
  await report.openTicket(sale.ticket_no);

  await report.startAction('Void');
  await report.seeConfirmation(
    `Void ticket #${sale.ticket_no}? The whole sale is cancelled and its payments are reversed.`,
  );
  await report.confirm();
  await report.approveWithPin(CASHIER_PIN);
  await report.seePinRefused('This PIN does not belong to a manager.');
  await report.approveWithPin('9876');
  await report.seePinRefused(/The PIN is not correct\. Tries left before the lock: \d+\./);
  await report.approveWithPin(MANAGER_PIN);
  await report.seeDone('Sale voided.');
  await expect(report.dialog).toContainText('Approved by Maria Lopez.');
  await report.seeDialogClosed();

  await report.seeDetailStatus('Voided');
  await report.seeRowStatus(sale.ticket_no, 'Voided');
  await report.seeNotOffered(['Void', 'Refund', 'Change tips']);
  await expect(report.detail.getByRole('link', { name: 'Reprint the receipt' })).toHaveAttribute(
    'href',
    `/pos/receipts/${sale.uuid}`,
  );
});

test("the server's refusal is shown with its message, and the dialog can be closed", async ({
  page,
  request,
}) => {
  const till = await SalesApi.as(request);
  const sale = await till.completedSale('Chloe Le', [{ name: MANICURE, quantity: 1 }]);
  const report = new SaleManagementPage(page);
  await report.openAsManager();
  await report.searchTicket(sale.ticket_no);
  await report.openTicket(sale.ticket_no);

  // Another till voids the sale while this screen still shows it as a sale.
  await till.voidWithManagerPin(sale.id);
  await report.startAction('Refund');
  await report.chooseRefundLine(MANICURE);
  await report.continue();
  await report.confirm();
  await report.approveWithPin(MANAGER_PIN);
  await report.seeFailed('A voided sale cannot be refunded.');
  await expect(report.dialog.getByRole('button', { name: 'Try again' })).toBeVisible();
  await report.closeDialog();
  await report.seeDetailStatus('Sale');
});

test('a sale moves to the trash with a PIN, is found under the trash filter and restored without one', async ({
  page,
  request,
}) => {
  const till = await SalesApi.as(request);
  const sale = await till.completedSale('Anna Nguyen', [{ name: MANICURE, quantity: 1 }]);
  const report = new SaleManagementPage(page);
  await report.openAsManager();
  await report.searchTicket(sale.ticket_no);
  await report.openTicket(sale.ticket_no);

  await report.startAction('Move to trash');
  await report.confirm();
  await report.approveWithPin(MANAGER_PIN);
  await report.seeDone('Sale moved to the trash.');
  await report.seeDialogClosed();
  await report.seeDetailStatus('In the trash');
  await report.seeNotOffered(['Refund', 'Void', 'Move to trash']);

  await report.filterStatus('In the trash');
  await expect(report.row(sale.ticket_no)).toBeVisible();
  await report.seeRowStatus(sale.ticket_no, 'In the trash');
  await expect(page.getByRole('button', { name: 'Empty the trash' })).toBeVisible();

  await report.startAction('Restore');
  await report.seeConfirmation(`Restore ticket #${sale.ticket_no} to its status before the trash (Sale)?`);
  await report.confirm();
  await report.seeDone('Sale restored.');
  await report.seeDialogClosed();
  await report.seeDetailStatus('Sale');
  // The trash filter still applies: the restored sale leaves it.
  await expect(report.row(sale.ticket_no)).toHaveCount(0);
});

test('the list says when no sale matches the filters', async ({ page }) => {
  const report = new SaleManagementPage(page);
  await report.openAsManager();
  await page.getByLabel('Ticket or invoice number').fill('S9999-999999');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByTestId('sale-list-empty')).toHaveText('No sale matches these filters.');
  await page.getByRole('button', { name: 'Clear the filters' }).click();
  await expect(report.list).toBeVisible();
});

test.describe('accessibility', () => {
  test('the list, the detail and the refund dialog have no serious or critical axe violation', async ({
    page,
    request,
  }) => {
    const till = await SalesApi.as(request);
    const sale = await till.completedSale('Anna Nguyen', [
      { name: MANICURE, quantity: 1 },
      { name: OIL, quantity: 2 },
    ]);
    const report = new SaleManagementPage(page);
    await report.openAsManager();
    await report.searchTicket(sale.ticket_no);
    await expectAccessible(page);

    await report.openTicket(sale.ticket_no);
    await expectAccessible(page);

    await report.startAction('Refund');
    await report.chooseRefundLine(OIL);
    await expectAccessible(page);
    await report.continue();
    await report.confirm();
    await expect(report.pinField).toBeVisible();
    await expectAccessible(page);
  });
});
