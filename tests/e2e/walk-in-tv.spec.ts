/**
 * The walk-in TV follows the store as it happens (docs/front-desk.md#the-tv, docs/live.md): a customer checked in
 * at the desk appears on the TV by first name and last initial, as next for the technician asked for, without a
 * reload; when the customer leaves they are gone from the TV. The desk's actions are made through the API, as
 * another tablet would; the TV is the page.
 */
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { test } from './support/till-without-worker';
import { DEMO_PASSWORD, LoginPage } from './support/pages/login-page';
import { WalkInTvPage } from './support/pages/walk-in-tv-page';

async function deskSession(request: APIRequestContext) {
  const response = await request.post('/api/login', {
    data: { username: 'cashier', password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { token: string; user: { login_store_id: number } } };
  return { headers: { authorization: `Bearer ${data.token}` }, storeId: data.user.login_store_id };
}

test('a check-in at the desk shows on the TV at once, and leaves it when the customer goes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const desk = await deskSession(page.request);
  const employees = (
    await (await page.request.get('/api/pos/employees?per_page=50', { headers: desk.headers })).json()
  ).data.items as {
    id: number;
    name: string;
    first_name: string;
    is_technician: boolean;
    enable_walkin: boolean;
  }[];
  const technician = employees.find((e) => e.is_technician && e.enable_walkin)!;

  await new LoginPage(page).signIn('cashier');
  const tv = new WalkInTvPage(page);
  await tv.openTv(desk.storeId);
  await tv.seeSection(/waiting/);
  // The turn order explains every place, as the turn board does (the seed clocked technicians in).
  await expect(page.getByTestId('tv-turn').first()).toBeVisible();
  await expect(page.getByTestId('tv-turn-reasons').first()).toContainText(/Turns today: \d/);

  const checkIn = await page.request.post('/api/pos/walk-in', {
    headers: { ...desk.headers, 'idempotency-key': randomUUID() },
    data: { customer_name: 'Quynh Lam Tv', user_id: technician.id },
  });
  expect(checkIn.status()).toBe(201);
  const walkIn = (await checkIn.json()).data as { id: number };

  await tv.seeWaiting('Quynh T.');
  await tv.seeNext('Quynh T.', new RegExp(`with ${technician.first_name}`));

  const left = await page.request.post(`/api/pos/walk-in/${walkIn.id}/left`, {
    headers: { ...desk.headers, 'idempotency-key': randomUUID() },
    data: {},
  });
  expect(left.status()).toBe(200);
  await tv.seeNotWaiting('Quynh T.');
  await tv.seeLive();
});
