/** Bookings and answers the booking editor's tests share (its rules, chart and path tests). */
import type { Booking, BookingConflictDetails } from '../../src/contracts/bookings';
import type { EditorService } from './booking-editor.types';

export const TIME_ZONE = 'America/New_York';

export const SERVICES: EditorService[] = [
  { id: 100, name: 'Gel manicure', duration_minutes: 45 },
  { id: 101, name: 'Pedicure', duration_minutes: 60 },
];

/** Ann's gel manicure with Binh (2) on Tuesday 10 March 2026 at 10:00 New York (14:00Z, summer time). */
export const BOOKED: Booking = {
  id: 70,
  uuid: '8f0b2d4e-1c3a-4b5d-9e6f-7a8b9c0d1e2f',
  store_id: 1,
  customer_id: 9,
  customer_name: 'Ann Lee',
  telephone: '5551234567',
  notes: null,
  status: 'booked',
  version: 3,
  starts_at: '2026-03-10T14:00:00.000Z',
  ends_at: '2026-03-10T14:45:00.000Z',
  booking_appt_service: [
    {
      id: 700,
      service_id: 100,
      service_name: 'Gel manicure',
      taxes: '8.5',
      unit_price: 3500,
      user_id: 2,
      starts_at: '2026-03-10T14:00:00.000Z',
      ends_at: '2026-03-10T14:45:00.000Z',
      duration_minutes: 45,
      processing_offset_minutes: null,
      processing_minutes: 0,
      buffer_before_minutes: 0,
      buffer_after_minutes: 5,
    },
  ],
  attributes: {},
  walk_in_id: null,
  sale_id: null,
  created_at: '2026-03-01T12:00:00.000Z',
  updated_at: '2026-03-01T12:00:00.000Z',
};

export const confirmed: Booking = { ...BOOKED, status: 'confirmed', version: 4 };
export const arrived: Booking = { ...BOOKED, status: 'arrived', version: 4 };
export const inService: Booking = { ...BOOKED, status: 'in_service', version: 4 };
export const cancelled: Booking = { ...BOOKED, status: 'cancelled', version: 4 };

/** The new booking's uuid (the app makes one per draft). */
export const DRAFT_UUID = '3b2a1c0d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** A clash of the first line with Cara's booking, and two free starts: Binh at 11:00, Dee (3) at 10:00. */
export const CONFLICT: BookingConflictDetails = {
  line_index: 0,
  conflicts: [
    {
      booking_id: 71,
      line_id: 710,
      user_id: 2,
      customer_name: 'Cara Diaz',
      starts_at: '2026-03-10T13:30:00.000Z',
      ends_at: '2026-03-10T14:30:00.000Z',
    },
  ],
  next_slots: [
    { user_id: 2, starts_at: '2026-03-10T15:00:00.000Z' },
    { user_id: 3, starts_at: '2026-03-10T14:00:00.000Z' },
  ],
};

/** What the API client rejects with (lib/api/api-error.ts toJSON). */
export const conflictError = {
  status: 409,
  kind: 'http',
  code: 'booking_conflict',
  message: 'That time is taken.',
  details: CONFLICT,
};
export const outsideHoursError = {
  status: 422,
  kind: 'http',
  code: 'booking_outside_hours',
  message: 'Outside working hours.',
};
export const staleError = { status: 409, kind: 'http', code: 'booking_stale', message: 'Changed meanwhile.' };
export const refusedError = {
  status: 409,
  kind: 'http',
  code: 'booking_status_refused',
  message: 'Not from this status.',
};

export const queuedOutcome = { queued: true, requestId: '17' } as const;
export const savedOutcome = (booking: Booking) => ({ queued: false, booking }) as const;
