/**
 * A tenant with a full appointment book for the book benchmark (bench/book.ts), written through the DB layer:
 * the route tests' fixture (createTenantWithUsers: tenant, store, workstation, one user per role), the store
 * on the demo store's time zone, `technicians` people who take bookings (is_technician, enable_booking, as
 * tests/support/server/booking-fixtures.ts makes them), one 60-minute service, and `appointments` one-line
 * bookings in the week of today (Sunday first, as the book's week is: machines/booking-book/booking-book.rules.ts).
 *
 * The first booking goes through the real service (createBooking with a parsed createBookingBody); the rest are
 * copies of its rows (bench/api/raw-booking.ts: booking, line, busy segment in one transaction each), so the
 * exclusion constraint checks every segment as it does for the API. Slots are an hour long at 09:00, 11:00,
 * 13:00, 15:00 and 17:00 (inside DEFAULT_BOOKING_HOURS, 09:00-19:00 every day), filled hour by hour, day by
 * day, technician by technician: the hour after every booking is free, so a drag one hour later is accepted.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { createBookingBody } from '../../src/contracts/bookings';
import { addDays, storeInstant, weekdayOf } from '../../src/domain/bookings/availability';
import type { Db } from '../../src/server/db/client';
import { DEMO_STORE } from '../../src/server/seed/demo-data';
import { createBooking } from '../../src/server/services/bookings';
import {
  bookingServices,
  bookingTechnician,
  setStoreTimeZone,
} from '../../tests/support/server/booking-fixtures';
import { createTenantWithUsers } from '../../tests/support/server/tenant-fixture';
import { loadBookingTemplate, prepareRawBooking } from '../api/raw-booking';
import type { Slot } from '../api/booking-slots';

export const SLOT_TIMES = ['09:00', '11:00', '13:00', '15:00', '17:00'] as const;
const LINE_MINUTES = 60;
const NAMES = ['Alice', 'Binh', 'Carmen', 'Duc', 'Elena', 'Farah', 'Giang', 'Hana', 'Ivy', 'Jin'];

export interface SeededBook {
  tenantCode: string;
  /** The manager logs in (every module on). */
  username: string;
  password: string;
  workstationId: number;
  timeZone: string;
  /** The Sunday of the week shown. */
  weekStart: string;
  technicians: number;
  appointments: number;
  /** Bookings at 09:00 (their next hour is free), day by day and technician by technician. */
  early: { id: number; userId: number; date: string }[];
}

export interface SeedBookOptions {
  code: string;
  technicians: number;
  appointments: number;
}

/** Today on the store's wall clock. */
function storeToday(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

export async function seedBookTenant(db: Db, pool: pg.Pool, options: SeedBookOptions): Promise<SeededBook> {
  const timeZone = DEMO_STORE.timezone;
  const fixture = await createTenantWithUsers(db, {
    code: options.code,
    name: `Bench ${options.code}`,
    storeSettings: { ...DEMO_STORE.settings, default_home: 'dashboard' },
  });
  await setStoreTimeZone(db, fixture.store.id, timeZone);
  const people: number[] = [];
  for (let i = 0; i < options.technicians; i += 1) {
    const name = `${NAMES[i % NAMES.length]}${i + 1}`;
    people.push(await bookingTechnician(db, fixture, name, { displayOrder: i + 1 }));
  }
  const [serviceId] = await bookingServices(db, fixture, [
    { name: 'Gel Manicure', price: 3_500, durationMinutes: LINE_MINUTES },
  ]);

  const today = storeToday(timeZone);
  const weekStart = addDays(today, -weekdayOf(today));
  const capacity = SLOT_TIMES.length * 7 * people.length;
  if (options.appointments > capacity)
    throw new Error(`${options.appointments} appointments do not fit in ${capacity} slots`);
  const slots: (Slot & { date: string })[] = [];
  for (const time of SLOT_TIMES)
    for (let day = 0; day < 7; day += 1)
      for (const userId of people) {
        if (slots.length === options.appointments) break;
        const date = addDays(weekStart, day);
        const start = storeInstant(date, time, timeZone);
        const end = start + LINE_MINUTES * 60_000;
        slots.push({ userId, startsAt: new Date(start).toISOString(), start, end, date });
      }

  const [first, ...rest] = slots;
  if (!first) throw new Error('no appointments to seed');
  const body = createBookingBody.parse({
    uuid: randomUUID(),
    customer_name: 'Mai Tran',
    booking_appt_service: [
      {
        service_id: serviceId,
        user_id: first.userId,
        starts_at: first.startsAt,
        duration_minutes: LINE_MINUTES,
      },
    ],
  });
  const made = await db.transaction((tx) => createBooking(tx, fixture.auth('manager'), body));
  const ids = [made.booking.id];
  const client = await pool.connect();
  try {
    const raw = await prepareRawBooking(client, await loadBookingTemplate(client, made.booking.id));
    for (const slot of rest) ids.push(await raw.create(client, slot));
  } finally {
    client.release();
  }

  const early = slots
    .map((slot, i) => ({ id: ids[i]!, userId: slot.userId, date: slot.date, start: slot.start }))
    .filter((s) => s.start === storeInstant(s.date, SLOT_TIMES[0], timeZone))
    .map(({ id, userId, date }) => ({ id, userId, date }));
  const manager = fixture.users.manager;
  return {
    tenantCode: fixture.tenantCode,
    username: manager.username,
    password: manager.password,
    workstationId: fixture.workstation.id,
    timeZone,
    weekStart,
    technicians: people.length,
    appointments: slots.length,
    early,
  };
}
