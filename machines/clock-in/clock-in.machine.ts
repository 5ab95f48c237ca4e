/**
 * The clock-in screen (docs/front-desk.md "Clock in and out"): a board of the store's employees, each tapped to
 * clock in, start or end a break, or clock out, with the person's PIN when someone else is at the tablet.
 *
 *   loading ──done──▶ ready ──person.choose──▶ choosing ──action.choose──▶ pin ──pin.submit──▶ submitting
 *     │ offline ─▶ offline ──retry | connection.online──▶ loading   │ (no PIN needed) ───────▶ submitting
 *     └ other ──▶ failed ──retry──▶ loading                 cancel (choosing, pin) ──▶ ready
 *
 *   submitting ──done──▶ reloading ──done | error (old board kept)──▶ ready
 *     ├─ queued offline ──▶ ready (saved offline, sent when the connection returns)
 *     ├─ wrong_pin ──▶ pin        ├─ pin_locked ──▶ ready
 *     ├─ 409 refusal ──▶ reloading (the board was stale)    └─ other ──▶ choosing
 *
 * - The actions offered are the person's status's (src/domain/clock.ts allowedClockActions), and the PIN is
 *   asked by the server's own rule (needsEmployeePin), so the screen neither offers what the server refuses nor
 *   asks a PIN it would not.
 * - The PIN travels in pin.submit to the clock call's input and nowhere else: it is never in the context, so no
 *   snapshot, inspector or persisted state holds it (docs/roles.md#pin-approvals).
 * - After an action the board is loaded again (docs/front-desk.md "Clock in and out"), and after a refusal too:
 *   the server knew better than the tile.
 * - The offline queue's receipt is not a success: nothing is known of the time, so the board stays as it was and
 *   the screen says the action will be sent (docs/offline.md#the-queue).
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { allowedClockActions, needsEmployeePin } from '../../src/domain/clock';
import { PIN_MAX_LENGTH, PIN_MIN_LENGTH } from '../pin-check/pin-check.rules';
import { requiredActor } from '../support/required-actor';
import { doneTo, errorParams, failTo, outputParams } from '../support/transitions';
import {
  clockedAt,
  isOfflineFailure,
  isOfflineQueued,
  isPinLocked,
  isRefusal,
  isWrongPin,
  statusOf,
  toClockError,
} from './clock-in.rules';
import type {
  BoardEmployee,
  ClockCallInput,
  ClockInContext,
  ClockInEvent,
  ClockInInput,
  ClockOutput,
} from './clock-in.types';

const MACHINE = 'clockIn';

function chosen(context: ClockInContext): BoardEmployee | undefined {
  return context.employees.find((e) => e.id === context.chosenId);
}

export const clockInMachine = setup({
  types: {
    context: {} as ClockInContext,
    events: {} as ClockInEvent,
    input: {} as ClockInInput,
    tags: {} as 'busy',
  },
  actors: {
    loadBoard: requiredActor<BoardEmployee[]>(MACHINE, 'loadBoard'),
    clock: requiredActor<ClockOutput, ClockCallInput>(MACHINE, 'clock'),
  },
  actions: {
    storeBoard: assign((_, employees: readonly BoardEmployee[]) => ({ employees, failure: null })),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ failure: toClockError(error) })),
    choosePerson: assign(({ event }) => {
      assertEvent(event, 'person.choose');
      return { chosenId: event.id, action: null, error: null, done: null, savedOffline: null };
    }),
    chooseAction: assign(({ event }) => {
      assertEvent(event, 'action.choose');
      return { action: event.action, error: null };
    }),
    clearChoice: assign({ chosenId: null, action: null }),
    clearError: assign({ error: null }),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toClockError(error) })),
    storeDone: assign((_, output: ClockOutput) =>
      isOfflineQueued(output)
        ? {}
        : { done: { name: output.name, action: output.action, at: clockedAt(output) }, error: null },
    ),
    storeSavedOffline: assign(({ context }) => ({
      savedOffline:
        context.action === null ? null : { name: chosen(context)?.name ?? '', action: context.action },
      error: null,
    })),
  },
  guards: {
    isOffline: (_, { error }: { error: unknown }) => isOfflineFailure(error),
    isOnBoard: ({ context, event }) =>
      event.type === 'person.choose' && context.employees.some((e) => e.id === event.id),
    /** Only what the person's status allows (allowedClockActions), so a stale tap is not even sent. */
    isAllowed: ({ context, event }) => {
      const person = chosen(context);
      return (
        event.type === 'action.choose' &&
        person !== undefined &&
        allowedClockActions(statusOf(person)).includes(event.action)
      );
    },
    needsPin: ({ context }) =>
      context.chosenId !== null && needsEmployeePin(context.callerId, context.callerRole, context.chosenId),
    isPinShaped: ({ event }) =>
      event.type === 'pin.submit' &&
      event.pin.length >= PIN_MIN_LENGTH &&
      event.pin.length <= PIN_MAX_LENGTH &&
      /^\d+$/.test(event.pin),
    isQueued: (_, output: ClockOutput) => isOfflineQueued(output),
    isWrongPin: (_, { error }: { error: unknown }) => isWrongPin(error),
    isPinLocked: (_, { error }: { error: unknown }) => isPinLocked(error),
    isRefusal: (_, { error }: { error: unknown }) => isRefusal(error),
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    callerId: input.callerId,
    callerRole: input.callerRole,
    employees: [],
    chosenId: null,
    action: null,
    error: null,
    failure: null,
    done: null,
    savedOffline: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBoard',
        src: 'loadBoard',
        onDone: doneTo('ready', 'storeBoard'),
        onError: [
          { guard: { type: 'isOffline', params: errorParams }, ...failTo('offline', 'storeFailure') },
          failTo('failed', 'storeFailure'),
        ],
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    offline: {
      on: { retry: 'loading', 'connection.online': 'loading' },
    },
    ready: {
      entry: 'clearChoice',
      on: {
        'person.choose': { guard: 'isOnBoard', target: 'choosing', actions: 'choosePerson' },
      },
    },
    choosing: {
      on: {
        'action.choose': [
          { guard: and(['isAllowed', 'needsPin']), target: 'pin', actions: 'chooseAction' },
          { guard: 'isAllowed', target: 'submitting', actions: 'chooseAction' },
        ],
        cancel: { target: 'ready', actions: 'clearError' },
      },
    },
    pin: {
      on: {
        'pin.submit': { guard: 'isPinShaped', target: 'submitting' },
        cancel: { target: 'ready', actions: 'clearError' },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'clock',
        src: 'clock',
        // The PIN is read from the event that entered this state (pin.submit) and handed to the call only.
        input: ({ context, event }) => ({
          userId: context.chosenId ?? 0,
          action: context.action ?? 'check_in',
          ...(event.type === 'pin.submit' ? { pin: event.pin } : {}),
        }),
        onDone: [
          {
            guard: { type: 'isQueued', params: outputParams },
            target: 'ready',
            actions: 'storeSavedOffline',
          },
          doneTo('reloading', 'storeDone'),
        ],
        onError: [
          { guard: { type: 'isWrongPin', params: errorParams }, ...failTo('pin', 'storeError') },
          { guard: { type: 'isPinLocked', params: errorParams }, ...failTo('ready', 'storeError') },
          { guard: { type: 'isRefusal', params: errorParams }, ...failTo('reloading', 'storeError') },
          failTo('choosing', 'storeError'),
        ],
      },
    },
    reloading: {
      tags: ['busy'],
      invoke: {
        id: 'reloadBoard',
        src: 'loadBoard',
        onDone: doneTo('ready', 'storeBoard'),
        onError: failTo('ready', 'storeFailure'),
      },
    },
  },
});

export type ClockInMachine = typeof clockInMachine;
