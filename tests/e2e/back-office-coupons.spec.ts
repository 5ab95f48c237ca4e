/**
 * The coupons screen (docs/back-office.md "Coupons") and the till, in English, in order: an admin's bad input
 * is refused under its fields with the typing kept, the coupon is saved with its code normalised, a code
 * already in use is refused (409 duplicate) under the code; a cashier sells with the coupon (Anna's gel
 * manicure, $35.00: the form looks the code up and offers $5.00 off, the rest in cash); the admin then sees its
 * use counted and in its Uses. Serial: each test starts signed out in its own tab, the coupon is this run's.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { LoginPage } from './support/pages/login-page';
import { ResourceFormPage } from './support/pages/resource-form-page';
import { TenderingPage } from './support/pages/tendering-page';

const RUN = Date.now().toString(36).toUpperCase();
/** Typed with spaces and a symbol, lower case: stored as the domain normalises it. */
const TYPED_CODE = ` e2e ${RUN.toLowerCase()}! `;
const CODE = `E2E${RUN}`;

test.describe('coupons', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  test('an admin creates a coupon: bad input refused under its fields, the typing kept; a code in use refused', async ({
    page,
  }) => {
    await new LoginPage(page).signIn('admin');
    const office = new ResourceFormPage(page);
    await office.openResource('/admin/coupons');
    await expect(page.getByTestId('resource-screen')).toHaveAttribute('data-resource', 'coupons');

    await page.getByTestId('resource-new').click();
    await expect(office.editor).toBeVisible();
    await office.fill({
      code: TYPED_CODE,
      name: `Manicure ${RUN}`,
      discount_type: 'Amount',
      discount_value: '5.00',
      max_uses: '10',
      starts_at: '2026-01-01',
      ends_at: '2025-12-31',
    });
    await office.chooseOptions('service_ids', ['Gel Manicure']);
    await office.save();
    await expect(office.fieldError('ends_at')).toHaveText('The last day cannot be before the first day.');
    await expect(office.editor.getByTestId('field-name')).toHaveValue(`Manicure ${RUN}`);
    await expect(office.editor.getByTestId('field-discount_value')).toHaveValue('5.00');

    // A percentage over 100, under its own field.
    await office.fill({ ends_at: '2030-12-31', discount_type: 'Percent', discount_value: '150' });
    await office.save();
    await expect(office.fieldError('discount_value')).toHaveText('A percentage is from 0 to 100.');

    await office.fill({ discount_type: 'Amount', discount_value: '5.00' });
    await office.save();
    await expect(office.editor).toBeHidden({ timeout: 20_000 });
    const row = await office.search(CODE);
    await expect(row).toContainText(CODE);
    await expect(row).toContainText('$5.00');
    await expect(row).toContainText('0 of 10');

    // The same code typed another way is the same code: 409 duplicate, said under the code.
    await page.getByTestId('resource-new').click();
    await office.fill({ code: CODE.toLowerCase(), discount_type: 'Percent', discount_value: '10' });
    await office.save();
    await expect(office.fieldError('code')).toHaveText('One already exists with this value.');
    await expect(office.editor.getByTestId('field-discount_value')).toHaveValue('10');
    await office.editor.getByTestId('editor-cancel').click();
    await expect(office.editor).toBeHidden();
  });

  test('a cashier sells with the coupon: $5.00 off by the coupon, the rest in cash', async ({ page }) => {
    await new LoginPage(page).signIn('cashier');
    const till = new TenderingPage(page);
    await till.openSale();
    await till.pickEmployee('Anna Nguyen');
    await till.addItem('Gel Manicure');
    await till.seeTotal('total', '$35.00');
    await till.startTendering();
    // The form looks the code up and says what it takes off this ticket, as the server will.
    await till.typeCoupon(TYPED_CODE);
    await till.seeCouponOffer(`${CODE} (Manicure ${RUN}): $5.00 off this ticket`);
    await till.useCouponOffer();
    await till.seePayments([['Coupon', '$5.00']]);
    await till.seeBalanceDue('$30.00');
    await till.payCash('30.00');
    await till.seePaidInFull();
    await till.complete();
    await till.seeSaleDone();
  });

  test("the admin sees the coupon's use counted and in its Uses", async ({ page }) => {
    await new LoginPage(page).signIn('admin');
    const office = new ResourceFormPage(page);
    await office.openResource('/admin/coupons');
    const row = await office.search(CODE);
    await expect(row).toContainText('1 of 10');
    const uses = await office.rowAction(row, 'history');
    const history = uses.getByTestId('coupon-history');
    await expect(history).toContainText('Used');
    await expect(history).toContainText('$5.00');
    await uses.getByTestId('coupon-history-close').click();
    await expect(uses).toBeHidden();
  });
});
