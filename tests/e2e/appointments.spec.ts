/**
 * The appointment book in the browser (docs/appointments.md): the desk books a visit with two technicians from
 * an empty slot, is stopped from double-booking one of them and takes an offered free time instead, drags a
 * booking to another time (saved on the server), then marks the first visit arrived and starts its sale, whose
 * ticket holds each booked service under its technician. Then the book and its editor in the four other
 * languages, with one axe scan of both in English.
 *
 * The demo seed books around today (src/server/seed/demo-bookings.ts): this spec books a week ahead (two on a
 * retry, which meets the same database), on the store's wall clock (America/New_York), under a customer name of
 * its own, at times no other spec uses.
 */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { test } from './support/till-without-worker';
import { addDays, storeInstant } from '../../src/domain/bookings/availability';
import { dayInTimeZone } from '../../src/domain/report-periods';
import { localeText } from '../model-based/support/locale-text';
import { expectNoBlockingViolations } from './support/axe';
import { BookPage } from './support/pages/book-page';
import { LoginPage } from './support/pages/login-page';
import { SalePage } from './support/pages/sale-page';
import type { LanguageCode } from './support/pages/app-page';

/** The demo store's zone (src/server/seed/demo-data.ts DEMO_STORE). */
const STORE_ZONE = 'America/New_York';
const ANNA = 'Anna Nguyen';
const BELLA = 'Bella Pham';
const GEL_MANICURE = { name: 'Gel Manicure', minutes: 45 };
const CLASSIC_PEDICURE = { name: 'Classic Pedicure', minutes: 40 };
const CLASSIC_MANICURE = { name: 'Classic Manicure', minutes: 30 };
const BOOKINGS = '/api/pos/bookingAppt';

interface SavedBooking {
  id: number;
  booking_appt_service: { user_id: number | null; service_name: string; starts_at: string }[];
}

/** The next answer of a booking write that succeeded (POST create, PUT move). */
function savedBooking(page: Page, method: 'POST' | 'PUT'): Promise<SavedBooking> {
  return page
    .waitForResponse(
      (r) =>
        r.request().method() === method &&
        new URL(r.url()).pathname.startsWith(BOOKINGS) &&
        !new URL(r.url()).pathname.endsWith('/status') &&
        r.ok(),
    )
    .then(async (r) => ((await r.json()) as { data: SavedBooking }).data);
}

