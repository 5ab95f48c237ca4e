/**
 * /admin/members end to end (docs/back-office-members.md): the owner adds a technician with a PIN and a 45 %
 * commission, a second member with the same username is refused with the field's error in the user's language
 * (what was typed kept), and the technician is at once on the sale screen's employee list; the technician's
 * picture is saved and shown, and "Change password" refuses a second typing that differs, then sets a password
 * that signs in through the API; then the same screen in Vietnamese. Names carry this run's mark, so runs against the same database never meet.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import type { Page } from '@playwright/test';
import { localeText } from '../model-based/support/locale-text';
import { LoginPage } from './support/pages/login-page';
import { SalePage } from './support/pages/sale-page';

const RUN = Date.now().toString(36);
/** A 6-digit PIN of this run (the demo's PINs have 4 digits). */
const PIN = String(100000 + (Date.now() % 900000));
/** A 1×1 PNG: the smallest picture the server's media check accepts. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function openMembers(page: Page): Promise<void> {
  await page.goto('/admin/members');
  // The back office's chunks and translations load on first use; a busy machine takes a while.
  await expect(page.getByTestId('resource-screen')).toBeVisible({ timeout: 30_000 });
}

async function fillMember(page: Page, values: Record<string, string>): Promise<void> {
  for (const [field, value] of Object.entries(values)) {
    const input = page.getByTestId(`field-${field}`);
    if ((await input.evaluate((el) => el.tagName)) === 'SELECT') await input.selectOption(value);
    else await input.fill(value);
  }
}

test.describe('members', () => {
  test.describe.configure({ timeout: 120_000 });

  test('the owner adds a technician with a PIN and 45 % commission, who is on the sale screen at once', async ({
    page,
  }) => {
    const en = localeText('en', 'admin');
    await new LoginPage(page).signIn('owner');
    await openMembers(page);

    const name = `Tech ${RUN}`;
    await page.getByTestId('resource-new').click();
    await fillMember(page, {
      name,
      username: `tech${RUN}`,
      role: 'staff',
      pin: PIN,
      commission_rate: '45',
    });
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('resource-editor')).toBeHidden();

    await page.getByTestId('resource-search').fill(RUN);
    await expect(page.getByTestId('resource-row')).toHaveCount(1);
    await expect(page.getByTestId('resource-row')).toContainText(name);
    await expect(page.getByTestId('resource-row')).toContainText('45 %');

    // The same username again, in another case: the field says so, and the form keeps what was typed.
    await page.getByTestId('resource-new').click();
    await fillMember(page, { name: `Other ${RUN}`, username: `TECH${RUN}` });
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('field-error-username')).toHaveText(en('validation.duplicate'));
    await expect(page.getByTestId('field-username')).toHaveValue(`TECH${RUN}`);
    await page.getByTestId('editor-cancel').click();

    // A picture: chosen on the form, saved as multipart, shown again when the member is opened.
    const row = page.getByTestId('resource-row');
    await row.getByTestId('row-edit').click();
    await expect(page.getByTestId('resource-editor')).toHaveAttribute('data-status', 'editing');
    await expect(page.getByTestId('field-pin')).toHaveAttribute('type', 'password');
    await page
      .getByTestId('field-avatar')
      .setInputFiles({ name: 'tech.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('saved-notice')).toBeVisible();
    await row.getByTestId('row-edit').click();
    const preview = page.getByTestId('field-preview-avatar');
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await page.getByTestId('editor-cancel').click();

    // Change password: the two typings must match; then the new password signs in.
    const password = `pass-${RUN}`;
    await row.getByTestId('row-action-change-password').click();
    const panel = page.getByTestId('row-action-dialog');
    await expect(panel).toContainText(localeText('en', 'admin-members')('changePassword.action'));
    await panel.getByTestId('field-new_password').fill(password);
    await panel.getByTestId('field-confirm').fill(`${password}x`);
    await panel.getByTestId('change-password-save').click();
    await expect(panel.getByTestId('field-error-confirm')).toHaveText(en('validation.confirmMismatch'));
    await panel.getByTestId('field-confirm').fill(password);
    await panel.getByTestId('change-password-save').click();
    await expect(panel.getByTestId('change-password-done')).toBeVisible();
    await panel.getByTestId('change-password-close').click();
    await expect(panel).toBeHidden();
    const login = await page.request.post('/api/login', { data: { username: `tech${RUN}`, password } });
    expect(login.status()).toBe(200);

    // The sale screen's chunk loads on first use; a busy machine takes a while.
    await page.goto('/pos/sales');
    await expect(page.getByTestId('sale-screen')).toBeVisible({ timeout: 60_000 });
    const sale = new SalePage(page);
    await sale.openSale();
    await expect(sale.employee(name)).toBeVisible({ timeout: 30_000 });
  });

  test('the screen in Vietnamese: its words, and the duplicate username said in Vietnamese', async ({
    page,
  }) => {
    const vi = localeText('vi', 'admin-members');
    const viAdmin = localeText('vi', 'admin');
    const login = new LoginPage(page);
    // The first load of the app on a busy machine is slower than the login page's own wait.
    await page.goto('/login');
    await expect(page.getByTestId('login-screen').or(page.locator('form')).first()).toBeVisible({
      timeout: 60_000,
    });
    await login.logInAsDemoIn('vi', 'owner');
    await openMembers(page);

    await expect(page.getByRole('heading', { name: vi('title') }).first()).toBeVisible();
    await expect(page.getByTestId('resource-table')).toContainText(vi('roles.owner'));

    await page.getByTestId('resource-new').click();
    await expect(page.getByTestId('resource-editor')).toContainText(vi('fields.pin'));
    await expect(page.getByTestId('resource-editor')).toContainText(vi('fields.commission_rate'));
    await fillMember(page, { name: `Chủ ${RUN}`, username: 'owner' });
    await page.getByTestId('editor-save').click();
    await expect(page.getByTestId('field-error-username')).toHaveText(viAdmin('validation.duplicate'));
    await expect(page.getByTestId('field-name')).toHaveValue(`Chủ ${RUN}`);
  });
});
