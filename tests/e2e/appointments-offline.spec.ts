/**
 * A booking made offline whose slot is taken before it syncs (docs/appointments.md#offline): the desk books a
 * visit while the connection is down (queued, shown provisional); meanwhile another device books the same
 * technician at that time on the server; back online the queue's replay is refused with 409 booking_conflict.
 * The book then shows the visit as not booked, with the choices: sent again, it meets the clash, the next free
 * times are offered, one is taken, and the server holds the visit there, once. Nothing was lost on the way.
 *
 * The tab has no service worker (as on a LAN till over http; tests/e2e/support/till-without-worker.ts): the
 * page's own queue sends the replay, so the book hears the refusal. Playwright's own `test`: this spec goes
 * offline, so it gets a fresh context (docs/testing.md "One warm tab a worker").
 *
 * Times: three weeks ahead (plus one a retry), on the store's clock, with Chloe, whom the other appointment
 * specs do not book, under a customer name of its own.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { addDays, storeInstant } from '../../src/domain/bookings/availability';
import { dayInTimeZone } from '../../src/domain/report-periods';
import { queuedRequests } from './support/offline-queue-store';
import { BookPage } from './support/pages/book-page';
import { LoginPage } from './support/pages/login-page';

const STORE_ZONE = 'America/New_York';
const CHLOE = 'Chloe Le';
const CLASSIC_MANICURE = { name: 'Classic Manicure', minutes: 30 };
const BOOKINGS = '/api/pos/bookingAppt';

interface ServerBooking {
  id: number;
  uuid: string;
  customer_name: string;
  booking_appt_service: { user_id: number | null; starts_at: string }[];
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'serviceWorker');
  });
});

test('a booking made offline whose time was taken meanwhile: refused on sync, then booked at a free time', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const weeks = 3 + test.info().retry;
  const day = addDays(dayInTimeZone(new Date(), STORE_ZONE), 7 * weeks);
  const at = (hhmm: string) => new Date(storeInstant(day, hhmm, STORE_ZONE)).toISOString();
  const customer = `Offline Book ${Date.now().toString(36)}`;

  const token = await new LoginPage(page).signIn('cashier');
  const auth = { authorization: `Bearer ${token}` };
  const book = new BookPage(page);
  await book.openBook();
  await book.goWeeksAhead(weeks);
  await book.scrollTo('13:00');
  // The editor's code is loaded while online (it is fetched when first opened).
  await book.tapSlot(CHLOE, '14:00');
  await book.closeEditor();

  const queuedBody = await test.step('offline: the visit is queued and shown provisional', async () => {
    await context.setOffline(true);
    await book.tapSlot(CHLOE, '14:00');
    await book.fillCustomer(customer, '2125550177');
    await book.setLine(0, CLASSIC_MANICURE);
    await book.save();
    await expect(book.editor.getByTestId('booking-editor-provisional')).toBeVisible();
    await book.closeEditor();
    const event = book.book.locator('[data-testid="book-event"][data-provisional="true"]', {
      hasText: customer,
    });
    await expect(event).toBeVisible();
    const [request] = (await queuedRequests(page)).filter((r) => r.url.includes(BOOKINGS));
    expect(request?.method).toBe('POST');
    return JSON.parse(String(request?.body)) as Record<string, unknown>;
  });

  await test.step('meanwhile another device books Chloe at that time', async () => {
    const taken = await page.request.post(BOOKINGS, {
      headers: { ...auth, 'idempotency-key': randomUUID() },
      data: { ...queuedBody, uuid: randomUUID(), customer_name: `${customer} (other)` },
    });
    expect(taken.status()).toBe(201);
  });

  const refused = book.book.locator('[data-testid="book-event"][data-refused="true"]', {
    hasText: customer,
  });
  await test.step('back online, the replay is refused: the book says so and offers the choices', async () => {
    await context.setOffline(false);
    await expect(refused).toBeVisible({ timeout: 30_000 });
    await refused.click();
    const choices = page.getByTestId('book-refused');
    await expect(choices).toHaveAttribute('data-code', 'booking_conflict');
    // Still queued: nothing is dropped until someone chooses.
    expect((await queuedRequests(page)).filter((r) => r.url.includes(BOOKINGS))).toHaveLength(1);
  });

  await test.step('sent again, it meets the clash; a free time is taken and the server holds it once', async () => {
    await page.getByTestId('book-refused-resend').click();
    const dialog = page.getByTestId('book-conflict');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('book-conflict-clash')).toContainText(`${customer} (other)`);
    const slot = dialog.getByTestId('book-conflict-slot').first();
    const start = await slot.getAttribute('data-start');
    expect(start).not.toBeNull();
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === BOOKINGS && r.ok(),
    );
    await slot.click();
    const booking = ((await (await created).json()) as { data: ServerBooking }).data;
    expect(booking.uuid).toBe(queuedBody.uuid);
    expect(booking.booking_appt_service[0]?.starts_at).toBe(start);
    await expect(refused).toHaveCount(0);
    await expect(
      book.book.locator('[data-testid="book-event"][data-provisional="false"]', { hasText: customer }),
    ).toHaveCount(2);
    expect((await queuedRequests(page)).filter((r) => r.url.includes(BOOKINGS))).toHaveLength(0);

    const list = await page.request.get(
      `${BOOKINGS}?from=${encodeURIComponent(at('00:00'))}&to=${encodeURIComponent(at('23:59'))}`,
      { headers: auth },
    );
    const { data } = (await list.json()) as { data: ServerBooking[] };
    expect(data.filter((b) => b.customer_name === customer)).toHaveLength(1);
    expect(data.filter((b) => b.customer_name === `${customer} (other)`)).toHaveLength(1);
  });
});
