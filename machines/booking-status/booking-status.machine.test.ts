import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import {
  BOOKING_STATUS_VALUES,
  allowedBookingMoves,
  canMoveBooking,
  isFinalBookingStatus,
} from '../../src/domain/bookings/status';
import type { BookingStatus } from '../../src/domain/bookings/status';
import { bookingStatusMachine } from './booking-status.machine';
import { EVENT_FOR_STATUS } from './booking-status.events';

function resolved(status: BookingStatus) {
  return bookingStatusMachine.resolveState({ value: status, context: {} });
}

describe('the booking status chart and the rules the server enforces', () => {
  it.each(BOOKING_STATUS_VALUES.flatMap((from) => BOOKING_STATUS_VALUES.map((to) => [from, to] as const)))(
    '%s → %s: the chart and src/domain/bookings/status.ts agree',
    (from, to) => {
      const type = EVENT_FOR_STATUS[to];
      const chartAllows =
        type !== null &&
        resolved(from).can({ type }) &&
        transition(bookingStatusMachine, resolved(from), { type })[0].value === to;
      expect(chartAllows).toBe(canMoveBooking(from, to));
    },
  );

  it('a final state is a status with no moves', () => {
    for (const status of BOOKING_STATUS_VALUES) {
      expect(resolved(status).status === 'done').toBe(isFinalBookingStatus(status));
    }
  });

  it('offers the moves in the order the rules list them', () => {
    expect(allowedBookingMoves('booked')).toEqual([
      'confirmed',
      'arrived',
      'in_service',
      'cancelled',
      'no_show',
    ]);
    expect(allowedBookingMoves('in_service')).toEqual(['completed']);
  });
});
