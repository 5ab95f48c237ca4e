/**
 * The login screen as a person uses it (src/client/features/auth/login-screen.tsx): type a username and a
 * password, open the salon code when there are several salons, tick "remember me", press Enter or the button.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { AppPage } from './app-page';

export interface LoginOptions {
  tenant?: string;
  remember?: boolean;
  /** Submit with the Enter key instead of the button (the keyboard-only path). */
  pressEnter?: boolean;
}

/** README "Demo logins": every account's password. */
export const DEMO_PASSWORD = 'demo1234';

export class LoginPage extends AppPage {
  get username(): Locator {
    return this.page.getByLabel('Username', { exact: true });
  }

  get password(): Locator {
    return this.page.getByLabel('Password', { exact: true });
  }

  get rememberMe(): Locator {
    return this.page.getByRole('checkbox', { name: 'Remember my username on this device' });
  }

  override async open(): Promise<void> {
    await super.open('/login');
    await expect(this.username).toBeVisible();
  }

  async logIn(username: string, password: string, options: LoginOptions = {}): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    if (options.tenant !== undefined) {
      await this.page.getByText('Salon code (only if you have several)').click();
      await this.page.getByLabel('Salon code', { exact: true }).fill(options.tenant);
    }
    // The box itself is a visually hidden input; a person taps its label.
    if (options.remember !== undefined && (await this.rememberMe.isChecked()) !== options.remember) {
      await this.page.getByText('Remember my username on this device').click();
      await expect(this.rememberMe).toBeChecked({ checked: options.remember });
    }
    if (options.pressEnter) await this.password.press('Enter');
    else await this.page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Logs in with the demo password and waits until the app shows the person signed in. */
  async logInAsDemo(username: string, options: LoginOptions = {}): Promise<void> {
    await this.open();
    await this.logIn(username, DEMO_PASSWORD, options);
    await expect(this.page.getByTestId('user-menu')).toBeVisible();
  }

  async seeError(text: string): Promise<void> {
    await expect(this.page.getByRole('alert').filter({ hasText: text })).toBeVisible();
  }

  async seeFieldError(text: string): Promise<void> {
    await expect(this.page.getByText(text, { exact: true })).toBeVisible();
  }

  async seeNotice(text: string): Promise<void> {
    await expect(this.page.getByTestId('login-notice')).toHaveText(text);
  }

  async seeUsernamePrefilled(username: string): Promise<void> {
    await expect(this.username).toHaveValue(username);
    await expect(this.rememberMe).toBeChecked();
  }

  /** The signed-in person's name in the app bar. */
  async seeSignedInAs(name: string): Promise<void> {
    await expect(this.page.getByTestId('user-menu')).toContainText(name);
  }
}
