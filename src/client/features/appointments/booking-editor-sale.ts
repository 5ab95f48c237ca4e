/**
 * "Start sale" (docs/appointments.md#status): the booking moves to in service and the sale screen opens with it
 * attached, as the walk-in queue's "start" opens it with a turn: a navigation to /pos/sales whose route state the
 * sale area reads once (app/areas/sale-area.tsx takeBookingSale). The state's shape is the contract's
 * bookingSaleSchema: each booked line with its technician, so each becomes a line for her.
 */
import { bookingSaleOf } from '../../../contracts/bookings';
import type { Booking, BookableEmployee, BookingSale } from '../../../contracts/bookings';

/** The sale screen's address (app/areas/sale-area.tsx). */
export const SALE_PATH = '/pos/sales';

/** The navigation's state: the sale screen opens with this booking. */
export function bookingSaleNavigation(
  booking: Booking,
  employees: readonly Pick<BookableEmployee, 'id' | 'name'>[],
): { bookingSale: BookingSale } {
  return { bookingSale: bookingSaleOf(booking, employees) };
}
