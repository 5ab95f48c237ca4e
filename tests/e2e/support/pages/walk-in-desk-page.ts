/**
 * The desk's walk-in queue as the front desk uses it (src/client/features/walk-in/walk-in-screen.tsx): find the
 * customer's card, assign a technician from the dialog, start the service.
 */
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

export class WalkInDeskPage {
  constructor(private readonly page: Page) {}

  async open(): Promise<void> {
    await this.page.goto('/pos/walk-in');
    await expect(this.page.getByTestId('walk-in-queue')).toHaveAttribute('data-status', /shown|reloading/);
  }

  card(customer: string): Locator {
    return this.page.getByTestId('walk-in-card').filter({ hasText: customer });
  }

  async seeWaiting(customer: string, stage = 'waiting'): Promise<void> {
    await expect(this.card(customer)).toHaveAttribute('data-stage', stage);
  }

  /** Assigns the first technician the dialog offers (the suggestion when the turn system gives one). */
  async assignFirstOffered(customer: string): Promise<string> {
    await this.card(customer).getByTestId('walk-in-assign').click();
    const first = this.page.getByTestId('assign-technician').first();
    const name = (await first.locator('p').first().textContent()) ?? '';
    await first.click();
    await this.seeWaiting(customer, 'assigned');
    return name.trim();
  }

  async start(customer: string): Promise<void> {
    await this.card(customer).getByTestId('walk-in-start').click();
    await expect(this.page).toHaveURL(/\/pos\/sales$/);
  }
}
