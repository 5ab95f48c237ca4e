/**
 * The customer groups screen (docs/back-office.md "Customer groups") as an admin uses it, in English: a new
 * group is listed, a group the demo's customers are in is not deleted and the dialog says how many customers
 * still use it (the server's 409 `in_use`, in the admin namespace's words), and a group nobody is in goes.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { LoginPage } from './support/pages/login-page';
import { ResourceFormPage } from './support/pages/resource-form-page';

const RUN = `e2e${Date.now().toString(36)}`;

test.describe('customer groups', () => {
  test.describe.configure({ timeout: 120_000 });

  test('creates a group, refuses to delete one with customers, deletes an empty one', async ({ page }) => {
    await new LoginPage(page).signIn('admin');
    const groups = new ResourceFormPage(page);
    await groups.openResource('/admin/customer-groups');
    await expect(page.getByTestId('resource-screen')).toHaveAttribute('data-resource', 'customer-groups');

    await groups.create({ name: `${RUN} Brides`, description: 'Wedding parties' });
    const created = await groups.search(RUN);
    await expect(created).toContainText(`${RUN} Brides`);

    // The demo seed puts five customers in Regulars (src/server/seed/demo-customers.ts DEMO_CUSTOMER_GROUPS).
    const regulars = await groups.search('Regulars');
    await groups.deleteRow(regulars);
    await expect(page.getByTestId('remove-error')).toHaveText(
      'Not deleted: 5 of the customers still use it.',
    );
    await groups.removeDialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(groups.removeDialog).toBeHidden();
    await expect(regulars).toContainText('Regulars');

    await groups.deleteRow(await groups.search(RUN));
    await expect(groups.removeDialog).toBeHidden();
    await expect(page.getByTestId('resource-row')).toHaveCount(0);
  });
});
