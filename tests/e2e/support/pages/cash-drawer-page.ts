/**
 * The cash drawer screen (/pos/cash-drawer; docs/cash-drawer.md) as a cashier runs the till: count the float
 * in, move cash with a reason, count out blind, ask a manager when the count is off, read the Z report.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './app-page';

export class CashDrawerPage extends AppPage {
  get screen(): Locator {
    return this.page.getByTestId('cash-drawer');
  }

  /** `inApp`: the app is already loaded, so the screen mounts without a page load. */
  async openDrawerScreen(status: 'closed' | 'open', { inApp = false } = {}): Promise<void> {
    if (inApp) await this.openInApp('/pos/cash-drawer');
    else await this.open('/pos/cash-drawer');
    await expect(this.screen).toHaveAttribute('data-status', status, { timeout: 30_000 });
  }

  /** Types how many pieces of each denomination ({ bill_20: 5 }). */
  async count(pieces: Record<string, number>): Promise<void> {
    for (const [id, n] of Object.entries(pieces))
      await this.page.getByTestId(`denomination-${id}`).fill(String(n));
  }

  async openWithFloat(pieces: Record<string, number>, total: string): Promise<void> {
    await this.page.getByTestId('drawer-open-start').click();
    await this.count(pieces);
    await expect(this.page.getByTestId('count-total')).toHaveText(total);
    await this.page.getByTestId('drawer-open-submit').click();
    await expect(this.screen).toHaveAttribute('data-status', 'open');
  }

  /** The expected cash in the drawer, as shown while it is open (in cents). */
  async expectedCents(): Promise<number> {
    return this.centsOf('drawer-expected');
  }

  /** The cash handed back on refunds, a part of the expected cash (shown negative; in cents, positive). */
  async cashRefundsCents(): Promise<number> {
    return Math.abs(await this.centsOf('drawer-cash_refunds'));
  }

  private async centsOf(testId: string): Promise<number> {
    const text = (await this.page.getByTestId(testId).textContent()) ?? '';
    return Math.round(Number(text.replace(/[^0-9.-]/g, '')) * 100);
  }

  async moveCash(
    kind: 'pay_in' | 'pay_out' | 'drop' | 'tip_out',
    amount: string,
    reason: string,
  ): Promise<void> {
    await this.page.getByTestId('movement-kind').selectOption(kind);
    await this.page.getByTestId('movement-amount').fill(amount);
    await this.page.getByTestId('movement-reason').fill(reason);
    await this.page.getByTestId('movement-submit').click();
    await expect(this.page.getByTestId('drawer-movement').filter({ hasText: reason })).toBeVisible();
  }

  /** Starts the close and counts blind: the expected amount is not on screen while counting. */
  async countOut(pieces: Record<string, number>): Promise<void> {
    await this.page.getByTestId('drawer-close-start').click();
    await expect(this.screen).toHaveAttribute('data-status', 'counting');
    await expect(this.page.getByTestId('drawer-expected')).toHaveCount(0);
    await this.count(pieces);
    await this.page.getByTestId('drawer-close-submit').click();
  }

  async approveAsManager(pin: string): Promise<void> {
    await expect(this.screen).toHaveAttribute('data-status', 'managerPin');
    await this.page.getByTestId('manager-pin').fill(pin);
    await this.page.getByTestId('manager-pin-submit').click();
  }

  async seeOverShort(text: string): Promise<void> {
    await expect(this.screen).toHaveAttribute('data-status', 'result');
    await expect(this.page.getByTestId('drawer-over-short')).toHaveText(text);
    await expect(this.page.getByTestId('z-report')).toContainText(text.replace(/^\D+/, ''));
  }
}
