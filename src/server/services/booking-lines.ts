/**
 * A booking's service lines as the server stores them (docs/appointments.md#a-booking): each request line checked
 * and completed before anything is written, in this order, each step one answer naming every field at once:
 *
 *   422 validation_failed        unknown service or line id, a timing the domain refuses
 *                                (src/domain/bookings/segments.ts lineTimingProblems), two lines of one
 *                                technician that overlap in the same booking
 *   422 booking_technician_unavailable   a technician who does not take bookings in this store
 *   422 booking_outside_hours    a line outside its technician's working windows (unless allow_outside_hours)
 *
 * Names, taxes and prices are the catalog's; a line without a duration takes the service's. On an edit, a
 * line whose technician and timing did not change is not checked against technicians and hours again: a
 * booking made outside hours, or with someone who stopped taking bookings, can still have its notes edited.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { BookingLineInput } from '../../contracts/bookings';
import { DURATION_MESSAGE, PROCESSING_MESSAGE } from '../../contracts/bookings';
import { ERROR_CODE } from '../../contracts/error-codes';
import type { FieldErrors } from '../../contracts/envelope';
import { addDays, withinWindows, workingWindows } from '../../domain/bookings/availability';
import { lineTimingProblems, linesClash } from '../../domain/bookings/segments';
import type { LineTiming } from '../../domain/bookings/segments';
import type { Queryable } from '../db/client';
import type { bookingLines } from '../db/schema/bookings';
import { services } from '../db/schema/catalog';
import { unprocessable, VALIDATION_MESSAGE } from '../errors';
import { availabilityOf, bookableAmong, storeDateOf } from './booking-hours';
import type { StoreScope } from './booking-hours';

export const UNKNOWN_SERVICE_MESSAGE = 'This service is not offered in this store.';
export const UNKNOWN_LINE_MESSAGE = 'This line is not part of this booking.';
export const SAME_TECHNICIAN_OVERLAP_MESSAGE =
  'This line overlaps another line of the same technician in this booking.';
export const TECHNICIAN_UNAVAILABLE_MESSAGE = 'This technician does not take bookings in this store.';
export const OUTSIDE_HOURS_MESSAGE = "This time is outside the technician's working hours.";

type LineRow = typeof bookingLines.$inferSelect;

/** A line ready to store: the catalog's copies, its technician and its timing (epoch ms start). */
export interface PreparedLine {
  /** The stored line's id when the request named one (an edit). */
  id: number | undefined;
  /** Its index in the request's booking_appt_service (a conflict names it). */
  index: number;
  serviceId: number;
  serviceName: string;
  taxes: string;
  unitPrice: number;
  userId: number | null;
  timing: LineTiming;
}

export function timingOf(row: LineRow): LineTiming {
  return {
    start: row.startsAt.getTime(),
    durationMinutes: row.durationMinutes,
    processingOffsetMinutes: row.processingOffsetMinutes,
    processingMinutes: row.processingMinutes,
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
  };
}

function sameTiming(a: LineTiming, b: LineTiming): boolean {
  return (
    a.start === b.start &&
    a.durationMinutes === b.durationMinutes &&
    (a.processingMinutes > 0 ? a.processingOffsetMinutes : null) ===
      (b.processingMinutes > 0 ? b.processingOffsetMinutes : null) &&
    a.processingMinutes === b.processingMinutes &&
    a.bufferBeforeMinutes === b.bufferBeforeMinutes &&
    a.bufferAfterMinutes === b.bufferAfterMinutes
  );
}

class FieldErrorList {
  readonly errors: FieldErrors = {};
  add(index: number, field: string, message: string): void {
    (this.errors[`booking_appt_service.${index}.${field}`] ??= []).push(message);
  }
  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }
}

/** Whether the line must be checked against the technicians and the hours (new, or moved, or reassigned). */
function changed(line: PreparedLine, existing: ReadonlyMap<number, LineRow>): boolean {
  const stored = line.id !== undefined ? existing.get(line.id) : undefined;
  return !stored || stored.userId !== line.userId || !sameTiming(timingOf(stored), line.timing);
}

/** 422 booking_technician_unavailable unless every technician named takes bookings in the store. */
export async function checkTechnicians(
  db: Queryable,
  scope: StoreScope,
  lines: readonly Pick<PreparedLine, 'index' | 'userId'>[],
): Promise<void> {
  const named = lines.filter((l) => l.userId !== null);
  const bookable = await bookableAmong(
    db,
    scope,
    named.map((l) => l.userId!),
  );
  const errors = new FieldErrorList();
  for (const line of named) {
    if (!bookable.has(line.userId!)) errors.add(line.index, 'user_id', TECHNICIAN_UNAVAILABLE_MESSAGE);
  }
  if (errors.any) {
    throw unprocessable(
      TECHNICIAN_UNAVAILABLE_MESSAGE,
      errors.errors,
      ERROR_CODE.BOOKING_TECHNICIAN_UNAVAILABLE,
    );
  }
}

