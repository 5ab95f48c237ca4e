/**
 * The clock-in screen (/pos/employee-check-in; docs/front-desk.md "Clock in and out") as the front desk uses
 * it: tap a person, tap what they do, confirm with their PIN when asked, read the board.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './app-page';
import { PinPadPage } from './pin-pad-page';

export type ClockStatus = 'off' | 'working' | 'on_break';
export type ClockAction = 'check_in' | 'break_start' | 'break_end' | 'check_out';

export class ClockInPage extends AppPage {
  readonly pinPad = new PinPadPage(this.page);

  async openBoard(): Promise<void> {
    await this.open('/pos/employee-check-in');
    await expect(this.page.getByTestId('clock-board')).toHaveAttribute('data-status', 'ready', {
      timeout: 30_000,
    });
  }

  tile(name: string): Locator {
    return this.page.getByTestId('clock-tile').filter({ hasText: name });
  }

  async seeStatus(name: string, status: ClockStatus): Promise<void> {
    await expect(this.tile(name)).toHaveAttribute('data-status', status, { timeout: 15_000 });
  }

  /** The actions the dialog offers for `name`, in its order. */
  async offered(name: string): Promise<ClockAction[]> {
    await this.tile(name).click();
    const buttons = this.page.getByTestId('clock-dialog').locator('[data-testid^="clock-action-"]');
    await expect(buttons.first()).toBeVisible();
    const ids = await buttons.evaluateAll((all) => all.map((b) => b.getAttribute('data-testid') ?? ''));
    return ids.map((id) => id.replace('clock-action-', '') as ClockAction);
  }

  async choose(action: ClockAction): Promise<void> {
    await this.page.getByTestId(`clock-action-${action}`).click();
  }

  async seeDone(text: string | RegExp): Promise<void> {
    await expect(this.page.getByTestId('clock-done')).toContainText(text, { timeout: 15_000 });
  }
}
