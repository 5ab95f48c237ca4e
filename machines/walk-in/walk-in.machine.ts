/**
 * One walk-in at the desk (docs/front-desk.md "The walk-in queue"; docs/architecture.md#statecharts "walk-in
 * (waiting, assigned, in service, done, left)"): the desk assigns a technician, starts the service (a sale opens
 * with the turn attached), marks the customer left or a no-show.
 *
 *   starting ─(stage)─▶ waiting ──assign──▶ acting ──▶ assigned ──start──▶ acting ──▶ inService ──finish──▶ … done
 *                         │ leave | noShow                │ assign (another technician), leave, noShow
 *                         └──────────▶ acting ──▶ left | noShow
 *   acting ──error──▶ failed (retry ─▶ acting; dismiss ─▶ back to the stage it stood in)
 *
 * - The server owns the walk-in: every move is a call (`act`), and the chart moves on its answer's stage, not on
 *   the button pressed; a move the server refused (another desk moved the walk-in first) stays where it was with
 *   the error, and `announceChanged` (provided by the app) lets the queue reload either way.
 * - Start hands the answer's turn to `openSale` (provided by the app: it opens the sale screen, whose chart
 *   attaches it with turn.add), so the sale starts with the technician and the service line.
 * - done, left and noShow are final: nothing more happens to that walk-in at the desk.
 */
import { assign, setup } from 'xstate';
import { toResourceError } from '../resource/resource.rules';
import { requiredAction, requiredActor } from '../support/required-actor';
import { errorParams, outputParams } from '../support/transitions';
import type {
  WalkInAction,
  WalkInActInput,
  WalkInActOutput,
  WalkInContext,
  WalkInEvent,
  WalkInInput,
  WalkInStage,
} from './walk-in.types';
import type { Turn } from '../../src/domain/order.types';

const MACHINE = 'walkIn';

/** The chart's state of each stage the server may answer. */
const STATE_OF: Readonly<Record<WalkInStage, string>> = {
  waiting: 'waiting',
  assigned: 'assigned',
  in_service: 'inService',
  done: 'done',
  left: 'left',
  no_show: 'noShow',
};

const STAGES = Object.keys(STATE_OF) as WalkInStage[];
/** The stages the desk can still act from: a failed action goes back to one of them. */
const ACTIVE_STAGES: readonly WalkInStage[] = ['waiting', 'assigned', 'in_service'];

/** One guarded arrow per stage: to the state the stage is shown in. */
function toStage(stages: readonly WalkInStage[], clear: boolean) {
  return stages.map((stage) => ({
    guard: { type: 'isStage' as const, params: { stage } },
    target: `#${MACHINE}.${STATE_OF[stage]}`,
    ...(clear ? { actions: 'clearPending' as const } : {}),
  }));
}

const act = (action: WalkInAction) => ({
  target: 'acting',
  actions: { type: 'begin' as const, params: { action } },
});

export const walkInMachine = setup({
  types: {
    context: {} as WalkInContext,
    events: {} as WalkInEvent,
    input: {} as WalkInInput,
    tags: {} as 'busy',
  },
  actors: {
    act: requiredActor<WalkInActOutput, WalkInActInput>(MACHINE, 'act'),
  },
  actions: {
    announceChanged: requiredAction(MACHINE, 'announceChanged'),
    openSale: requiredAction<{ turn: Turn }>(MACHINE, 'openSale'),
    begin: assign(({ event }, { action }: { action: WalkInAction }) => ({
      pending: action,
      pendingTechnicianId: event.type === 'assign' ? event.technicianId : null,
      error: null,
    })),
    storeAnswer: assign((_, output: WalkInActOutput) => ({
      stage: output.stage,
      technicianId: output.technicianId,
      turn: output.turn,
      pending: null,
      pendingTechnicianId: null,
    })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toResourceError(error) })),
    clearPending: assign({ pending: null, pendingTechnicianId: null, error: null }),
  },
  guards: {
    isStage: ({ context }, { stage }: { stage: WalkInStage }) => context.stage === stage,
    answeredStage: ({ event }, { stage }: { stage: WalkInStage }) =>
      'output' in event && (event.output as WalkInActOutput).stage === stage,
    isTechnician: ({ event }) =>
      event.type === 'assign' && Number.isSafeInteger(event.technicianId) && event.technicianId > 0,
    isAnotherTechnician: ({ context, event }) =>
      event.type === 'assign' && event.technicianId > 0 && event.technicianId !== context.technicianId,
    hasTurn: (_, output: WalkInActOutput) => output.turn !== null,
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    id: input.id,
    stage: input.stage,
    technicianId: input.technicianId ?? null,
    pending: null,
    pendingTechnicianId: null,
    turn: null,
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: { always: toStage(STAGES, false) },
    waiting: {
      on: {
        assign: { guard: 'isTechnician', ...act('assign') },
        leave: act('leave'),
        noShow: act('noShow'),
      },
    },
    assigned: {
      on: {
        assign: { guard: 'isAnotherTechnician', ...act('assign') },
        start: act('start'),
        leave: act('leave'),
        noShow: act('noShow'),
      },
    },
    inService: {
      on: { finish: act('finish') },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => ({
          id: context.id,
          action: context.pending ?? 'assign',
          technicianId: context.pendingTechnicianId,
        }),
        onDone: [
          // A started service with its turn opens the sale; every answer lets the queue reload.
          {
            guard: { type: 'hasTurn', params: outputParams },
            target: 'inService',
            actions: [
              { type: 'storeAnswer', params: outputParams },
              'announceChanged',
              { type: 'openSale', params: ({ event }) => ({ turn: event.output.turn as Turn }) },
            ],
          },
          ...STAGES.map((stage) => ({
            guard: { type: 'answeredStage' as const, params: { stage } },
            target: STATE_OF[stage],
            actions: [{ type: 'storeAnswer' as const, params: outputParams }, 'announceChanged' as const],
          })),
        ],
        onError: {
          target: 'failed',
          actions: [{ type: 'storeError', params: errorParams }, 'announceChanged'],
        },
      },
    },
    failed: {
      on: {
        retry: 'acting',
        dismiss: toStage(ACTIVE_STAGES, true),
      },
    },
    done: { type: 'final' },
    left: { type: 'final' },
    noShow: { type: 'final' },
  },
});

export type WalkInMachine = typeof walkInMachine;
