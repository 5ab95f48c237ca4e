/**
 * The cash drawer of a workstation (docs/cash-drawer.md): closed, open, counting, closed with over/short.
 *
 *   loading ──done──▶ closed | open        offline ──retry | connection.online──▶ loading
 *     ├ offline ──▶ offline                failed ──retry──▶ loading
 *     └ other ──▶ failed
 *   closed ──open.start──▶ opening (count the float) ──open.submit──▶ opening.sending ──▶ open
 *   open ──movement.submit──▶ recording ──▶ open
 *   open ──close.start──▶ counting (blind) ──close.submit──▶ closing ──▶ result (over/short)
 *                                                  └ 403 drawer_manager_required ──▶ managerPin
 *   managerPin ──pin.submit──▶ approving ──▶ result           result ──open.start──▶ opening
 *
 * - Blind count: while counting nothing of the expected cash is a fact of the state the screen reads
 *   (selectors give it only in `open` and `result`), so the count is not steered towards it.
 * - The tolerance is the server's rule: the chart sends the count and asks for a manager's PIN only when the
 *   server answers drawer_manager_required, with the over/short it computed.
 * - Offline (docs/offline.md): a write the queue took is not an answer; the chart keeps the drawer it knows,
 *   adds the queued movement to it, and says the write will be sent. A close the queue took leaves the result
 *   unknown until the next load, so it goes to `closedOffline`.
 * - The PIN travels in pin.submit to the close call's input and nowhere else (docs/roles.md#pin-approvals).
 */
import { assertEvent, assign, setup } from 'xstate';
import { setPieces } from '../../src/domain/cash-drawer';
import type { DrawerState } from '../../src/contracts/cash-drawer';
import { toResourceError } from '../resource/resource.rules';
import { requiredActor } from '../support/required-actor';
import { doneTo, errorParams, failTo, outputParams } from '../support/transitions';
import {
  hasPieces,
  isMovementValid,
  isOfflineFailure,
  isQueued,
  isStale,
  managerNeededOf,
  openedOffline,
  withQueuedMovement,
} from './cash-drawer.rules';
import type {
  CashDrawerContext,
  CashDrawerEvent,
  CloseInput,
  MovementInput,
  SessionOutput,
} from './cash-drawer.types';

const MACHINE = 'cashDrawer';

