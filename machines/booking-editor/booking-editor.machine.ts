/**
 * The booking editor (docs/appointments.md): the dialog in which the desk makes or changes a booking and moves
 * its status.
 *
 *   starting ─▶ editing ──submit──▶ validating ──ok──▶ submitting ──▶ done
 *      │          ▲  ▲                 │ issues          │ 409 booking_conflict ──▶ conflict ──slot.choose──▶ validating
 *      │          │  └─────────────────┘                 │ 422 booking_outside_hours ──▶ outsideHours ──outside.confirm──▶ submitting
 *      │          │                                      │ 409 booking_stale ──▶ stale ──reload──▶ reloading ──▶ starting
 *      │          └──────────── edit ─────────── failed ◀┘ (any other error; retry resends)
 *      └─▶ locked (in service, completed, cancelled, no-show: nothing to edit)
 *   editing ──move.start──▶ (confirmingMove ──move.confirm──▶) moving ──▶ starting | saleStarted
 *
 * - The values are kept as typed; times are the store's wall clock and become instants only in the request
 *   (booking-editor.rules.ts; docs/appointments.md#time).
 * - A new booking carries the uuid the app made once for this draft, so a resent create (a retry, the offline
 *   queue's replay) makes one booking; every change carries the version the editor read.
 * - The server owns the booking: a clash (the database's constraint,
 *   docs/appointments.md#busy-segments-and-no-double-booking) comes back with the bookings in the way and the
 *   next free slots; choosing one moves that line there and sends again. Outside the technician's hours asks first (docs/appointments.md#availability).
 * - Status moves are the domain's (src/domain/bookings/status.ts), less completed (the paid sale completes
 *   it). Start sale hands the booking to `openSale` (provided by the app: it opens the sale screen with it).
 * - A write the offline queue kept (docs/appointments.md#offline) ends in done with `queued`: provisional.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { MAX_BOOKING_LINES } from '../../src/contracts/bookings';
import type { Booking } from '../../src/contracts/bookings';
import { BOOKING_STATUS, canMoveBooking, isEditableBooking } from '../../src/domain/bookings/status';
import { toResourceError } from '../resource/resource.rules';
import { requiredAction, requiredActor } from '../support/required-actor';
import { errorParams } from '../support/transitions';
import {
  applySlot,
  changeLine,
  conflictDetailsOf,
  draftFromBooking,
  draftFromSlot,
  draftIssues,
  moveAsks,
  nextLine,
  offeredMoves,
  toCreateBody,
  toUpdateBody,
} from './booking-editor.rules';
import type {
  BookingEditorContext,
  BookingEditorEvent,
  BookingEditorInput,
  OpenBookingSaleParams,
  SaveOutcome,
  StatusRequest,
  SubmitRequest,
} from './booking-editor.types';

const MACHINE = 'bookingEditor';

function codeOf(error: unknown): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : null;
  return typeof code === 'string' ? code : null;
}

/** The request of the draft as it stands (the version read for an edit, the draft's uuid for a new one). */
function requestOf(context: BookingEditorContext, key: string): SubmitRequest {
  const { draft, timeZone, booking, allowOutsideHours } = context;
  return booking
    ? {
        kind: 'update',
        id: booking.id,
        body: toUpdateBody(draft, booking.version, timeZone, allowOutsideHours),
        idempotencyKey: key,
      }
    : {
        kind: 'create',
        body: toCreateBody(draft, context.uuid, timeZone, allowOutsideHours),
        idempotencyKey: key,
      };
}

/** A change of the values: their old errors, confirmation and request key no longer apply. */
const edited = { allowOutsideHours: false, requestKey: null, conflict: null, error: null } as const;

type ErrorArgs = { error: unknown };

/** A status button: straight to the call, or first the question the move asks (arrival, reason). */
const moveStart = [
  { guard: and(['mayMove', 'moveAsks']), target: 'confirmingMove', actions: 'startMove' },
  { guard: 'mayMove', target: 'moving', actions: 'startMove' },
] as const;

