/**
 * The tendering panel of the sale screen (src/client/features/sale/tendering) as a cashier takes payment: the
 * balance due in big type, a button per payment type, the chosen type's form with its amount pad, the payments
 * taken with a remove button each, Back and Complete. Builds on the sale screen's page object for the ticket.
 */
import { expect } from '@playwright/test';
import type { Locator, Page, Route } from '@playwright/test';
import { PinPadPage } from './pin-pad-page';
import { SalePage } from './sale-page';

export type TenderTypeName =
  | 'Cash'
  | 'Credit card'
  | 'Gift card'
  | 'Check'
  | 'Points'
  | 'Coupon'
  | 'Voucher'
  | 'Venmo'
  | 'MoMo'
  | 'VNPAY'
  | 'VietQR'
  | 'Other';

/** A payment request as the server's contract shapes it (src/contracts/payments.ts paymentRequestSchema). */
export function paymentRequestView(
  provider: 'momo' | 'vnpay' | 'vietqr',
  status: string,
  amount: number,
  id = 9001,
) {
  return {
    id,
    provider,
    status,
    amount,
    order_id: `T1S1R${id}ABCDEF`,
    sale_id: null,
    sale_uuid: null,
    result_code: null,
    signature_ok: null,
    paid_at: status === 'paid' ? new Date().toISOString() : null,
    created_at: new Date().toISOString(),
  };
}

export async function fulfillEnvelope(route: Route, data: unknown, status = 200): Promise<void> {
  await route.fulfill({
    status,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ success: true, data, message: 'OK' }),
  });
}

export class TenderingPage extends SalePage {
  readonly pin: PinPadPage;

  constructor(page: Page) {
    super(page);
    this.pin = new PinPadPage(page);
  }

  get panel(): Locator {
    return this.page.getByTestId('tendering-panel');
  }

  get form(): Locator {
    return this.page.getByTestId('tender-form');
  }

  /** From the ticket: Pay opens the tendering panel. */
  async startTendering(): Promise<void> {
    await this.pay();
    await expect(this.panel).toBeVisible();
  }

  async seeBalanceDue(amount: string): Promise<void> {
    await expect(this.panel.getByTestId('balance-due')).toHaveText(amount);
  }

  async seePaidInFull(): Promise<void> {
    await expect(this.panel.getByText('Paid in full')).toBeVisible();
    await expect(this.panel.getByTestId('balance-due')).toHaveText(/^\$0\.00$/);
  }

