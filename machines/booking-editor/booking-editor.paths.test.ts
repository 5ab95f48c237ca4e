/**
 * Path tests of the booking editor (docs/decisions/003-xstate-graph-path-tests.md): every state and transition,
 * from a new booking and from bookings in each kind of status, with the server's answers as actor events.
 */
import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { offline, validationFailed } from '../../tests/support/machines/api-failures';
import {
  BOOKED,
  cancelled,
  conflictError,
  DRAFT_UUID,
  inService,
  outsideHoursError,
  queuedOutcome,
  refusedError,
  savedOutcome,
  SERVICES,
  staleError,
  TIME_ZONE,
} from './booking-editor.fixtures';
import { bookingEditorMachine } from './booking-editor.machine';
import type { BookingEditorEvent } from './booking-editor.types';

const events = [
  { type: 'field.change', name: 'customer_name', value: 'Ann Lee' },
  { type: 'field.change', name: 'customer_name', value: '' },
  { type: 'line.change', index: 0, name: 'service_id', value: '100' },
  { type: 'line.change', index: 1, name: 'service_id', value: '101' },
  { type: 'line.add' },
  { type: 'line.remove', index: 1 },
  { type: 'submit' },
  { type: 'slot.choose', index: 0 },
  { type: 'outside.confirm' },
  { type: 'edit' },
  { type: 'retry' },
  { type: 'reload' },
  { type: 'move.start', status: 'confirmed' },
  { type: 'move.start', status: 'cancelled' },
  { type: 'move.start', status: 'in_service' },
  { type: 'move.confirm', reason: 'Sick' },
  { type: 'move.cancel' },
  { type: 'dismiss' },
] satisfies BookingEditorEvent[];

const actorEvents = [
  doneEvent('submit', savedOutcome(BOOKED)),
  doneEvent('submit', queuedOutcome),
  errorEvent('submit', conflictError),
  errorEvent('submit', outsideHoursError),
  errorEvent('submit', staleError),
  errorEvent('submit', validationFailed({ customer_name: ['Too long'] })),
  doneEvent('changeStatus', savedOutcome(inService)),
  doneEvent('changeStatus', savedOutcome(cancelled)),
  doneEvent('changeStatus', queuedOutcome),
  errorEvent('changeStatus', refusedError),
  errorEvent('changeStatus', staleError),
  doneEvent('loadBooking', BOOKED),
  errorEvent('loadBooking', offline),
];

// The dialog's own effects (the book's reload, the sale screen) are the app's; here they do nothing.
const machine = bookingEditorMachine.provide({ actions: { announceSaved: () => {}, openSale: () => {} } });

const base = { timeZone: TIME_ZONE, services: SERVICES, uuid: DRAFT_UUID, createId: () => 'key' };

describeMachinePaths(machine, {
  events: [...events, ...actorEvents],
  // What the chart decides on besides its state: new or not, its status, lines, errors, the move asked for.
  facts: (s) => [
    s.context.booking?.status ?? null,
    s.context.draft.lines.length,
    s.context.draft.fields.customer_name !== '',
    s.context.draft.lines.map((line: { service_id: string }) => line.service_id),
    Object.keys(s.context.fieldErrors).length > 0,
    s.context.move?.status ?? null,
    s.context.conflict !== null,
  ],
  compareContext: false,
  minimal: true,
  starts: [
    { name: 'new', input: { ...base, slot: { user_id: 2, starts_at: '2026-03-10T14:00:00Z' } } },
    { name: 'booked', input: { ...base, booking: BOOKED } },
    { name: 'cancelled', input: { ...base, booking: cancelled } },
  ],
});
