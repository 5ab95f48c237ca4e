/**
 * The book's arithmetic (docs/appointments.md#time): which store dates a view shows, the instants the API is asked
 * for, a line moved or resized, and the PUT a move sends. Pure, so the chart and its tests share it.
 */
import { bookingConflictDetails } from '../../src/contracts/bookings';
import type { BookingConflictDetails } from '../../src/contracts/bookings';
import { addDays, storeInstant, weekdayOf } from '../../src/domain/bookings/availability';
import { isEditableBooking } from '../../src/domain/bookings/status';
import { MINUTE_MS } from '../../src/domain/bookings/segments';
import type {
  BookBooking,
  BookData,
  BookView,
  LineMove,
  LoadRangeInput,
  PendingMove,
  SaveBookingInput,
} from './booking-book.types';

/** The first store date a view shows and how many: a day, or the week (Sunday first, as the hours are). */
export function viewDates(view: BookView, date: string): { fromDate: string; days: number } {
  if (view === 'day') return { fromDate: date, days: 1 };
  return { fromDate: addDays(date, -weekdayOf(date)), days: 7 };
}

/** The instants of the view's store dates, midnight to midnight on the store's clock (DST days included). */
export function viewRange(view: BookView, date: string, timeZone: string): LoadRangeInput {
  const { fromDate, days } = viewDates(view, date);
  return {
    from: new Date(storeInstant(fromDate, '00:00', timeZone)).toISOString(),
    to: new Date(storeInstant(addDays(fromDate, days), '00:00', timeZone)).toISOString(),
    fromDate,
    days,
  };
}

/** The date prev/next goes to: a day in the day view, a week otherwise. */
export function shiftDate(view: BookView, date: string, direction: 1 | -1): string {
  return addDays(date, direction * (view === 'day' ? 1 : 7));
}

export function findBooking(data: BookData | null, key: string): BookBooking | undefined {
  return data?.bookings.find((b) => b.key === key);
}

/** Whether the line may be dragged: a booking the server knows, still editable, the line present. */
export function canMoveLine(booking: BookBooking | undefined, lineIndex: number): booking is BookBooking {
  return (
    booking !== undefined &&
    !booking.provisional &&
    booking.id !== null &&
    isEditableBooking(booking.status) &&
    lineIndex >= 0 &&
    lineIndex < booking.lines.length
  );
}

/** The booking with one line moved (its shape goes with it) or resized: what the book shows while saving. */
export function applyMove(booking: BookBooking, move: LineMove): BookBooking {
  const start = Date.parse(move.startsAt);
  return {
    ...booking,
    lines: booking.lines.map((line, index) =>
      index === move.lineIndex
        ? {
            ...line,
            user_id: move.userId,
            starts_at: new Date(start).toISOString(),
            ends_at: new Date(start + move.durationMinutes * MINUTE_MS).toISOString(),
            duration_minutes: move.durationMinutes,
          }
        : line,
    ),
  };
}

/** The data with one booking replaced (by key). */
export function replaceBooking(data: BookData | null, booking: BookBooking): BookData | null {
  if (!data) return data;
  return { ...data, bookings: data.bookings.map((b) => (b.key === booking.key ? booking : b)) };
}

/**
 * The PUT body of a moved booking (src/contracts/bookings.ts updateBookingBody): the whole editable booking, the
 * moved line with its new start, technician and duration, the version the book showed. Names, taxes and prices
 * are the catalog's, so they are not sent.
 */
export function moveBody(booking: BookBooking): Record<string, unknown> {
  return {
    customer_id: booking.customer_id,
    customer_name: booking.customer_name,
    telephone: booking.telephone,
    notes: booking.notes,
    ...(booking.version === null ? {} : { version: booking.version }),
    booking_appt_service: booking.lines.map((line) => ({
      ...(line.id === null ? {} : { id: line.id }),
      service_id: line.service_id,
      user_id: line.user_id,
      starts_at: line.starts_at,
      duration_minutes: line.duration_minutes,
      processing_offset_minutes: line.processing_offset_minutes,
      processing_minutes: line.processing_minutes,
      buffer_before_minutes: line.buffer_before_minutes,
      buffer_after_minutes: line.buffer_after_minutes,
    })),
  };
}

function errorRecord(error: unknown): { status?: unknown; code?: unknown; details?: unknown } | null {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : null;
}

/** A 409 booking_conflict's details, when the error is one and its details read as the contract says. */
export function conflictDetailsOf(error: unknown): BookingConflictDetails | null {
  const e = errorRecord(error);
  if (e?.code !== 'booking_conflict') return null;
  const parsed = bookingConflictDetails.safeParse(e.details);
  return parsed.success ? parsed.data : null;
}

export function isStaleError(error: unknown): boolean {
  return errorRecord(error)?.code === 'booking_stale';
}

/** The move with the conflict's offered slot: that technician, that start, the same duration. */
export function moveToSlot(move: LineMove, details: BookingConflictDetails, index: number): LineMove | null {
  const slot = details.next_slots[index];
  return slot ? { ...move, userId: slot.user_id, startsAt: slot.starts_at } : null;
}

/** A refused offline create can be sent again or dropped: it is in the offline queue, refused, and shown. */
export function isRefused(booking: BookBooking | undefined): booking is BookBooking & {
  refusal: NonNullable<BookBooking['refusal']>;
} {
  return booking?.refusal != null;
}

/** The line a conflict names, as a move that leaves it where it is (the slot chosen then moves it). */
export function lineAsMove(booking: BookBooking, lineIndex: number): LineMove | null {
  const line = booking.lines[lineIndex];
  if (!line) return null;
  return {
    bookingKey: booking.key,
    lineIndex,
    userId: line.user_id,
    startsAt: line.starts_at,
    durationMinutes: line.duration_minutes,
  };
}

/**
 * The POST body of a refused offline create sent again: the body as queued (same uuid, so a second send of it
 * can never make two bookings), with the chosen slot's technician and start on the line that clashed.
 */
export function resendBody(body: Record<string, unknown>, move: LineMove | null): Record<string, unknown> {
  if (!move || !Array.isArray(body.booking_appt_service)) return body;
  return {
    ...body,
    booking_appt_service: body.booking_appt_service.map((line: unknown, index: number) =>
      index === move.lineIndex && typeof line === 'object' && line !== null
        ? { ...line, user_id: move.userId, starts_at: move.startsAt }
        : line,
    ),
  };
}

/** What the saving state sends for a pending move or resend. */
export function saveInput(pending: PendingMove, idempotencyKey: string): SaveBookingInput {
  if (pending.kind === 'resend') {
    return {
      kind: 'create',
      requestId: pending.refusal.requestId,
      body: resendBody(pending.refusal.body, pending.move),
      idempotencyKey,
    };
  }
  const moved = applyMove(pending.original, pending.move);
  return { kind: 'update', id: moved.id!, body: moveBody(moved), idempotencyKey };
}
