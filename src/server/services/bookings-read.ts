/**
 * Reading bookings (docs/appointments.md): one booking with its lines, the book's range, the unassigned column,
 * bookings per store date (stores.timezone) and the most booked services. Instants leave as ISO-8601 UTC.
 * Writes: src/server/services/bookings.ts and booking-moves.ts.
 */
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Booking, BookingLine, BookingRangeQuery } from '../../contracts/bookings';
import { BOOKING_STATUS, BOOKING_STATUS_VALUES } from '../../domain/bookings/status';
import type { BookingStatus } from '../../domain/bookings/status';
import { lineEnd } from '../../domain/bookings/segments';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { bookingLines, bookings } from '../db/schema/bookings';
import { scopeStoreId } from '../db/scoped';
import { notFound, unprocessable } from '../errors';
import { storeTimeZone } from './booking-hours';
import type { StoreScope } from './booking-hours';

export const BOOKING_NOT_FOUND = 'Booking not found.';
export const UNKNOWN_STATUS_MESSAGE = `Statuses are ${BOOKING_STATUS_VALUES.join(', ')}.`;

type BookingRow = typeof bookings.$inferSelect;
type LineRow = typeof bookingLines.$inferSelect;

export function scopeOf(auth: AuthContext): StoreScope {
  return { tenantId: auth.tenantId, storeId: scopeStoreId(auth) };
}

export function bookingWhere(scope: StoreScope, ...conditions: (SQL | undefined)[]): SQL {
  return and(
    eq(bookings.tenantId, scope.tenantId),
    eq(bookings.storeId, scope.storeId),
    ...conditions,
  ) as SQL;
}

export function lineView(row: LineRow): BookingLine {
  return {
    id: row.id,
    service_id: row.serviceId,
    service_name: row.serviceName,
    taxes: row.taxes,
    unit_price: row.unitPrice,
    user_id: row.userId,
    starts_at: row.startsAt.toISOString(),
    ends_at: new Date(
      lineEnd({ start: row.startsAt.getTime(), durationMinutes: row.durationMinutes }),
    ).toISOString(),
    duration_minutes: row.durationMinutes,
    processing_offset_minutes: row.processingOffsetMinutes,
    processing_minutes: row.processingMinutes,
    buffer_before_minutes: row.bufferBeforeMinutes,
    buffer_after_minutes: row.bufferAfterMinutes,
  };
}

function bookingView(row: BookingRow, lines: readonly LineRow[]): Booking {
  return {
    id: row.id,
    uuid: row.uuid,
    store_id: row.storeId,
    customer_id: row.customerId,
    customer_name: row.customerName,
    telephone: row.telephone,
    notes: row.notes,
    status: row.status,
    version: row.version,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    booking_appt_service: lines.map(lineView),
    attributes: {
      ...(row.attributes.color !== undefined
        ? { color: row.attributes.color as Booking['attributes']['color'] }
        : {}),
      ...(row.attributes.requested !== undefined ? { requested: row.attributes.requested } : {}),
      ...(row.attributes.reminder_opt_out !== undefined
        ? { reminder_opt_out: row.attributes.reminder_opt_out }
        : {}),
    },
    walk_in_id: row.walkInId,
    sale_id: row.saleId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The bookings of `rows` with their lines (only `onlyUser`'s lines when given), in the rows' order. */
async function withLines(
  db: Queryable,
  tenantId: number,
  rows: readonly BookingRow[],
  onlyUser?: number,
): Promise<Booking[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(bookingLines)
    .where(
      and(
        eq(bookingLines.tenantId, tenantId),
        inArray(
          bookingLines.bookingId,
          rows.map((r) => r.id),
        ),
        onlyUser !== undefined ? eq(bookingLines.userId, onlyUser) : undefined,
      ),
    )
    .orderBy(asc(bookingLines.bookingId), asc(bookingLines.position));
  const byBooking = new Map<number, LineRow[]>();
  for (const line of lines) {
    const list = byBooking.get(line.bookingId) ?? [];
    list.push(line);
    byBooking.set(line.bookingId, list);
  }
  return rows.map((row) => bookingView(row, byBooking.get(row.id) ?? []));
}

/** One booking of the store, or null. */
export async function loadBooking(db: Queryable, scope: StoreScope, id: number): Promise<Booking | null> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(bookingWhere(scope, eq(bookings.id, id)))
    .limit(1);
  if (!row) return null;
  const [booking] = await withLines(db, scope.tenantId, [row]);
  return booking ?? null;
}

export async function getBooking(db: Queryable, auth: AuthContext, id: number): Promise<Booking> {
  const booking = await loadBooking(db, scopeOf(auth), id);
  if (!booking) throw notFound(BOOKING_NOT_FOUND);
  return booking;
}

export async function loadBookingByUuid(
  db: Queryable,
  tenantId: number,
  uuid: string,
): Promise<Booking | null> {
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.tenantId, tenantId), eq(bookings.uuid, uuid)))
    .limit(1);
  if (!row) return null;
  const [booking] = await withLines(db, tenantId, [row]);
  return booking ?? null;
}

