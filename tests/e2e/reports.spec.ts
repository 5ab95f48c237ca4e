/**
 * The sales reports (docs/reports.md) on the one report screen: the owner opens the daily report, passes its
 * PIN gate (docs/roles.md#access-rules), reads the demo week's days (the seed's sales are on the seven store
 * days before the seed's day, src/server/seed/demo-sales.ts), switches period, sorts, exports the CSV and
 * opens the summary by employee.
 */
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { AppPage } from './support/pages/app-page';
import { LoginPage } from './support/pages/login-page';
import { PinPadPage } from './support/pages/pin-pad-page';

test('the owner reads the daily report of the demo week, exports it, and opens the summary', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await new LoginPage(page).signIn('owner');
  // The home screen's Quick Reports: the index of the reports this owner may open, the daily one among them.
  await page.goto('/reports');
  await expect(page.getByTestId('reports-index')).toBeVisible();
  // The two analyses the spec's menu does not list are found here too.
  await expect(page.locator('[data-home-link="reportAnalysisPayment"]')).toBeVisible();
  await expect(page.locator('[data-home-link="reportAnalysisCustomer"]')).toBeVisible();
  await page.locator('[data-home-link="reportDaily"]').click();
  const pin = new PinPadPage(page);
  await pin.seePad();
  await pin.tapPin('1111');
  await pin.seeGone();
  await expect(page.getByRole('heading', { name: 'Daily report', level: 1 })).toBeVisible();

  // Yesterday is a day of the demo week: one row, with sales.
  await page.getByTestId('report-period').selectOption('last_day');
  const rows = page.getByTestId('report-table-row');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('report-figure-sales_count')).not.toContainText(/Sales\s*0$/);

  // All time: the seven demo days at least, oldest first, then newest first by the date header.
  await page.getByTestId('report-period').selectOption('all');
  await expect(page.getByTestId('report-count')).toHaveText(/\d+ rows/);
  expect(await rows.count()).toBeGreaterThanOrEqual(7);
  await page.getByTestId('report-sort-date').click();
  await expect(page.getByTestId('report-sort-date')).toHaveAttribute('data-sort', 'descending');

  const download = page.waitForEvent('download');
  await page.getByTestId('report-export').click();
  const file = await (await download).path();
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  expect(text.split(/\r?\n/)[0]).toMatch(/^date,sales_count,gross,discounts,/);
  expect(
    text.split(/\r?\n/).filter((line) => /^\d{4}-\d{2}-\d{2},/.test(line)).length,
  ).toBeGreaterThanOrEqual(7);

  // The summary, opened inside the app, takes the same approval (kept in memory for 5 minutes): no second PIN.
  await new AppPage(page).openInApp('/pos/report/summary');
  await expect(page.getByRole('heading', { name: 'Summary report', level: 1 })).toBeVisible();
  await page.getByTestId('report-period').selectOption('last_day');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('report-categories')).toContainText('Services');

  // Filtered to the first employee of the list (who worked on it): that employee's row alone.
  const name = (await rows.first().locator('td').first().innerText()).trim();
  await page.getByTestId('report-people-user_id').selectOption({ label: name });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
});
