/**
 * The sale screen around the ticket in a real browser (and "Tests": "a waiting ticket parked,
 * resumed and merged", "a wrong PIN refused"): a cashier parks a ticket, starts another and sees that the
 * technician is on two tickets, resumes the first, then merges both; a manager discount is refused for the
 * cashier's own PIN and applied with the manager's; tips per employee; a customer found by phone and
 * attached with the membership, and a new one created. axe finds no serious or critical violation in the
 * drawer and the dialogs.
 * Against the production build and the real server with the demo tenant (tests/e2e/support/global-setup.ts);
 * each test has a fresh browser context, so its parked tickets start empty.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { expectNoBlockingViolations } from './support/axe';
import type { Page } from '@playwright/test';
import { LoginPage } from './support/pages/login-page';
import { SaleExtrasPage } from './support/pages/sale-extras-page';

async function cashierAtTheTill(page: Page): Promise<SaleExtrasPage> {
  await new LoginPage(page).signIn('cashier');
  const sale = new SaleExtrasPage(page);
  await sale.openSale();
  return sale;
}

test.describe('waiting tickets', () => {
  test('a cashier parks a ticket, starts another, resumes the first and merges the two', async ({ page }) => {
    const sale = await cashierAtTheTill(page);

    await sale.pickEmployee('Anna Nguyen');
    await sale.addItem('Classic Manicure');
    await sale.seeTotal('$20.00');
    await sale.park();
    await sale.seeTicketEmpty();
    await sale.seeWaitingCount(1);

    // Another customer for the same technician: the screen warns she is on another open ticket.
    await sale.pickEmployee('Anna Nguyen');
    await sale.addItem('Gel Manicure');
    await sale.seeTotal('$35.00');
    await sale.seeSeveralTicketsWarning('Anna Nguyen is also on another open ticket.');

    // Switching tickets never drops the one being rung up.
    await sale.openWaitingTickets();
    await sale.seeResumeRefused('$20.00');
    await sale.closeWaitingTickets();

    await sale.park();
    await sale.seeWaitingCount(2);
    // Both parked tickets are Anna's: still warned, on the panel and in the list.
    await sale.seeSeveralTicketsWarning('Anna Nguyen is also on another open ticket.');
    await sale.openWaitingTickets();
    await sale.seeWaitingTickets(['$20.00', '$35.00']);
    await sale.seeSeveralTicketsWarning('Anna Nguyen is also on another open ticket.');
    await sale.resume('$20.00');
    await sale.seeLines(['Classic Manicure']);
    await sale.seeTotal('$20.00');

    // Park it again (it keeps its place), then merge both into one ticket.
    await sale.park();
    await sale.seeWaitingCount(2);
    await sale.openWaitingTickets();
    await sale.tick('$20.00');
    await sale.tick('$35.00');
    await sale.merge(2);
    await sale.seeLines(['Classic Manicure', 'Gel Manicure']);
    await sale.seeTotal('$55.00');
    // The merged ticket is parked at once under a new id, so nothing lives in memory alone.
    await sale.seeWaitingCount(1);
    await sale.seeNoSeveralTicketsWarning();
  });

  test('a parked ticket survives a reload and can be deleted', async ({ page }) => {
    const sale = await cashierAtTheTill(page);
    await sale.pickEmployee('Bella Pham');
    await sale.addItem('Classic Pedicure');
    await sale.park();
    await sale.seeWaitingCount(1);

    await page.reload();
    await expect(page.getByTestId('sale-screen')).toBeVisible();
    await sale.seeWaitingCount(1);
    await sale.openWaitingTickets();
    await sale.deleteTicket('$30.00');
    await expect(sale.drawer.getByTestId('waiting-tickets-empty')).toBeVisible();
    await sale.closeWaitingTickets();
    await sale.seeWaitingCount(0);
  });

  test('a ticket left open by a reload comes back as a waiting ticket, exactly once', async ({ page }) => {
    const sale = await cashierAtTheTill(page);
    await sale.pickEmployee('Daisy Vo');
    await sale.addItem('Classic Manicure');
    await sale.seeTotal('$20.00');

    // Not parked: Update Now, a crash or a closed tab reload the page in the middle of the ticket.
    await page.reload();
    await expect(page.getByTestId('sale-screen')).toBeVisible();
    await sale.seeTicketEmpty();
    await sale.seeWaitingCount(1);
    await page.reload();
    await expect(page.getByTestId('sale-screen')).toBeVisible();
    await sale.seeWaitingCount(1);
    await sale.openWaitingTickets();
    await sale.resume('$20.00');
    await sale.seeLines(['Classic Manicure']);
    await sale.seeTotal('$20.00');
  });

  test('the waiting tickets drawer has no serious or critical axe violation', async ({ page }) => {
    const sale = await cashierAtTheTill(page);
    await sale.pickEmployee('Chloe Le');
    await sale.addItem('Classic Manicure');
    await sale.park();
    await sale.openWaitingTickets();
    await expectNoBlockingViolations(page);
  });
});

test.describe('manager discount', () => {
  test("the cashier's own PIN is refused; the manager's PIN 3333 applies the discount", async ({ page }) => {
    const sale = await cashierAtTheTill(page);
    await sale.pickEmployee('Anna Nguyen');
    await sale.addItem('Gel Manicure');
    await sale.seeTotal('$35.00');

    await sale.openDiscounts();
    await sale.applyDiscount('manager', '10');
    await sale.seePinAsked();
    await expectNoBlockingViolations(page);

    await sale.tapManagerPin('4444');
    await sale.seePinRefused('cannot approve a discount');
    await sale.tapManagerPin('9876');
    await sale.seePinRefused('not correct');
    await sale.tapManagerPin('3333');
    await sale.seePinDialogGone();
    await sale.seeTotal('$31.50');
    await sale.seeOrderDiscount('$3.50');

    await sale.openDiscounts();
    await sale.seeDiscount('manager', '10% · takes off $3.50');
    await expectNoBlockingViolations(page);
    await sale.closeDiscounts();
  });

  test('cancelling the PIN leaves the ticket without the discount; a ticket discount needs no PIN', async ({
    page,
  }) => {
    const sale = await cashierAtTheTill(page);
    await sale.pickEmployee('Bella Pham');
    await sale.addItem('Classic Manicure');
    await sale.openDiscounts();
    await sale.applyDiscount('manager', '5', { amount: true });
    await sale.seePinAsked();
    await sale.cancelPin();
    await sale.seeTotal('$20.00');

    await sale.openDiscounts();
    await sale.applyDiscount('ticket', '2.50', { amount: true });
    await sale.seeDiscount('ticket', '$2.50 · takes off $2.50');
    await sale.closeDiscounts();
    await sale.seeTotal('$17.50');
  });
});

test.describe('tips and customer', () => {
  test('a tip per employee is added to the total', async ({ page }) => {
    const sale = await cashierAtTheTill(page);
    await sale.pickEmployee('Chloe Le');
    await sale.addItem('Classic Manicure');
    await sale.tip('Chloe Le', '1,000.50');
    await sale.seeTips('$1,000.50');
    await sale.seeTotal('$1,020.50');
    await sale.tip('Chloe Le', '');
    await sale.seeTotal('$20.00');
  });

  test('a customer found by phone is attached with the membership; a new one is created', async ({
    page,
  }) => {
    const sale = await cashierAtTheTill(page);
    await sale.pickEmployee('Anna Nguyen');
    await sale.addItem('Classic Manicure');

    await sale.openCustomer();
    await sale.searchCustomer('212-555-1003');
    await sale.pickCustomer('Jessica Miller');
    await sale.seeCustomerOnTicket('Jessica Miller', 'VIP');
    // VIP is $10 off (README "Demo logins").
    await sale.seeTotal('$10.00');
    await sale.removeCustomer();
    await sale.seeTotal('$20.00');

    await sale.openCustomer();
    const phone = `646${String(Date.now()).slice(-7)}`;
    await sale.searchCustomer(phone);
    await expect(sale.customerDialog.getByText('0 customers found')).toBeVisible();
    await expectNoBlockingViolations(page);
    await sale.startNewCustomer();
    // The searched phone is not typed twice.
    await sale.seeCustomerField('Phone', phone);
    await sale.createCustomer({ firstName: '' });
    await sale.seeCustomerFieldError('Enter the first name.');
    await sale.createCustomer({ firstName: 'Walkin', lastName: 'Guest' });
    await expect(sale.customerDialog).toBeHidden();
    await sale.seeCustomerOnTicket('Walkin Guest');
  });
});
