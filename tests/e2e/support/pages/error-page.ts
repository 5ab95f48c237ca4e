/** The 403, 404 and 500 pages: a code, a heading, and a way home. */
import { expect } from '@playwright/test';
import { AppPage } from './app-page';

export class ErrorPage extends AppPage {
  async seeError(code: '403' | '404' | '500'): Promise<void> {
    await expect(this.page.getByTestId(`error-${code}`)).toBeVisible();
  }

  async goHome(): Promise<void> {
    await this.page.getByRole('link', { name: /home/i }).click();
  }
}
