/**
 * One walk-in at the desk (docs/walk-in-screens.md#the-walk-in-queue; docs/architecture.md#statecharts "walk-in
 * (waiting, assigned, in service, done, left)"): the desk assigns a technician, starts the service (a sale opens
 * with the turn attached), marks the customer left or a no-show.
 *
 *   starting ─(stage)─▶ waiting ──assign──▶ acting ──▶ assigned ──start──▶ acting ──▶ inService ──finish──▶ … done
 *                         │ start (naming a technician)    │ assign (hand-over), unassign, leave, noShow
 *                         │ leave | noShow ──▶ acting ──▶ left | noShow
 *   acting ──error──▶ failed (retry ─▶ acting; dismiss ─▶ back to the stage it stood in)
 *
 * - Which move each stage offers is the domain's rule (src/domain/walk-in-status.ts moveWalkIn), the same one
 *   the server refuses by: every arrow out of a stage is guarded by it, so the desk never offers a move the
 *   server would refuse (start from waiting needs a technician, a hand-over another one).
 * - The server owns the walk-in: every move is a call (`act`) sending the version the desk saw, and the chart
 *   moves on the answer's stage, not on the button pressed. A move refused because another desk moved the
 *   walk-in first (409 walk_in_stale) stays where it was with the error; `announceChanged` (provided by the
 *   app) lets the queue reload either way.
 * - Start hands the answer's turn and services to `openSale` (provided by the app: it opens the sale screen,
 *   whose chart attaches them with turn.add), so the sale starts with the technician and the service lines.
 * - done, left and noShow are final: nothing more happens to that walk-in at the desk.
 */
import { assign, setup } from 'xstate';
import { moveWalkIn } from '../../src/domain/walk-in-status';
import { toResourceError } from '../resource/resource.rules';
import { requiredAction, requiredActor } from '../support/required-actor';
import { errorParams, outputParams } from '../support/transitions';
import type {
  OpenSaleParams,
  WalkInAction,
  WalkInActInput,
  WalkInActOutput,
  WalkInContext,
  WalkInEvent,
  WalkInInput,
  WalkInStage,
} from './walk-in.types';

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
/** The stages the desk can still act from: a failed move goes back to one of them. */
const ACTIVE_STAGES: readonly WalkInStage[] = ['waiting', 'assigned', 'in_service'];

/** One guarded arrow per stage: to the state the stage is shown in. */
function toStage(stages: readonly WalkInStage[], clear: boolean) {
  return stages.map((stage) => ({
    guard: { type: 'isStage' as const, params: { stage } },
    target: `#${MACHINE}.${STATE_OF[stage]}`,
    ...(clear ? { actions: 'clearPending' as const } : {}),
  }));
}

/** A move the domain allows from here goes to acting; any other is ignored (the screen does not offer it). */
const move = (action: WalkInAction) => ({
  guard: { type: 'mayMove' as const, params: { action } },
  target: `#${MACHINE}.acting`,
  actions: { type: 'begin' as const, params: { action } },
});

/** The technician an event names: assign's, start's when given. */
function namedTechnician(event: WalkInEvent): number | null {
  if (event.type === 'assign') return event.technicianId;
  if (event.type === 'start') return event.technicianId ?? null;
  return null;
}

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
    openSale: requiredAction<OpenSaleParams>(MACHINE, 'openSale'),
    begin: assign(({ event }, { action }: { action: WalkInAction }) => ({
      pending: action,
      pendingTechnicianId: namedTechnician(event),
      error: null,
    })),
    storeAnswer: assign((_, output: WalkInActOutput) => ({
      stage: output.stage,
      technicianId: output.technicianId,
      version: output.version,
      turn: output.turn,
      pending: null,
      pendingTechnicianId: null,
    })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: toResourceError(error) })),
    clearPending: assign({ pending: null, pendingTechnicianId: null, error: null }),
  },
  guards: {
    isStage: ({ context }, { stage }: { stage: WalkInStage }) => context.stage === stage,
    answeredStage: (_, { output, stage }: { output: WalkInActOutput; stage: WalkInStage }) =>
      output.stage === stage,
    /**
     * The domain's rule, with the technician the walk-in would have after the move; a hand-over must name
     * someone else, and a technician id must be one.
     */
    mayMove: ({ context, event }, { action }: { action: WalkInAction }) => {
      const named = namedTechnician(event);
      if (named !== null && !(Number.isSafeInteger(named) && named > 0)) return false;
      if (action === 'assign' && (named === null || named === context.technicianId)) return false;
      return moveWalkIn(context.stage, action, named ?? context.technicianId).ok;
    },
    hasTurn: (_, output: WalkInActOutput) => output.turn !== null,
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    id: input.id,
    stage: input.stage,
    technicianId: input.technicianId ?? null,
    version: input.version ?? null,
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
        assign: move('assign'),
        start: move('start'),
        leave: move('leave'),
        noShow: move('no_show'),
      },
    },
    assigned: {
      on: {
        start: move('start'),
        assign: move('assign'),
        unassign: move('unassign'),
        leave: move('leave'),
        noShow: move('no_show'),
      },
    },
    inService: {
      on: { finish: move('finish') },
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
          version: context.version,
        }),
        onDone: [
          // A started service with its turn opens the sale; every answer lets the queue reload.
          {
            guard: { type: 'hasTurn', params: outputParams },
            target: 'inService',
            actions: [
              { type: 'storeAnswer', params: outputParams },
              'announceChanged',
              {
                type: 'openSale',
                params: ({ event }) => ({
                  turn: event.output.turn as NonNullable<WalkInActOutput['turn']>,
                  services: event.output.services,
                }),
              },
            ],
          },
          ...STAGES.map((stage) => ({
            guard: {
              type: 'answeredStage' as const,
              params: ({ event }: { event: { output: WalkInActOutput } }) => ({
                output: event.output,
                stage,
              }),
            },
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
