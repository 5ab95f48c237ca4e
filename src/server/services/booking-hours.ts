/**
 * Who can be booked and when (docs/appointments.md#availability): technicians with users.enable_booking, active,
 * working in the store (home store null = every store); their weekly hours (booking_hours.hours, or the store's
 * DEFAULT_BOOKING_HOURS when they have none) and days off. The pure window arithmetic is
 * src/domain/bookings/availability.ts; this file only reads and writes the rows.
 */
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { BookableEmployee, BookingHoursBody } from '../../contracts/bookings';
import { DEFAULT_BOOKING_HOURS, WEEKDAYS } from '../../domain/bookings/availability';
import type { DayHours, WeeklyHours } from '../../domain/bookings/availability';
import { isoToStoreTime } from '../../domain/store-time';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { bookingHours } from '../db/schema/bookings';
import { stores } from '../db/schema/stores';
import { users } from '../db/schema/users';
import { scopeStoreId, tenantIdWhere } from '../db/scoped';
import { notFound } from '../errors';

export const EMPLOYEE_NOT_FOUND = 'Employee not found.';

/** A tenant and store: what every booking query is scoped by. */
export interface StoreScope {
  tenantId: number;
  storeId: number;
}

export interface Availability {
  hours: WeeklyHours;
  /** Whether `hours` are the technician's own (false: the store's). */
  own: boolean;
  daysOff: ReadonlySet<string>;
}

export function weekFromList(list: readonly (DayHours | null)[]): WeeklyHours {
  const week = { ...DEFAULT_BOOKING_HOURS };
  for (const day of WEEKDAYS) week[day] = list[day] ?? null;
  return week;
}

export function listFromWeek(week: WeeklyHours): (DayHours | null)[] {
  return WEEKDAYS.map((day) => week[day]);
}

/** The store date (stores.timezone wall clock) of an instant. */
export function storeDateOf(at: Date | number, timeZone: string): string {
  return isoToStoreTime(new Date(at).toISOString(), timeZone).slice(0, 10);
}

export async function storeTimeZone(db: Queryable, scope: StoreScope): Promise<string> {
  const [row] = await db
    .select({ timezone: stores.timezone })
    .from(stores)
    .where(and(eq(stores.tenantId, scope.tenantId), eq(stores.id, scope.storeId)))
    .limit(1);
  if (!row) throw notFound('Store not found.');
  return row.timezone;
}

/** The hours and days off of each of `userIds` (the store's hours for those without their own). */
export async function availabilityOf(
  db: Queryable,
  tenantId: number,
  userIds: readonly number[],
): Promise<Map<number, Availability>> {
  const out = new Map<number, Availability>();
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: bookingHours.userId, hours: bookingHours.hours, daysOff: bookingHours.daysOff })
    .from(bookingHours)
    .where(and(eq(bookingHours.tenantId, tenantId), inArray(bookingHours.userId, [...new Set(userIds)])));
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  for (const id of userIds) {
    const row = byUser.get(id);
    out.set(id, {
      hours: row?.hours ? weekFromList(row.hours) : DEFAULT_BOOKING_HOURS,
      own: Boolean(row?.hours),
      daysOff: new Set(row?.daysOff ?? []),
    });
  }
  return out;
}

/** Active, taking bookings, working in the store (users.store_id null = every store of the tenant). */
function bookableWhere(scope: StoreScope) {
  return and(
    eq(users.tenantId, scope.tenantId),
    eq(users.isActive, true),
    eq(users.enableBooking, true),
    or(isNull(users.storeId), eq(users.storeId, scope.storeId)),
  );
}

/** Of `userIds`, the ones who may be booked in the store. */
export async function bookableAmong(
  db: Queryable,
  scope: StoreScope,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(bookableWhere(scope), inArray(users.id, [...new Set(userIds)])));
  return new Set(rows.map((r) => r.id));
}

/** Every technician who may be booked in the store, in the employee lists' order. */
export async function bookableTechnicians(
  db: Queryable,
  scope: StoreScope,
): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(bookableWhere(scope))
    .orderBy(asc(users.displayOrder), asc(users.displayName), asc(users.id));
}

function employeeView(user: { id: number; name: string }, availability: Availability): BookableEmployee {
  return {
    id: user.id,
    name: user.name,
    hours: listFromWeek(availability.hours),
    own_hours: availability.own,
    days_off: [...availability.daysOff].sort(),
  };
}

/** GET /api/pos/employees/enable-booking. */
export async function listBookableEmployees(db: Queryable, auth: AuthContext): Promise<BookableEmployee[]> {
  const scope = { tenantId: auth.tenantId, storeId: scopeStoreId(auth) };
  const people = await bookableTechnicians(db, scope);
  const availability = await availabilityOf(
    db,
    auth.tenantId,
    people.map((p) => p.id),
  );
  return people.map((p) => employeeView(p, availability.get(p.id)!));
}

/** An employee of the session's store (or tenant-wide): whose hours may be read and set there. */
async function employeeOf(db: Queryable, auth: AuthContext, userId: number) {
  const storeId = scopeStoreId(auth);
  const [row] = await db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(tenantIdWhere(users, auth, userId, or(isNull(users.storeId), eq(users.storeId, storeId))))
    .limit(1);
  if (!row) throw notFound(EMPLOYEE_NOT_FOUND);
  return row;
}

/** GET /api/pos/employees/:id/booking-hours. */
export async function getBookingHours(
  db: Queryable,
  auth: AuthContext,
  userId: number,
): Promise<BookableEmployee> {
  const user = await employeeOf(db, auth, userId);
  const availability = await availabilityOf(db, auth.tenantId, [userId]);
  return employeeView(user, availability.get(userId)!);
}

/** PUT /api/pos/employees/:id/booking-hours: replaces the weekly hours (null = the store's) and the days off. */
export async function putBookingHours(
  db: Queryable,
  auth: AuthContext,
  userId: number,
  body: BookingHoursBody,
): Promise<BookableEmployee> {
  const user = await employeeOf(db, auth, userId);
  const values = { hours: body.hours ?? null, daysOff: [...new Set(body.days_off)].sort() };
  await db
    .insert(bookingHours)
    .values({ tenantId: auth.tenantId, userId, ...values })
    .onConflictDoUpdate({ target: [bookingHours.tenantId, bookingHours.userId], set: values });
  const availability = await availabilityOf(db, auth.tenantId, [userId]);
  return employeeView(user, availability.get(userId)!);
}
