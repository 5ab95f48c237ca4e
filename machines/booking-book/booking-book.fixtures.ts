/** The book chart's shared data: a day in New York with one editable booking and one completed. */
import type { BookBooking, BookData, BookingBookInput, LineMove } from './booking-book.types';

export const INPUT: BookingBookInput = { timeZone: 'America/New_York', today: '2026-11-27', view: 'day' };

export const EDITABLE: BookBooking = {
  key: '1',
  id: 1,
  uuid: '6f1c1a3e-5f86-4b6b-9d3b-0b7b9b1b2c01',
  customer_id: 40,
  customer_name: 'Mai Tran',
  telephone: '5551234567',
  notes: null,
  status: 'booked',
  version: 3,
  color: null,
  provisional: false,
  lines: [
    {
      id: 11,
      service_id: 100,
      service_name: 'Gel manicure',
      user_id: 2,
      starts_at: '2026-11-27T15:00:00.000Z',
      ends_at: '2026-11-27T16:00:00.000Z',
      duration_minutes: 60,
      processing_offset_minutes: 20,
      processing_minutes: 15,
      buffer_before_minutes: 0,
      buffer_after_minutes: 10,
    },
  ],
};

export const COMPLETED: BookBooking = {
  ...EDITABLE,
  key: '2',
  id: 2,
  uuid: '6f1c1a3e-5f86-4b6b-9d3b-0b7b9b1b2c02',
  customer_name: 'Linh Pham',
  status: 'completed',
  lines: [{ ...EDITABLE.lines[0]!, id: 12, starts_at: '2026-11-27T14:00:00.000Z' }],
};

export const DATA: BookData = {
  bookings: [EDITABLE, COMPLETED],
  employees: [
    { id: 1, name: 'Anna Nguyen' },
    { id: 2, name: 'Binh Tran' },
  ],
  fromCache: false,
  savedAt: null,
  counts: [{ date: '2026-11-27', count: 2 }],
  topServices: [{ service_id: 100, service_name: 'Gel manicure', count: 2 }],
};

export const CACHED: BookData = { ...DATA, fromCache: true, savedAt: '2026-11-27T13:00:00.000Z' };

/** Binh's gel manicure dragged to Anna at 11:00 New York time. */
export const MOVE: LineMove = {
  bookingKey: '1',
  lineIndex: 0,
  userId: 1,
  startsAt: '2026-11-27T16:00:00.000Z',
  durationMinutes: 60,
};

/** The completed booking: its time is fixed. */
export const FIXED_MOVE: LineMove = { ...MOVE, bookingKey: '2' };

export const SAVED: BookBooking = {
  ...EDITABLE,
  version: 4,
  lines: [
    { ...EDITABLE.lines[0]!, user_id: 1, starts_at: MOVE.startsAt, ends_at: '2026-11-27T17:00:00.000Z' },
  ],
};

/** 409 booking_conflict as the client's API error carries it. */
export const CONFLICT_ERROR = {
  status: 409,
  kind: 'http',
  code: 'booking_conflict',
  message: 'That time is taken.',
  details: {
    line_index: 0,
    conflicts: [
      {
        booking_id: 9,
        line_id: 90,
        user_id: 1,
        customer_name: 'Hoa Le',
        starts_at: '2026-11-27T15:30:00.000Z',
        ends_at: '2026-11-27T16:30:00.000Z',
      },
    ],
    next_slots: [
      { user_id: 1, starts_at: '2026-11-27T16:30:00.000Z' },
      { user_id: 2, starts_at: '2026-11-27T16:00:00.000Z' },
    ],
  },
};

export const STALE_ERROR = {
  status: 409,
  kind: 'http',
  code: 'booking_stale',
  message: 'The booking changed.',
};

export const NOT_EDITABLE_ERROR = {
  status: 409,
  kind: 'http',
  code: 'booking_not_editable',
  message: 'The booking is fixed.',
};

/** A booking made offline whose create the server refused when the queue sent it (its slot was taken). */
export const REFUSED: BookBooking = {
  ...EDITABLE,
  key: '0b7b9b1b-5f86-4b6b-9d3b-6f1c1a3e2c03',
  id: null,
  uuid: '0b7b9b1b-5f86-4b6b-9d3b-6f1c1a3e2c03',
  version: null,
  provisional: true,
  lines: [{ ...EDITABLE.lines[0]!, id: null, user_id: 1 }],
  refusal: {
    requestId: 12,
    code: 'booking_conflict',
    body: {
      uuid: '0b7b9b1b-5f86-4b6b-9d3b-6f1c1a3e2c03',
      customer_name: 'Mai Tran',
      booking_appt_service: [{ service_id: 100, user_id: 1, starts_at: '2026-11-27T15:00:00.000Z' }],
    },
  },
};

/** The day with the refused offline booking on it too. */
export const WITH_REFUSED: BookData = { ...DATA, bookings: [...DATA.bookings, REFUSED] };
