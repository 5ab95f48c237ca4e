/**
 * A walk-in from the kiosk to the sale (docs/walk-in-screens.md): on a kiosk tablet nobody is logged in to,
 * paired with a kiosk token an admin issued, a known customer signs in by phone, picks a technician and a
 * service; the customer appears in the desk's queue on another device without a reload; the desk assigns a
 * technician and starts the service, landing on the sale screen with the service line on that technician.
 */
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { test } from './support/till-without-worker';
import { DEMO_PASSWORD, LoginPage } from './support/pages/login-page';
import { KioskPage } from './support/pages/kiosk-page';
import { SalePage } from './support/pages/sale-page';
import { TurnSystemPage } from './support/pages/turn-system-page';
import { WalkInDeskPage } from './support/pages/walk-in-desk-page';
import { WalkInTvPage } from './support/pages/walk-in-tv-page';

/** The demo's Sarah Johnson (src/server/seed/demo-customers.ts). */
const SARAH_PHONE = '(212) 555-1001';

test('a customer checks in on the kiosk, and the desk assigns and starts the service', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const login = await page.request.post('/api/login', {
    data: { username: 'admin', password: DEMO_PASSWORD },
  });
  const admin = (await login.json()).data as { token: string; user: { login_store_id: number } };
  const storeId = admin.user.login_store_id;
  const issued = await page.request.post('/api/settings/kiosk-tokens', {
    headers: { authorization: `Bearer ${admin.token}`, 'idempotency-key': randomUUID() },
    data: { store_id: storeId, label: `e2e kiosk ${randomUUID().slice(0, 8)}` },
  });
  expect(issued.status()).toBe(201);
  const { token } = (await issued.json()).data as { token: string };

  // The desk is open first: the check-in must reach it live, and the TV beside it (the same signed-in device).
  await new LoginPage(page).signIn('cashier');
  const desk = new WalkInDeskPage(page);
  await desk.open();
  const tvPage = await page.context().newPage();
  const tv = new WalkInTvPage(tvPage);
  await tv.openTv(storeId);
  await tv.seeLive();

  // A second device with nobody logged in; no service worker, as the till's own context (till-without-worker.ts).
  const tablet = await browser.newContext(baseURL ? { baseURL } : {});
  await tablet.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'serviceWorker');
  });
  try {
    const kiosk = new KioskPage(await tablet.newPage());
    await kiosk.open(`/pos/walk-in/sign-in/${storeId}/1/0/1`);
    await kiosk.pair(token);
    await kiosk.signInByPhone(SARAH_PHONE, /Sarah/);
    await kiosk.chooseTechnician('Anna');
    await kiosk.chooseServices(['Gel Manicure']);
    await kiosk.confirm();
  } finally {
    await tablet.close();
  }

  await desk.seeWaiting('Sarah');
  await tv.seeWaiting('Sarah J.');
  // The turn system's suggestion is offered first, with the reason for it.
  await desk.card('Sarah').getByTestId('walk-in-assign').click();
  await expect(page.getByTestId('assign-technician').first()).toHaveAttribute('data-suggested', 'true');
  await expect(page.getByTestId('assign-technician').first()).toContainText('Suggested');
  await page.keyboard.press('Escape');
  const technician = await desk.assignFirstOffered('Sarah');
  await desk.start('Sarah');
  const sale = new SalePage(page);
  await expect(page.getByTestId('sale-screen')).toBeVisible();
  await sale.seeLines(technician, ['Gel Manicure']);
  const first = technician.split(' ')[0]!;
  await expect(tvPage.getByTestId('tv-technician').filter({ hasText: first })).toHaveAttribute(
    'data-state',
    'busy',
  );

  // The sale completes the visit: Sarah leaves the TV, her technician is free again there and on the board.
  await sale.payCashExact();
  await sale.seeSaleCompleted();
  await tv.seeNotWaiting('Sarah J.');
  await expect(tvPage.getByTestId('tv-technician').filter({ hasText: first })).toHaveAttribute(
    'data-state',
    'available',
  );
  await tvPage.close();
  const turns = new TurnSystemPage(page);
  await turns.openBoard();
  await expect(turns.row(technician)).toHaveAttribute('data-state', 'available');
  await expect(turns.reasons(technician).filter({ hasText: /^Turns today: [1-9]/ })).toHaveCount(1);
});