/** 422 booking_outside_hours unless every line lies inside its technician's working windows. */
export async function checkHours(
  db: Queryable,
  scope: StoreScope,
  timeZone: string,
  lines: readonly Pick<PreparedLine, 'index' | 'userId' | 'timing'>[],
): Promise<void> {
  const named = lines.filter((l) => l.userId !== null);
  const availability = await availabilityOf(
    db,
    scope.tenantId,
    named.map((l) => l.userId!),
  );
  const errors = new FieldErrorList();
  for (const line of named) {
    const { hours, daysOff } = availability.get(line.userId!)!;
    // The day before and after too: a buffer may reach over midnight (and then lies outside anyway).
    const date = storeDateOf(line.timing.start, timeZone);
    const windows = workingWindows(addDays(date, -1), 3, hours, daysOff, timeZone);
    if (!withinWindows(line.timing, windows)) errors.add(line.index, 'starts_at', OUTSIDE_HOURS_MESSAGE);
  }
  if (errors.any) throw unprocessable(OUTSIDE_HOURS_MESSAGE, errors.errors, ERROR_CODE.BOOKING_OUTSIDE_HOURS);
}

/**
 * The request's lines checked and completed (see the file comment). `existing` are the booking's stored lines
 * on an edit (empty on a create).
 */
export async function prepareLines(
  db: Queryable,
  scope: StoreScope,
  timeZone: string,
  input: readonly BookingLineInput[],
  options: { allowOutsideHours: boolean; existing?: ReadonlyMap<number, LineRow> },
): Promise<PreparedLine[]> {
  const existing = options.existing ?? new Map<number, LineRow>();
  const errors = new FieldErrorList();

  const seen = new Set<number>();
  input.forEach((line, index) => {
    if (line.id === undefined) return;
    if (!existing.has(line.id) || seen.has(line.id)) errors.add(index, 'id', UNKNOWN_LINE_MESSAGE);
    seen.add(line.id);
  });

  const ids = [...new Set(input.map((l) => l.service_id))];
  const catalog = await db
    .select({
      id: services.id,
      name: services.name,
      taxes: services.taxes,
      price: services.price,
      durationMinutes: services.durationMinutes,
    })
    .from(services)
    .where(
      and(
        eq(services.tenantId, scope.tenantId),
        eq(services.storeId, scope.storeId),
        inArray(services.id, ids),
        eq(services.isActive, true),
      ),
    );
  const byId = new Map(catalog.map((s) => [s.id, s]));

  const lines: PreparedLine[] = [];
  input.forEach((line, index) => {
    const service = byId.get(line.service_id);
    if (!service) {
      errors.add(index, 'service_id', UNKNOWN_SERVICE_MESSAGE);
      return;
    }
    const timing: LineTiming = {
      start: Date.parse(line.starts_at),
      durationMinutes: line.duration_minutes ?? service.durationMinutes,
      processingOffsetMinutes: line.processing_offset_minutes ?? null,
      processingMinutes: line.processing_minutes,
      bufferBeforeMinutes: line.buffer_before_minutes,
      bufferAfterMinutes: line.buffer_after_minutes,
    };
    for (const problem of lineTimingProblems(timing)) {
      if (problem === 'duration_range') errors.add(index, 'duration_minutes', DURATION_MESSAGE);
      // buffer_range cannot happen: the contract bounds the buffers.
      if (problem === 'processing_outside' || problem === 'processing_without_offset') {
        errors.add(index, 'processing_offset_minutes', PROCESSING_MESSAGE);
      }
    }
    lines.push({
      id: line.id,
      index,
      serviceId: service.id,
      serviceName: service.name,
      taxes: service.taxes,
      unitPrice: service.price,
      userId: line.user_id ?? null,
      timing,
    });
  });

  // Two lines of one technician in one booking may follow each other, never overlap: the constraint would
  // refuse them anyway, with a conflict that names this same (unsaved) booking.
  lines.forEach((line, i) => {
    if (line.userId === null) return;
    const clash = lines
      .slice(0, i)
      .some((other) => other.userId === line.userId && linesClash(other.timing, line.timing));
    if (clash) errors.add(line.index, 'starts_at', SAME_TECHNICIAN_OVERLAP_MESSAGE);
  });
  if (errors.any) throw unprocessable(VALIDATION_MESSAGE, errors.errors);

  const toCheck = lines.filter((l) => changed(l, existing));
  await checkTechnicians(db, scope, toCheck);
  if (!options.allowOutsideHours) await checkHours(db, scope, timeZone, toCheck);
  return lines;
}
