/**
 * The customer report and the two analyses (docs/reports.md "Customers", "Customer analysis", "Payment
 * analysis") on the one report screen: the owner passes the PIN gate, finds the demo regular (Sarah Johnson,
 * three planned visits in the demo week, src/server/seed/demo-sales.ts), opens her sales through the row's
 * Details link (the period goes along), then reads the payment analysis by tender and the customer analysis.
 * axe checks the customer report with its rows and figures (0 serious or critical violations).
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { expectNoBlockingViolations } from './support/axe';
import { AppPage } from './support/pages/app-page';
import { LoginPage } from './support/pages/login-page';
import { PinPadPage } from './support/pages/pin-pad-page';

test('the owner reads the customer report, one customer’s sales, and the payment and customer analyses', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await new LoginPage(page).signIn('owner');
  // Narrowed by the address to the demo regular: the other specs add customers to the shared database, so an
  // unfiltered first page (15 by name) need not hold her.
  await page.goto('/pos/report/customer?time_type=all&filter%5Bsearch%5D=Sarah%20Johnson');
  const pin = new PinPadPage(page);
  await pin.seePad();
  await pin.tapPin('1111');
  await pin.seeGone();
  await expect(page.getByRole('heading', { name: 'Customer report', level: 1 })).toBeVisible();

  await expect(page.getByTestId('report-period')).toHaveValue('all');
  const rows = page.getByTestId('report-table-row');
  const sarah = rows.filter({ hasText: 'Sarah Johnson' });
  await expect(sarah).toHaveCount(1);
  await expect(page.getByTestId('report-figure-new_customers')).toBeVisible();
  await expectNoBlockingViolations(page);

  await sarah.getByTestId('report-details-link').click();
  await expect(page).toHaveURL(/\/pos\/report\/customer\/details\?.*customer_id=\d+/);
  await expect(page).toHaveURL(/time_type=all/);
  await expect(page.getByRole('heading', { name: "Customer's sales", level: 1 })).toBeVisible();
  await expect(page.getByTestId('report-figure-customer')).toContainText('Sarah Johnson');
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);

  // The analyses, opened inside the app, take the same approval: no second PIN.
  await new AppPage(page).openInApp('/pos/report/analysis-payment');
  await expect(page.getByRole('heading', { name: 'Payment analysis', level: 1 })).toBeVisible();
  await page.getByTestId('report-period').selectOption('all');
  await expect(rows).toHaveCount(12);
  await expect(rows.filter({ hasText: 'Cash' }).first()).toBeVisible();
  await expect(page.getByTestId('report-figure-card_fees')).toBeVisible();

  // Opened on all time by its address, so no earlier period's rows are counted while 'all' loads.
  await new AppPage(page).openInApp('/pos/report/analysis-customer?time_type=all');
  await expect(page.getByRole('heading', { name: 'Customer analysis', level: 1 })).toBeVisible();
  await expect(page.getByTestId('report-figure-rebooking')).toContainText('%');
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(7);
});
