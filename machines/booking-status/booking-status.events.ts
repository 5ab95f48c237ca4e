/**
 * The chart's event for each target status, and back: the server and the book speak statuses
 * (POST /{id}/status names the status it wants), the chart speaks events.
 */
import type { BookingStatus } from '../../src/domain/bookings/status';
import type { BookingStatusEvent } from './booking-status.machine';

export const EVENT_FOR_STATUS: Readonly<Record<BookingStatus, BookingStatusEvent['type'] | null>> = {
  booked: null,
  confirmed: 'booking.confirm',
  arrived: 'booking.arrive',
  in_service: 'booking.start',
  completed: 'booking.complete',
  cancelled: 'booking.cancel',
  no_show: 'booking.noShow',
};
