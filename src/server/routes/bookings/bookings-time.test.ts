/**
 * Bookings on the store's wall clock (docs/appointments.md#time): instants stored and returned as UTC, days
 * counted on stores.timezone, working hours read on the store's clock on the days clocks change.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../../contracts/bookings';
import { ERROR_CODE } from '../../../contracts/error-codes';
import { storeInstant } from '../../../domain/bookings/availability';
import { apiHarness, dataOf } from '../../../../tests/support/server/api-harness';
import {
  BOOKINGS_URL,
  bookingBody,
  bookingLine,
  bookingServices,
  bookingTechnician,
  setStoreTimeZone,
} from '../../../../tests/support/server/booking-fixtures';
import type { TenantFixture } from '../../../../tests/support/server/tenant-fixture';
import { bookingLines } from '../../db/schema/bookings';

const api = await apiHarness();

interface Salon {
  f: TenantFixture;
  /** Works around the clock (own hours 00:00-23:59). */
  night: number;
  /** The store's default hours, 09:00-19:00. */
  day: number;
  service: number; // 60 minutes
}
let newYork: Salon;
let saigon: Salon;

async function salon(timeZone: string): Promise<Salon> {
  const f = await api.tenant();
  await setStoreTimeZone(api.db, f.store.id, timeZone);
  const night = await bookingTechnician(api.db, f, 'Night');
  const day = await bookingTechnician(api.db, f, 'Day');
  const [service] = (await bookingServices(api.db, f, [
    { name: 'Gel', price: 4000, durationMinutes: 60 },
  ])) as [number];
  const hours = Array.from({ length: 7 }, () => ({ opens: '00:00', closes: '23:59' }));
  const put = await api
    .as(f, 'staff')
    .put(`/api/pos/employees/${night}/booking-hours`, { hours, days_off: [] });
  expect(put.statusCode, put.body).toBe(200);
  return { f, night, day, service };
}

beforeAll(async () => {
  newYork = await salon('America/New_York');
  saigon = await salon('Asia/Ho_Chi_Minh');
});

async function book(s: Salon, userId: number, startsAt: string) {
  return api.as(s.f, 'staff').post(BOOKINGS_URL, bookingBody([bookingLine(s.service, userId, startsAt)]));
}

async function booked(s: Salon, userId: number, startsAt: string): Promise<Booking> {
  const res = await book(s, userId, startsAt);
  expect(res.statusCode, res.body).toBe(201);
  return dataOf(res) as Booking;
}

async function storedStart(booking: Booking): Promise<Date> {
  const [line] = await api.db
    .select({ startsAt: bookingLines.startsAt })
    .from(bookingLines)
    .where(eq(bookingLines.bookingId, booking.id));
  return line!.startsAt;
}

async function daysOf(s: Salon, from: string, to: string) {
  return dataOf(await api.as(s.f, 'staff').get(`${BOOKINGS_URL}/count-in-days?from=${from}&to=${to}`));
}

describe('America/New_York, 2026-11-01: clocks go back at 02:00 EDT to 01:00 EST', () => {
  it('01:30 is the first 01:30 (EDT); an hour later is the second 01:30, where the next booking may start', async () => {
    const first = await booked(newYork, newYork.night, '2026-11-01T01:30:00-04:00');
    expect(await storedStart(first)).toEqual(new Date('2026-11-01T05:30:00Z'));
    expect(first.booking_appt_service[0]).toMatchObject({
      starts_at: '2026-11-01T05:30:00.000Z',
      ends_at: '2026-11-01T06:30:00.000Z',
    });
    // The second 01:30 (EST) is back-to-back with the first booking's end: real minutes, not wall minutes.
    const second = await booked(newYork, newYork.night, '2026-11-01T01:30:00-05:00');
    expect(second.starts_at).toBe('2026-11-01T06:30:00.000Z');
    expect(await daysOf(newYork, '2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z')).toEqual([
      { date: '2026-11-01', count: 2 },
    ]);
  });

  it('reads working hours on the wall clock of that day', async () => {
    // 09:00 EST is 14:00Z; 08:30 EST is outside the store's 09:00-19:00.
    expect((await book(newYork, newYork.day, '2026-11-01T14:00:00Z')).statusCode).toBe(201);
    const early = await book(newYork, newYork.day, '2026-11-01T13:30:00Z');
    expect(early.json().code).toBe(ERROR_CODE.BOOKING_OUTSIDE_HOURS);
  });
});

describe('America/New_York, 2026-03-08: clocks go forward at 02:00 EST to 03:00 EDT', () => {
  it('01:30 is EST; 02:30 does not exist and is 03:30 EDT; both count on March 8', async () => {
    const early = await booked(newYork, newYork.night, '2026-03-08T01:30:00-05:00');
    expect(await storedStart(early)).toEqual(new Date('2026-03-08T06:30:00Z'));
    expect(early.ends_at).toBe('2026-03-08T07:30:00.000Z');
    // What the book sends for a typed 02:30 (wallTimeToInstant): the instant of 03:30 EDT.
    const skipped = storeInstant('2026-03-08', '02:30', 'America/New_York');
    expect(new Date(skipped).toISOString()).toBe('2026-03-08T07:30:00.000Z');
    const late = await booked(newYork, newYork.night, new Date(skipped).toISOString());
    expect(late.starts_at).toBe('2026-03-08T07:30:00.000Z');
    expect(await daysOf(newYork, '2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z')).toEqual([
      { date: '2026-03-08', count: 2 },
    ]);
    // 09:00 EDT is 13:00Z: inside the day technician's hours on the short day.
    expect((await book(newYork, newYork.day, '2026-03-08T13:00:00Z')).statusCode).toBe(201);
    expect((await book(newYork, newYork.day, '2026-03-08T12:45:00Z')).json().code).toBe(
      ERROR_CODE.BOOKING_OUTSIDE_HOURS,
    );
  });
});

describe('Asia/Ho_Chi_Minh (UTC+7, no daylight saving)', () => {
  it('a booking at 01:30 on November 1 is October 31 in UTC and counts on November 1', async () => {
    const early = await booked(saigon, saigon.night, '2026-11-01T01:30:00+07:00');
    expect(await storedStart(early)).toEqual(new Date('2026-10-31T18:30:00Z'));
    expect(early.starts_at).toBe('2026-10-31T18:30:00.000Z');
    expect(await daysOf(saigon, '2026-10-31T00:00:00Z', '2026-11-02T00:00:00Z')).toEqual([
      { date: '2026-11-01', count: 1 },
    ]);
    // 09:00 local is 02:00Z; 08:00 local is before opening.
    expect((await book(saigon, saigon.day, '2026-11-01T02:00:00Z')).statusCode).toBe(201);
    expect((await book(saigon, saigon.day, '2026-11-01T01:00:00Z')).json().code).toBe(
      ERROR_CODE.BOOKING_OUTSIDE_HOURS,
    );
  });
});
