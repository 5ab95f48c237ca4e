/**
 * The customer kiosk as a customer uses it (src/client/features/kiosk/kiosk-screen.tsx): pair the tablet once,
 * tap "Check in", type the phone, pick a technician and services, confirm.
 */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export class KioskPage {
  constructor(private readonly page: Page) {}

  async open(path: string): Promise<void> {
    await this.page.goto(path);
  }

  async pair(token: string): Promise<void> {
    await this.page.getByTestId('kiosk-pairing-token').fill(token);
    await this.page.getByTestId('kiosk-pairing-submit').click();
    await this.seeStep('welcome');
  }

  async seeStep(step: string): Promise<void> {
    await expect(this.page.getByTestId('kiosk')).toHaveAttribute('data-screen', step);
  }

  async signInByPhone(phone: string, greeting: RegExp): Promise<void> {
    await this.page.getByTestId('kiosk-start').click();
    await this.page.getByTestId('kiosk-phone').fill(phone);
    await this.page.getByTestId('kiosk-phone-submit').click();
    await expect(this.page.getByRole('heading', { name: greeting })).toBeVisible();
    await this.page.getByTestId('kiosk-next').click();
  }

  async chooseTechnician(name: string): Promise<void> {
    await this.page.getByTestId('kiosk-technician').filter({ hasText: name }).click();
  }

  async chooseServices(names: string[]): Promise<void> {
    for (const name of names) await this.page.getByTestId('kiosk-service').filter({ hasText: name }).click();
    await this.page.getByTestId('kiosk-next').click();
  }

  async confirm(): Promise<void> {
    await this.page.getByTestId('kiosk-confirm').click();
    await expect(this.page.getByTestId('kiosk-done')).toBeVisible();
  }
}
