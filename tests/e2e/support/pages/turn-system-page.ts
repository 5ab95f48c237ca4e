/**
 * The turn screens (/pos/turn-system and /pos/turn-re-order; docs/turns.md "On the server and the screens") as
 * the front desk and a manager use them: read who is next and why, give the next turn, finish it, move someone
 * with the manager's PIN and a reason.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './app-page';

export class TurnSystemPage extends AppPage {
  async openBoard(): Promise<void> {
    await this.open('/pos/turn-system');
    await expect(this.page.getByTestId('turn-board')).toHaveAttribute('data-status', 'shown', {
      timeout: 30_000,
    });
  }

  async openOrder(): Promise<void> {
    await this.openInApp('/pos/turn-re-order');
    await expect(this.page.getByTestId('turn-order')).toHaveAttribute('data-status', 'shown', {
      timeout: 30_000,
    });
  }

  row(name: string): Locator {
    return this.page.getByTestId('turn-row').filter({ hasText: name });
  }

  reasons(name: string): Locator {
    return this.row(name).getByTestId('turn-reason');
  }

  async nextName(): Promise<string> {
    const text = (await this.page.getByTestId('turn-next').textContent()) ?? '';
    return text.replace(/^Next: /, '').replace(/ \(bonus turn\)$/, '');
  }

  async giveNextTurn(): Promise<void> {
    await this.page.getByTestId('turn-take-next').click();
    await expect(this.page.getByTestId('turn-done')).toContainText('Turn given.');
    await expect(this.page.getByTestId('turn-board')).toHaveAttribute('data-status', 'shown');
  }

  async finish(name: string): Promise<void> {
    await this.row(name).getByTestId('turn-finish').click();
    await expect(this.page.getByTestId('turn-done')).toContainText('Turn finished.');
  }

  /** Moves `name` one place up, approved with the manager's PIN and a reason. */
  async moveUp(name: string, reason: string, pin: string): Promise<void> {
    await this.row(name).getByTestId('turn-move-up').click();
    const dialog = this.page.getByTestId('manager-dialog');
    await dialog.getByTestId('manager-reason').fill(reason);
    await dialog.getByTestId('manager-pin').fill(pin);
    await dialog.getByTestId('manager-confirm').click();
    await expect(this.page.getByTestId('turn-done')).toContainText('Moved by the manager.');
  }
}
