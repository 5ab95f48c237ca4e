/**
 * The customer search (/customers/search) and a customer's page (/customers/{id}) as a person uses them
 * (docs/back-office.md "The customer's page"): type part of a name or phone, open an answer, read the page.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './app-page';

export class CustomerPagesPage extends AppPage {
  get searchBox(): Locator {
    return this.page.getByTestId('customer-search-input');
  }

  get results(): Locator {
    return this.page.getByTestId('customer-search-result');
  }

  /** Types `text` as a person does and waits for the answers to it. */
  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
    await expect(this.page.getByTestId('customer-search-status')).toHaveAttribute('data-status', 'found', {
      timeout: 15_000,
    });
  }

  async openResult(name: string): Promise<void> {
    await this.results.filter({ hasText: name }).first().click();
    await expect(this.page.getByTestId('customer-page')).toBeVisible({ timeout: 15_000 });
  }

  get name(): Locator {
    return this.page.getByTestId('customer-page-name');
  }

  stat(which: 'visit-count' | 'spend' | 'last-visit' | 'points'): Locator {
    return this.page.getByTestId(`customer-page-${which}`);
  }

  get serviceRows(): Locator {
    return this.page.getByTestId('customer-page-services').locator('tbody tr');
  }

  get technicians(): Locator {
    return this.page.getByTestId('customer-page-technicians').locator('li');
  }

  /** A history section (points or reviews) once it has loaded: its rows, or its empty state. */
  history(which: 'points' | 'reviews'): Locator {
    return this.page.getByTestId(which === 'points' ? 'customer-points' : 'customer-reviews');
  }

  get editLink(): Locator {
    return this.page.getByTestId('customer-page-edit');
  }
}
