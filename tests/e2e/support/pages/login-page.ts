/**
 * The login screen as a person uses it (src/client/features/auth/login-screen.tsx): type a username and a
 * password, open the salon code when there are several salons, tick "remember me", press Enter or the button.
 */
import { expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { STORAGE_KEYS } from '../../../../src/client/lib/storage';
import { localeText } from '../../../model-based/support/locale-text';
import { AppPage } from './app-page';
import type { LanguageCode } from './app-page';

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

  /**
   * Switches the login page to `language` before anyone has logged in, then logs in with the demo password,
   * finding the fields and the button by their words in that language; waits until the app shows the person
   * signed in.
   */
  async logInAsDemoIn(language: LanguageCode, username: string): Promise<void> {
    const t = localeText(language);
    await this.open();
    await this.chooseLanguage(language);
    await this.page.getByLabel(t('auth.login.username'), { exact: true }).fill(username);
    await this.page.getByLabel(t('auth.login.password'), { exact: true }).fill(DEMO_PASSWORD);
    await this.page.getByRole('button', { name: t('auth.login.submit') }).click();
    await expect(this.page.getByTestId('user-menu')).toBeVisible();
  }

  /**
   * Signs in without the form, for the tests about something else: the login API's answer is put where the app
   * keeps its session (src/client/lib/storage.ts saveSession: the auth record and, apart, its initial settings)
   * before the app's first page of this tab starts, as on a till that was signed in and is opened again; the
   * app then resumes that session as it does there. Nothing is loaded here: the test's next step opens its
   * screen, the one cold start it pays for (the form costs another: the login page, then the landing screen).
   * Only once per tab, so that a reload after a logout finds the session gone, as it must. Resolves with the
   * session's token, for the test's own API calls.
   */
  async signIn(username: string): Promise<string> {
    const response = await this.page.request.post('/api/login', {
      data: { username, password: DEMO_PASSWORD },
    });
    expect(response.ok(), `demo login of ${username}`).toBe(true);
    const { data } = (await response.json()) as { data: { token: string; initial_settings: unknown } };
    await this.page.addInitScript(
      ([keys, auth, settings]) => {
        try {
          if (window.sessionStorage.getItem('e2e.signed-in') !== null) return;
          window.localStorage.setItem(keys.auth, auth);
          window.localStorage.setItem(keys.settings, settings);
          window.sessionStorage.setItem('e2e.signed-in', '1');
        } catch {
          // about:blank has no storage of its own.
        }
      },
      [
        { auth: STORAGE_KEYS.AUTH, settings: STORAGE_KEYS.INITIAL_SETTINGS },
        JSON.stringify(data),
        JSON.stringify(data.initial_settings),
      ] as const,
    );
    return data.token;
  }

  /**
   * The app has started for good in this browser: its service worker is active and the version it runs is
   * remembered (app_version, src/client/lib/storage.ts). Until then another tab's start-up may still find the
   * version new and clear the app's versioned local data under it (docs/platform.md#start-up).
   */
  async waitForAppVersion(): Promise<void> {
    await this.page.waitForFunction(() => window.localStorage.getItem('app_version') !== null, null, {
      timeout: 30_000,
    });
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
