/** A screen a later issue builds: it names itself and says it is planned. */
import { expect } from '@playwright/test';
import { AppPage } from './app-page';

export class ComingSoonPage extends AppPage {
  async seePlannedScreen(title: string | RegExp, badge: string | RegExp = 'Coming soon'): Promise<void> {
    const page = this.page.getByTestId('coming-soon');
    await expect(page).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText(badge)).toBeVisible();
  }
}
