/**
 * The login session in a real browser ("Tests"): each demo role logs in and lands on its home;
 * a wrong password is refused with a clear message; logout ends the session, clears it from the browser and
 * keeps the remembered username; a PIN-gated report opens with a manager's PIN and refuses a cashier's; the
 * profile and the password can be changed, with clear errors. Accounts whose data changes here (daisy, emma)
 * are used by no other spec.
 * Against the production build and the real server with the demo tenant (tests/e2e/support/global-setup.ts).
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { expectNoBlockingViolations } from './support/axe';
import { DEMO_PASSWORD, LoginPage } from './support/pages/login-page';
import { PinPadPage } from './support/pages/pin-pad-page';
import { ChangePasswordPage, ProfilePage } from './support/pages/profile-page';

/** README "Demo logins"; every one of them may read the Dashboard, the demo store's default_home. */
const ROLES = [
  { username: 'owner', name: 'Linda Tran', home: '/dashboard' },
  { username: 'admin', name: 'Kevin Park', home: '/dashboard' },
  { username: 'manager', name: 'Maria Lopez', home: '/dashboard' },
  { username: 'cashier', name: 'Jenny Kim', home: '/dashboard' },
] as const;

test.describe('accessibility', () => {
  test('the login page, with its errors shown, has no serious or critical axe violation', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.open();
    await page.getByText('Salon code (only if you have several)').click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await login.seeFieldError('Enter your username.');
    await expectNoBlockingViolations(page);
  });

  test('the PIN pad has no serious or critical axe violation', async ({ page }) => {
    const login = new LoginPage(page);
    const pin = new PinPadPage(page);
    await login.logInAsDemo('owner');
    await page.goto('/pos/report/order');
    await pin.seePad();
    await expectNoBlockingViolations(page);
  });
});

test.describe('login', () => {
  for (const role of ROLES) {
    test(`the ${role.username} logs in and sees the home`, async ({ page }) => {
      const login = new LoginPage(page);
      await login.logInAsDemo(role.username);
      await login.seeAddress(role.home);
      await login.seeSignedInAs(role.name);
      await expect(login.heading).toBeVisible();
    });
  }

  test('a wrong password is refused with a clear message and the form stays', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.logIn('owner', 'not-the-password', { pressEnter: true });
    await login.seeError('The username or password is incorrect.');
    await login.seeAddress('/login');
    await expect(login.username).toHaveValue('owner');
  });

  test('empty fields are named before anything is sent', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await login.seeFieldError('Enter your username.');
    await login.seeFieldError('Enter your password.');
  });

  test('the salon code is accepted when given', async ({ page }) => {
    const login = new LoginPage(page);
    await login.logInAsDemo('manager', { tenant: 'demo' });
    await login.seeAddress('/dashboard');
  });

  test('a signed-in till stays signed in across a reload', async ({ page }) => {
    const login = new LoginPage(page);
    await login.logInAsDemo('manager');
    await login.seeAddress('/dashboard');
    await page.reload();
    await login.seeAddress('/dashboard');
    await login.seeSignedInAs('Maria Lopez');
  });
});

test.describe('logout', () => {
  test('returns to /login, clears the session and keeps the remembered username', async ({ page }) => {
    const login = new LoginPage(page);
    await login.logInAsDemo('manager', { remember: true });
    await login.seeAddress('/dashboard');

    await page.getByTestId('user-menu').click();
    await page.getByRole('link', { name: 'Log out' }).click();
    await login.seeAddress('/login');
    await login.seeNotice('You have signed out.');
    await login.seeUsernamePrefilled('manager');

    const stored = await page.evaluate(() => ({
      auth: window.localStorage.getItem('auth'),
      initial: window.localStorage.getItem('initial_settings'),
      remembered: window.localStorage.getItem('remember_user'),
    }));
    expect(stored).toEqual({ auth: null, initial: null, remembered: 'manager' });

    // The session is over: a protected screen asks to log in again.
    await login.open();
    await page.goto('/dashboard');
    await login.seeAddress('/login');
  });
});

test.describe('PIN check', () => {
  test("a PIN-gated report refuses the cashier's PIN and opens with the manager's", async ({ page }) => {
    const login = new LoginPage(page);
    const pin = new PinPadPage(page);
    await login.logInAsDemo('manager');
    await login.seeAddress('/dashboard');

    await page.goto('/pos/report/order');
    await pin.seePad();
    await pin.tapPin('4444');
    await pin.seeRefused(
      'Jenny Kim cannot approve this. It needs the PIN of a manager, an admin or the owner.',
    );

    await pin.typePin('3333');
    await pin.seeGone();
    await login.seeAddress('/pos/report/order');
    await expect(login.heading).toBeVisible();
  });

  test('a wrong PIN is refused and says how many tries are left', async ({ page }) => {
    const login = new LoginPage(page);
    const pin = new PinPadPage(page);
    await login.logInAsDemo('owner');
    await page.goto('/pos/report/order');
    await pin.seePad();
    await pin.typePin('9876');
    await pin.seeRefused(/The PIN is not correct\. Tries left before the lock: \d+\./);
    await pin.seeDots(0);
  });
});

test.describe('profile', () => {
  test('a bad email is named; a good one is saved with a photo and kept after a reload', async ({ page }) => {
    const login = new LoginPage(page);
    await login.logInAsDemo('daisy');
    const profile = new ProfilePage(page);
    await profile.open();
    await profile.fill('Email address', 'daisy-at-example');
    await profile.save();
    await profile.seeFieldError('Enter a valid email address.');

    await profile.fill('Email address', 'daisy@example.com');
    await profile.fill('Phone', '212-555-0199');
    await profile.pickPhoto();
    await profile.save();
    await profile.seeSaved();

    await page.reload();
    await profile.seeHeading('My profile');
    await profile.seeValue('Email address', 'daisy@example.com');
  });
});

test.describe('change password', () => {
  test('mismatch and a wrong current password are refused; a change works and the new password logs in', async ({
    page,
  }) => {
    const login = new LoginPage(page);
    await login.logInAsDemo('emma');
    const password = new ChangePasswordPage(page);
    await password.open();

    await password.change(DEMO_PASSWORD, 'emma-new-pass-1', 'emma-new-pass-2');
    await password.seeFieldError('The two new passwords do not match.');

    await password.change('not-my-password', 'emma-new-pass-1');
    await password.seeFieldError('The current password is not correct.');
    await login.seeSignedInAs('Emma Hoang');

    await password.change(DEMO_PASSWORD, 'emma-new-pass-1');
    await password.seeChanged();

    await page.goto('/logout');
    await login.seeAddress('/login');
    await login.logIn('emma', 'emma-new-pass-1');
    await login.seeAddress('/dashboard');

    // Back to the README's password, for whoever reads the demo logins next.
    await password.open();
    await password.change('emma-new-pass-1', DEMO_PASSWORD);
    await password.seeChanged();
  });
});