test('the desk books two technicians, is kept from a double booking, drags a booking and starts the sale', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const weeks = 1 + test.info().retry;
  const day = addDays(dayInTimeZone(new Date(), STORE_ZONE), 7 * weeks);
  const at = (hhmm: string) => new Date(storeInstant(day, hhmm, STORE_ZONE)).toISOString();
  const stamp = Date.now().toString(36);
  const first = `Book Flow ${stamp}`;
  const second = `Book Clash ${stamp}`;

  const token = await new LoginPage(page).signIn('cashier');
  const book = new BookPage(page);
  await book.openBook();
  await book.goWeeksAhead(weeks);
  await book.scrollTo('09:00');

  await test.step('a new booking from an empty slot, two services, two technicians', async () => {
    await book.tapSlot(ANNA, '10:00');
    await book.fillCustomer(first, '2125550188');
    await book.setLine(0, GEL_MANICURE);
    await book.addLine();
    // The added line starts where the first ends (10:45); it goes to Bella.
    await book.setLine(1, CLASSIC_PEDICURE, BELLA);
    const created = savedBooking(page, 'POST');
    await book.save();
    await book.seeSaved();
    const booking = await created;
    expect(booking.booking_appt_service.map((l) => [l.service_name, l.starts_at])).toEqual([
      [GEL_MANICURE.name, at('10:00')],
      [CLASSIC_PEDICURE.name, at('10:45')],
    ]);
    await book.closeEditor();
    await book.seeReady();
    await expect(await book.event(ANNA, first, GEL_MANICURE.name)).toBeVisible();
    await expect(await book.event(BELLA, first, CLASSIC_PEDICURE.name)).toBeVisible();
  });

  const clash =
    await test.step('a double booking of Anna: the clash is named, a free time offered and taken', async () => {
      // 10:15 lies under the first visit's event, so the desk taps a free slot of Anna's and types the time.
      await book.tapSlot(ANNA, '11:30');
      await book.fillCustomer(second, '2125550189');
      await book.setLine(0, CLASSIC_MANICURE);
      await book.setStart(0, `${day}T10:15`);
      await book.save();
      const conflict = book.editor.getByTestId('booking-editor-conflict');
      await expect(conflict).toBeVisible();
      await expect(conflict).toContainText(first);
      await expect(conflict).toContainText(ANNA);
      const offered = conflict.getByTestId('booking-editor-slot');
      await expect(offered.first()).toBeVisible();
      // The same technician later that day comes first (docs/appointments.md "next_slots").
      await expect(offered.first()).toContainText(ANNA);
      const created = savedBooking(page, 'POST');
      await offered.first().click();
      await book.seeSaved();
      const booking = await created;
      const line = booking.booking_appt_service[0];
      expect(line?.service_name).toBe(CLASSIC_MANICURE.name);
      // Anna is free again when the first visit's manicure ends.
      expect(line?.starts_at).toBe(at('10:45'));
      await book.closeEditor();
      await book.seeReady();
      await expect(await book.event(ANNA, second, CLASSIC_MANICURE.name)).toBeVisible();
      return booking;
    });

  await test.step('a drag moves a booking to 12:00: shown there and stored', async () => {
    const event = await book.event(ANNA, second, CLASSIC_MANICURE.name);
    await event.scrollIntoViewIfNeeded();
    await book.scrollTo('10:00');
    const moved = savedBooking(page, 'PUT');
    await book.drag(event, ANNA, '12:00');
    const booking = await moved;
    expect(booking.id).toBe(clash.id);
    expect(booking.booking_appt_service[0]?.starts_at).toBe(at('12:00'));
    await book.seeReady();
    await expect(event.locator('.rbc-event-label')).toContainText('12:00');
    const stored = await page.request.get(`${BOOKINGS}/${clash.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(stored.ok()).toBe(true);
    const { data } = (await stored.json()) as { data: SavedBooking };
    expect(data.booking_appt_service[0]?.starts_at).toBe(at('12:00'));
  });

  await test.step('arrived at the desk, then the sale starts with each service under its technician', async () => {
    await (await book.event(ANNA, first, GEL_MANICURE.name)).click();
    await expect(book.editor.getByTestId('booking-editor-status')).toHaveAttribute('data-status', 'booked');
    await book.moveTo('arrived');
    await book.editor.getByRole('button', { name: 'Keep at the desk' }).click();
    await expect(book.editor.getByTestId('booking-editor-status')).toHaveAttribute('data-status', 'arrived');
    await book.moveTo('in_service');
    const till = new SalePage(page);
    await till.seeAddress('/pos/sales');
    await expect(page.getByTestId('sale-screen')).toBeVisible();
    await till.seeLines(ANNA, [GEL_MANICURE.name]);
    await till.seeLines(BELLA, [CLASSIC_PEDICURE.name]);
  });
});

/** A key of the book's or the editor's namespace left on the screen untranslated. */
const RAW_KEY =
  /\b(view|nav|technician|calendar|summary|status|conflict|selected|offline|labels|line|fields|issues|moves|actions|arrival|reason|title|done)\.[a-z_][\w.]*/;

test('the book and its editor in every language', async ({ page }) => {
  await new LoginPage(page).signIn('cashier');
  const book = new BookPage(page);
  await book.openBook();
  // Six weeks ahead: past the demo seed's bookings and the other appointment tests' days.
  await book.goWeeksAhead(6);

  for (const language of ['en', 'es', 'vi', 'thai', 'kr'] as const satisfies readonly LanguageCode[]) {
    await test.step(language, async () => {
      const text = localeText(language, 'appointments');
      const editor = localeText(language, 'booking-editor');
      if (language !== 'en') await book.chooseLanguage(language);
      await book.seeHeading(text('title'));
      await expect(page.getByTestId('book-today')).toHaveText(text('nav.today'));
      await expect(page.locator('[data-testid="book-view"][data-view="day"]')).toHaveText(text('view.day'));
      await expect(page.getByTestId('book-calendar')).toContainText(text('unassigned'));
      // Nothing is booked that day: the first hour drawn (the working hours') is free.
      await book.tapSlot(text('unassigned'), '09:00');
      await expect(book.editor.getByRole('heading', { name: editor('title.new') })).toBeVisible();
      await expect(
        book.editor.getByText(editor('labels.customer_name'), { exact: false }).first(),
      ).toBeVisible();
      await expect(book.line(0)).toContainText(editor('line.title', { number: 1 }));
      await expect(book.editor.getByTestId('booking-editor-save')).toHaveText(editor('actions.create'));
      if (language === 'en') await expectNoBlockingViolations(page);
      const shown = await page.locator('body').innerText();
      expect(shown.match(RAW_KEY)?.[0] ?? null, `raw key in ${language}`).toBeNull();
      await book.closeEditor();
    });
  }
});
