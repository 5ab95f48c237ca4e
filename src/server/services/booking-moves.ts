/**
 * A booking's moves (docs/appointments.md#status): status, assign a line, bulk status or delete, attributes;
 * and the two calls other flows make inside their own transactions: completeBookingForSale (the sale that
 * names booking_id) and arriveIntoQueue (arrival into the walk-in queue). Which status move is allowed is the
 * domain's rule (src/domain/bookings/status.ts moveBooking), refused with 409 booking_status_refused.
 *
 * Every move locks the booking's row, checks the version the screen saw (409 booking_stale), bumps the version
 * and publishes on the store's live channel, in the caller's transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type {
  AssignBookingBody,
  Booking,
  BookingAttributeBody,
  BookingStatusBody,
  BulkBookingBody,
} from '../../contracts/bookings';
import { BOOKING_STATUS_ERROR_CODE } from '../../contracts/error-codes';
import { createWalkInBody } from '../../contracts/walk-ins';
import { BOOKING_STATUS, holdsTime, isEditableBooking, moveBooking } from '../../domain/bookings/status';
import type { BookingStatus } from '../../domain/bookings/status';
import type { AuthContext } from '../auth-context';
import type { Queryable } from '../db/client';
import { bookingLines, bookings } from '../db/schema/bookings';
import { conflict, HttpError, notFound, unprocessable, VALIDATION_MESSAGE } from '../errors';
import { writeResourceAudit } from '../resources/audit';
import { storeTimeZone } from './booking-hours';
import type { StoreScope } from './booking-hours';
import { checkHours, checkTechnicians, timingOf } from './booking-lines';
import type { PreparedLine } from './booking-lines';
import { deleteSegments } from './booking-segments';
import {
  checkVersion,
  deleteBookings,
  lockBooking,
  notEditable,
  publishAndLoad,
  writeLines,
} from './bookings';
import { bookingWhere, loadBooking, scopeOf } from './bookings-read';
import { createWalkIn, takesWalkIns } from './walk-ins';

export const STATUS_REFUSED_MESSAGE = 'This booking cannot move to that status from its current one.';
export const UNKNOWN_LINE_MESSAGE = 'This line is not part of this booking.';
export const BULK_STATUS_MESSAGE = 'Choose the status to set.';

function refused(): HttpError {
  return conflict(STATUS_REFUSED_MESSAGE, BOOKING_STATUS_ERROR_CODE.booking_status_refused);
}

async function bumpVersion(
  db: Queryable,
  scope: StoreScope,
  id: number,
  set: Partial<typeof bookings.$inferInsert>,
) {
  await db
    .update(bookings)
    .set({ ...set, version: sqlIncrement() })
    .where(bookingWhere(scope, eq(bookings.id, id)));
}

/** version + 1 in SQL: the locked row's own value. */
function sqlIncrement() {
  return sql`${bookings.version} + 1`;
}

/** The booking's lines as stored, in order (assign rewrites them). */
async function storedLines(db: Queryable, scope: StoreScope, id: number) {
  return db
    .select()
    .from(bookingLines)
    .where(and(eq(bookingLines.tenantId, scope.tenantId), eq(bookingLines.bookingId, id)))
    .orderBy(asc(bookingLines.position));
}

export interface StatusMove {
  status: BookingStatus;
  version?: number;
  reason?: string | null;
  arrival?: BookingStatusBody['arrival'];
}

/** One status move of a locked booking of the store (no publish), audited with its reason. */
async function applyStatus(
  db: Queryable,
  auth: AuthContext,
  scope: StoreScope,
  id: number,
  input: StatusMove,
) {
  const row = await lockBooking(db, scope, id);
  await checkVersion(db, scope, id, row.version, input.version);
  const move = moveBooking(row.status, input.status);
  if (!move.ok) throw conflict(STATUS_REFUSED_MESSAGE, BOOKING_STATUS_ERROR_CODE[move.code]);
  // Cancelled and no-show give the time back (docs/appointments.md#busy-segments-and-no-double-booking).
  if (!holdsTime(move.status)) await deleteSegments(db, scope, id);
  let walkInId = row.walkInId;
  if (move.status === BOOKING_STATUS.ARRIVED && input.arrival === 'queue' && walkInId === null) {
    walkInId = await arriveIntoQueue(db, auth, id);
  }
  await bumpVersion(db, scope, id, { status: move.status, walkInId });
  await writeResourceAudit(db, auth, [
    {
      action: 'bookings.status',
      entityType: 'booking',
      entityId: id,
      before: { status: row.status },
      after: { status: move.status, reason: input.reason ?? null },
    },
  ]);
}

/** POST /api/pos/bookingAppt/:id/status. */
export async function moveBookingStatus(
  db: Queryable,
  auth: AuthContext,
  id: number,
  body: StatusMove,
): Promise<Booking> {
  const scope = scopeOf(auth);
  await applyStatus(db, auth, scope, id, body);
  return publishAndLoad(db, scope, id);
}