  async chooseType(name: TenderTypeName): Promise<void> {
    const button = this.panel
      .getByRole('group', { name: 'Payment type' })
      .getByRole('button', { name, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }

  /** The form's amount pad, tapped key by key as a finger would (Clear first). */
  async tapAmount(text: string): Promise<void> {
    const pad = this.form.getByTestId(/-amount-pad$/);
    await pad.getByRole('button', { name: 'Clear', exact: true }).click();
    for (const char of text) {
      const name = char === '.' ? 'Decimal point' : char;
      await pad.getByRole('button', { name, exact: true }).click();
    }
    await expect(pad.getByRole('textbox')).toHaveValue(text);
  }

  async addPayment(): Promise<void> {
    await this.form.getByTestId('add-payment').click();
  }

  async payCash(amount: string): Promise<void> {
    await this.chooseType('Cash');
    await this.tapAmount(amount);
    await this.form.getByRole('button', { name: 'Add cash' }).click();
  }

  async seeChangePreview(amount: string): Promise<void> {
    await expect(this.form.getByTestId('change-preview')).toHaveText(`Change to give: ${amount}`);
  }

  async seeChangeDue(amount: string): Promise<void> {
    await expect(this.panel.getByTestId('change-due')).toHaveText(`Change due: ${amount}`);
  }

  async checkGiftCard(number: string): Promise<void> {
    await this.chooseType('Gift card');
    await this.form.getByLabel('Gift card number').fill(number);
    await this.form.getByRole('button', { name: 'Check balance' }).click();
  }

  async seeGiftCardBalance(text: string | RegExp): Promise<void> {
    await expect(this.form.getByTestId('giftcard-balance')).toHaveText(text);
  }

  /** A coupon taken as a tender: its code as the customer shows it, and the amount it takes off. */
  async addCoupon(code: string, amount: string): Promise<void> {
    await this.chooseType('Coupon');
    await this.form.getByTestId('payment-reference').fill(code);
    await this.tapAmount(amount);
    await this.addPayment();
  }

  /** The coupon type chosen and its code typed: the form looks it up and says what it is worth here. */
  async typeCoupon(code: string): Promise<void> {
    await this.chooseType('Coupon');
    await this.form.getByTestId('payment-reference').fill(code);
  }

  async seeCouponOffer(text: string | RegExp): Promise<void> {
    await expect(this.form.getByTestId('coupon-offer')).toContainText(text, { timeout: 20_000 });
  }

  /** "Use …": the coupon's worth on this ticket (at most what is due) taken as the payment. */
  async useCouponOffer(): Promise<void> {
    await this.form.getByTestId('coupon-use').click();
  }

  /** The amount the form offers (prefilled with what may be taken). */
  async seeAmountOffered(text: string): Promise<void> {
    await expect(this.form.getByTestId(/-amount-pad$/).getByRole('textbox')).toHaveValue(text);
  }

  paymentRows(): Locator {
    return this.panel.getByTestId('payment-row');
  }

  async seePayments(rows: Array<[label: string, amount: string]>): Promise<void> {
    await expect(this.paymentRows()).toHaveCount(rows.length);
    for (const [index, [label, amount]] of rows.entries()) {
      await expect(this.paymentRows().nth(index)).toContainText(label);
      await expect(this.paymentRows().nth(index).getByTestId('payment-amount')).toHaveText(amount);
    }
  }

  async seeNoPayments(): Promise<void> {
    await expect(this.panel.getByTestId('payments-empty')).toBeVisible();
  }

  async removePayment(label: string | RegExp): Promise<void> {
    await this.panel.getByRole('button', { name: label }).click();
  }

  async seePaymentRefused(text: string): Promise<void> {
    await expect(this.form.getByTestId('payment-error')).toHaveText(text);
  }

  get completeButton(): Locator {
    return this.panel.getByRole('button', { name: 'Complete sale' });
  }

  async complete(): Promise<void> {
    await this.completeButton.click();
  }

  /** Back to the ticket (tender.back). */
  async backToTicket(): Promise<void> {
    await this.panel.getByTestId('tender-back').click();
  }

  /** After a failed completion: the same sale again, with the same idempotency key. */
  async retryComplete(): Promise<void> {
    await this.panel.getByTestId('complete-retry').click();
  }

  async seeSaleDone(change?: string): Promise<void> {
    await expect(this.page.getByTestId('sale-done')).toBeVisible({ timeout: 20_000 });
    if (change) await expect(this.page.getByTestId('sale-done-change')).toContainText(change);
  }

  // ---- wallets and QR --------------------------------------------------------------------------------------

  get walletRequest(): Locator {
    return this.form.getByTestId('wallet-request');
  }

  async sendWalletRequest(): Promise<void> {
    await this.form.getByTestId('wallet-start').click();
  }

  async seeWalletStatus(status: string): Promise<void> {
    await expect(this.walletRequest).toHaveAttribute('data-status', status);
  }

  async cancelWalletRequest(): Promise<void> {
    await this.form.getByRole('button', { name: 'Cancel request' }).click();
  }

  async closeWalletRequest(): Promise<void> {
    await this.form.getByRole('button', { name: 'Close' }).click();
    await expect(this.walletRequest).toBeHidden();
  }

  /**
   * MoMo and VietQR stand-ins: the demo store's currency is USD and the wallets take VND only (the server
   * refuses with 422, which one test reads as is), so these answer the client as the server would for a VND
   * store, with the shapes of src/contracts/payments.ts.
   */
  async stubMomo(options: { amount: number; statuses: string[] }): Promise<{ statusChecks: () => number }> {
    let checks = 0;
    const statuses = [...options.statuses];
    await this.page.route('**/api/payments/momo/create', (route) =>
      fulfillEnvelope(
        route,
        {
          request: paymentRequestView('momo', 'pending', options.amount),
          endpoint: '',
          body: {},
          response: null,
        },
        201,
      ),
    );
    await this.page.route('**/api/payments/momo/*/status', (route) => {
      checks += 1;
      const status = statuses.length > 1 ? (statuses.shift() as string) : (statuses[0] ?? 'pending');
      return fulfillEnvelope(route, {
        request: paymentRequestView('momo', status, options.amount),
        query: {},
      });
    });
    return { statusChecks: () => checks };
  }

  async stubVietqr(options: { amount: number; payload: string }): Promise<{ approvals: () => string[] }> {
    const approvals: string[] = [];
    await this.page.route('**/api/payments/vietqr/create', (route) =>
      fulfillEnvelope(
        route,
        {
          request: paymentRequestView('vietqr', 'pending', options.amount, 9002),
          qr_payload: options.payload,
          account_name: 'DEMO NAIL SPA',
        },
        201,
      ),
    );
    await this.page.route('**/api/payments/vietqr/*/confirm', (route) => {
      approvals.push(route.request().headers()['x-pin-approval'] ?? '');
      return fulfillEnvelope(route, { request: paymentRequestView('vietqr', 'paid', options.amount, 9002) });
    });
    return { approvals: () => approvals };
  }
}
