/**
 * The payroll report (docs/payroll.md, "The screen"): the owner opens it without a report PIN
 * (docs/roles.md#access-rules), previews last week's pay (the demo seed's sales fall on the seven store days
 * before the seed's day, src/server/seed/demo-sales.ts, and the store pays weekly from Monday by default),
 * calculates it after the confirmation, opens the run and prints one technician's statement.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { LoginPage } from './support/pages/login-page';

test('the owner previews last week, calculates it, and prints a technician’s statement', async ({ page }) => {
  test.setTimeout(90_000);
  await new LoginPage(page).signIn('owner');
  await page.goto('/pos/report/payroll');
  await expect(page.getByRole('heading', { name: 'Payroll', level: 1 })).toBeVisible();
  await expect(page.getByTestId('payroll-preview')).toBeVisible();

  // The period choice lists the current week first; the one before it has ended and can be calculated.
  await page.getByTestId('payroll-period').selectOption({ index: 1 });
  await expect(page.getByTestId('payroll-calculate')).toBeEnabled();
  const rows = page.locator('[data-testid^="payroll-row-"]');
  expect(await rows.count()).toBeGreaterThan(0);

  await page.getByTestId('payroll-calculate').click();
  await expect(page.getByTestId('payroll-confirm')).toContainText('The period will be locked');
  await page.getByTestId('payroll-confirm-yes').click();
  await expect(page.getByTestId('payroll-calculated')).toBeVisible();
  await expect(page.getByTestId('payroll-locked')).toBeVisible();

  // The run is listed; opened, it shows each technician's statement, and one prints alone.
  const run = page.locator('[data-testid^="payroll-run-"]').first();
  await run.getByRole('button', { name: 'Open' }).click();
  const statements = page.locator('.pay-statement');
  await expect(statements.first()).toBeVisible();
  await expect(statements.first().getByTestId('pay-statement-total')).toHaveText(/\d/);
  const userId = await statements.first().getAttribute('data-user');
  await page.evaluate(() => {
    window.print = () => {
      (window as unknown as { printed: string | null }).printed =
        document.documentElement.getAttribute('data-print-statement');
    };
  });
  await page.getByTestId(`payroll-print-${userId}`).click();
  expect(await page.evaluate(() => (window as unknown as { printed: string | null }).printed)).toBe(userId);
});
