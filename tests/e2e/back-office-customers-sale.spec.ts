/**
 * The customers' back office end to end (docs/back-office.md "Customers", "Memberships", "Coupons", "Gift
 * cards"), as a salon sets a new client up and sells to her: the admin imports a customers CSV whose second row
 * has a bad email (the dry run names the row, nothing is written), fixes the file and commits it; creates a
 * membership level and puts the imported client on it; creates a coupon and issues a gift card. Then a cashier
 * sells to that client with all three: the membership's discount on the ticket, the coupon and the gift card as
 * tenders, the rest in cash. Then the admin sees the card's balance and the coupon's use, and the cashier finds her
 * on the customer search (docs/back-office.md "The customer's page"): her page shows the visit, what she spent,
 * the service and its technician, and the points it earned; only the admin is offered Edit, which opens her in
 * the back office.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { LoginPage } from './support/pages/login-page';
import { CustomerPagesPage } from './support/pages/customer-pages-page';
import { ResourceFormPage } from './support/pages/resource-form-page';
import { SaleExtrasPage } from './support/pages/sale-extras-page';
import { TenderingPage } from './support/pages/tendering-page';

const RUN = `e2e${Date.now().toString(36)}`;
const STAMP = String(Date.now()).slice(-7);
// Numbers no demo customer has, different on each run (one active customer per phone).
const PHONE = `747${STAMP}`;
const OTHER_PHONE = `748${STAMP}`;
const CLIENT = `Ivy${RUN}`;
const LEVEL = `Level ${RUN}`;
const CODE = `WELCOME-${RUN.toUpperCase()}`;
const CARD = `GC-${RUN.toUpperCase()}`;

function customersCsv(secondEmail: string): { name: string; mimeType: string; buffer: Buffer } {
  // The columns the screen lists, in its order (CUSTOMER_CSV_COLUMNS); Windows line endings, as Excel saves.
  const rows = [
    'first_name,last_name,phone,email,birthday,customer_group_id,membership_id,notes,accepts_messages,is_active',
    `${CLIENT},Nguyen,(${PHONE.slice(0, 3)}) ${PHONE.slice(3, 6)}-${PHONE.slice(6)},ivy.${RUN}@example.com,1990-04-12,,,Imported,true,true`,
    `Ola${RUN},Tran,${OTHER_PHONE},${secondEmail},,,,Imported,false,true`,
  ];
  return { name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(`${rows.join('\r\n')}\r\n`) };
}

test.describe('a new client, set up in the back office, buys with a membership, a coupon and a gift card', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  test('the admin imports the client, puts her on a new membership, creates a coupon and a gift card', async ({
    page,
  }) => {
    await new LoginPage(page).signIn('admin');
    const office = new ResourceFormPage(page);

    await test.step('a membership level: 10 % off, twelve months', async () => {
      await office.openResource('/admin/memberships');
      await office.create({
        name: LEVEL,
        discount_type: 'Percent',
        discount_value: '10',
        price: '20.00',
        duration_months: '12',
      });
      await expect(await office.search(LEVEL)).toContainText('10 %');
    });

    await test.step('the import names the bad row and writes nothing; the fixed file is committed', async () => {
      await office.openResource('/admin/customers');
      await page.getByTestId('resource-import').click();
      const dialog = page.getByTestId('import-dialog');
      await page.getByTestId('import-file').setInputFiles(customersCsv('not-an-email'));
      await expect(dialog).toHaveAttribute('data-status', 'preview');
      await expect(page.getByTestId('import-summary')).toHaveText('2 rows: 1 ready, 1 with problems.');
      await expect(page.getByTestId('import-errors')).toContainText('Row 2');
      await expect(page.getByTestId('import-commit')).toBeDisabled();

      await page.getByTestId('import-file').setInputFiles(customersCsv(`ola.${RUN}@example.com`));
      await expect(page.getByTestId('import-summary')).toHaveText('2 rows: 2 ready, 0 with problems.');
      await page.getByTestId('import-commit').click();
      await expect(page.getByTestId('import-done')).toHaveText('2 rows imported.');
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect(dialog).toBeHidden();
      // The phone typed with brackets, spaces and a dash is stored as its digits.
      await expect(await office.search(CLIENT)).toContainText(PHONE);
    });

    await test.step('the client joins the new level', async () => {
      const row = await office.search(CLIENT);
      await row.getByTestId('row-edit').click();
      await expect(office.editor).toBeVisible();
      await office.fill({ membership_id: LEVEL });
      await office.save();
      await expect(office.editor).toBeHidden({ timeout: 20_000 });
      // Her membership now runs for its twelve months: the list shows until when.
      await expect(await office.search(CLIENT)).toContainText(/Until \d{4}-\d{2}-\d{2}/);
    });

    await test.step('a coupon: $5.00 off any ticket, ten uses', async () => {
      await office.openResource('/admin/coupons');
      await office.create({
        code: CODE,
        name: `Welcome ${RUN}`,
        discount_type: 'Amount',
        discount_value: '5.00',
        max_uses: '10',
      });
      await expect(await office.search(CODE)).toContainText('0 of 10');
    });

    await test.step('a gift card of $20.00', async () => {
      await office.openResource('/admin/giftcards');
      await office.create({ number: CARD, initial_amount: '20.00' });
      await expect(await office.search(CARD)).toContainText('$20.00');
    });
  });

  test('a cashier sells to her with the membership, the coupon and the gift card, the rest in cash', async ({
    page,
  }) => {
    await new LoginPage(page).signIn('cashier');
    const till = new TenderingPage(page);
    const extras = new SaleExtrasPage(page);
    await till.openSale();
    await till.pickEmployee('Anna Nguyen');
    await till.addItem('Gel Manicure');
    await till.seeTotal('total', '$35.00');

    // Found by her phone typed as she says it; her new level takes 10 % off.
    await extras.openCustomer();
    await extras.searchCustomer(`${PHONE.slice(0, 3)}-${PHONE.slice(3, 6)}-${PHONE.slice(6)}`);
    await extras.pickCustomer(CLIENT);
    await extras.seeCustomerOnTicket(`${CLIENT} Nguyen`, LEVEL);
    await till.seeTotal('total', '$31.50');

    await till.startTendering();
    await till.typeCoupon(CODE.toLowerCase());
    await till.seeCouponOffer(`${CODE} (Welcome ${RUN}): $5.00 off this ticket`);
    await till.useCouponOffer();
    await till.seeBalanceDue('$26.50');

    await till.checkGiftCard(CARD.toLowerCase());
    await till.seeGiftCardBalance(`${CARD}: balance $20.00`);
    await till.tapAmount('20.00');
    await till.addPayment();
    await till.seeBalanceDue('$6.50');

    await till.payCash('6.50');
    await till.seePaidInFull();
    await till.seePayments([
      ['Coupon', '$5.00'],
      ['Gift card', '$20.00'],
      ['Cash', '$6.50'],
    ]);
    await till.complete();
    await till.seeSaleDone();
  });

  test('the admin sees the card spent and the coupon used once', async ({ page }) => {
    await new LoginPage(page).signIn('admin');
    const office = new ResourceFormPage(page);
    await office.openResource('/admin/giftcards');
    await expect(await office.search(CARD)).toContainText('$0.00');
    await office.openResource('/admin/coupons');
    await expect(await office.search(CODE)).toContainText('1 of 10');
  });

  test('the cashier finds her by phone on the customer search; her page shows the visit', async ({
    page,
  }) => {
    await new LoginPage(page).signIn('cashier');
    const customers = new CustomerPagesPage(page);
    await customers.open('/customers/search');
    await customers.seeHeading('Find a customer');
    await customers.search(PHONE.slice(-6));
    await customers.openResult(CLIENT);
    await expect(customers.name).toHaveText(`${CLIENT} Nguyen`);
    await expect(page.getByTestId('customer-page-badges')).toContainText(LEVEL);
    await expect(customers.stat('visit-count')).toContainText('1');
    await expect(customers.stat('spend')).toContainText('$31.50');
    await expect(customers.serviceRows).toHaveCount(1);
    await expect(customers.serviceRows.first()).toContainText('Gel Manicure');
    await expect(customers.serviceRows.first()).toContainText('Anna Nguyen');
    await expect(customers.technicians).toHaveText([/Anna Nguyen.*1 visit/]);
    await expect(customers.history('points').getByTestId('customer-points-row').first()).toContainText(
      'Earned',
    );
    await expect(customers.history('reviews').getByTestId('customer-reviews-empty')).toBeVisible();
    // A cashier reads; editing is the admin's (docs/roles.md#access-rules).
    await expect(customers.editLink).toHaveCount(0);
    // Back returns to the same answers.
    await page.goBack();
    await expect(customers.searchBox).toHaveValue(PHONE.slice(-6));
    await expect(customers.results.filter({ hasText: CLIENT })).toHaveCount(1);
  });

  test("the admin's Edit on her page opens her in the back office", async ({ page }) => {
    await new LoginPage(page).signIn('admin');
    const customers = new CustomerPagesPage(page);
    await customers.open(`/customers/search?search=${PHONE}`);
    await customers.openResult(CLIENT);
    await customers.editLink.click();
    await customers.seeAddress('/admin/customers');
    await expect(page.getByTestId('resource-editor').getByTestId('field-first_name')).toHaveValue(CLIENT, {
      timeout: 15_000,
    });
  });
});
