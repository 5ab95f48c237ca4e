/**
 * The dashboard (docs/dashboard.md): the owner signs in and lands on it (the default home), reads the demo
 * week's yesterday (the seed's sales are on the seven store days before the seed's day, today stays empty:
 * src/server/seed/demo-sales.ts), and reads each chart's numbers as a table, hidden and then shown; axe finds
 * nothing serious on it.
 */
import { expect } from '@playwright/test';
import { expectNoBlockingViolations } from './support/axe';
import { test } from './support/till-without-worker';
import { LoginPage } from './support/pages/login-page';

const number = (text: string) => Number(text.replace(/[^\d.-]/g, ''));

test('the owner lands on the dashboard and reads yesterday’s figures and its charts as tables', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await new LoginPage(page).signIn('owner');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // Today has no sale in the demo: the empty state, with the queue still shown.
  await expect(page.getByTestId('dashboard-queue')).toBeVisible();

  await page.getByTestId('dashboard-period').selectOption('last_day');
  const sales = page.getByTestId('dashboard-figure-sales_count-value');
  await expect(sales).not.toHaveText(/^0$/);
  const count = number(await sales.innerText());
  expect(count).toBeGreaterThan(0);
  // A week before yesterday is before the demo week: nothing to compare with.
  await expect(page.getByTestId('dashboard-figure-net-change')).toContainText('Up from none');

  // The numbers of the by-hour chart are a table a screen reader finds by its caption, hidden until asked for.
  const byHour = page.getByRole('table', { name: 'Sales by hour' });
  await expect(byHour).toBeAttached();
  const toggle = page.getByTestId('dashboard-numbers-byHour');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(byHour).toBeVisible();
  const perHour = await byHour.locator('tbody tr td:nth-child(2)').allInnerTexts();
  expect(perHour.reduce((sum, cell) => sum + number(cell), 0)).toBe(count);
  await expect(page.getByRole('table', { name: 'Sales by technician' }).locator('tbody tr')).not.toHaveCount(
    0,
  );
  await expect(page.getByRole('table', { name: 'Sales by tender' })).toContainText(/Cash|Credit/);
  await expect(page.getByRole('table', { name: 'Top services' }).locator('tbody tr')).not.toHaveCount(0);
  // The cards, the charts and their tables, one shown and three visually hidden: nothing serious for axe.
  await expectNoBlockingViolations(page);
});
