/**
 * The technicians' busy segments (docs/appointments.md#busy-segments-and-no-double-booking). A line's segments
 * (src/domain/bookings/segments.ts busySegments) are inserted in the booking's transaction; the exclusion
 * constraint booking_segments_no_overlap (migration 0015) refuses an overlap with SQLSTATE 23P01, whatever the
 * number of servers or requests: a second insert waits for the first transaction and fails when it commits.
 *
 * Each line goes in under its own savepoint, so a refusal leaves the transaction usable: the 409
 * booking_conflict's details (the bookings in the way, and the next free slots, src/domain/bookings/
 * availability.ts) are read in it before the whole write is rolled back by the thrown error.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { NEXT_SLOTS } from '../../contracts/bookings';
import type { BookingConflict, BookingConflictDetails, BookingSlot } from '../../contracts/bookings';
import { ERROR_CODE } from '../../contracts/error-codes';
import { isFree, nextFreeStarts, withinWindows, workingWindows } from '../../domain/bookings/availability';
import { busySegments, lineEnd, MINUTE_MS } from '../../domain/bookings/segments';
import type { Interval, LineTiming } from '../../domain/bookings/segments';
import type { Queryable } from '../db/client';
import { bookingLines, bookings, bookingSegments } from '../db/schema/bookings';
import { conflict, pgErrorCode } from '../errors';
import { availabilityOf, bookableTechnicians, storeDateOf } from './booking-hours';
import type { StoreScope } from './booking-hours';

export const CONFLICT_MESSAGE = 'This time is already booked for this technician.';
const EXCLUSION_VIOLATION = '23P01';

export interface SegmentLine {
  lineId: number;
  /** The line's index in the request (details.line_index). */
  index: number;
  userId: number | null;
  timing: LineTiming;
}

const range = (i: Interval) =>
  sql`tstzrange(${new Date(i.start).toISOString()}::timestamptz, ${new Date(i.end).toISOString()}::timestamptz, '[)')`;

/**
 * Inserts the busy segments of `lines` (those with a technician) for `bookingId`, or throws 409
 * booking_conflict for the first line that clashes with another booking.
 */
export async function insertSegments(
  db: Queryable,
  scope: StoreScope,
  timeZone: string,
  bookingId: number,
  lines: readonly SegmentLine[],
): Promise<void> {
  for (const line of lines) {
    if (line.userId === null) continue;
    const userId = line.userId;
    const rows = busySegments(line.timing).map((segment) => ({
      tenantId: scope.tenantId,
      storeId: scope.storeId,
      userId,
      bookingId,
      lineId: line.lineId,
      during: range(segment),
    }));
    try {
      await db.transaction(async (savepoint) => {
        await savepoint.insert(bookingSegments).values(rows as never);
      });
    } catch (error) {
      if (pgErrorCode(error) !== EXCLUSION_VIOLATION) throw error;
      const details = await conflictDetails(db, scope, timeZone, bookingId, { ...line, userId });
      throw conflict(CONFLICT_MESSAGE, ERROR_CODE.BOOKING_CONFLICT, details);
    }
  }
}

/** Every segment of a booking goes (cancelled, no-show, or before its lines are written again). */
export async function deleteSegments(db: Queryable, scope: StoreScope, bookingId: number): Promise<void> {
  await db
    .delete(bookingSegments)
    .where(
      and(
        eq(bookingSegments.tenantId, scope.tenantId),
        eq(bookingSegments.storeId, scope.storeId),
        eq(bookingSegments.bookingId, bookingId),
      ),
    );
}

