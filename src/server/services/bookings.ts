/**
 * Booking writes: create, edit, delete (docs/appointments.md; schemas src/contracts/bookings.ts; routes
 * src/server/routes/bookings/bookings-routes.ts). Status moves, assign, bulk and attributes:
 * booking-moves.ts. Reads: bookings-read.ts.
 *
 * Create, in the caller's transaction (the Idempotency-Key's, src/server/idempotency.ts):
 *   the uuid already booked → that booking (200, nothing written) →
 *   the customer, then the lines (booking-lines.ts: 422 validation / technician / hours) →
 *   insert the booking, its lines and their busy segments (booking-segments.ts: 409 booking_conflict) →
 *   publish on the store's live channel (LIVE_TOPIC.BOOKINGS), which is heard only if this commits.
 * Edit (PUT) replaces the lines: lines with an id are updated, without one added, left out removed; the
 * booking's segments are written again. Only EDITABLE_STATUSES; a version other than the current one is 409
 * booking_stale with details.booking.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Booking, CreateBookingBody, UpdateBookingBody } from '../../contracts/bookings';
import { BOOKING_STATUS_ERROR_CODE, ERROR_CODE } from '../../contracts/error-codes';
import { LIVE_TOPIC } from '../../contracts/live';
import { lineEnd } from '../../domain/bookings/segments';
import {
  BOOKING_STATUS,
  BOOKING_STATUS_ERROR,
  holdsTime,
  isEditableBooking,
} from '../../domain/bookings/status';
import type { BookingStatus } from '../../domain/bookings/status';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { bookingLines, bookings } from '../db/schema/bookings';
import { conflict, notFound, unprocessable, VALIDATION_MESSAGE } from '../errors';
import { publishStoreChange } from '../live/publish';
import { writeResourceAudit } from '../resources/audit';
import { storeTimeZone } from './booking-hours';
import type { StoreScope } from './booking-hours';
import { prepareLines } from './booking-lines';
import type { PreparedLine } from './booking-lines';
import { deleteSegments, insertSegments } from './booking-segments';
import type { SegmentLine } from './booking-segments';
import { BOOKING_NOT_FOUND, bookingWhere, loadBooking, loadBookingByUuid, scopeOf } from './bookings-read';
import { findActiveCustomer } from './customers';

export const UNKNOWN_CUSTOMER_MESSAGE = 'This customer does not exist or is no longer active.';
export const UUID_REUSED_MESSAGE =
  'A booking in another store was already made with this uuid. Use a new uuid for a new booking.';
export const ALREADY_BOOKED_MESSAGE = 'This booking was already made.';
export const BOOKING_STALE_MESSAGE = 'This booking was changed on another screen. Look at it again.';
export const NOT_EDITABLE_MESSAGE =
  'This booking is in service, completed, cancelled or a no-show: its time and services are fixed.';

const STORED_PHONE = /^\+?\d{4,20}$/;

/** The booking's row locked for this transaction, or 404. */
export async function lockBooking(db: Queryable, scope: StoreScope, id: number) {
  const [row] = await db
    .select({
      id: bookings.id,
      status: bookings.status,
      version: bookings.version,
      attributes: bookings.attributes,
      walkInId: bookings.walkInId,
      saleId: bookings.saleId,
    })
    .from(bookings)
    .where(bookingWhere(scope, eq(bookings.id, id)))
    .limit(1)
    .for('update');
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  return row;
}

/** 409 booking_stale (details.booking: the current booking) when the screen saw another version. */
export async function checkVersion(
  db: Queryable,
  scope: StoreScope,
  id: number,
  current: number,
  expected: number | undefined,
): Promise<void> {
  if (expected === undefined || expected === current) return;
  const booking = await loadBooking(db, scope, id);
  throw conflict(BOOKING_STALE_MESSAGE, ERROR_CODE.BOOKING_STALE, { booking });
}

export function notEditable() {
  return conflict(NOT_EDITABLE_MESSAGE, BOOKING_STATUS_ERROR_CODE[BOOKING_STATUS_ERROR.NOT_EDITABLE]);
}

