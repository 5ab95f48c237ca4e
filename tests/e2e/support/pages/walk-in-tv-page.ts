/**
 * The walk-in TV (/pos/walk-in/tv/:storeId; docs/front-desk.md#the-tv) as the waiting room reads it: who is
 * waiting, who is next, which technicians are free.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './app-page';

export class WalkInTvPage extends AppPage {
  get screen(): Locator {
    return this.page.getByTestId('walk-in-tv');
  }

  async openTv(storeId: number): Promise<void> {
    await this.open(`/pos/walk-in/tv/${storeId}`);
    await this.seeLive();
  }

  async seeLive(): Promise<void> {
    await expect(this.screen).toHaveAttribute('data-status', 'live', { timeout: 30_000 });
  }

  /** Within the second the design promises (with room for a loaded CI machine). */
  async seeWaiting(name: string): Promise<void> {
    await expect(this.page.getByTestId('tv-waiting').filter({ hasText: name })).toBeVisible({
      timeout: 5_000,
    });
  }

  async seeNotWaiting(name: string): Promise<void> {
    await expect(this.page.getByTestId('tv-waiting').filter({ hasText: name })).toHaveCount(0, {
      timeout: 5_000,
    });
  }

  async seeNext(name: string, forWhom: string | RegExp): Promise<void> {
    const card = this.page.getByTestId('tv-next').filter({ hasText: name });
    await expect(card).toBeVisible({ timeout: 5_000 });
    await expect(card).toContainText(forWhom);
  }

  async seeSection(text: string | RegExp): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 2, name: text })).toBeVisible();
  }
}