/** The busy intervals of `userIds` in the store overlapping `within`, by technician. */
async function busyOf(
  db: Queryable,
  scope: StoreScope,
  userIds: readonly number[],
  within: Interval,
): Promise<Map<number, Interval[]>> {
  const out = new Map<number, Interval[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select({
      userId: bookingSegments.userId,
      start: sql<number>`(extract(epoch from lower(${bookingSegments.during})) * 1000)::float8`,
      end: sql<number>`(extract(epoch from upper(${bookingSegments.during})) * 1000)::float8`,
    })
    .from(bookingSegments)
    .where(
      and(
        eq(bookingSegments.tenantId, scope.tenantId),
        eq(bookingSegments.storeId, scope.storeId),
        inArray(bookingSegments.userId, [...userIds]),
        sql`${bookingSegments.during} && ${range(within)}`,
      ),
    );
  for (const row of rows) out.get(row.userId)?.push({ start: Number(row.start), end: Number(row.end) });
  return out;
}

/** The bookings in the way of `line` (other bookings' lines of its technician that overlap it). */
async function conflictsOf(
  db: Queryable,
  scope: StoreScope,
  bookingId: number,
  line: SegmentLine & { userId: number },
): Promise<BookingConflict[]> {
  const overlapsLine = sql.join(
    busySegments(line.timing).map((s) => sql`${bookingSegments.during} && ${range(s)}`),
    sql` or `,
  );
  const rows = await db
    .selectDistinct({
      bookingId: bookingSegments.bookingId,
      lineId: bookingSegments.lineId,
      userId: bookingSegments.userId,
      customerName: bookings.customerName,
      startsAt: bookingLines.startsAt,
      durationMinutes: bookingLines.durationMinutes,
    })
    .from(bookingSegments)
    .innerJoin(
      bookings,
      and(eq(bookings.tenantId, bookingSegments.tenantId), eq(bookings.id, bookingSegments.bookingId)),
    )
    .innerJoin(
      bookingLines,
      and(eq(bookingLines.tenantId, bookingSegments.tenantId), eq(bookingLines.id, bookingSegments.lineId)),
    )
    .where(
      and(
        eq(bookingSegments.tenantId, scope.tenantId),
        eq(bookingSegments.storeId, scope.storeId),
        eq(bookingSegments.userId, line.userId),
        ne(bookingSegments.bookingId, bookingId),
        sql`(${overlapsLine})`,
      ),
    );
  return rows
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.lineId - b.lineId)
    .map((r) => ({
      booking_id: r.bookingId,
      line_id: r.lineId,
      user_id: r.userId,
      customer_name: r.customerName,
      starts_at: r.startsAt.toISOString(),
      ends_at: new Date(
        lineEnd({ start: r.startsAt.getTime(), durationMinutes: r.durationMinutes }),
      ).toISOString(),
    }));
}

/**
 * Where the line would fit (docs/appointments.md: up to NEXT_SLOTS starts, working time only): the same
 * technician later that store day first, then other bookable technicians free at the asked time.
 */
async function nextSlots(
  db: Queryable,
  scope: StoreScope,
  timeZone: string,
  line: SegmentLine & { userId: number },
): Promise<BookingSlot[]> {
  const date = storeDateOf(line.timing.start, timeZone);
  const others = (await bookableTechnicians(db, scope)).map((t) => t.id).filter((id) => id !== line.userId);
  const people = [line.userId, ...others];
  const availability = await availabilityOf(db, scope.tenantId, people);
  const windowsOf = (userId: number) => {
    const { hours, daysOff } = availability.get(userId)!;
    return workingWindows(date, 1, hours, daysOff, timeZone);
  };
  const own = windowsOf(line.userId);
  const day: Interval = {
    start: Math.min(line.timing.start, ...own.map((w) => w.start)) - 24 * 60 * MINUTE_MS,
    end: Math.max(line.timing.start, ...own.map((w) => w.end)) + 24 * 60 * MINUTE_MS,
  };
  const busy = await busyOf(db, scope, people, day);

  const { start, ...shape } = line.timing;
  const slots: BookingSlot[] = nextFreeStarts(shape, busy.get(line.userId)!, own, start, NEXT_SLOTS).map(
    (at) => ({ user_id: line.userId, starts_at: new Date(at).toISOString() }),
  );
  for (const userId of others) {
    if (slots.length >= NEXT_SLOTS) break;
    if (withinWindows(line.timing, windowsOf(userId)) && isFree(line.timing, busy.get(userId)!)) {
      slots.push({ user_id: userId, starts_at: new Date(start).toISOString() });
    }
  }
  return slots;
}

export async function conflictDetails(
  db: Queryable,
  scope: StoreScope,
  timeZone: string,
  bookingId: number,
  line: SegmentLine & { userId: number },
): Promise<BookingConflictDetails> {
  const conflicts = await conflictsOf(db, scope, bookingId, line);
  const next_slots = await nextSlots(db, scope, timeZone, line);
  return { line_index: line.index, conflicts, next_slots };
}
