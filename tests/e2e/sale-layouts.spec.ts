/**
 * The sale screen on the shapes a salon's till comes in (docs/sales.md "The sale screen on a tablet in portrait
 * and on a phone"): a 10-inch tablet in landscape (1280×800) holds employees, catalog and ticket side by side;
 * in portrait (800×1280) and on a phone (390×844) the ticket is below the catalog, and the summary bar keeps the
 * ticket's line count and Pay, with the total on it, in view. Nothing scrolls the page sideways. Each shape's
 * screenshot is attached to the report.
 */
import { expect } from '@playwright/test';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { test } from './support/till-without-worker';
import { LoginPage } from './support/pages/login-page';
import { SalePage } from './support/pages/sale-page';

const SHAPES = [
  { name: 'landscape tablet', width: 1280, height: 800, compact: false },
  { name: 'portrait tablet', width: 800, height: 1280, compact: true },
  { name: 'phone', width: 390, height: 844, compact: true },
] as const;

/** The whole of the element is inside the window as it is scrolled now. */
async function expectInViewport(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box && size, what).toBeTruthy();
  if (!box || !size) return;
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(size.height + 0.5);
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(size.width + 0.5);
}

/** Neither the page nor the screen's own region is wider than the window (a strip may scroll inside itself). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const screen = document.querySelector('[data-testid="sale-screen"]');
    return Math.max(
      document.documentElement.scrollWidth - document.documentElement.clientWidth,
      screen ? screen.getBoundingClientRect().right - document.documentElement.clientWidth : 0,
    );
  });
  expect(overflow, 'the page scrolls sideways by').toBeLessThanOrEqual(0.5);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

for (const shape of SHAPES) {
  test(`${shape.name} ${shape.width}×${shape.height}: total and Pay in view while a ticket is built`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: shape.width, height: shape.height });
    await new LoginPage(page).signIn('cashier');
    const sale = new SalePage(page);
    await sale.openSale();
    await sale.pickEmployee('Anna Nguyen');
    await sale.addItem('Gel Manicure');
    await sale.seeTotal('total', '$35.00');
    await expectNoSidewaysScroll(page);
    await page.evaluate(() => window.scrollTo(0, 0));

    const bar = page.getByTestId('ticket-summary-bar');
    if (!shape.compact) {
      // Landscape stays as it was: the ticket's own Pay beside the catalog, no bar.
      await expect(bar).toHaveCount(0);
      await expectInViewport(page, page.getByTestId('pay'), 'Pay');
      await expectInViewport(page, page.getByTestId('total-total-value'), 'the total');
      await attachScreenshot(page, testInfo, `${shape.name}.png`);
      return;
    }

    const pay = page.getByTestId('summary-pay');
    await expect(pay).toHaveText('Pay $35.00');
    await expectInViewport(page, pay, 'Pay with the total');
    await expect(page.getByTestId('summary-line-count')).toHaveText('1');
    await attachScreenshot(page, testInfo, `${shape.name}.png`);

    // A second item: the bar follows the ticket.
    await sale.addItem('Cuticle Oil 15 ml');
    await expect(page.getByTestId('summary-line-count')).toHaveText('2');
    // Its tax included: the bar shows the ticket's own total.
    await expect(page.getByTestId('total-total-value')).not.toHaveText('$35.00');
    const total = (await page.getByTestId('total-total-value').textContent()) ?? '';
    await expect(pay).toHaveText(`Pay ${total}`);
    await expectInViewport(page, pay, 'Pay after a second item');

    // The ticket button takes the cashier to the ticket, and the bar stays.
    await page.getByTestId('summary-ticket').click();
    await expectInViewport(page, page.getByRole('heading', { name: 'Ticket', exact: true }), 'the ticket');
    await expect(page.getByRole('heading', { name: 'Ticket', exact: true })).toBeFocused();
    await expectInViewport(page, pay, 'Pay at the ticket');
    await expectNoSidewaysScroll(page);

    // Pay from the bar tenders; the bar is for building and goes.
    await pay.click();
    await expect(page.getByTestId('sale-screen')).toHaveAttribute('data-mode', 'tendering');
    await expect(bar).toHaveCount(0);
  });
}
