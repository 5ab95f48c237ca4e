/**
 * The store, gift card and services/products reports (docs/reports.md "Store", "Gift cards", "Services and
 * products") on the one report screen: the owner passes the PIN gate, opens a till's days from the store
 * report, filters the services/products report by kind, and opens a demo gift card's history.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { AppPage } from './support/pages/app-page';
import { LoginPage } from './support/pages/login-page';
import { PinPadPage } from './support/pages/pin-pad-page';

test('the owner reads the store, services/products and gift card reports and their details', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await new LoginPage(page).signIn('owner');
  await page.goto('/pos/report/store');
  const pin = new PinPadPage(page);
  await pin.seePad();
  await pin.tapPin('1111');
  await pin.seeGone();
  await expect(page.getByRole('heading', { name: 'Store report', level: 1 })).toBeVisible();

  // The demo week: yesterday's sales are on a till; its details are that till's one day.
  await page.getByTestId('report-period').selectOption('last_day');
  const rows = page.getByTestId('report-table-row');
  await expect(rows.first()).toBeVisible();
  await rows.first().getByTestId('report-details-link').click();
  await expect(page.getByRole('heading', { name: 'Store report: till by day', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/workstation_id=\d+/);
  await expect(rows).toHaveCount(1);

  // Services and products, all time, then services only through the kinds table.
  await new AppPage(page).openInApp('/pos/report/services-products');
  await expect(page.getByRole('heading', { name: 'Services and products report', level: 1 })).toBeVisible();
  await page.getByTestId('report-period').selectOption('all');
  await expect(rows.first()).toBeVisible();
  await page.getByTestId('report-kind-service').click();
  await expect(page).toHaveURL(/item_type=1/);
  await expect(page.getByTestId('report-kind-service')).toHaveAttribute('aria-current', 'page');
  await expect(rows.first()).toContainText('Services');

  // The demo's gift cards were issued in the store: one card's history.
  await new AppPage(page).openInApp('/pos/report/giftcard');
  await expect(page.getByRole('heading', { name: 'Gift card report', level: 1 })).toBeVisible();
  await page.getByTestId('report-period').selectOption('all');
  await expect(rows.first()).toBeVisible();
  await rows.first().getByTestId('report-details-link').click();
  await expect(page.getByRole('heading', { name: 'Gift card history', level: 1 })).toBeVisible();
  await expect(rows.first()).toContainText('Sold');
});
