/**
 * /admin/settings end to end (docs/settings.md): the owner changes the tax group (Indian tax on, a rate added
 * to the list) and the receipt footer, and the sale screen's totals and the receipt follow at once; a bad
 * value shows its field's error in Vietnamese with what was typed kept; a manager sees the settings
 * read-only. The demo store's settings are put back after each test, through the API, as they were. The owner
 * issues a kiosk token (docs/settings.md#kiosk-tokens), sees its secret once, and revokes it: the kiosk's
 * session call is taken, then refused.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import type { APIRequestContext, Page } from '@playwright/test';
import { localeText } from '../model-based/support/locale-text';
import { LoginPage } from './support/pages/login-page';
import { SalePage } from './support/pages/sale-page';

const en = localeText('en', 'admin-settings');
const vi = localeText('vi', 'admin-settings');

interface Saved {
  store_id: number;
  tax: Record<string, unknown> & { taxes: Record<string, unknown>[] };
  print: Record<string, unknown>;
  payment: Record<string, unknown> & { providers?: unknown };
  general: Record<string, unknown>;
}

async function readSettings(request: APIRequestContext, token: string): Promise<Saved> {
  const res = await request.get('/api/settings', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: Saved }).data;
}

/** Puts the groups back as `before` had them (a fresh Idempotency-Key per group: a new intent each). */
async function restore(request: APIRequestContext, token: string, before: Saved): Promise<void> {
  const { providers: _providers, ...payment } = before.payment;
  const groups = { tax: before.tax, print: before.print, payment, general: before.general };
  for (const [code, body] of Object.entries(groups)) {
    const res = await request.post(`/api/store-settings/${before.store_id}/${code}`, {
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': crypto.randomUUID() },
      data: body,
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

async function openSettings(page: Page, group: string, t = en): Promise<void> {
  await page.goto('/admin/settings');
  await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
  await page.getByTestId(`settings-tab-${group}`).click();
  await expect(page.getByTestId(`settings-form-${group}`)).toBeVisible();
}

/** Presses the group's Save button (named in the screen's language), whether or not the save can succeed. */
async function pressSave(page: Page, group: string, t = en): Promise<void> {
  await page
    .getByTestId(`settings-form-${group}`)
    .getByRole('button', { name: t('save'), exact: true })
    .click();
}

async function save(page: Page, group: string): Promise<void> {
  await pressSave(page, group);
  await expect(page.getByTestId('settings-saved')).toHaveText(en('saved'));
}

// One store for the whole run: the tests change it one after the other, each putting it back.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test('the owner changes the taxes and the receipt footer; the sale and its receipt show them', async ({
  page,
  request,
}) => {
  const token = await new LoginPage(page).signIn('owner');
  const before = await readSettings(request, token);
  const footer = `Thank you! See you soon (${Date.now()})`;
  try {
    // Taxes: Indian tax on (only an item's first rate applies), and a rate added to the store's list.
    await openSettings(page, 'tax');
    await page
      .getByLabel(en('fields.config_indian_tax'))
      .selectOption({ label: en('options.config_indian_tax.1') });
    await page.getByRole('button', { name: en('taxes.add') }).click();
    const rows = page.getByTestId('settings-tax-row');
    const added = rows.last();
    await added.getByLabel(en('taxes.name')).fill('City tax 1');
    await added.getByLabel(en('taxes.rate')).fill('1');
    await save(page, 'tax');
    await expect(rows).toHaveCount(before.tax.taxes.length + 1);

    // Receipt: the footer.
    await page.getByTestId('settings-tab-print').click();
    await page.getByLabel(en('fields.receipt_footer')).fill(footer);
    await save(page, 'print');

    // The sale screen, without a new login: Cuticle Oil ($12.00, taxed "5,9.5") now pays 5 % only.
    const till = new SalePage(page);
    await till.openSale();
    await till.pickEmployee('Anna Nguyen');
    await till.addItem('Cuticle Oil 15 ml');
    await till.seeTotals({ subtotal: '$12.00', taxes: '$0.60', total: '$12.60' });
    await till.payCashAndSeeReceipt('$12.60');
    await expect(page.getByTestId('receipt')).toContainText(footer);
  } finally {
    await restore(request, token, before);
  }
  const after = await readSettings(request, token);
  expect(after.tax).toEqual(before.tax);
  expect(after.print).toEqual(before.print);
});

test('a bad value shows its field error in Vietnamese and keeps what was typed', async ({ page }) => {
  const login = new LoginPage(page);
  await login.logInAsDemoIn('vi', 'owner');
  await openSettings(page, 'payment', vi);
  const perTicket = page.getByLabel(vi('fields.offline_card_limit_per_ticket'));
  const total = page.getByLabel(vi('fields.offline_card_limit_total'));
  await total.fill('100.00');
  await perTicket.fill('250.00');
  await pressSave(page, 'payment', vi);
  await expect(page.getByTestId('settings-error-offline_card_limit_per_ticket')).toHaveText(
    vi('errors.offline_card_limit_over_total'),
  );
  await expect(page.getByTestId('settings-error')).toHaveText(vi('failure.validation'));
  await expect(perTicket).toHaveValue('250.00');
  await expect(total).toHaveValue('100.00');

  const fee = page.getByLabel(vi('fields.creditcard_fee_percent'));
  await fee.fill('150');
  await pressSave(page, 'payment', vi);
  await expect(page.getByTestId('settings-error-creditcard_fee_percent')).toHaveText(
    vi('errors.creditcard_fee_percent'),
  );
  await expect(fee).toHaveValue('150');
});

test('the owner issues a kiosk token, sees it once, and revokes it', async ({ page, request }) => {
  await new LoginPage(page).signIn('owner');
  await page.goto('/admin/settings');
  const section = page.getByTestId('kiosk-tokens');
  await expect(section.getByRole('heading', { name: en('kiosks.title') })).toBeVisible();
  const label = `Door iPad ${Date.now()}`;
  await section.getByLabel(en('kiosks.label')).fill(label);
  await section.getByRole('button', { name: en('kiosks.issue') }).click();

  const issued = section.getByTestId('kiosk-issued');
  await expect(issued).toContainText(en('kiosks.onceOnly'));
  await expect(section.getByTestId('kiosk-address-sign-in')).toContainText(
    /\/pos\/walk-in\/sign-in\/\d+\/1\/1\/1$/,
  );
  const secret = (await section.getByTestId('kiosk-issued-token').textContent()) ?? '';
  const session = () => request.get('/api/kiosk/session', { headers: { 'x-kiosk-token': secret } });
  expect((await session()).status()).toBe(200);

  // The list shows it active, by its last four characters; once closed the secret is not on the page again.
  const row = section.getByRole('listitem').filter({ hasText: label });
  await expect(row).toContainText(secret.slice(-4));
  await expect(row).toContainText(en('kiosks.state.active'));
  await issued.getByRole('button', { name: en('kiosks.done') }).click();
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole('button', { name: en('kiosks.revoke'), exact: true }).click();
  await row.getByRole('button', { name: en('kiosks.revokeYes') }).click();
  await expect(row).toContainText(en('kiosks.state.revoked'));
  await expect(row.getByRole('button', { name: en('kiosks.revoke'), exact: true })).toHaveCount(0);
  expect((await session()).status()).toBe(401);
});

test('a manager sees the settings read-only', async ({ page }) => {
  await new LoginPage(page).signIn('manager');
  await openSettings(page, 'tax');
  await expect(page.getByTestId('settings-read-only')).toHaveText(en('readOnly'));
  await expect(page.getByLabel(en('fields.config_tax_on_tax'))).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: en('save'), exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: en('taxes.add') })).toHaveCount(0);
  await expect(page.getByTestId('kiosk-tokens')).toHaveCount(0);
  await page.getByTestId('settings-tab-print').click();
  await expect(page.getByLabel(en('fields.receipt_footer'))).toHaveAttribute('readonly', '');
});
