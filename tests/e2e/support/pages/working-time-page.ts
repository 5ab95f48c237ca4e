/**
 * The employee check-in/out report (/pos/report/check-in-out; docs/front-desk.md "Working-time reports") as a
 * manager uses it: open a person's day from the shifts, correct its times with a reason and the manager's PIN,
 * read the hours back.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './app-page';
import { PinPadPage } from './pin-pad-page';

/** '2:05' → 125. */
export function minutesOf(text: string): number {
  const match = /(\d+):(\d{2})/.exec(text);
  if (!match) throw new Error(`no h:mm in "${text}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export class WorkingTimePage extends AppPage {
  readonly pinPad = new PinPadPage(this.page);

  async openReport(): Promise<void> {
    await this.open('/pos/report/check-in-out');
    await expect(this.page.getByTestId('working-time-summary')).toBeVisible({ timeout: 15_000 });
  }

  person(name: string): Locator {
    return this.page.getByTestId('working-time-person').filter({ hasText: name });
  }

  async openDayOf(name: string): Promise<void> {
    await this.page
      .getByTestId('working-time-shift')
      .filter({ hasText: name })
      .first()
      .getByRole('button', { name: 'Open day' })
      .click();
    await expect(this.page.getByTestId('working-day')).toHaveAttribute('data-status', 'shown');
  }

  /** The day's worked minutes as the day panel shows them. */
  async dayWorked(): Promise<number> {
    return minutesOf((await this.page.getByTestId('working-day-worked').textContent()) ?? '');
  }

  async startCorrection(): Promise<void> {
    await this.page.getByTestId('working-day-correct').click();
    await expect(this.page.getByTestId('correction-form')).toBeVisible();
  }

  /** Types a check-in for the first shift and asks to go on: the form's problems show, or the PIN pad. */
  async tryCheckIn(value: string): Promise<void> {
    await this.page.getByTestId('correction-check-in-0').fill(value);
    await this.page.getByTestId('correction-next').click();
  }

  /** The problem shown under a field of the correction (its path: `shifts.0.check_in_at`, `reason`). */
  problemAt(path: string): Locator {
    return this.page.locator(`[data-testid="correction-problem"][data-path="${path}"]`);
  }

  /** Moves the first shift's check-in `minutes` earlier, gives the reason, and approves with the PIN. */
  async moveCheckInEarlier(minutes: number, reason: string, pin: string): Promise<void> {
    const checkIn = this.page.getByTestId('correction-check-in-0');
    const typed = await checkIn.inputValue();
    const earlier = new Date(Date.parse(`${typed}:00Z`) - minutes * 60_000).toISOString().slice(0, 16);
    await checkIn.fill(earlier);
    await this.page.getByTestId('correction-reason').fill(reason);
    await this.page.getByTestId('correction-next').click();
    await this.pinPad.seePad();
    await this.pinPad.tapPin(pin);
    await expect(this.page.getByTestId('correction-done')).toBeVisible({ timeout: 15_000 });
  }

  async closeCorrection(): Promise<void> {
    await this.page.getByTestId('correction-close').click();
    await expect(this.page.getByTestId('correction-dialog')).toBeHidden();
    await expect(this.page.getByTestId('working-day')).toHaveAttribute('data-status', 'shown');
  }
}