/** The statuses a range query asks for: its comma list, else all but cancelled and no-show. */
function statusesOf(query: BookingRangeQuery): BookingStatus[] {
  if (!query.status) {
    return BOOKING_STATUS_VALUES.filter(
      (s) => s !== BOOKING_STATUS.CANCELLED && s !== BOOKING_STATUS.NO_SHOW,
    );
  }
  const asked = query.status
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const unknown = asked.filter((s) => !(BOOKING_STATUS_VALUES as readonly string[]).includes(s));
  if (unknown.length > 0) throw unprocessable(UNKNOWN_STATUS_MESSAGE, { status: [UNKNOWN_STATUS_MESSAGE] });
  return asked as BookingStatus[];
}

/** Bookings of the store that overlap [from, to) in the asked statuses, and any extra condition. */
function rangeWhere(scope: StoreScope, query: BookingRangeQuery, ...extra: (SQL | undefined)[]): SQL {
  return bookingWhere(
    scope,
    lt(bookings.startsAt, new Date(query.to)),
    gt(bookings.endsAt, new Date(query.from)),
    inArray(bookings.status, statusesOf(query)),
    ...extra,
  );
}

function hasLine(condition: SQL): SQL {
  return sql`exists (select 1 from ${bookingLines} where ${bookingLines.tenantId} = ${bookings.tenantId} and ${bookingLines.bookingId} = ${bookings.id} and ${condition})`;
}

/** GET /api/pos/bookingAppt: the book's bookings in a range, first start first. */
export async function listBookings(
  db: Queryable,
  auth: AuthContext,
  query: BookingRangeQuery,
): Promise<Booking[]> {
  const scope = scopeOf(auth);
  const rows = await db
    .select()
    .from(bookings)
    .where(
      rangeWhere(
        scope,
        query,
        query.user_id !== undefined ? hasLine(eq(bookingLines.userId, query.user_id)) : undefined,
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  return withLines(db, scope.tenantId, rows, query.user_id);
}

/** GET /api/pos/bookingAppt/unassigned: bookings in the range with a line nobody is booked for. */
export async function listUnassigned(
  db: Queryable,
  auth: AuthContext,
  query: BookingRangeQuery,
): Promise<Booking[]> {
  const scope = scopeOf(auth);
  const rows = await db
    .select()
    .from(bookings)
    .where(rangeWhere(scope, query, hasLine(isNull(bookingLines.userId))))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  return withLines(db, scope.tenantId, rows);
}

/** GET /api/pos/bookingAppt/count-in-days: bookings per store date (of their start) in the range. */
export async function countInDays(
  db: Queryable,
  auth: AuthContext,
  query: BookingRangeQuery,
): Promise<{ date: string; count: number }[]> {
  const scope = scopeOf(auth);
  const timeZone = await storeTimeZone(db, scope);
  const date = sql<string>`to_char(${bookings.startsAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date, count: count() })
    .from(bookings)
    .where(
      rangeWhere(
        scope,
        query,
        query.user_id !== undefined ? hasLine(eq(bookingLines.userId, query.user_id)) : undefined,
      ),
    )
    // By position: the time zone is a bound parameter, and the same expression bound twice is not the
    // same expression to PostgreSQL's GROUP BY check.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows.map((r) => ({ date: r.date, count: Number(r.count) }));
}

/** How many services GET /top-services lists. */
export const TOP_SERVICES = 5;

/** GET /api/pos/bookingAppt/top-services: the most booked services of the range's bookings, most first. */
export async function topServices(
  db: Queryable,
  auth: AuthContext,
  query: BookingRangeQuery,
): Promise<{ service_id: number; service_name: string; count: number }[]> {
  const scope = scopeOf(auth);
  const n = count();
  const rows = await db
    .select({
      serviceId: bookingLines.serviceId,
      // The name the service was last booked under.
      serviceName: sql<string>`(array_agg(${bookingLines.serviceName} order by ${bookingLines.id} desc))[1]`,
      n,
    })
    .from(bookingLines)
    .innerJoin(
      bookings,
      and(eq(bookings.tenantId, bookingLines.tenantId), eq(bookings.id, bookingLines.bookingId)),
    )
    .where(
      rangeWhere(
        scope,
        query,
        query.user_id !== undefined ? eq(bookingLines.userId, query.user_id) : undefined,
      ),
    )
    .groupBy(bookingLines.serviceId)
    .orderBy(desc(n), asc(bookingLines.serviceId))
    .limit(TOP_SERVICES);
  return rows.map((r) => ({ service_id: r.serviceId, service_name: r.serviceName, count: Number(r.n) }));
}
