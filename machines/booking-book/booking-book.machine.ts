/**
 * The appointment book (/pos/booking-appt; docs/appointments.md): the bookings and bookable technicians of the
 * shown range, on the store's wall clock, with drag and resize of a line, the clash answer, and the draft of a
 * new booking for the editor.
 *
 *   loading ──done──▶ ready (idle ⇄ selected) ──booking.move──▶ moving ──done──▶ ready
 *     │ done from cache ─▶ offline        │                     │ 409 booking_conflict ─▶ conflict ─choose─▶ moving
 *     │ offline ─▶ offline (retry | online ─▶ loading)          │                          └ cancel ─▶ ready (put back)
 *     └ other ─▶ error (retry ─▶ loading)  │                     │ 409 booking_stale ─▶ loading (reload)
 *                                          │                     └ other ─▶ ready (put back, said)
 *                                          ├ refused.resend ──▶ moving (a refused offline create sent again; done ─▶ loading)
 *                                          └ refused.discard ─▶ discarding ──done──▶ loading
 *
 * - view, date and technician changes reload the range (the filter only narrows what is drawn: no reload);
 *   a live 'bookings' change (`watchLive`, the app's) or `reload` reloads it too.
 * - A move is shown at once where it was dropped (`applyMove`) and put back if the server refuses it.
 * - A conflict keeps the clashing bookings and the next free slots (details of the 409); choosing a slot sends
 *   the move again there.
 * - Tapping an empty slot keeps a draft {user_id, starts_at} for the booking editor; the chart does nothing else
 *   with it.
 * - A booking made offline that the server refused when the queue sent it (its slot was taken meanwhile) stays
 *   on the book, marked, until someone chooses (docs/appointments.md#offline): sent again as it was, which on a
 *   clash offers the next free slots as a move does, or dropped from the queue.
 */
import { assign, setup } from 'xstate';
import { toResourceError } from '../resource/resource.rules';
import { requiredActor, requiredCallback } from '../support/required-actor';
import { doneTo, errorParams, failTo } from '../support/transitions';
import {
  applyMove,
  canMoveLine,
  conflictDetailsOf,
  findBooking,
  isRefused,
  isStaleError,
  lineAsMove,
  moveToSlot,
  replaceBooking,
  saveInput,
  shiftDate,
  viewRange,
} from './booking-book.rules';
import type {
  BookData,
  BookingBookContext,
  BookingBookEvent,
  BookingBookInput,
  LoadRangeInput,
  SaveBookingInput,
  SaveBookingOutput,
} from './booking-book.types';

const MACHINE = 'bookingBook';

const NAVIGATION = ['view.set', 'date.today', 'date.prev', 'date.next', 'date.set'] as const;

