import { fromCallback } from 'xstate';
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, serverDown } from '../../tests/support/machines/api-failures';
import {
  CACHED,
  CONFLICT_ERROR,
  DATA,
  FIXED_MOVE,
  INPUT,
  MOVE,
  NOT_EDITABLE_ERROR,
  REFUSED,
  SAVED,
  STALE_ERROR,
  WITH_REFUSED,
} from './booking-book.fixtures';
import { bookingBookMachine } from './booking-book.machine';
import type { BookingBookEvent } from './booking-book.types';

const events = [
  { type: 'view.set', view: 'week' },
  { type: 'date.today', today: '2026-11-27' },
  { type: 'date.prev' },
  { type: 'date.next' },
  { type: 'date.set', date: '2026-11-01' },
  { type: 'technician.set', technicianId: 2 },
  { type: 'reload' },
  { type: 'retry' },
  { type: 'connection.online' },
  { type: 'live.changed' },
  { type: 'booking.select', key: '1' },
  { type: 'booking.select', key: 'unknown' },
  { type: 'booking.select', key: REFUSED.key },
  { type: 'refused.resend', moveKey: 'resend-1' },
  { type: 'refused.discard' },
  { type: 'booking.close' },
  { type: 'booking.move', move: MOVE, moveKey: 'move-1' },
  { type: 'booking.move', move: FIXED_MOVE, moveKey: 'move-2' },
  { type: 'conflict.choose', index: 0, moveKey: 'move-3' },
  { type: 'conflict.choose', index: 9, moveKey: 'move-4' },
  { type: 'conflict.cancel' },
  { type: 'slot.select', draft: { user_id: 1, starts_at: '2026-11-27T18:00:00.000Z' } },
  { type: 'draft.clear' },
  { type: 'notice.dismiss' },
] satisfies BookingBookEvent[];

describeMachinePaths(bookingBookMachine, {
  input: INPUT,
  events: [
    ...events,
    doneEvent('loadRange', DATA),
    doneEvent('loadRange', CACHED),
    doneEvent('loadRange', WITH_REFUSED),
    errorEvent('loadRange', offline),
    errorEvent('loadRange', serverDown),
    doneEvent('saveBooking', { queued: false, booking: SAVED }),
    doneEvent('saveBooking', { queued: true }),
    errorEvent('saveBooking', CONFLICT_ERROR),
    errorEvent('saveBooking', STALE_ERROR),
    errorEvent('saveBooking', NOT_EDITABLE_ERROR),
    doneEvent('discardQueued', undefined),
    errorEvent('discardQueued', serverDown),
  ],
  // What the chart decides on besides its state: its data (and whether a refused offline booking is in it), the
  // selection, and the move or resend being saved.
  facts: (s) => [
    s.context.data !== null,
    s.context.data?.bookings.some((b: { refusal?: unknown }) => b.refusal != null) ?? false,
    s.context.selectedKey,
    s.context.pending?.kind ?? null,
    s.context.conflict !== null,
  ],
  compareContext: false,
  // The live channel is the app's; in the replays it stays quiet.
  actors: { watchLive: fromCallback(() => {}) },
});
