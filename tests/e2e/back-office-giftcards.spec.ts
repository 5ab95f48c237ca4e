/**
 * The gift cards screen (docs/back-office.md "Gift cards") as an admin uses it, in English: a card is issued
 * with its number as typed (stored normalised and upper-cased) and an amount in dollars; the same number typed
 * otherwise is refused under its field with the typing kept; a reload adds to the balance (a bad amount is
 * refused under its field first); the card's history shows the issue and the reload and filters by kind; a
 * deactivated card offers Activate instead of Reload; the export is saved as giftcards_export.csv.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { LoginPage } from './support/pages/login-page';
import { ResourceFormPage } from './support/pages/resource-form-page';

const RUN = `e2e${Date.now().toString(36)}`;
const NUMBER = `GC-${RUN}`.toUpperCase();

test.describe('gift cards', () => {
  test.describe.configure({ timeout: 150_000 });

  test('issues, refuses a number in use, reloads, shows the history, deactivates and exports', async ({
    page,
  }) => {
    await new LoginPage(page).signIn('admin');
    const cards = new ResourceFormPage(page);
    await cards.openResource('/admin/giftcards');
    await expect(page.getByTestId('resource-screen')).toHaveAttribute('data-resource', 'giftcards');

    await test.step('a card is issued with its number normalised and the amount loaded', async () => {
      await cards.create({ number: ` gc-${RUN} `, initial_amount: '50.00', notes: `Birthday ${RUN}` });
      const row = await cards.search(NUMBER);
      await expect(row).toContainText(NUMBER);
      await expect(row).toContainText('$50.00');
    });

    await test.step('the same number typed otherwise is refused under its field, the typing kept', async () => {
      await page.getByTestId('resource-new').click();
      await cards.fill({ number: `Gc-${RUN}`, initial_amount: '10' });
      await cards.save();
      await expect(cards.fieldError('number')).toHaveText('One already exists with this value.');
      await expect(cards.editor.getByTestId('field-number')).toHaveValue(`Gc-${RUN}`);
      await expect(cards.editor.getByTestId('field-initial_amount')).toHaveValue('10');
      await cards.editor.getByTestId('editor-cancel').click();
      await expect(cards.editor).toBeHidden();
    });

    await test.step('a reload adds to the balance; a bad amount is refused first', async () => {
      const dialog = await cards.rowAction(await cards.search(NUMBER), 'reload');
      await dialog.getByTestId('field-amount').fill('ten');
      await dialog.getByTestId('giftcard-reload-save').click();
      await expect(dialog.getByTestId('field-error-amount')).toBeVisible();
      await expect(dialog.getByTestId('field-amount')).toHaveValue('ten');
      await dialog.getByTestId('field-amount').fill('25.00');
      await dialog.getByTestId('field-note').fill('Top-up at the desk');
      await dialog.getByTestId('giftcard-reload-save').click();
      await expect(dialog.getByTestId('giftcard-reload-done')).toBeVisible();
      await dialog.getByTestId('giftcard-reload-close').click();
      await expect(dialog).toBeHidden();
      await expect(await cards.search(NUMBER)).toContainText('$75.00');
    });

    await test.step('the history lists the reload and the issue, newest first, and filters by kind', async () => {
      const dialog = await cards.rowAction(await cards.search(NUMBER), 'history');
      const rows = dialog.getByTestId('giftcard-history-row');
      await expect(rows).toHaveCount(2);
      await expect(rows.nth(0)).toContainText('Reloaded');
      await expect(rows.nth(0)).toContainText('+$25.00');
      await expect(rows.nth(0)).toContainText('Top-up at the desk');
      await expect(rows.nth(1)).toContainText('Issued');
      await expect(rows.nth(1)).toContainText('$50.00');
      await dialog.getByTestId('giftcard-history-filter-kind').selectOption('issue');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('Issued');
      await dialog.getByTestId('giftcard-history-filter-kind').selectOption('sale');
      await expect(dialog.getByTestId('giftcard-history-empty')).toBeVisible();
      await dialog.getByTestId('giftcard-history-close').click();
      await expect(dialog).toBeHidden();
    });

    await test.step('a deactivated card offers Activate instead of Reload', async () => {
      const dialog = await cards.rowAction(await cards.search(NUMBER), 'deactivate');
      await dialog.getByTestId('giftcard-deactivate-confirm').click();
      await expect(dialog.getByTestId('giftcard-deactivate-done')).toBeVisible();
      await dialog.getByTestId('giftcard-deactivate-close').click();
      const row = await cards.search(NUMBER);
      await expect(row).toContainText('Inactive');
      const more = row.getByTestId('row-more');
      if (await more.isVisible()) await more.click();
      await expect(page.getByTestId('row-action-activate').first()).toBeVisible();
      await expect(page.getByTestId('row-action-reload')).toHaveCount(0);
      await page.keyboard.press('Escape');
    });

    await test.step('the export is saved as giftcards_export.csv, UTF-8 with the card', async () => {
      const download = page.waitForEvent('download');
      await page.getByTestId('resource-export').click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('giftcards_export.csv');
      const chunks = await (await file.createReadStream()).toArray();
      const csv = Buffer.concat(chunks as Buffer[]).toString('utf8');
      expect(csv.startsWith('\ufeffnumber,initial_amount,')).toBe(true);
      expect(csv).toContain(`${NUMBER},5000,,,Birthday ${RUN},7500,false,`);
    });
  });
});