export const bookingBookMachine = setup({
  types: {
    context: {} as BookingBookContext,
    events: {} as BookingBookEvent,
    input: {} as BookingBookInput,
    tags: {} as 'busy',
  },
  actors: {
    loadRange: requiredActor<BookData, LoadRangeInput>(MACHINE, 'loadRange'),
    saveBooking: requiredActor<SaveBookingOutput, SaveBookingInput>(MACHINE, 'saveBooking'),
    discardQueued: requiredActor<void, { requestId: number }>(MACHINE, 'discardQueued'),
    watchLive: requiredCallback<BookingBookEvent>(MACHINE, 'watchLive'),
  },
  actions: {
    navigate: assign(({ context, event }) => {
      switch (event.type) {
        case 'view.set':
          return { view: event.view };
        case 'date.today':
          return { date: event.today };
        case 'date.set':
          return { date: event.date };
        case 'date.prev':
          return { date: shiftDate(context.view, context.date, -1) };
        case 'date.next':
          return { date: shiftDate(context.view, context.date, 1) };
        default:
          return {};
      }
    }),
    setTechnician: assign(({ event }) =>
      event.type === 'technician.set' ? { technicianId: event.technicianId } : {},
    ),
    storeData: assign((_, data: BookData) => ({ data, failure: null })),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ failure: toResourceError(error) })),
    select: assign(({ event }) => (event.type === 'booking.select' ? { selectedKey: event.key } : {})),
    unselect: assign({ selectedKey: null }),
    setDraft: assign(({ event }) => (event.type === 'slot.select' ? { draft: event.draft } : {})),
    clearDraft: assign({ draft: null }),
    dismissNotice: assign({ moveError: null }),
    /** Keeps the move and the booking as it was, and shows the line where it was dropped. */
    startMove: assign(({ context, event }) => {
      if (event.type !== 'booking.move') return {};
      const original = findBooking(context.data, event.move.bookingKey);
      if (!original) return {};
      return {
        pending: { kind: 'move' as const, move: event.move, original },
        data: replaceBooking(context.data, applyMove(original, event.move)),
        moveKey: event.moveKey,
        moveError: null,
        conflict: null,
      };
    }),
    /** The selected refused offline create, sent again as it was queued. */
    startResend: assign(({ context, event }) => {
      if (event.type !== 'refused.resend' || !context.selectedKey) return {};
      const original = findBooking(context.data, context.selectedKey);
      if (!isRefused(original)) return {};
      return {
        pending: { kind: 'resend' as const, move: null, original, refusal: original.refusal },
        moveKey: event.moveKey,
        moveError: null,
        conflict: null,
      };
    }),
    clearPending: assign({ pending: null }),
    /** The conflict's chosen slot becomes the move. */
    moveToSlot: assign(({ context, event }) => {
      if (event.type !== 'conflict.choose' || !context.conflict || !context.pending) return {};
      const move = moveToSlot(context.conflict.move, context.conflict.details, event.index);
      if (!move) return {};
      return {
        pending: { ...context.pending, move },
        data: replaceBooking(context.data, applyMove(context.pending.original, move)),
        moveKey: event.moveKey,
        conflict: null,
      };
    }),
    storeSaved: assign(({ context }, output: SaveBookingOutput) => {
      const pending = context.pending;
      if (!pending || pending.kind !== 'move') return {};
      const booking = output.queued
        ? { ...applyMove(pending.original, pending.move), provisional: true }
        : output.booking;
      return { data: replaceBooking(context.data, booking), pending: null };
    }),
    keepConflict: assign(({ context }, { error }: { error: unknown }) => {
      const details = conflictDetailsOf(error);
      const pending = context.pending;
      if (!details || !pending) return {};
      const move = pending.move ?? lineAsMove(pending.original, details.line_index);
      return move ? { conflict: { details, move } } : {};
    }),
    putBack: assign(({ context }) =>
      context.pending
        ? { data: replaceBooking(context.data, context.pending.original), pending: null, conflict: null }
        : {},
    ),
    storeMoveError: assign((_, { error }: { error: unknown }) => ({ moveError: toResourceError(error) })),
  },
  guards: {
    isOffline: (_, { error }: { error: unknown }) => toResourceError(error).kind === 'offline',
    fromCache: (_, data: BookData) => data.fromCache,
    isConflict: ({ context }, { error }: { error: unknown }) => {
      const details = conflictDetailsOf(error);
      const pending = context.pending;
      if (!details || !pending) return false;
      return pending.move !== null || lineAsMove(pending.original, details.line_index) !== null;
    },
    wasResend: ({ context }) => context.pending?.kind === 'resend',
    selectedRefused: ({ context }) =>
      context.selectedKey !== null && isRefused(findBooking(context.data, context.selectedKey)),
    isStale: (_, { error }: { error: unknown }) => isStaleError(error),
    canMove: ({ context, event }) =>
      event.type === 'booking.move' &&
      canMoveLine(findBooking(context.data, event.move.bookingKey), event.move.lineIndex),
    hasSlot: ({ context, event }) =>
      event.type === 'conflict.choose' &&
      context.conflict !== null &&
      moveToSlot(context.conflict.move, context.conflict.details, event.index) !== null,
    knownBooking: ({ context, event }) =>
      event.type === 'booking.select' && findBooking(context.data, event.key) !== undefined,
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    timeZone: input.timeZone,
    view: input.view,
    date: input.today,
    technicianId: null,
    data: null,
    failure: null,
    moveError: null,
    pending: null,
    conflict: null,
    draft: null,
    selectedKey: null,
    moveKey: '',
  }),
  invoke: { id: 'watchLive', src: 'watchLive' },
  on: {
    'technician.set': { actions: 'setTechnician' },
    'slot.select': { actions: 'setDraft' },
    'draft.clear': { actions: 'clearDraft' },
    'notice.dismiss': { actions: 'dismissNotice' },
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRange',
        src: 'loadRange',
        input: ({ context }) => viewRange(context.view, context.date, context.timeZone),
        onDone: [
          {
            guard: { type: 'fromCache', params: ({ event }) => event.output },
            ...doneTo('offline', 'storeData'),
          },
          doneTo('ready', 'storeData'),
        ],
        onError: [
          { guard: { type: 'isOffline', params: errorParams }, ...failTo('offline', 'storeFailure') },
          failTo('error', 'storeFailure'),
        ],
      },
      // A change of range while loading starts the load again for the new range.
      on: Object.fromEntries(
        NAVIGATION.map((type) => [type, { target: 'loading', reenter: true, actions: 'navigate' }]),
      ),
    },
    ready: {
      initial: 'idle',
      on: {
        ...Object.fromEntries(NAVIGATION.map((type) => [type, { target: 'loading', actions: 'navigate' }])),
        reload: 'loading',
        'live.changed': 'loading',
        'booking.move': { guard: 'canMove', target: 'moving', actions: 'startMove' },
        // The selection outlives a move (the panel stays open), so these are the ready state's, not `selected`'s.
        'refused.resend': { guard: 'selectedRefused', target: 'moving', actions: 'startResend' },
        'refused.discard': { guard: 'selectedRefused', target: 'discarding' },
      },
      states: {
        idle: {
          on: { 'booking.select': { guard: 'knownBooking', target: 'selected', actions: 'select' } },
        },
        selected: {
          on: {
            'booking.select': { guard: 'knownBooking', actions: 'select' },
            'booking.close': { target: 'idle', actions: 'unselect' },
            'refused.resend': {
              guard: 'selectedRefused',
              target: '#bookingBook.moving',
              actions: 'startResend',
            },
            'refused.discard': { guard: 'selectedRefused', target: '#bookingBook.discarding' },
          },
        },
      },
    },
    moving: {
      tags: ['busy'],
      invoke: {
        id: 'saveBooking',
        src: 'saveBooking',
        input: ({ context }) => saveInput(context.pending!, context.moveKey),
        onDone: [
          // The server has the booking now, under its own id: the range is read again.
          { guard: 'wasResend', target: 'loading', actions: ['clearPending', 'unselect'] },
          doneTo('ready', 'storeSaved'),
        ],
        onError: [
          { guard: { type: 'isConflict', params: errorParams }, ...failTo('conflict', 'keepConflict') },
          {
            guard: { type: 'isStale', params: errorParams },
            target: 'loading',
            actions: ['putBack', { type: 'storeMoveError', params: errorParams }],
          },
          { target: 'ready', actions: ['putBack', { type: 'storeMoveError', params: errorParams }] },
        ],
      },
    },
    conflict: {
      on: {
        'conflict.choose': { guard: 'hasSlot', target: 'moving', actions: 'moveToSlot' },
        'conflict.cancel': { target: 'ready', actions: 'putBack' },
      },
    },
    discarding: {
      tags: ['busy'],
      invoke: {
        id: 'discardQueued',
        src: 'discardQueued',
        input: ({ context }) => ({
          requestId: findBooking(context.data, context.selectedKey ?? '')?.refusal?.requestId ?? -1,
        }),
        onDone: { target: 'loading', actions: 'unselect' },
        onError: { target: 'ready', actions: { type: 'storeMoveError', params: errorParams } },
      },
    },
    error: {
      on: {
        retry: 'loading',
        ...Object.fromEntries(NAVIGATION.map((type) => [type, { target: 'loading', actions: 'navigate' }])),
      },
    },
    offline: {
      on: {
        retry: 'loading',
        'connection.online': 'loading',
        ...Object.fromEntries(NAVIGATION.map((type) => [type, { target: 'loading', actions: 'navigate' }])),
        'booking.select': { guard: 'knownBooking', actions: 'select' },
        'booking.close': { actions: 'unselect' },
      },
    },
  },
});

export type BookingBookMachine = typeof bookingBookMachine;