/** Publish on the store's live channel, load the booking as the API shows it. */
export async function publishAndLoad(db: Queryable, scope: StoreScope, id: number): Promise<Booking> {
  const booking = await loadBooking(db, scope, id);
  if (!booking) throw new Error(`booking ${id} vanished in its own transaction`);
  await publishStoreChange(db, scope.tenantId, scope.storeId, LIVE_TOPIC.BOOKINGS, [id], booking.version);
  return booking;
}

async function customerFields(
  db: Queryable,
  auth: AuthContext,
  body: CreateBookingBody | UpdateBookingBody,
): Promise<{
  customerId: number | null;
  customerName: string;
  telephone: string | null;
  notes: string | null;
}> {
  let phone: string | null = null;
  if (body.customer_id) {
    const customer = await findActiveCustomer(db, auth, body.customer_id);
    if (!customer) throw unprocessable(VALIDATION_MESSAGE, { customer_id: [UNKNOWN_CUSTOMER_MESSAGE] });
    phone = customer.phone && STORED_PHONE.test(customer.phone) ? customer.phone : null;
  }
  return {
    customerId: body.customer_id ?? null,
    customerName: body.customer_name,
    telephone: body.telephone ?? phone,
    notes: body.notes ?? null,
  };
}

function extentOf(lines: readonly PreparedLine[]): { startsAt: Date; endsAt: Date } {
  return {
    startsAt: new Date(Math.min(...lines.map((l) => l.timing.start))),
    endsAt: new Date(Math.max(...lines.map((l) => lineEnd(l.timing)))),
  };
}

function lineValues(line: PreparedLine, position: number) {
  return {
    position,
    serviceId: line.serviceId,
    serviceName: line.serviceName,
    taxes: line.taxes,
    unitPrice: line.unitPrice,
    userId: line.userId,
    startsAt: new Date(line.timing.start),
    durationMinutes: line.timing.durationMinutes,
    processingOffsetMinutes: line.timing.processingMinutes > 0 ? line.timing.processingOffsetMinutes : null,
    processingMinutes: line.timing.processingMinutes,
    bufferBeforeMinutes: line.timing.bufferBeforeMinutes,
    bufferAfterMinutes: line.timing.bufferAfterMinutes,
  };
}

/**
 * Stores `lines` as the booking's lines (update those with an id, insert the others, delete the rest), then
 * its segments again when its status holds time.
 */
export async function writeLines(
  db: Queryable,
  scope: StoreScope,
  timeZone: string,
  bookingId: number,
  status: BookingStatus,
  lines: readonly PreparedLine[],
): Promise<void> {
  const lineScope = and(eq(bookingLines.tenantId, scope.tenantId), eq(bookingLines.bookingId, bookingId));
  const kept = lines.flatMap((l) => (l.id !== undefined ? [l.id] : []));
  await db
    .delete(bookingLines)
    .where(and(lineScope, kept.length > 0 ? notInArray(bookingLines.id, kept) : undefined));
  const stored: SegmentLine[] = [];
  for (const [position, line] of lines.entries()) {
    const values = lineValues(line, position);
    let lineId = line.id;
    if (lineId !== undefined) {
      await db
        .update(bookingLines)
        .set(values)
        .where(and(lineScope, eq(bookingLines.id, lineId)));
    } else {
      const [row] = await db
        .insert(bookingLines)
        .values({ tenantId: scope.tenantId, storeId: scope.storeId, bookingId, ...values })
        .returning({ id: bookingLines.id });
      lineId = row!.id;
    }
    stored.push({ lineId, index: line.index, userId: line.userId, timing: line.timing });
  }
  await deleteSegments(db, scope, bookingId);
  if (holdsTime(status)) await insertSegments(db, scope, timeZone, bookingId, stored);
}

export interface CreatedBooking {
  booking: Booking;
  /** false: the uuid was already booked and `booking` is that booking (nothing was written). */
  created: boolean;
}

