/**
 * The back office's resource screen beyond what the model-based replay walks (tests/model-based/resource-screen):
 * importing a CSV (the browser's preview, the server's dry run listing a bad row by number, nothing written until
 * a clean file is committed), exporting the list as a CSV download, and a second resource on the same screen
 * (categories: a select field, a filter, a row moved up in the display order). As the owner of a salon does it,
 * in English.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { LoginPage } from './support/pages/login-page';

const RUN = `e2e${Date.now().toString(36)}`;

test.describe('back office', () => {
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page }) => {
    await new LoginPage(page).signIn('admin');
  });

  test('imports units from a CSV only once every row is right, and exports the list', async ({ page }) => {
    await page.goto('/admin/units');
    // The back office's chunks and translations load on first use; a busy machine takes a while.
    await expect(page.getByTestId('resource-screen')).toBeVisible({ timeout: 30_000 });

    await page.getByTestId('resource-import').click();
    const dialog = page.getByTestId('import-dialog');
    // Row 2 has no name: the dry run lists it and the commit stays closed.
    await page.getByTestId('import-file').setInputFiles({
      name: 'units.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`name,abbreviation,is_active\n${RUN} Pack,pk,true\n,x,true\n`),
    });
    await expect(dialog).toHaveAttribute('data-status', 'preview');
    await expect(page.getByTestId('import-summary')).toHaveText('2 rows: 1 ready, 1 with problems.');
    await expect(page.getByTestId('import-errors')).toContainText('Row 2');
    await expect(page.getByTestId('import-commit')).toBeDisabled();

    await page.getByTestId('import-file').setInputFiles({
      name: 'units.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`name,abbreviation,is_active\n${RUN} Pack,pk,true\n${RUN} Tray,tr,false\n`),
    });
    await expect(page.getByTestId('import-summary')).toHaveText('2 rows: 2 ready, 0 with problems.');
    await page.getByTestId('import-commit').click();
    await expect(page.getByTestId('import-done')).toHaveText('2 rows imported.');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await page.getByTestId('resource-search').fill(RUN);
    await expect(page.getByTestId('resource-row')).toHaveCount(2);
    await page.getByTestId('filter-is_active').selectOption('false');
    await expect(page.getByTestId('resource-row')).toHaveCount(1);
    await expect(page.getByTestId('resource-row')).toContainText(`${RUN} Tray`);

    const download = page.waitForEvent('download');
    await page.getByTestId('resource-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^units-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await (await file.createReadStream()).toArray();
    const csv = Buffer.concat(text as Buffer[]).toString('utf8');
    expect(csv).toContain(`${RUN} Tray`);
    expect(csv).not.toContain(`${RUN} Pack`);
  });

  test('creates categories of a type, finds them by that type and moves one up', async ({ page }) => {
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Categories', exact: true }).click();
    await expect(page.getByTestId('resource-screen')).toHaveAttribute('data-resource', 'categories', {
      timeout: 30_000,
    });
    await page.getByTestId('resource-new').click();
    const editor = page.getByTestId('resource-editor');
    await editor.getByTestId('field-type').selectOption('product');
    await editor.getByTestId('field-name').fill(`${RUN} Polish`);
    await editor.getByTestId('field-display_order').fill('x');
    await page.getByTestId('editor-save').click();
    // The form's own check, in the user's words, keeping what was typed.
    await expect(editor.getByTestId('field-error-display_order')).toBeVisible();
    await expect(editor.getByTestId('field-name')).toHaveValue(`${RUN} Polish`);
    await editor.getByTestId('field-display_order').fill('5');
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('saved-notice')).toBeVisible();

    await page.getByTestId('filter-type').selectOption('product');
    await page.getByTestId('resource-search').fill(RUN);
    await expect(page.getByTestId('resource-row')).toHaveCount(1);
    await expect(page.getByTestId('resource-row')).toContainText('Products');

    // A second one after it in the display order, then moved up: the list shows the new order.
    await page.getByTestId('resource-new').click();
    await editor.getByTestId('field-type').selectOption('product');
    await editor.getByTestId('field-name').fill(`${RUN} Acrylic`);
    await editor.getByTestId('field-display_order').fill('6');
    await page.getByTestId('editor-save').click();
    const rows = page.getByTestId('resource-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(`${RUN} Acrylic`);
    await rows.nth(1).getByTestId('row-action-move-up').click();
    await expect(rows.nth(0)).toContainText(`${RUN} Acrylic`);
    await expect(rows.nth(1)).toContainText(`${RUN} Polish`);
  });
});
