/**
 * The employee check-in/out report (docs/front-desk.md "Working-time reports"): a manager opens it without a
 * report PIN, finds Chloe Le's day (clocked in when the demo seed ran), moves her check-in two hours earlier with
 * a reason and the manager's PIN, and reads the two hours more back in the day and in the summary. A time the
domain's rules refuse is shown under its field before any PIN is asked.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { LoginPage } from './support/pages/login-page';
import { minutesOf, WorkingTimePage } from './support/pages/working-time-page';

test('a manager corrects a clocked-in technician’s day with the PIN and a reason, and sees the new hours', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await new LoginPage(page).signIn('manager');
  const report = new WorkingTimePage(page);
  await report.openReport();
  await report.seeHeading('Employee check-in/out');
  await expect(report.person('Chloe Le')).toBeVisible();

  await report.openDayOf('Chloe Le');
  const before = await report.dayWorked();
  await report.startCorrection();
  const typed = await page.getByTestId('correction-check-in-0').inputValue();
  // A check-in in the future is refused before any PIN, in words of the domain's code, under its field.
  await report.tryCheckIn('2099-01-01T10:00');
  await expect(report.problemAt('shifts.0.check_in_at')).toHaveText('The check-in cannot be in the future.');
  await expect(report.problemAt('reason')).toBeVisible();
  await page.getByTestId('correction-check-in-0').fill(typed);
  await report.moveCheckInEarlier(120, 'Forgot to clock in at opening', '3333');
  await expect(page.getByTestId('correction-done')).toContainText('Saved. Worked');
  await report.closeCorrection();

  // Still clocked in, so the hours count on while the spec runs: two hours more, give or take a minute or two.
  const after = await report.dayWorked();
  expect(after - before).toBeGreaterThanOrEqual(119);
  expect(after - before).toBeLessThanOrEqual(123);
  const summary = await report.person('Chloe Le').locator('[data-column="worked_minutes"]').textContent();
  expect(minutesOf(summary ?? '')).toBeGreaterThanOrEqual(after - 1);
});