/** POST /api/pos/bookingAppt, in the caller's transaction. */
export async function createBooking(
  db: Queryable,
  auth: AuthContext,
  body: CreateBookingBody,
): Promise<CreatedBooking> {
  const scope = scopeOf(auth);
  // Two creates of one uuid under different Idempotency-Keys (two devices replaying one offline booking) run
  // one after the other; the second finds the first.
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`booking-uuid:${auth.tenantId}:${body.uuid}`}, 0))`,
  );
  const existing = await loadBookingByUuid(db, auth.tenantId, body.uuid);
  if (existing) {
    if (existing.store_id !== scope.storeId) throw conflict(UUID_REUSED_MESSAGE, ERROR_CODE.UUID_REUSED);
    return { booking: existing, created: false };
  }

  const customer = await customerFields(db, auth, body);
  const timeZone = await storeTimeZone(db, scope);
  const lines = await prepareLines(db, scope, timeZone, body.booking_appt_service, {
    allowOutsideHours: body.allow_outside_hours,
  });
  const [row] = await db
    .insert(bookings)
    .values({
      tenantId: scope.tenantId,
      storeId: scope.storeId,
      uuid: body.uuid,
      ...customer,
      status: body.status,
      ...extentOf(lines),
      createdBy: auth.userId,
    })
    .returning({ id: bookings.id });
  const id = row!.id;
  await writeLines(db, scope, timeZone, id, body.status, lines);
  return { booking: await publishAndLoad(db, scope, id), created: true };
}

/** PUT /api/pos/bookingAppt/:id, in the caller's transaction. */
export async function updateBooking(
  db: Queryable,
  auth: AuthContext,
  id: number,
  body: UpdateBookingBody,
): Promise<Booking> {
  const scope = scopeOf(auth);
  const row = await lockBooking(db, scope, id);
  await checkVersion(db, scope, id, row.version, body.version);
  if (!isEditableBooking(row.status)) throw notEditable();

  const stored = await db
    .select()
    .from(bookingLines)
    .where(and(eq(bookingLines.tenantId, scope.tenantId), eq(bookingLines.bookingId, id)));
  const customer = await customerFields(db, auth, body);
  const timeZone = await storeTimeZone(db, scope);
  const lines = await prepareLines(db, scope, timeZone, body.booking_appt_service, {
    allowOutsideHours: body.allow_outside_hours,
    existing: new Map(stored.map((l) => [l.id, l])),
  });
  await writeLines(db, scope, timeZone, id, row.status, lines);
  await db
    .update(bookings)
    .set({ ...customer, ...extentOf(lines), version: row.version + 1 })
    .where(bookingWhere(scope, eq(bookings.id, id)));
  return publishAndLoad(db, scope, id);
}

/** Statuses a booking may be deleted in: not once a sale may have it (in service, completed). */
const DELETABLE: readonly BookingStatus[] = [
  BOOKING_STATUS.BOOKED,
  BOOKING_STATUS.CONFIRMED,
  BOOKING_STATUS.ARRIVED,
  BOOKING_STATUS.CANCELLED,
  BOOKING_STATUS.NO_SHOW,
];

/** Deletes bookings of the store (their lines and segments go with them), audited; in the caller's transaction. */
export async function deleteBookings(
  db: Queryable,
  auth: AuthContext,
  ids: readonly number[],
): Promise<void> {
  const scope = scopeOf(auth);
  const before: Booking[] = [];
  for (const id of ids) {
    const row = await lockBooking(db, scope, id);
    if (!DELETABLE.includes(row.status)) throw notEditable();
    before.push((await loadBooking(db, scope, id))!);
  }
  await db.delete(bookings).where(bookingWhere(scope, inArray(bookings.id, [...ids])));
  await writeResourceAudit(
    db,
    auth,
    before.map((b) => ({
      action: 'bookings.delete',
      entityType: 'booking',
      entityId: b.id,
      before: b,
      after: null,
    })),
  );
  await publishStoreChange(db, scope.tenantId, scope.storeId, LIVE_TOPIC.BOOKINGS, ids);
}