/** POST /api/pos/bookingAppt/assign: a line goes to a technician (hours and conflicts checked as on an edit). */
export async function assignBookingLine(
  db: Queryable,
  auth: AuthContext,
  body: AssignBookingBody,
): Promise<Booking> {
  const scope = scopeOf(auth);
  const row = await lockBooking(db, scope, body.booking_id);
  await checkVersion(db, scope, body.booking_id, row.version, body.version);
  if (!isEditableBooking(row.status)) throw notEditable();
  const stored = await storedLines(db, scope, body.booking_id);
  const index = stored.findIndex((l) => l.id === body.line_id);
  if (index < 0) throw unprocessable(VALIDATION_MESSAGE, { line_id: [UNKNOWN_LINE_MESSAGE] });
  const lines: PreparedLine[] = stored.map((l, i) => ({
    id: l.id,
    index: i,
    serviceId: l.serviceId,
    serviceName: l.serviceName,
    taxes: l.taxes,
    unitPrice: l.unitPrice,
    userId: i === index ? body.user_id : l.userId,
    timing: timingOf(l),
  }));
  const moved = lines[index]!;
  const timeZone = await storeTimeZone(db, scope);
  await checkTechnicians(db, scope, [moved]);
  if (!body.allow_outside_hours) await checkHours(db, scope, timeZone, [moved]);
  await writeLines(db, scope, timeZone, body.booking_id, row.status, lines);
  await bumpVersion(db, scope, body.booking_id, {});
  return publishAndLoad(db, scope, body.booking_id);
}

/** POST /api/pos/bookingAppt/bulk: every booking moves (or goes), or none (the caller's transaction rolls back). */
export async function bulkBookings(
  db: Queryable,
  auth: AuthContext,
  body: BulkBookingBody,
): Promise<{ ids: number[]; bookings: Booking[] }> {
  const scope = scopeOf(auth);
  // Locked in id order, so two batches over the same bookings wait for each other instead of deadlocking.
  const ids = [...new Set(body.ids)].sort((x, y) => x - y);
  if (body.action === 'delete') {
    await deleteBookings(db, auth, ids);
    return { ids, bookings: [] };
  }
  const status = body.status;
  if (!status) throw unprocessable(VALIDATION_MESSAGE, { status: [BULK_STATUS_MESSAGE] });
  for (const id of ids) {
    try {
      await applyStatus(db, auth, scope, id, { status, reason: body.reason ?? null });
    } catch (error) {
      // Which booking stopped the batch, for the screen to point at.
      if (error instanceof HttpError) {
        throw new HttpError(error.statusCode, error.message, error.errors, error.code, {
          ...error.details,
          booking_id: id,
        });
      }
      throw error;
    }
  }
  const out: Booking[] = [];
  for (const id of ids) out.push(await publishAndLoad(db, scope, id));
  return { ids, bookings: out };
}

/** POST /api/pos/bookingAppt/:id/attribute: colour, requested, reminder opt-out (any status). */
export async function setBookingAttribute(
  db: Queryable,
  auth: AuthContext,
  id: number,
  body: BookingAttributeBody,
): Promise<Booking> {
  const scope = scopeOf(auth);
  const row = await lockBooking(db, scope, id);
  await bumpVersion(db, scope, id, { attributes: { ...row.attributes, [body.key]: body.value } });
  return publishAndLoad(db, scope, id);
}

/**
 * For the sale-completion transaction (the sale's body names booking_id, docs/appointments.md#status): marks
 * the booking completed with the sale's id, in `tx`. A booking not yet in service passes through in service
 * (both moves are the domain's: booked/confirmed/arrived → in_service → completed); one already completed by
 * this same sale is left as it is (a replayed sale). Anything else is 409 booking_status_refused; an unknown
 * booking 404. Publishes on the store's live channel; the caller's transaction decides whether it happened.
 */
export async function completeBookingForSale(
  tx: Queryable,
  input: { tenantId: number; storeId: number; bookingId: number; saleId: number },
): Promise<Booking> {
  const scope = { tenantId: input.tenantId, storeId: input.storeId };
  const row = await lockBooking(tx, scope, input.bookingId);
  if (row.status === BOOKING_STATUS.COMPLETED && row.saleId === input.saleId) {
    return (await loadBooking(tx, scope, input.bookingId))!;
  }
  let status: BookingStatus = row.status;
  if (status !== BOOKING_STATUS.IN_SERVICE) {
    const start = moveBooking(status, BOOKING_STATUS.IN_SERVICE);
    if (!start.ok) throw refused();
    status = start.status;
  }
  const done = moveBooking(status, BOOKING_STATUS.COMPLETED);
  if (!done.ok) throw refused();
  await bumpVersion(tx, scope, input.bookingId, { status: done.status, saleId: input.saleId });
  return publishAndLoad(tx, scope, input.bookingId);
}

/**
 * Arrival into the walk-in queue (docs/appointments.md#status "Arrived"): a walk-in with the booking's
 * customer, its booked services and the first line's technician (when that technician takes walk-ins; else
 * "any"), created by the walk-ins service in `tx`. Returns the walk-in's id; the caller stores it on the
 * booking (booking.walk_in_id) with the move to arrived. The walk-in's uuid is new: the booking's move is what
 * an offline replay repeats, and it is refused once the booking has arrived.
 */
export async function arriveIntoQueue(tx: Queryable, auth: AuthContext, bookingId: number): Promise<number> {
  const scope = scopeOf(auth);
  const booking = await loadBooking(tx, scope, bookingId);
  if (!booking) throw notFound();
  const first = booking.booking_appt_service[0];
  const technician =
    first?.user_id != null && (await takesWalkIns(tx, auth, scope.storeId, first.user_id))
      ? first.user_id
      : null;
  // Through the walk-in contract, so the check-in is exactly what the desk's form would send.
  const body = createWalkInBody.parse({
    uuid: randomUUID(),
    user_id: technician,
    customer_name: booking.customer_name,
    customer_id: booking.customer_id,
    telephone: booking.telephone,
    notes: booking.notes,
    booking_appt_service: booking.booking_appt_service.map((l) => ({ service_id: l.service_id })),
  });
  const { walkIn } = await createWalkIn(tx, auth, body);
  return walkIn.id;
}
