/**
 * What a home screen opens (docs/platform.md#the-installable-app "Home-screen widget and shortcut targets"):
 * every shortcut and widget address of the manifest leads, signed in, to the screen it means under that
 * screen's own access rules, and never to the 404 page. Plus what iOS reads from index.html to install the
 * app, and the POS bar's loading indicator, which exists only while a call runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { webManifest } from '../../src/sw/web-manifest';
import { AppPage } from './support/pages/app-page';
import { ComingSoonPage } from './support/pages/coming-soon-page';
import { ErrorPage } from './support/pages/error-page';
import { DEMO_PASSWORD, LoginPage } from './support/pages/login-page';
import { PinPadPage } from './support/pages/pin-pad-page';

const navigation = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../locales/en/navigation.json'), 'utf8'),
) as { screens: Record<string, string> };

/** Each address of the manifest, where it leads and what is seen there (route-aliases.ts ROUTE_ALIASES). */
const TARGETS: Record<
  string,
  {
    path: string;
    sees:
      | 'sale'
      | 'pin'
      | 'customerSearch'
      | 'walkInQueue'
      | 'book'
      | 'newBooking'
      | 'dashboard'
      | 'reportsIndex'
      | { planned: string };
  }
> = {
  '/pos/new-sale': { path: '/pos/sales', sees: 'sale' },
  '/appointments/new': { path: '/pos/booking-appt', sees: 'newBooking' },
  '/reports': { path: '/reports', sees: 'reportsIndex' },
  '/customers/search': { path: '/customers/search', sees: 'customerSearch' },
  '/dashboard': { path: '/dashboard', sees: 'dashboard' },
  '/sales': { path: '/pos/report/order', sees: 'pin' },
  '/appointments': { path: '/pos/booking-appt', sees: 'book' },
  '/notifications': { path: '/pos/walk-in', sees: 'walkInQueue' },
};

async function seeNo404(page: Page): Promise<void> {
  await expect(page.getByTestId('error-404')).toHaveCount(0);
}

