/**
 * A booking's status (docs/appointments.md#status). One state per stored status, so a stored booking resolves
 * into the chart without translation; the arrows are the moves src/domain/bookings/status.ts allows, which the
 * server enforces (booking-status.machine.test.ts proves the two say the same). The book offers exactly the
 * events the current state accepts.
 */
import { setup } from 'xstate';

export type BookingStatusEvent =
  | { type: 'booking.confirm' }
  | { type: 'booking.arrive' }
  | { type: 'booking.start' }
  | { type: 'booking.complete' }
  | { type: 'booking.cancel' }
  | { type: 'booking.noShow' };

export const bookingStatusMachine = setup({
  types: { events: {} as BookingStatusEvent },
}).createMachine({
  id: 'bookingStatus',
  initial: 'booked',
  states: {
    booked: {
      on: {
        'booking.confirm': 'confirmed',
        'booking.arrive': 'arrived',
        'booking.start': 'in_service',
        'booking.cancel': 'cancelled',
        'booking.noShow': 'no_show',
      },
    },
    confirmed: {
      on: {
        'booking.arrive': 'arrived',
        'booking.start': 'in_service',
        'booking.cancel': 'cancelled',
        'booking.noShow': 'no_show',
      },
    },
    // The customer is here: a no-show no longer fits, leaving before the service is a cancellation.
    arrived: {
      on: {
        'booking.start': 'in_service',
        'booking.cancel': 'cancelled',
      },
    },
    // Completed by the sale that carries the booking (docs/appointments.md#status).
    in_service: {
      on: { 'booking.complete': 'completed' },
    },
    completed: { type: 'final' },
    cancelled: { type: 'final' },
    no_show: { type: 'final' },
  },
});
