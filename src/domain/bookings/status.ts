/**
 * A booking's status (docs/appointments.md#status; the design's booking chart: booked, confirmed, arrived,
 * in service, completed, cancelled, no-show). Shared by the book's chart (which offers only the moves allowed
 * here) and the server (which refuses any other with 409 booking_status_refused), as sale-status.ts is for
 * sales.
 *
 *   booked ──▶ confirmed ──▶ arrived ──▶ in_service ──▶ completed
 *      │  ╲        │  ╲         │           ▲
 *      │   ╲───────┴───╲────────┼───────────┘ (start sale without arriving first)
 *      └──────┴──▶ cancelled, no_show ◀┘ (arrived: cancelled only)
 */

export const BOOKING_STATUS = {
  BOOKED: 'booked',
  CONFIRMED: 'confirmed',
  ARRIVED: 'arrived',
  IN_SERVICE: 'in_service',
  COMPLETED: 'completed',
  CANCELLED: 'cancelled',
  NO_SHOW: 'no_show',
} as const;
export const BOOKING_STATUS_VALUES = [
  BOOKING_STATUS.BOOKED,
  BOOKING_STATUS.CONFIRMED,
  BOOKING_STATUS.ARRIVED,
  BOOKING_STATUS.IN_SERVICE,
  BOOKING_STATUS.COMPLETED,
  BOOKING_STATUS.CANCELLED,
  BOOKING_STATUS.NO_SHOW,
] as const;
export type BookingStatus = (typeof BOOKING_STATUS_VALUES)[number];

/** The moves each status allows, in the order a screen offers them. */
const ALLOWED: Record<BookingStatus, readonly BookingStatus[]> = {
  booked: ['confirmed', 'arrived', 'in_service', 'cancelled', 'no_show'],
  confirmed: ['arrived', 'in_service', 'cancelled', 'no_show'],
  arrived: ['in_service', 'cancelled'],
  in_service: ['completed'],
  completed: [],
  cancelled: [],
  no_show: [],
};

/** Statuses whose lines hold their technicians' time (docs/appointments.md#busy-segments-and-no-double-booking). */
export const TIME_HOLDING_STATUSES: readonly BookingStatus[] = [
  BOOKING_STATUS.BOOKED,
  BOOKING_STATUS.CONFIRMED,
  BOOKING_STATUS.ARRIVED,
  BOOKING_STATUS.IN_SERVICE,
  BOOKING_STATUS.COMPLETED,
];

/** Statuses in which the booking's time, technicians and services may still be edited (moved, resized). */
export const EDITABLE_STATUSES: readonly BookingStatus[] = [
  BOOKING_STATUS.BOOKED,
  BOOKING_STATUS.CONFIRMED,
  BOOKING_STATUS.ARRIVED,
];

/** Codes of refused status moves and edits (src/contracts/error-codes.ts carries them on the wire). */
export const BOOKING_STATUS_ERROR = {
  /** 409: the move does not fit the booking's status (completing a booked one, reopening a cancelled one). */
  REFUSED: 'booking_status_refused',
  /** 409: the booking is in service, completed, cancelled or a no-show: its time and lines are fixed. */
  NOT_EDITABLE: 'booking_not_editable',
} as const;
export type BookingStatusErrorCode = (typeof BOOKING_STATUS_ERROR)[keyof typeof BOOKING_STATUS_ERROR];

export function isBookingStatus(value: unknown): value is BookingStatus {
  return typeof value === 'string' && (BOOKING_STATUS_VALUES as readonly string[]).includes(value);
}

export function allowedBookingMoves(status: BookingStatus): readonly BookingStatus[] {
  return ALLOWED[status];
}

export function canMoveBooking(from: BookingStatus, to: BookingStatus): boolean {
  return ALLOWED[from].includes(to);
}

export function isFinalBookingStatus(status: BookingStatus): boolean {
  return ALLOWED[status].length === 0;
}

export function holdsTime(status: BookingStatus): boolean {
  return TIME_HOLDING_STATUSES.includes(status);
}

export function isEditableBooking(status: BookingStatus): boolean {
  return EDITABLE_STATUSES.includes(status);
}

export type BookingMove = { ok: true; status: BookingStatus } | { ok: false; code: BookingStatusErrorCode };

/** The status after moving `from` to `to`, or why not. */
export function moveBooking(from: BookingStatus, to: BookingStatus): BookingMove {
  return canMoveBooking(from, to)
    ? { ok: true, status: to }
    : { ok: false, code: BOOKING_STATUS_ERROR.REFUSED };
}
