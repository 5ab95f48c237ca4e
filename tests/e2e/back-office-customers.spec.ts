/**
 * The customers screen (docs/back-office.md "Customers") as an admin uses it, in English: a phone typed with
 * brackets and dashes is saved normalised; a phone already on a demo customer is refused under the field, the
 * typing kept, with a link that opens the list searched for that customer.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { LoginPage } from './support/pages/login-page';
import { ResourceFormPage } from './support/pages/resource-form-page';

const RUN = `e2e${Date.now().toString(36)}`;
// A number no demo customer has, different on each run (one active customer per phone).
const PHONE_DIGITS = `55${String(Date.now()).slice(-8)}`;

test.describe('customers', () => {
  test.describe.configure({ timeout: 120_000 });

  test('saves a phone normalised, refuses one already taken and offers to open its holder', async ({
    page,
  }) => {
    await new LoginPage(page).signIn('admin');
    const customers = new ResourceFormPage(page);
    await customers.openResource('/admin/customers');
    await expect(page.getByTestId('resource-screen')).toHaveAttribute('data-resource', 'customers');

    await test.step('a phone typed with brackets and dashes is saved normalised', async () => {
      const typed = `(${PHONE_DIGITS.slice(0, 3)}) ${PHONE_DIGITS.slice(3, 6)}-${PHONE_DIGITS.slice(6)}`;
      await customers.create({ first_name: RUN, last_name: 'Tran', phone: typed });
      const row = await customers.search(RUN);
      await expect(row).toContainText(PHONE_DIGITS);
    });

    await test.step("Sarah Johnson's phone (demo seed) is refused under the field, with a link to her", async () => {
      await page.getByTestId('resource-new').click();
      await customers.fill({ first_name: `${RUN} twin`, phone: '212-555-1001' });
      await customers.save();
      await expect(customers.fieldError('phone')).toHaveText('One already exists with this value.');
      await expect(customers.editor.getByTestId('field-first_name')).toHaveValue(`${RUN} twin`);
      await customers.editor.getByTestId('field-holder-link').click();
      const rows = page.getByTestId('resource-row');
      await expect(rows).toHaveCount(1, { timeout: 20_000 });
      await expect(rows).toContainText('Sarah Johnson');
    });
  });
});
