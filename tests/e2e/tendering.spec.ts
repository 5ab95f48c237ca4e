/**
 * Taking payment in a real browser: a sale for two technicians split between a gift
 * card (its balance checked and shown first) and cash with change, completed to the receipt; an amount of 0
 * refused with a clear message; a MoMo request refused by the real server for a store that is not in VND, then
 * (answered as a VND store would) pending and cancelled; a VietQR transfer confirmed with a manager's PIN. axe
 * finds no serious or critical violation on the panel.
 * Against the production build and the real server with the demo tenant (tests/e2e/support/global-setup.ts).
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { expectNoBlockingViolations } from './support/axe';
import type { Page } from '@playwright/test';
import { LoginPage } from './support/pages/login-page';
import { TenderingPage } from './support/pages/tendering-page';

async function expectPanelAccessible(page: Page): Promise<void> {
  await expectNoBlockingViolations(page, '[data-testid="tendering-panel"]');
}

/** Anna's gel manicure ($35.00) and Bella's classic pedicure ($30.00): untaxed services, $65.00. */
async function ticketForTwoTechnicians(page: Page): Promise<TenderingPage> {
  await new LoginPage(page).signIn('cashier');
  const till = new TenderingPage(page);
  await till.openSale();
  await till.pickEmployee('Anna Nguyen');
  await till.addItem('Gel Manicure');
  await till.pickEmployee('Bella Pham');
  await till.addItem('Classic Pedicure');
  await till.seeTotal('total', '$65.00');
  await till.startTendering();
  await till.seeBalanceDue('$65.00');
  return till;
}

test.describe('tendering', () => {
  test('two technicians paid with a checked gift card and cash, change given, completed to the receipt', async ({
    page,
  }) => {
    const till = await ticketForTwoTechnicians(page);

    await till.checkGiftCard('gc-1001');
    await till.seeGiftCardBalance(/^GC-1001: balance \$\d+\.\d{2}$/);
    // The seeded card holds $50.00; the form offers at most the balance (and the balance due).
    await till.seeGiftCardBalance('GC-1001: balance $50.00');
    await till.seeAmountOffered('50.00');
    await till.tapAmount('20.00');
    await till.addPayment();
    await till.seeBalanceDue('$45.00');
    await till.seePayments([['Gift card', '$20.00']]);
    await expectPanelAccessible(page);

    await till.chooseType('Cash');
    await till.tapAmount('50');
    await till.seeChangePreview('$5.00');
    await page.getByRole('button', { name: 'Add cash' }).click();
    await till.seePaidInFull();
    await till.seeChangeDue('$5.00');
    await till.seePayments([
      ['Gift card', '$20.00'],
      ['Cash', '$50.00'],
    ]);
    await expectPanelAccessible(page);

    await till.complete();
    await till.seeSaleDone('$5.00');
  });

  test('an amount of 0 is refused with a clear message and nothing is taken', async ({ page }) => {
    const till = await ticketForTwoTechnicians(page);
    await till.chooseType('Cash');
    await till.tapAmount('0');
    await page.getByRole('button', { name: 'Add cash' }).click();
    await till.seePaymentRefused('The amount must be greater than 0.');
    await till.seeNoPayments();
    await till.seeBalanceDue('$65.00');
    await expect(till.completeButton).toBeDisabled();

    // A card over the balance is refused too (only cash gives change), and the last 4 must be 4 digits.
    await till.chooseType('Credit card');
    await page.getByLabel('Last 4 digits').fill('42');
    await till.addPayment();
    await till.seePaymentRefused('Enter exactly the last 4 digits of the card.');
    await page.getByLabel('Last 4 digits').fill('4242');
    await till.tapAmount('70.00');
    await till.addPayment();
    await till.seePaymentRefused('Only cash can be more than the balance due; enter at most the balance.');
    await till.seeNoPayments();
  });

  test('MoMo: refused by a store not in VND, then pending and cancelled', async ({ page }) => {
    const till = await ticketForTwoTechnicians(page);
    await till.chooseType('MoMo');

    // The real server: the demo store is in USD, and MoMo takes VND only.
    await till.sendWalletRequest();
    await till.seeWalletStatus('createFailed');
    await expect(till.walletRequest).toContainText('The payment request could not be created.');
    await expect(till.walletRequest).toContainText('VND only');
    await till.closeWalletRequest();

    // As a VND store's server would answer: the request stays pending until it is cancelled.
    const momo = await till.stubMomo({ amount: 6500, statuses: ['pending'] });
    await till.sendWalletRequest();
    await till.seeWalletStatus('pending');
    await expect(till.walletRequest).toContainText('Waiting for the customer to pay $65.00 with MoMo');
    // While the customer may be paying, nothing else can be chosen.
    await expect(page.getByTestId('tender-type-cash')).toBeDisabled();
    await expect(page.getByTestId('tender-back')).toBeDisabled();
    await expectPanelAccessible(page);

    await till.cancelWalletRequest();
    await till.seeWalletStatus('cancelled');
    await expect(till.walletRequest).toContainText('The MoMo request was cancelled; nothing was added.');
    // Cancelling looked at the request once more before letting it go.
    expect(momo.statusChecks()).toBeGreaterThan(0);
    await till.closeWalletRequest();
    await till.seeNoPayments();
    await till.seeBalanceDue('$65.00');
    await expect(page.getByTestId('tender-type-cash')).toBeEnabled();
  });

  test('VietQR: the QR is shown, a manager PIN confirms the transfer and the payment is taken', async ({
    page,
  }) => {
    const till = await ticketForTwoTechnicians(page);
    const payload =
      '00020101021238570010A00000072701270006970415011311336666888802080QRIBFTTA5303704540465005802VN6304ABCD';
    const vietqr = await till.stubVietqr({ amount: 6500, payload });
    await till.chooseType('VietQR');
    await till.sendWalletRequest();
    await till.seeWalletStatus('awaitingTransfer');
    await expect(till.form.getByTestId('qr-payload-text')).toHaveText(payload);
    await expect(till.walletRequest).toContainText('DEMO NAIL SPA');

    await till.form.getByRole('button', { name: 'Transfer received' }).click();
    await till.pin.seePad();
    await till.pin.tapPin('3333');
    await expect(till.form.getByTestId('wallet-approved')).toContainText(
      'VietQR payment of $65.00 received and added.',
    );
    expect(vietqr.approvals()).toHaveLength(1);
    expect(vietqr.approvals()[0]).not.toBe('');
    await till.seePayments([['VietQR', '$65.00']]);
    await till.seePaidInFull();
    await expect(till.completeButton).toBeEnabled();
  });
});