export const cashDrawerMachine = setup({
  types: {
    context: {} as CashDrawerContext,
    events: {} as CashDrawerEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadDrawer: requiredActor<DrawerState>(MACHINE, 'loadDrawer'),
    openDrawer: requiredActor<SessionOutput, { count: CashDrawerContext['count'] }>(MACHINE, 'openDrawer'),
    recordMovement: requiredActor<SessionOutput, MovementInput>(MACHINE, 'recordMovement'),
    closeDrawer: requiredActor<SessionOutput, CloseInput>(MACHINE, 'closeDrawer'),
  },
  actions: {
    storeState: assign((_, state: DrawerState) => ({ state, failure: null, savedOffline: null })),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ failure: toResourceError(error) })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toResourceError(error) })),
    clearError: assign({ error: null }),
    resetCount: assign({ count: {}, error: null, managerNeeded: null }),
    setCount: assign(({ context, event }) => {
      assertEvent(event, 'count.set');
      return { count: setPieces(context.count, event.id, event.pieces) };
    }),
    // Reached only for an answer (the queued receipt is guarded off before), so a receipt changes nothing.
    storeSession: assign(({ context }, output: SessionOutput) =>
      isQueued(output)
        ? {}
        : { state: context.state ? { ...context.state, session: output } : null, error: null },
    ),
    storeOpenedOffline: assign(({ context }) => ({
      state: openedOffline(context.state, context.count, new Date().toISOString()),
      savedOffline: 'open' as const,
      error: null,
    })),
    holdMovement: assign(({ event }) => {
      assertEvent(event, 'movement.submit');
      return { pendingMovement: { kind: event.kind, amount: event.amount, reason: event.reason } };
    }),
    storeMovementOffline: assign(({ context }) => ({
      savedOffline: 'movement' as const,
      error: null,
      state: context.pendingMovement
        ? withQueuedMovement(context.state, context.pendingMovement, new Date().toISOString())
        : context.state,
    })),
    storeClosed: assign(({ context }, output: SessionOutput) =>
      isQueued(output)
        ? {}
        : {
            closed: output,
            // The next opening expects what this close counted (docs/cash-drawer.md#a-session).
            state: context.state
              ? { ...context.state, session: null, expected_opening: output.counted }
              : null,
            error: null,
            managerNeeded: null,
          },
    ),
    storeClosedOffline: assign({ savedOffline: 'close' as const, error: null, managerNeeded: null }),
    storeManagerNeeded: assign((_, { error }: { error: unknown }) => ({
      managerNeeded: managerNeededOf(error),
      error: null,
    })),
  },
  guards: {
    isOffline: (_, { error }: { error: unknown }) => isOfflineFailure(error),
    hasOpenSession: (_, state: DrawerState) => state.session !== null,
    isQueued: (_, output: SessionOutput) => isQueued(output),
    isStale: (_, { error }: { error: unknown }) => isStale(error),
    needsManager: (_, { error }: { error: unknown }) => managerNeededOf(error) !== null,
    hasCount: ({ context }) => hasPieces(context.count),
    isMovementValid: ({ event }) => event.type === 'movement.submit' && isMovementValid(event),
    isPinShaped: ({ event }) => event.type === 'pin.submit' && /^\d{4,8}$/.test(event.pin),
  },
}).createMachine({
  id: MACHINE,
  context: {
    state: null,
    count: {},
    closed: null,
    pendingMovement: null,
    managerNeeded: null,
    error: null,
    failure: null,
    savedOffline: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadDrawer',
        src: 'loadDrawer',
        onDone: [
          {
            guard: { type: 'hasOpenSession', params: outputParams },
            target: 'open',
            actions: { type: 'storeState', params: outputParams },
          },
          doneTo('closed', 'storeState'),
        ],
        onError: [
          { guard: { type: 'isOffline', params: errorParams }, ...failTo('offline', 'storeFailure') },
          failTo('failed', 'storeFailure'),
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    offline: { on: { retry: 'loading', 'connection.online': 'loading' } },
    closed: {
      on: { 'open.start': { target: 'opening', actions: 'resetCount' } },
    },
    opening: {
      initial: 'counting',
      states: {
        counting: {
          on: {
            'count.set': { actions: 'setCount' },
            'open.submit': { guard: 'hasCount', target: 'sending' },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'openDrawer',
            src: 'openDrawer',
            input: ({ context }) => ({ count: context.count }),
            onDone: [
              {
                guard: { type: 'isQueued', params: outputParams },
                target: '#cashDrawer.open',
                actions: 'storeOpenedOffline',
              },
              doneTo('#cashDrawer.open', 'storeSession'),
            ],
            onError: [
              {
                guard: { type: 'isStale', params: errorParams },
                ...failTo('#cashDrawer.loading', 'storeError'),
              },
              failTo('counting', 'storeError'),
            ],
          },
        },
      },
      on: { cancel: { target: 'closed', actions: 'clearError' } },
    },
    open: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'movement.submit': { guard: 'isMovementValid', target: 'recording', actions: 'holdMovement' },
            'close.start': { target: '#cashDrawer.counting', actions: 'resetCount' },
          },
        },
        recording: {
          tags: ['busy'],
          invoke: {
            id: 'recordMovement',
            src: 'recordMovement',
            input: ({ context }) => context.pendingMovement!,
            onDone: [
              {
                guard: { type: 'isQueued', params: outputParams },
                target: 'idle',
                actions: 'storeMovementOffline',
              },
              doneTo('idle', 'storeSession'),
            ],
            onError: [
              {
                guard: { type: 'isStale', params: errorParams },
                ...failTo('#cashDrawer.loading', 'storeError'),
              },
              failTo('idle', 'storeError'),
            ],
          },
        },
      },
    },
    counting: {
      on: {
        'count.set': { actions: 'setCount' },
        'close.submit': { guard: 'hasCount', target: 'closing' },
        cancel: { target: 'open', actions: 'clearError' },
      },
    },
    closing: {
      tags: ['busy'],
      invoke: {
        id: 'closeDrawer',
        src: 'closeDrawer',
        input: ({ context }) => ({ count: context.count }),
        onDone: [
          {
            guard: { type: 'isQueued', params: outputParams },
            target: 'closedOffline',
            actions: 'storeClosedOffline',
          },
          doneTo('result', 'storeClosed'),
        ],
        onError: [
          {
            guard: { type: 'needsManager', params: errorParams },
            ...failTo('managerPin', 'storeManagerNeeded'),
          },
          { guard: { type: 'isStale', params: errorParams }, ...failTo('loading', 'storeError') },
          failTo('counting', 'storeError'),
        ],
      },
    },
    managerPin: {
      on: {
        'pin.submit': { guard: 'isPinShaped', target: 'approving' },
        cancel: { target: 'counting', actions: 'clearError' },
      },
    },
    approving: {
      tags: ['busy'],
      invoke: {
        id: 'approveClose',
        src: 'closeDrawer',
        // The PIN is read from the event that entered this state and handed to the call only.
        input: ({ context, event }) => ({
          count: context.count,
          ...(event.type === 'pin.submit' ? { pin: event.pin } : {}),
        }),
        onDone: [
          {
            guard: { type: 'isQueued', params: outputParams },
            target: 'closedOffline',
            actions: 'storeClosedOffline',
          },
          doneTo('result', 'storeClosed'),
        ],
        onError: failTo('managerPin', 'storeError'),
      },
    },
    result: {
      on: { 'open.start': { target: 'opening', actions: 'resetCount' } },
    },
    closedOffline: {
      on: { retry: 'loading', 'connection.online': 'loading' },
    },
  },
});

export type CashDrawerMachine = typeof cashDrawerMachine;
