/**
 * The turn board (docs/turns.md "On the server and the screens"): the day's queue with every place explained,
 * and the desk's acts on it.
 *
 *   loading ──done──▶ shown ──a command──▶ acting ──done──▶ loading (the board after the act)
 *     │ offline ─▶ offline ──retry | connection.online──▶ loading     │ error ──▶ loading (error kept)
 *     └ other ──▶ failed ──retry──▶ loading                           └ offline ──▶ offline
 *   shown ──refresh──▶ loading      shown ──service.choose──▶ shown
 *
 * - The board is loaded again after every act, and after a refusal too: the server's ledger is the truth and the
 *   other tills and the clock change it (docs/turns.md "The ledger on the server").
 * - Each technician on the board has her own chart (machines/technician), spawned as `technician-<id>` and told
 *   after each load where the board says she stands, which decides what her row offers.
 * - A manager's PIN travels in the event to the call's input only; it is never in the context.
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { TurnBoard } from '../../src/contracts/turn-system';
import { requiredActor } from '../support/required-actor';
import { doneTo, errorParams, failTo } from '../support/transitions';
import { technicianMachine } from '../technician/technician.machine';
import { commandOf, isOfflineFailure, toTurnError } from './turn-board.rules';
import type { ActDone, BoardLoad, TurnBoardContext, TurnBoardEvent, TurnCommand } from './turn-board.types';

const MACHINE = 'turnBoard';

export const technicianChildId = (technicianId: number): string => `technician-${technicianId}`;

const COMMANDS = {
  'turn.take': 'acting',
  'turn.finish': 'acting',
  'turn.cancel': 'acting',
  skip: 'acting',
  'skip.cancel': 'acting',
  'bonus.grant': { guard: 'hasReasonAndPin', target: 'acting' },
  reorder: { guard: 'hasReasonAndPin', target: 'acting' },
} as const;

export const turnBoardMachine = setup({
  types: {
    context: {} as TurnBoardContext,
    events: {} as TurnBoardEvent,
    tags: {} as 'busy',
  },
  actors: {
    loadBoard: requiredActor<BoardLoad>(MACHINE, 'loadBoard'),
    act: requiredActor<ActDone, TurnCommand>(MACHINE, 'act'),
    technician: technicianMachine,
  },
  actions: {
    storeBoard: assign((_, load: BoardLoad) => ({
      board: load.board,
      services: load.services,
      failure: null,
    })),
    // The spawned ids are kept in the context (not read from the actor), so the chart stays a pure function.
    syncTechnicians: enqueueActions(({ context, enqueue }) => {
      const spawned = new Set(context.spawned);
      for (const tech of (context.board as TurnBoard | null)?.technicians ?? []) {
        const id = technicianChildId(tech.technician_id);
        if (spawned.has(tech.technician_id)) {
          enqueue.sendTo(id, { type: 'board.sync', state: tech.state });
        } else {
          spawned.add(tech.technician_id);
          enqueue.spawnChild('technician', {
            id,
            input: { technicianId: tech.technician_id, state: tech.state },
          });
        }
      }
      enqueue.assign({ spawned: [...spawned] });
    }),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ failure: toTurnError(error) })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toTurnError(error), done: null })),
    chooseService: assign(({ event }) =>
      event.type === 'service.choose' ? { serviceId: event.serviceId } : {},
    ),
    clearMessages: assign({ error: null, done: null }),
    storeDone: assign((_, done: ActDone) => ({ done, error: null })),
  },
  guards: {
    isOffline: (_, { error }: { error: unknown }) => isOfflineFailure(error),
    hasReasonAndPin: ({ event }) =>
      (event.type === 'bonus.grant' || event.type === 'reorder') &&
      event.reason.trim() !== '' &&
      /^\d{4,8}$/.test(event.pin),
  },
}).createMachine({
  id: MACHINE,
  context: {
    board: null,
    services: [],
    spawned: [],
    serviceId: null,
    error: null,
    failure: null,
    done: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBoard',
        src: 'loadBoard',
        onDone: {
          target: 'shown',
          actions: [{ type: 'storeBoard', params: ({ event }) => event.output }, 'syncTechnicians'],
        },
        onError: [
          { guard: { type: 'isOffline', params: errorParams }, ...failTo('offline', 'storeFailure') },
          failTo('failed', 'storeFailure'),
        ],
      },
    },
    failed: { on: { retry: 'loading' } },
    offline: { on: { retry: 'loading', 'connection.online': 'loading' } },
    shown: {
      on: {
        ...COMMANDS,
        refresh: 'loading',
        'service.choose': { actions: ['chooseService', 'clearMessages'] },
      },
    },
    acting: {
      tags: ['busy'],
      entry: 'clearMessages',
      invoke: {
        id: 'act',
        src: 'act',
        // The PIN of a manager's act is read from the event that entered this state and handed to the call only.
        input: ({ context, event }) => commandOf(event, context.serviceId) as TurnCommand,
        onDone: doneTo('loading', 'storeDone'),
        onError: [
          { guard: { type: 'isOffline', params: errorParams }, ...failTo('offline', 'storeError') },
          failTo('loading', 'storeError'),
        ],
      },
    },
  },
});

export type TurnBoardMachine = typeof turnBoardMachine;
