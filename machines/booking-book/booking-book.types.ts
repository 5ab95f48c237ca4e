import type { Booking, BookingConflictDetails, BookingStatus } from '../../src/contracts/bookings';
import type { ResourceError } from '../resource/resource.types';

/** The book's three ways of showing a range (docs/appointments.md). */
export type BookView = 'day' | 'week' | 'list';
export const BOOK_VIEWS: readonly BookView[] = ['day', 'week', 'list'];

/** One service line as the book draws it (the API's `booking_appt_service` row, the fields the book reads). */
export interface BookLine {
  /** Null for a line of a booking still in the offline queue (the server has not numbered it). */
  id: number | null;
  service_id: number;
  service_name: string;
  /** The technician; null = the unassigned column. */
  user_id: number | null;
  starts_at: string;
  ends_at: string;
  duration_minutes: number;
  processing_offset_minutes: number | null;
  processing_minutes: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
}

/**
 * One booking as the book holds it: the API's booking, or one the offline queue still holds (`provisional`,
 * docs/appointments.md#offline: shown, marked, not movable until the queue sends it).
 */
export interface BookBooking {
  /** Stable key for the screen: the id, or the uuid of a queued create. */
  key: string;
  id: number | null;
  uuid: string;
  customer_id: number | null;
  customer_name: string;
  telephone: string | null;
  notes: string | null;
  status: BookingStatus;
  version: number | null;
  color: string | null;
  lines: BookLine[];
  provisional: boolean;
  /** The server's booking as read (what the editor opens); absent for a create still in the offline queue. */
  source?: Booking;
  /**
   * A create made offline that the server refused when the queue sent it (the slot was taken meanwhile): the
   * queued request, its refusal and its body, kept until someone chooses (docs/appointments.md#offline).
   */
  refusal?: BookRefusal | null;
}

/** A queued create the server refused: the queue's request and what it said. */
export interface BookRefusal {
  /** The offline queue's id of the request. */
  requestId: number;
  /** The refusal's error code (docs/errors.md); null when the queue kept none. */
  code: string | null;
  /** The POST body as queued, sent again with a chosen slot. */
  body: Record<string, unknown>;
}

/** A technician who takes bookings: a column of the day view. */
export interface BookEmployee {
  id: number;
  name: string;
}

export interface DayCount {
  date: string;
  count: number;
}

export interface TopService {
  service_id: number;
  service_name: string;
  count: number;
}

/** What one range load brings. */
export interface BookData {
  bookings: BookBooking[];
  employees: BookEmployee[];
  /** Read from the stored copy because the server could not be reached. */
  fromCache: boolean;
  /** When the shown copy was read from the server (ISO); null when just now. */
  savedAt: string | null;
  /** Bookings per store date of the range (GET /count-in-days); null when it could not be read. */
  counts: DayCount[] | null;
  /** The range's most booked services (GET /top-services); null when it could not be read. */
  topServices: TopService[] | null;
  /**
   * The earliest opening and latest closing of the bookable technicians' week ('HH:mm', store clock): the grid
   * draws these hours only. Absent from a copy stored before it existed.
   */
  workingWindow?: WorkingWindow | null;
}

export interface WorkingWindow {
  opens: string;
  closes: string;
}

/** The range to load: instants for the API, store dates for the counts. */
export interface LoadRangeInput {
  from: string;
  to: string;
  fromDate: string;
  days: number;
}

/** A drag or a resize of one line: where it goes now. */
export interface LineMove {
  bookingKey: string;
  /** Index of the line in the booking's lines. */
  lineIndex: number;
  userId: number | null;
  startsAt: string;
  durationMinutes: number;
}

/**
 * The booking as it was before the move (put back on cancel or failure) and the move itself; for a refused
 * offline create sent again (`resend`), the move is null until a conflict's slot is chosen.
 */
export type PendingMove =
  | { kind: 'move'; move: LineMove; original: BookBooking }
  | { kind: 'resend'; move: LineMove | null; original: BookBooking; refusal: BookRefusal };

/**
 * What the book saves: the PUT of a moved booking (src/contracts/bookings.ts updateBookingBody), or the POST of
 * a refused offline create sent again, which takes the request out of the offline queue once the server has it.
 */
export type SaveBookingInput =
  | { kind: 'update'; id: number; body: Record<string, unknown>; idempotencyKey: string }
  | { kind: 'create'; requestId: number; body: Record<string, unknown>; idempotencyKey: string };

/** What a save answers: the booking as stored, or the offline queue took it. */
export type SaveBookingOutput = { queued: false; booking: BookBooking } | { queued: true };

/** A 409 booking_conflict kept for the screen: what clashed and where the line would fit. */
export interface BookConflict {
  details: BookingConflictDetails;
  move: LineMove;
}

/** A new booking the editor opens with (an empty slot tapped). */
export interface BookingDraft {
  user_id: number | null;
  starts_at: string;
}

export interface BookingBookInput {
  /** The store's time zone (stores.timezone): every date of the book is on its wall clock. */
  timeZone: string;
  /** Today on the store's wall clock, 'YYYY-MM-DD'. */
  today: string;
  view: BookView;
}

export interface BookingBookContext {
  timeZone: string;
  view: BookView;
  /** The store date the view shows (day) or contains (week, list). */
  date: string;
  /** Only this technician's column and lines; null = everyone. */
  technicianId: number | null;
  data: BookData | null;
  /** The last load's failure (kept while an older range is still shown). */
  failure: ResourceError | null;
  /** The last move's refusal (not a conflict: those have their own dialog). */
  moveError: ResourceError | null;
  pending: PendingMove | null;
  conflict: BookConflict | null;
  draft: BookingDraft | null;
  selectedKey: string | null;
  /** One key per intended move, reused if the same move is sent again (docs/decisions/005-idempotency-keys.md). */
  moveKey: string;
}

export type BookingBookEvent =
  | { type: 'view.set'; view: BookView }
  | { type: 'date.today'; today: string }
  | { type: 'date.prev' }
  | { type: 'date.next' }
  | { type: 'date.set'; date: string }
  | { type: 'technician.set'; technicianId: number | null }
  | { type: 'reload' }
  | { type: 'retry' }
  | { type: 'connection.online' }
  | { type: 'live.changed' }
  | { type: 'booking.select'; key: string }
  | { type: 'booking.close' }
  | { type: 'booking.move'; move: LineMove; moveKey: string }
  | { type: 'conflict.choose'; index: number; moveKey: string }
  | { type: 'conflict.cancel' }
  /** Send the selected refused offline create again (as queued; a clash then offers free slots). */
  | { type: 'refused.resend'; moveKey: string }
  /** Drop the selected refused offline create from the queue (the screen has asked to be sure). */
  | { type: 'refused.discard' }
  | { type: 'slot.select'; draft: BookingDraft }
  | { type: 'draft.clear' }
  | { type: 'notice.dismiss' };