const savedParams = ({ event }: { event: { output: unknown } }) => ({
  booking: (event.output as { booking: Booking }).booking,
});
const outcomeParams = ({ event }: { event: { output: unknown } }) => ({
  output: event.output as SaveOutcome,
});

export const bookingEditorMachine = setup({
  types: {
    context: {} as BookingEditorContext,
    events: {} as BookingEditorEvent,
    input: {} as BookingEditorInput,
    tags: {} as 'busy',
  },
  actors: {
    submit: requiredActor<SaveOutcome, SubmitRequest>(MACHINE, 'submit'),
    changeStatus: requiredActor<SaveOutcome, StatusRequest>(MACHINE, 'changeStatus'),
    loadBooking: requiredActor<Booking, { id: number }>(MACHINE, 'loadBooking'),
  },
  actions: {
    announceSaved: requiredAction<{ booking: Booking }>(MACHINE, 'announceSaved'),
    openSale: requiredAction<OpenBookingSaleParams>(MACHINE, 'openSale'),
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      const { [event.name]: _fixed, ...fieldErrors } = context.fieldErrors;
      return {
        ...edited,
        fieldErrors,
        draft: { ...context.draft, fields: { ...context.draft.fields, [event.name]: event.value } },
      };
    }),
    changeLine: assign(({ context, event }) => {
      assertEvent(event, 'line.change');
      const prefix = `booking_appt_service.${event.index}.`;
      const fieldErrors = Object.fromEntries(
        Object.entries(context.fieldErrors).filter(([key]) => !key.startsWith(prefix)),
      );
      const lines = context.draft.lines.map((line, i) =>
        i === event.index ? changeLine(line, event.name, event.value, context.services) : line,
      );
      return { ...edited, fieldErrors, draft: { ...context.draft, lines } };
    }),
    addLine: assign(({ context }) => ({
      ...edited,
      draft: {
        ...context.draft,
        lines: [...context.draft.lines, nextLine(context.draft.lines, context.timeZone)],
      },
    })),
    removeLine: assign(({ context, event }) => {
      assertEvent(event, 'line.remove');
      // Errors are keyed by index: after a removal they would sit under the wrong line.
      return {
        ...edited,
        fieldErrors: {},
        draft: { ...context.draft, lines: context.draft.lines.filter((_, i) => i !== event.index) },
      };
    }),
    check: assign(({ context }) => ({
      fieldErrors: draftIssues(
        context.draft,
        context.timeZone,
        context.booking ? { version: context.booking.version } : { uuid: context.uuid },
      ),
      error: null,
    })),
    prepareRequest: assign(({ context }) => {
      const key = context.requestKey ?? context.createId();
      return { requestKey: key, request: requestOf(context, key) };
    }),
    allowOutside: assign(({ context }) => {
      const next = { ...context, allowOutsideHours: true };
      const key = context.createId();
      return { allowOutsideHours: true, requestKey: key, request: requestOf(next, key) };
    }),
    chooseSlot: assign(({ context, event }) => {
      assertEvent(event, 'slot.choose');
      if (!context.conflict) return {};
      return {
        ...edited,
        draft: applySlot(context.draft, context.conflict, event.index, context.timeZone),
      };
    }),
    storeSaved: assign(({ context }, { booking }: { booking: Booking }) => ({
      booking,
      draft: draftFromBooking(booking, context.timeZone),
      fieldErrors: {},
      error: null,
      move: null,
      moveKey: null,
      queued: false,
    })),
    storeQueued: assign({ queued: true, error: null }),
    storeConflict: assign((_, { error }: ErrorArgs) => ({
      conflict: conflictDetailsOf(error),
      error: toResourceError(error),
    })),
    storeError: assign((_, { error }: ErrorArgs) => {
      const failure = toResourceError(error);
      return { error: failure, fieldErrors: failure.fieldErrors ?? {} };
    }),
    storeMoveError: assign((_, { error }: ErrorArgs) => ({ error: toResourceError(error) })),
    startMove: assign(({ context, event }) => {
      assertEvent(event, 'move.start');
      return { move: { status: event.status }, moveKey: context.createId(), error: null };
    }),
    confirmMove: assign(({ context, event }) => {
      assertEvent(event, 'move.confirm');
      if (!context.move) return {};
      const reason = event.reason?.trim();
      return {
        move: {
          status: context.move.status,
          ...(context.move.status === BOOKING_STATUS.ARRIVED ? { arrival: event.arrival ?? 'desk' } : {}),
          ...(reason ? { reason } : {}),
        },
      };
    }),
    clearMove: assign({ move: null, moveKey: null, error: null }),
    clearFailure: assign({ error: null, conflict: null }),
  },
  guards: {
    canEdit: ({ context }) => context.booking === null || isEditableBooking(context.booking.status),
    hasIssues: ({ context }) => Object.keys(context.fieldErrors).length > 0,
    lineExists: ({ context, event }) =>
      'index' in event && Number.isInteger(event.index) && context.draft.lines[event.index] !== undefined,
    mayAddLine: ({ context }) => context.draft.lines.length < MAX_BOOKING_LINES,
    mayRemoveLine: ({ context, event }) =>
      event.type === 'line.remove' &&
      context.draft.lines.length > 1 &&
      context.draft.lines[event.index] !== undefined,
    slotExists: ({ context, event }) =>
      event.type === 'slot.choose' && context.conflict?.next_slots[event.index] !== undefined,
    /** The domain's rule, less completed (offeredMoves). */
    mayMove: ({ context, event }) =>
      event.type === 'move.start' &&
      context.booking !== null &&
      canMoveBooking(context.booking.status, event.status) &&
      offeredMoves(context.booking.status).includes(event.status),
    moveAsks: ({ event }) => event.type === 'move.start' && moveAsks(event.status),
    hasBooking: ({ context }) => context.booking !== null,
    isQueued: (_, { output }: { output: SaveOutcome }) => output.queued,
    isQueuedSale: ({ context }, { output }: { output: SaveOutcome }) =>
      output.queued && context.move?.status === BOOKING_STATUS.IN_SERVICE,
    startsSale: ({ context }) => context.move?.status === BOOKING_STATUS.IN_SERVICE,
    isConflict: (_, { error }: ErrorArgs) => codeOf(error) === 'booking_conflict',
    isOutsideHours: (_, { error }: ErrorArgs) => codeOf(error) === 'booking_outside_hours',
    isStale: (_, { error }: ErrorArgs) => codeOf(error) === 'booking_stale',
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    timeZone: input.timeZone,
    services: input.services,
    booking: input.booking ?? null,
    uuid: input.uuid,
    createId: input.createId ?? (() => globalThis.crypto.randomUUID()),
    draft: input.booking
      ? draftFromBooking(input.booking, input.timeZone)
      : draftFromSlot(input.slot, input.timeZone),
    fieldErrors: {},
    request: null,
    requestKey: null,
    allowOutsideHours: false,
    conflict: null,
    error: null,
    move: null,
    moveKey: null,
    queued: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'canEdit', target: 'editing' }, { target: 'locked' }],
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'line.change': { guard: 'lineExists', actions: 'changeLine' },
        'line.add': { guard: 'mayAddLine', actions: 'addLine' },
        'line.remove': { guard: 'mayRemoveLine', actions: 'removeLine' },
        submit: 'validating',
        'move.start': moveStart,
      },
    },
    // In service, completed, cancelled, no-show: nothing to edit and no move to offer (the paid sale completes).
    locked: {},
    validating: {
      entry: 'check',
      always: [
        { guard: 'hasIssues', target: 'editing' },
        { target: 'submitting', actions: 'prepareRequest' },
      ],
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.request as SubmitRequest,
        onDone: [
          {
            guard: { type: 'isQueued', params: outcomeParams },
            target: 'done',
            actions: 'storeQueued',
          },
          {
            target: 'done',
            actions: [
              { type: 'storeSaved', params: savedParams },
              { type: 'announceSaved', params: savedParams },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isConflict', params: errorParams },
            target: 'conflict',
            actions: { type: 'storeConflict', params: errorParams },
          },
          {
            guard: { type: 'isOutsideHours', params: errorParams },
            target: 'outsideHours',
            actions: { type: 'storeMoveError', params: errorParams },
          },
          {
            guard: { type: 'isStale', params: errorParams },
            target: 'stale',
            actions: { type: 'storeMoveError', params: errorParams },
          },
          { target: 'failed', actions: { type: 'storeError', params: errorParams } },
        ],
      },
    },
    conflict: {
      on: {
        'slot.choose': { guard: 'slotExists', target: 'validating', actions: 'chooseSlot' },
        edit: { target: 'editing', actions: 'clearFailure' },
      },
    },
    outsideHours: {
      on: {
        'outside.confirm': { target: 'submitting', actions: 'allowOutside' },
        edit: { target: 'editing', actions: 'clearFailure' },
      },
    },
    stale: {
      on: { reload: { guard: 'hasBooking', target: 'reloading' } },
    },
    reloading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBooking',
        src: 'loadBooking',
        input: ({ context }) => ({ id: context.booking?.id ?? 0 }),
        onDone: {
          target: 'starting',
          actions: { type: 'storeSaved', params: ({ event }) => ({ booking: event.output }) },
        },
        onError: { target: 'stale', actions: { type: 'storeMoveError', params: errorParams } },
      },
    },
    failed: {
      on: {
        retry: 'submitting',
        edit: { target: 'editing', actions: 'clearFailure' },
        'field.change': { target: 'editing', actions: 'changeField' },
        'line.change': { guard: 'lineExists', target: 'editing', actions: 'changeLine' },
        'line.add': { guard: 'mayAddLine', target: 'editing', actions: 'addLine' },
        'line.remove': { guard: 'mayRemoveLine', target: 'editing', actions: 'removeLine' },
        submit: 'validating',
      },
    },
    confirmingMove: {
      on: {
        'move.confirm': { target: 'moving', actions: 'confirmMove' },
        'move.cancel': { target: 'starting', actions: 'clearMove' },
      },
    },
    moving: {
      tags: ['busy'],
      invoke: {
        id: 'changeStatus',
        src: 'changeStatus',
        input: ({ context }) => ({
          id: context.booking?.id ?? 0,
          version: context.booking?.version ?? null,
          idempotencyKey: context.moveKey ?? '',
          status: context.move?.status ?? BOOKING_STATUS.CONFIRMED,
          ...(context.move?.arrival ? { arrival: context.move.arrival } : {}),
          ...(context.move?.reason ? { reason: context.move.reason } : {}),
        }),
        onDone: [
          // Offline: the move waits in the queue; a started sale still opens (the sale works offline).
          {
            guard: { type: 'isQueuedSale', params: outcomeParams },
            target: 'done',
            actions: [
              'storeQueued',
              { type: 'openSale', params: ({ context }) => ({ booking: context.booking as Booking }) },
            ],
          },
          { guard: { type: 'isQueued', params: outcomeParams }, target: 'done', actions: 'storeQueued' },
          {
            guard: 'startsSale',
            target: 'saleStarted',
            actions: [
              { type: 'storeSaved', params: savedParams },
              { type: 'announceSaved', params: savedParams },
              { type: 'openSale', params: savedParams },
            ],
          },
          {
            target: 'starting',
            actions: [
              { type: 'storeSaved', params: savedParams },
              { type: 'announceSaved', params: savedParams },
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'isStale', params: errorParams },
            target: 'stale',
            actions: { type: 'storeMoveError', params: errorParams },
          },
          { target: 'moveFailed', actions: { type: 'storeMoveError', params: errorParams } },
        ],
      },
    },
    moveFailed: {
      on: {
        retry: 'moving',
        dismiss: { target: 'starting', actions: 'clearMove' },
      },
    },
    done: { type: 'final' },
    saleStarted: { type: 'final' },
  },
});

export type BookingEditorMachine = typeof bookingEditorMachine;
