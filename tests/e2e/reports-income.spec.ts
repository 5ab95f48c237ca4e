/**
 * The employee income reports (docs/reports.md "Employee income") on the one report screen: the owner passes
 * the PIN gate (docs/roles.md#access-rules), reads the demo week's employees (src/server/seed/demo-sales.ts),
 * opens one employee's days through the row's Details link (the period travels with it), then the income by
 * hours.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { AppPage } from './support/pages/app-page';
import { LoginPage } from './support/pages/login-page';
import { PinPadPage } from './support/pages/pin-pad-page';

test("the owner reads the employees' income, one employee's days, and the income by hours", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await new LoginPage(page).signIn('owner');
  await page.goto('/pos/report/income');
  const pin = new PinPadPage(page);
  await pin.seePad();
  await pin.tapPin('1111');
  await pin.seeGone();
  await expect(page.getByRole('heading', { name: 'Employee income', level: 1 })).toBeVisible();

  await page.getByTestId('report-period').selectOption('all');
  const rows = page.getByTestId('report-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('report-figure-net_income')).not.toContainText('—');

  await rows.first().getByTestId('report-details-link').click();
  await expect(page.getByRole('heading', { name: 'Employee income by day', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/time_type=all.*user_id=\d+|user_id=\d+.*time_type=all/);
  await expect(page.getByTestId('report-period')).toHaveValue('all');
  // The totals are that employee's row of the period: their name, and days listed.
  await expect(page.getByTestId('report-figure-name')).toBeVisible();
  await expect(rows.first()).toBeVisible();

  await new AppPage(page).openInApp('/pos/report/income-wkt');
  await expect(page.getByRole('heading', { name: 'Employee income by hours', level: 1 })).toBeVisible();
  await page.getByTestId('report-period').selectOption('all');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('report-figure-hours')).toBeVisible();
});
