/**
 * The book's row model (machines/booking-book BookBooking) from the API's bookings, and the bookings the offline
 * queue still holds (docs/appointments.md#offline: "shows as provisional until the queue sends it"): a queued
 * create (POST /api/pos/bookingAppt) is shown as a new provisional booking, a queued edit (PUT
 * /api/pos/bookingAppt/:id, a move made offline) as that booking changed and provisional. A queued create the
 * server refused when the queue sent it carries its refusal, for the book's choices.
 */
import type {
  BookBooking,
  BookLine,
  BookRefusal,
} from '../../../../machines/booking-book/booking-book.types';
import { BOOKING_PATHS } from '../../../contracts/bookings';
import { ERROR_CODE } from '../../../contracts/error-codes';
import type { Booking } from '../../../contracts/bookings';
import { isBookingStatus } from '../../../domain/bookings/status';
import { MINUTE_MS } from '../../../domain/bookings/segments';

export function toBookBooking(booking: Booking): BookBooking {
  return {
    key: String(booking.id),
    id: booking.id,
    uuid: booking.uuid,
    customer_id: booking.customer_id,
    customer_name: booking.customer_name,
    telephone: booking.telephone,
    notes: booking.notes,
    status: booking.status,
    version: booking.version,
    color: booking.attributes.color ?? null,
    provisional: false,
    source: booking,
    lines: booking.booking_appt_service.map((line) => ({
      id: line.id,
      service_id: line.service_id,
      service_name: line.service_name,
      user_id: line.user_id,
      starts_at: line.starts_at,
      ends_at: line.ends_at,
      duration_minutes: line.duration_minutes,
      processing_offset_minutes: line.processing_offset_minutes,
      processing_minutes: line.processing_minutes,
      buffer_before_minutes: line.buffer_before_minutes,
      buffer_after_minutes: line.buffer_after_minutes,
    })),
  };
}

/** What the book reads of a queued request (lib/offline-queue QueuedRequest). */
export interface QueuedWrite {
  id?: number;
  url: string;
  method: string;
  body?: string | ArrayBuffer;
  status?: string;
  /** The error code of the server's last refusal of it, when it answered one. */
  lastErrorCode?: string;
}

/** Codes of a server that could not answer now: the queue tries again, the booking is not refused. */
const PASSING_CODES: ReadonlySet<string> = new Set([
  ERROR_CODE.INTERNAL_ERROR,
  ERROR_CODE.SERVICE_UNAVAILABLE,
  ERROR_CODE.RATE_LIMITED,
  ERROR_CODE.IDEMPOTENCY_KEY_IN_FLIGHT,
]);

/**
 * A queued create the server refused (docs/appointments.md#offline): the queue gave up on it, or the server
 * answered it with a refusal that sending it again as it is cannot change (its slot was taken, the technician
 * is off): the book offers the choices then, rather than after the queue's last retry.
 */
function refusalOf(request: QueuedWrite, body: Record<string, unknown>): BookRefusal | null {
  if (typeof request.id !== 'number') return null;
  const code = request.lastErrorCode ?? null;
  const refused = request.status === 'failed' || (code !== null && !PASSING_CODES.has(code));
  return refused ? { requestId: request.id, code, body } : null;
}

/**
 * A queued line without a duration takes the catalog's when the server gets it; until then the book draws it
 * this long, so it can be seen and tapped.
 */
export const QUEUED_LINE_MINUTES = 30;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

const num = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function queuedLine(value: unknown, old: BookLine | undefined): BookLine | null {
  const line = record(value);
  const startsAt = text(line?.starts_at);
  if (!line || !startsAt || Number.isNaN(Date.parse(startsAt))) return null;
  const duration = num(line.duration_minutes, old?.duration_minutes ?? QUEUED_LINE_MINUTES);
  return {
    id: typeof line.id === 'number' ? line.id : null,
    service_id: num(line.service_id, 0),
    service_name: text(line.service_name) ?? old?.service_name ?? '',
    user_id: typeof line.user_id === 'number' ? line.user_id : null,
    starts_at: new Date(startsAt).toISOString(),
    ends_at: new Date(Date.parse(startsAt) + duration * MINUTE_MS).toISOString(),
    duration_minutes: duration,
    processing_offset_minutes:
      typeof line.processing_offset_minutes === 'number' ? line.processing_offset_minutes : null,
    processing_minutes: num(line.processing_minutes, 0),
    buffer_before_minutes: num(line.buffer_before_minutes, 0),
    buffer_after_minutes: num(line.buffer_after_minutes, 0),
  };
}

function bodyOf(request: QueuedWrite): Record<string, unknown> | null {
  if (typeof request.body !== 'string') return null;
  try {
    return record(JSON.parse(request.body));
  } catch {
    return null;
  }
}

function pathOf(url: string): string {
  try {
    return new URL(url, 'http://book.invalid').pathname;
  } catch {
    return url;
  }
}

const ONE_PATH = new RegExp(`^${BOOKING_PATHS.one.replace(':id', '(\\d+)')}$`);

/**
 * The bookings with the queue's writes laid over them: each queued edit replaces its booking's lines (marked
 * provisional), each queued create that the server has not answered yet is added (provisional, keyed by its
 * uuid). A request the book cannot read is skipped, never an error: one odd request must not hide the others.
 */
export function withQueuedWrites(
  bookings: readonly BookBooking[],
  queued: readonly QueuedWrite[],
): BookBooking[] {
  const out = [...bookings];
  for (const request of queued) {
    const body = bodyOf(request);
    const lines = Array.isArray(body?.booking_appt_service) ? body.booking_appt_service : null;
    if (!body || !lines) continue;
    const path = pathOf(request.url);
    const method = request.method.toUpperCase();
    const edited = method === 'PUT' ? ONE_PATH.exec(path) : null;
    if (edited) {
      const index = out.findIndex((b) => b.id === Number(edited[1]));
      const booking = out[index];
      if (!booking) continue;
      const newLines = lines
        .map((line) =>
          queuedLine(
            line,
            booking.lines.find((l) => l.id === record(line)?.id),
          ),
        )
        .filter((line): line is BookLine => line !== null);
      out[index] = { ...booking, lines: newLines, provisional: true };
      continue;
    }
    if (method !== 'POST' || path !== BOOKING_PATHS.list) continue;
    const uuid = text(body.uuid);
    if (!uuid || out.some((b) => b.uuid === uuid)) continue;
    const newLines = lines
      .map((line) => queuedLine(line, undefined))
      .filter((line): line is BookLine => line !== null);
    if (newLines.length === 0) continue;
    out.push({
      key: uuid,
      id: null,
      uuid,
      customer_id: typeof body.customer_id === 'number' ? body.customer_id : null,
      customer_name: text(body.customer_name) ?? '',
      telephone: text(body.telephone),
      notes: text(body.notes),
      status: isBookingStatus(body.status) ? body.status : 'booked',
      version: null,
      color: null,
      lines: newLines,
      provisional: true,
      refusal: refusalOf(request, body),
    });
  }
  return out;
}