test.describe('home-screen shortcuts and widgets', () => {
  test('the manifest lists exactly these addresses', () => {
    const urls = [...webManifest.shortcuts.map((s) => s.url), ...webManifest.widgets.map((w) => w.url)];
    expect(urls.sort()).toEqual(Object.keys(TARGETS).sort());
  });

  test('signed in, each address opens the screen it means, never the 404 page', async ({ page }) => {
    await new LoginPage(page).logInAsDemo('admin');
    const app = new ComingSoonPage(page);
    for (const [url, target] of Object.entries(TARGETS)) {
      await app.open(url);
      await app.seeAddress(target.path);
      if (target.sees === 'sale') await expect(page.getByTestId('sale-screen')).toBeVisible();
      else if (target.sees === 'pin') await expect(page.getByTestId('pin-gate')).toBeVisible();
      else if (target.sees === 'walkInQueue') await expect(page.getByTestId('walk-in-queue')).toBeVisible();
      else if (target.sees === 'dashboard') await expect(page.getByTestId('dashboard')).toBeVisible();
      else if (target.sees === 'reportsIndex') await expect(page.getByTestId('reports-index')).toBeVisible();
      else if (target.sees === 'book') {
        await expect(page.getByTestId('book')).toBeVisible();
        await expect(page.getByTestId('booking-editor')).toHaveCount(0);
      } else if (target.sees === 'newBooking') {
        // The book, with a new booking's editor open on it.
        await expect(page.getByTestId('book')).toBeVisible();
        await expect(page.getByTestId('booking-editor')).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('booking-editor')).toHaveCount(0);
      } else if (target.sees === 'customerSearch')
        await expect(page.getByTestId('customer-search-input')).toBeVisible({ timeout: 30_000 });
      else await app.seePlannedScreen(navigation.screens[target.sees.planned] ?? target.sees.planned);
      await seeNo404(page);
    }
  });

  test("a report shortcut asks the report's PIN, then shows the report", async ({ page }) => {
    await new LoginPage(page).logInAsDemo('admin');
    const app = new AppPage(page);
    await app.open('/sales');
    await app.seeAddress('/pos/report/order');
    await new PinPadPage(page).tapPin('2222');
    await app.seeHeading(navigation.screens.reportOrder ?? 'Order report');
    await expect(page.getByTestId('pin-gate')).toHaveCount(0);
  });

  test('the query goes along, and Back does not bounce into the alias again', async ({ page }) => {
    await new LoginPage(page).logInAsDemo('admin');
    const app = new AppPage(page);
    await app.open('/profile');
    await app.open('/appointments/new?q=ann#top');
    await app.seeAddress('/pos/booking-appt?q=ann#top');
    await expect(page.getByTestId('booking-editor')).toBeVisible();
    // Asked once: a reload shows the book without opening the editor again.
    await page.reload();
    await expect(page.getByTestId('book')).toBeVisible();
    await expect(page.getByTestId('booking-editor')).toHaveCount(0);
    await page.goBack();
    await app.seeAddress('/profile');
  });

  test('signed out, "New Appointment" leads to login, then to the book with the new booking open', async ({
    page,
  }) => {
    const app = new AppPage(page);
    const login = new LoginPage(page);
    await app.open('/appointments/new');
    await login.seeAddress('/login');
    await login.logIn('cashier', DEMO_PASSWORD);
    await app.seeAddress('/pos/booking-appt');
    await expect(page.getByTestId('booking-editor')).toBeVisible();
  });

  test("signed out, a shortcut leads to login first, then to its screen; a role's rules are the target's", async ({
    page,
  }) => {
    const app = new AppPage(page);
    const login = new LoginPage(page);
    await app.open('/pos/new-sale');
    await login.seeAddress('/login');
    await login.logIn('cashier', DEMO_PASSWORD);
    await login.seeAddress('/pos/sales');
    await expect(page.getByTestId('sale-screen')).toBeVisible();

    // Quick Reports opens the reports' index, a screen of the Report module the demo cashier lacks: the cashier
    // meets its 403.
    await app.open('/reports');
    await new ErrorPage(page).seeError('403');
    // Customer Search is every role's with the Customer module (docs/roles.md#access-rules): the cashier's works.
    await app.open('/customers/search');
    await expect(page.getByTestId('customer-search-input')).toBeVisible();
    await seeNo404(page);
  });
});

test.describe('index.html for iOS', () => {
  test('links an apple-touch-icon the server sends, and the standalone tags', async ({ page, request }) => {
    await new LoginPage(page).open();
    const icon = page.locator('link[rel="apple-touch-icon"]');
    await expect(icon).toHaveAttribute('sizes', '180x180');
    const href = await icon.getAttribute('href');
    const response = await request.get(href ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const meta = (name: string) => page.locator(`meta[name="${name}"]`);
    await expect(meta('apple-mobile-web-app-capable')).toHaveAttribute('content', 'yes');
    await expect(meta('apple-mobile-web-app-status-bar-style')).toHaveAttribute('content', 'default');
    await expect(meta('apple-mobile-web-app-title')).toHaveAttribute('content', 'Salon POS');
    await expect(meta('theme-color')).toHaveAttribute('content', '#667eea');
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  });
});

test.describe('the loading indicator', () => {
  // The worker answers the sale screen's reads itself, out of page.route's sight: without it, every call is seen.
  test.use({ serviceWorkers: 'block' });

  test('is a status region whose spinner exists only while a call runs', async ({ page }) => {
    await new LoginPage(page).logInAsDemo('cashier');
    const region = page.getByTestId('busy-indicator-region').first();
    // The sale screen's reads wait until released: the indicator shows meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/pos/**', async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.continue();
    });
    await new AppPage(page).open('/pos/sales');
    await expect(region).toHaveAttribute('role', 'status');
    await expect(region).toHaveAttribute('aria-live', 'polite');
    await expect(region.getByTestId('busy-indicator')).toBeVisible();
    await expect(region).toContainText('Working…');
    release();
    await expect(page.getByTestId('sale-screen')).toBeVisible();
    await expect(region.getByTestId('busy-indicator')).toHaveCount(0);
    await expect(region).toHaveText('');
    // Nothing animates in the bar while idle (a hidden spinner would still spin).
    expect(await region.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(0);
  });
});
