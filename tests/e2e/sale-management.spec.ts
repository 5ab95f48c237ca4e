/**
 * Sale management in a real browser (and "Tests"): a sale completed through the API is found in
 * the order report by the manager (behind the report's PIN gate), one line is refunded with the manager's PIN and
 * the status and refunded amount change; another sale is voided with a PIN after a cashier's PIN and a wrong PIN
 * are refused; a refund the server refuses shows the server's message; a sale goes to the trash and back; the list
 * says when nothing matches; axe finds no serious or critical violation on the list, the detail and the dialog.
 * The invoice is shown and printed alone on the page; reprint opens the public receipt; tips, employee, time and
 * status are changed from the detail; several sales' times and tips are saved in one save-all-changes request.
 * Each test rings up its own sales (SalesApi), so tests never share a ticket.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { expectNoBlockingViolations } from './support/axe';
import { CASHIER_PIN, MANAGER_PIN, SaleManagementPage, SalesApi } from './support/pages/sale-management-page';

const MANICURE = 'Classic Manicure'; // $20.00, no tax (README demo catalog)
const OIL = 'Cuticle Oil 15 ml'; // $12.00, taxes "5,9.5" compounding: 12.00 + 0.60 + 1.20 = 13.80

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
  // After a refund a void is not offered any more (docs/sales.md#sale-status); what is left can still be
  // refunded.
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
  await report.openSaleAsManager(sale.ticket_no);

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
  await report.openSaleAsManager(sale.ticket_no);

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
  await report.openSaleAsManager(sale.ticket_no);

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

test('the invoice shows the store, the numbers, the lines, taxes, totals and payments, and prints alone on the page', async ({
  page,
  request,
}) => {
  const till = await SalesApi.as(request);
  const sale = await till.completedSale('Anna Nguyen', [
    { name: MANICURE, quantity: 1 },
    { name: OIL, quantity: 2 },
  ]);
  const report = new SaleManagementPage(page);
  await report.openSaleAsManager(sale.ticket_no);

  await report.openInvoice();
  const { invoice } = report;
  await expect(
    report.dialog.getByRole('heading', { name: `Invoice · Ticket #${sale.ticket_no}` }),
  ).toBeVisible();
  await expect(invoice.getByTestId('receipt-store-name')).toHaveText('Demo Nail Spa');
  await expect(invoice.getByTestId('receipt-invoice')).toContainText(sale.invoice_no);
  await expect(invoice.getByTestId('receipt-line')).toHaveCount(2);
  await expect(invoice.getByTestId('receipt-employee')).toContainText('Anna Nguyen');
  await expect(invoice.getByTestId('receipt-tax')).toHaveText([/Tax 5%\s*\$1\.20/, /Tax 9\.5%\s*\$2\.39/]);
  await expect(invoice.getByTestId('receipt-total')).toContainText('$47.59');
  await expect(invoice.getByTestId('receipt-payment')).toContainText('Cash');
  // A read: it stays on screen (no "done" notice, no closing by itself) and reloads nothing.
  await page.waitForTimeout(2_000);
  await expect(invoice).toBeVisible();
  await expect(report.dialog.getByTestId('action-done')).toHaveCount(0);

  // Print sizes the page to the invoice (print-page.ts) and opens the browser's dialog (stubbed here).
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
  await report.dialog.getByRole('button', { name: 'Print the invoice' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // A <style> has no rendered text: read its CSS.
  expect(await page.locator('#receipt-page-size').textContent()).toMatch(/@page \{ size: 80mm \d+mm/);
  await page.emulateMedia({ media: 'print' });
  await expect(invoice).toBeVisible();
  await expect(report.list).toBeHidden();
  await expect(report.dialog.getByRole('button', { name: 'Print the invoice' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  await report.closeDialog();
  await report.seeDetailStatus('Sale');
});

test('reprint opens the public receipt of the sale in a new tab', async ({ page, request }) => {
  const till = await SalesApi.as(request);
  const sale = await till.completedSale('Chloe Le', [{ name: MANICURE, quantity: 1 }]);
  const report = new SaleManagementPage(page);
  await report.openSaleAsManager(sale.ticket_no);

  const [receipt] = await Promise.all([
    page.context().waitForEvent('page'),
    report.detail.getByRole('link', { name: 'Reprint the receipt' }).click(),
  ]);
  await receipt.waitForLoadState();
  expect(new URL(receipt.url()).pathname).toBe(`/pos/receipts/${sale.uuid}`);
  await expect(receipt.getByTestId('receipt-invoice')).toContainText(sale.invoice_no);
  await expect(receipt.getByTestId('receipt-total')).toContainText('$20.00');
  await receipt.close();
});

test('tips, the employee and the time of a sale are changed from its detail, each saved at once', async ({
  page,
  request,
}) => {
  const till = await SalesApi.as(request);
  const sale = await till.completedSale('Anna Nguyen', [{ name: MANICURE, quantity: 1 }]);
  const report = new SaleManagementPage(page);
  await report.openSaleAsManager(sale.ticket_no);
  await report.seeTotal('$20.00');

  await report.startAction('Change tips');
  const tip = report.dialog.getByLabel('Tip for Anna Nguyen');
  await tip.fill('abc');
  await expect(report.dialog.getByText('Enter an amount such as 5.00.')).toBeVisible();
  await expect(report.dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await tip.fill('5.00');
  await report.save();
  await report.seeDone('Tips updated.');
  await report.seeDialogClosed();
  await expect(report.detail.getByTestId('sale-tip')).toContainText('$5.00');
  await report.seeTotal('$25.00');

  await report.startAction('Change employee');
  await report.dialog.getByLabel('To', { exact: true }).selectOption({ label: 'Bella Pham' });
  await report.save();
  await report.seeDone('Employee changed.');
  await report.seeDialogClosed();
  await expect(report.detail.getByTestId('sale-employee-group')).toHaveCount(1);
  await expect(report.detail.getByTestId('sale-employee-group')).toContainText('Bella Pham');
  await expect(report.detail.getByTestId('sale-tip')).toContainText('$5.00'); // the tip moved with the lines

  await report.startAction('Change the time');
  await report.dialog.getByLabel('New date and time').fill('2025-06-01T09:30');
  await report.save();
  await report.seeDone('Time changed.');
  await report.seeDialogClosed();
  await expect(report.detail).toContainText(/Jun 1, 2025,? 9:30/);
});

test('a draft is completed with Change status when nothing is left to pay; otherwise the server says why not', async ({
  page,
  request,
}) => {
  const till = await SalesApi.as(request);
  const free = await till.draftSale('Anna Nguyen', [{ name: MANICURE, quantity: 1, price: 0 }]);
  const unpaid = await till.draftSale('Anna Nguyen', [{ name: MANICURE, quantity: 1 }]);
  const report = new SaleManagementPage(page);
  await report.openAsManager();

  await report.searchTicket(unpaid.ticket_no);
  await report.openTicket(unpaid.ticket_no);
  await report.seeDetailStatus('Draft');
  await report.seeNotOffered(['Invoice', 'Refund', 'Void']);
  await report.startAction('Change status');
  await report.dialog.getByLabel('New status').selectOption({ label: 'Sale' });
  await report.save();
  await report.seeFailed('The sale is not paid in full.');
  await report.closeDialog();
  await report.seeDetailStatus('Draft');

  await report.searchTicket(free.ticket_no);
  await report.openTicket(free.ticket_no);
  await report.startAction('Change status');
  await report.dialog.getByLabel('New status').selectOption({ label: 'Sale' });
  await report.save();
  await report.seeDone('Status changed.');
  await report.seeDialogClosed();
  await report.seeDetailStatus('Sale');
  await report.seeRowStatus(free.ticket_no, 'Sale');
});

test('save all changes: times in the list and tips of the open sale, across sales, go in one request', async ({
  page,
  request,
}) => {
  const till = await SalesApi.as(request);
  const first = await till.completedSale('Anna Nguyen', [{ name: MANICURE, quantity: 1 }]);
  const second = await till.completedSale('Bella Pham', [{ name: MANICURE, quantity: 1 }]);
  const report = new SaleManagementPage(page);
  await report.openAsManager();

  await report.startEditing();
  await report.seePendingCount('0 unsaved changes');
  await expect(report.saveAllButton).toBeDisabled();

  // A time in the list of one search, a tip in the open sale of another: the changes wait across both.
  await report.searchTicket(first.ticket_no);
  await report.rowTime(first.ticket_no).fill('2025-06-02T10:15');
  await report.seePendingCount('1 unsaved change');
  await expect(report.row(first.ticket_no).getByTestId('sale-row-edited')).toHaveText('Edited');

  await report.searchTicket(second.ticket_no);
  await report.openTicket(second.ticket_no);
  await report.tipField('Bella Pham').fill('x');
  await report.seePendingCount('2 unsaved changes');
  await expect(report.changesBar).toContainText('A time or a tip is not filled in correctly');
  await expect(report.saveAllButton).toBeDisabled();
  await report.tipField('Bella Pham').fill('3.50');
  await expect(report.saveAllButton).toBeEnabled();

  await report.saveAllButton.click();
  await report.seeConfirmation(`Save the changes to 2 tickets (#${first.ticket_no}, #${second.ticket_no})?`);
  const [sent] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/pos/sales/save-all-changes')),
    report.confirm(),
  ]);
  expect(sent.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(sent.postDataJSON()).toEqual({
    changes: [
      { id: first.id, order_at: '2025-06-02T14:15:00.000Z' }, // 10:15 in New York (EDT)
      { id: second.id, tips: [{ user_id: await till.employeeId('Bella Pham'), tip_amount: 350 }] },
    ],
  });
  await report.seeDone('All changes saved.');
  await report.seeDialogClosed();
  await expect(page.getByRole('button', { name: 'Edit times and tips' })).toBeVisible();
  await expect(report.detail.getByTestId('sale-tip')).toContainText('$3.50');
  await report.seeTotal('$23.50');

  await report.searchTicket(first.ticket_no);
  await report.openTicket(first.ticket_no);
  await expect(report.detail).toContainText(/Jun 2, 2025,? 10:15/);
});

test('discarding forgets the pending changes', async ({ page, request }) => {
  const till = await SalesApi.as(request);
  const sale = await till.completedSale('Anna Nguyen', [{ name: MANICURE, quantity: 1 }]);
  const report = new SaleManagementPage(page);
  await report.openAsManager();
  await report.searchTicket(sale.ticket_no);
  await report.startEditing();
  const before = await report.rowTime(sale.ticket_no).inputValue();
  await report.rowTime(sale.ticket_no).fill('2025-06-03T08:00');
  await report.seePendingCount('1 unsaved change');
  await report.changesBar.getByRole('button', { name: 'Discard changes' }).click();
  await expect(report.changesBar).toBeHidden();
  await report.startEditing();
  await expect(report.rowTime(sale.ticket_no)).toHaveValue(before);
  await report.seePendingCount('0 unsaved changes');
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
  test('the list, the detail, the invoice, the edit mode and the refund dialog have no serious or critical axe violation', async ({
    page,
    request,
  }) => {
    // Six axe scans of a few seconds each: past the default 30 s on a busy two-core runner.
    test.setTimeout(90_000);
    const till = await SalesApi.as(request);
    const sale = await till.completedSale('Anna Nguyen', [
      { name: MANICURE, quantity: 1 },
      { name: OIL, quantity: 2 },
    ]);
    const report = new SaleManagementPage(page);
    await report.openAsManager();
    await report.searchTicket(sale.ticket_no);
    await expectNoBlockingViolations(page);

    await report.openTicket(sale.ticket_no);
    await expectNoBlockingViolations(page);

    await report.openInvoice();
    await expectNoBlockingViolations(page);
    await report.closeDialog();

    await report.startEditing();
    await expectNoBlockingViolations(page);
    await report.changesBar.getByRole('button', { name: 'Stop editing' }).click();

    await report.startAction('Refund');
    await report.chooseRefundLine(OIL);
    await expectNoBlockingViolations(page);
    await report.continue();
    await report.confirm();
    await expect(report.pinField).toBeVisible();
    await expectNoBlockingViolations(page);
  });
});
