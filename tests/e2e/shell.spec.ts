/**
 * The app shell: where '/' leads a signed-out visitor, the guard on protected screens, the
 * error pages, a screen that is planned for later, and switching the language. Signed-in journeys (menus per
 * role, PIN gates) are in the auth specs.
 */
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { AppPage } from './support/pages/app-page';
import { ComingSoonPage } from './support/pages/coming-soon-page';
import { ErrorPage } from './support/pages/error-page';

test.describe('app shell', () => {
  test('a signed-out visitor of / is sent to the login page', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/');
    await app.seeAddress('/login');
  });

  test('a signed-out visitor of the sale screen is sent to log in first', async ({ page }) => {
    const app = new AppPage(page);
    await app.open('/pos/sales');
    await app.seeAddress('/login');
  });

  test('an unknown address shows the 404 page, whose home link leads back in', async ({ page }) => {
    const errors = new ErrorPage(page);
    await errors.open('/no/such/page');
    await errors.seeError('404');
    await errors.seeHeading('Page not found');
    await errors.goHome();
    await errors.seeAddress('/login');
  });

  test('the 403 page says access is denied', async ({ page }) => {
    const errors = new ErrorPage(page);
    await errors.open('/403');
    await errors.seeError('403');
    await errors.seeHeading('You do not have access to this page');
  });

  test('a planned screen says it is coming and not yet available', async ({ page }) => {
    const plans = new ComingSoonPage(page);
    await plans.open('/plan');
    await plans.seePlannedScreen('Plans');
    await plans.seeText('The Plans screen is planned and not yet available in this version of the app.');
    await expect(page).toHaveTitle('Plans · Salon POS');
  });

  test('switching to Vietnamese renders the page in Vietnamese', async ({ page }) => {
    const plans = new ComingSoonPage(page);
    await plans.open('/plan');
    await plans.seePlannedScreen('Plans');
    await plans.chooseLanguage('vi');
    await plans.seePlannedScreen('Gói dịch vụ', 'Sắp ra mắt');
    await plans.seeText(
      'Màn hình “Gói dịch vụ” đã được lên kế hoạch nhưng chưa có trong phiên bản ứng dụng này.',
    );
    await plans.seePageLanguage('vi-VN');
    // The choice stays with this device across a reload.
    await page.reload();
    await plans.seePlannedScreen('Gói dịch vụ', 'Sắp ra mắt');
  });
});
