import { expect, it } from 'vitest';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { bookingStatusMachine } from './booking-status.machine';
import type { BookingStatusEvent } from './booking-status.machine';

const events: BookingStatusEvent[] = [
  { type: 'booking.confirm' },
  { type: 'booking.arrive' },
  { type: 'booking.start' },
  { type: 'booking.complete' },
  { type: 'booking.cancel' },
  { type: 'booking.noShow' },
];

const { coverage } = describeMachinePaths(bookingStatusMachine, { events });

it('reaches all seven statuses', () => {
  expect(coverage.states.covered).toBe(7);
});
