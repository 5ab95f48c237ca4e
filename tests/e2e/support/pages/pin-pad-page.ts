/**
 * The PIN pad (src/client/components/pin-pad/pin-pad.tsx) as a manager uses it: tap the digits and Confirm, or
 * type them and press Enter; read the refusal or the approval.
 */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

export class PinPadPage {
  constructor(readonly page: Page) {}

  get pad(): Locator {
    return this.page.getByRole('group', { name: 'PIN pad' });
  }

  async seePad(): Promise<void> {
    await expect(this.pad).toBeVisible();
  }

  async tapPin(pin: string): Promise<void> {
    for (const digit of pin) await this.pad.getByRole('button', { name: digit, exact: true }).click();
    await this.pad.getByRole('button', { name: 'Confirm' }).click();
  }

  async typePin(pin: string): Promise<void> {
    await this.pad.focus();
    await this.page.keyboard.type(pin);
    await this.page.keyboard.press('Enter');
  }

  async seeDots(count: number): Promise<void> {
    await expect(this.pad.getByTestId('pin-dot-filled')).toHaveCount(count);
  }

  async seeRefused(text: string | RegExp): Promise<void> {
    await expect(this.pad.getByRole('alert')).toHaveText(text);
  }

  async seeGone(): Promise<void> {
    await expect(this.pad).toBeHidden();
  }
}
