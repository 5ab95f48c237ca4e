/**
 * The memberships screen (docs/back-office.md "Memberships") as an admin uses it, in English: a percentage over
 * 100 is refused under its field in the screen's words and the typing stays; a new level with a price, a
 * duration and benefits is listed with its discount; a name the salon has, however cased, is refused under the
 * name (409 duplicate); Gold's History lists the demo members' joins and filters by kind; Gold, which demo
 * customers hold, is not deleted.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { LoginPage } from './support/pages/login-page';
import { ResourceFormPage } from './support/pages/resource-form-page';

const RUN = `e2e${Date.now().toString(36)}`;

test.describe('memberships', () => {
  test.describe.configure({ timeout: 120_000 });

  test('refuses a bad discount, creates a level, shows a history, refuses to delete one held', async ({
    page,
  }) => {
    await new LoginPage(page).signIn('admin');
    const levels = new ResourceFormPage(page);
    await levels.openResource('/admin/memberships');
    await expect(page.getByTestId('resource-screen')).toHaveAttribute('data-resource', 'memberships');

    await test.step('a percentage over 100 is refused under its field, the typing kept', async () => {
      await page.getByTestId('resource-new').click();
      await levels.fill({ name: `${RUN} Platinum`, discount_type: 'Percent', discount_value: '150' });
      await levels.save();
      await expect(levels.fieldError('discount_value')).toHaveText('A percentage is from 0 to 100.');
      await expect(levels.editor.getByTestId('field-name')).toHaveValue(`${RUN} Platinum`);
    });

    await test.step('a level with a price, a duration and benefits is listed with its discount', async () => {
      await levels.fill({
        discount_value: '15',
        price: '79.00',
        duration_months: '6',
        benefits: 'Free nail art',
      });
      await levels.save();
      await expect(levels.editor).toBeHidden({ timeout: 20_000 });
      const row = await levels.search(RUN);
      await expect(row).toContainText('15 %');
      await expect(row).toContainText('6 months');
    });

    await test.step('a name the salon already has, however cased, is refused under the name', async () => {
      await page.getByTestId('resource-new').click();
      await levels.fill({ name: 'gOLD', discount_type: 'Percent', discount_value: '5' });
      await levels.save();
      await expect(levels.fieldError('name')).toHaveText('One already exists with this value.');
      await expect(levels.editor.getByTestId('field-discount_value')).toHaveValue('5');
      await levels.editor.getByTestId('editor-cancel').click();
      await expect(levels.editor).toBeHidden();
    });

    await test.step("Gold's history lists the demo members' joins and filters by kind", async () => {
      const dialog = await levels.rowAction(await levels.search('Gold'), 'history');
      await expect(dialog.getByTestId('membership-history-row').first()).toContainText('Joined');
      await dialog.getByTestId('membership-history-filter-kind').selectOption('leave');
      await expect(dialog.getByTestId('membership-history-empty')).toBeVisible();
      await dialog.getByTestId('membership-history-close').click();
      await expect(levels.rowActionDialog).toBeHidden();
    });

    await test.step('Gold, which demo customers hold, is not deleted', async () => {
      const gold = await levels.search('Gold');
      await levels.deleteRow(gold);
      await expect(page.getByTestId('remove-error')).toContainText('customers still use it');
    });
  });
});
