/**
 * A manager's correction or removal of one person's working day (docs/front-desk.md "Working-time reports"):
 * the times typed, checked, approved with a manager's PIN, sent once.
 *
 *   editing ──submit (no problem)──▶ pin ──approved──▶ submitting ──done──▶ done
 *     ▲  │ submit (problems): stays, each shown at its field   │ 422 ──▶ editing (the server's refusal kept)
 *     │  └──────────── pin.cancel ◀── pin                      │ PIN approval refused or expired ──▶ pin
 *     └──────────────── edit ◀── failed ◀──── other error ─────┘     failed ──retry──▶ submitting
 *
 * - The day's rules are checked before the PIN (working-day-correction.rules.ts, with the domain's rules the
 *   server applies): a manager is not asked to approve times the server would refuse.
 * - `pin` invokes the app's PIN check chart (machines/pin-check) as a child the dialog renders as its pad; its
 *   final `approved` hands over the approval, which is kept (never the PIN: docs/roles.md#pin-approvals) and sent
 *   with the write, and again by a retry while it is valid (5 minutes).
 * - One submit is one intent: its Idempotency-Key is kept across the PIN and the retries, and dropped by any
 *   change (docs/decisions/005-idempotency-keys.md).
 * - Side effects are provided from outside: `pinCheck` (the PIN chart with its real check) and
 *   `submitCorrection` (the POST or the DELETE).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { WorkingDay } from '../../src/contracts/working-times';
import { pinCheckMachine } from '../pin-check/pin-check.machine';
import type { PinApproval } from '../pin-check/pin-check.types';
import { toResourceError } from '../resource/resource.rules';
import { requiredActor } from '../support/required-actor';
import { errorParams, failTo } from '../support/transitions';
import {
  correctionProblems,
  draftFromDay,
  MAX_BREAKS,
  MAX_SHIFTS,
  newShift,
  shiftsFromDraft,
} from './working-day-correction.rules';
import type {
  DraftShift,
  SubmitCorrectionInput,
  WorkingDayCorrectionContext,
  WorkingDayCorrectionEvent,
  WorkingDayCorrectionInput,
} from './working-day-correction.types';

const MACHINE = 'workingDayCorrection';

/** The server's answers that say the approval no longer stands: ask for the PIN again. */
const APPROVAL_REFUSED: ReadonlySet<string> = new Set(['pin_approval_required', 'pin_approver_not_allowed']);

/** A change to the typed day: the problems of the last submit and its intent go with it. */
function edited(shifts: DraftShift[]) {
  return { shifts, problems: {}, idempotencyKey: null, failure: null };
}

function withShift(shifts: readonly DraftShift[], index: number, change: (s: DraftShift) => DraftShift) {
  return shifts.map((s, i) => (i === index ? change(s) : s));
}

export const workingDayCorrectionMachine = setup({
  types: {
    context: {} as WorkingDayCorrectionContext,
    events: {} as WorkingDayCorrectionEvent,
    input: {} as WorkingDayCorrectionInput,
    output: {} as WorkingDay | null,
    tags: {} as 'busy',
  },
  actors: {
    pinCheck: pinCheckMachine,
    submitCorrection: requiredActor<WorkingDay, SubmitCorrectionInput>(MACHINE, 'submitCorrection'),
  },
  actions: {
    changeShift: assign(({ context, event }) => {
      assertEvent(event, 'shift.change');
      return edited(withShift(context.shifts, event.shift, (s) => ({ ...s, [event.field]: event.value })));
    }),
    addShift: assign(({ context }) => edited([...context.shifts, newShift(context.dateWork)])),
    removeShift: assign(({ context, event }) => {
      assertEvent(event, 'shift.remove');
      return edited(context.shifts.filter((_, i) => i !== event.shift));
    }),
    addBreak: assign(({ context, event }) => {
      assertEvent(event, 'break.add');
      return edited(
        withShift(context.shifts, event.shift, (s) => ({
          ...s,
          breaks: [...s.breaks, { started_at: '', ended_at: '' }],
        })),
      );
    }),
    changeBreak: assign(({ context, event }) => {
      assertEvent(event, 'break.change');
      return edited(
        withShift(context.shifts, event.shift, (s) => ({
          ...s,
          breaks: s.breaks.map((b, j) => (j === event.index ? { ...b, [event.field]: event.value } : b)),
        })),
      );
    }),
    removeBreak: assign(({ context, event }) => {
      assertEvent(event, 'break.remove');
      return edited(
        withShift(context.shifts, event.shift, (s) => ({
          ...s,
          breaks: s.breaks.filter((_, j) => j !== event.index),
        })),
      );
    }),
    changeReason: assign(({ event }) => {
      assertEvent(event, 'reason.change');
      return { reason: event.value, problems: {}, idempotencyKey: null, failure: null };
    }),
    findProblems: assign(({ context, event }) => {
      assertEvent(event, 'submit');
      return {
        problems: correctionProblems(
          context.mode,
          context.shifts,
          context.reason,
          context.dateWork,
          context.timeZone,
          event.now,
        ),
      };
    }),
    keepKey: assign(({ context, event }) => {
      assertEvent(event, 'submit');
      return { idempotencyKey: context.idempotencyKey ?? event.idempotencyKey, failure: null };
    }),
    storeApproval: assign((_, approval: PinApproval) => ({ approval: approval.approval })),
    forgetApproval: assign({ approval: null }),
    storeResult: assign((_, result: WorkingDay) => ({ result, failure: null })),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ failure: toResourceError(error) })),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(context.problems).length > 0,
    canAddShift: ({ context }) => context.mode === 'correct' && context.shifts.length < MAX_SHIFTS,
    canAddBreak: ({ context, event }) => {
      assertEvent(event, 'break.add');
      const shift = context.shifts[event.shift];
      return context.mode === 'correct' && shift !== undefined && shift.breaks.length < MAX_BREAKS;
    },
    isInvalid: (_, { error }: { error: unknown }) => toResourceError(error).status === 422,
    isApprovalRefused: (_, { error }: { error: unknown }) =>
      APPROVAL_REFUSED.has(toResourceError(error).code ?? ''),
  },
}).createMachine({
  id: MACHINE,
  context: ({ input }) => ({
    mode: input.mode,
    userId: input.day.user_id,
    dateWork: input.day.date_work,
    timeZone: input.timeZone,
    shifts: draftFromDay(input.day, input.timeZone),
    reason: '',
    problems: {},
    approval: null,
    idempotencyKey: null,
    failure: null,
    result: null,
  }),
  initial: 'editing',
  output: ({ context }) => context.result,
  states: {
    editing: {
      on: {
        'shift.change': { actions: 'changeShift' },
        'shift.add': { guard: 'canAddShift', actions: 'addShift' },
        'shift.remove': { actions: 'removeShift' },
        'break.add': { guard: 'canAddBreak', actions: 'addBreak' },
        'break.change': { actions: 'changeBreak' },
        'break.remove': { actions: 'removeBreak' },
        'reason.change': { actions: 'changeReason' },
        submit: { target: 'checking', actions: ['findProblems', 'keepKey'] },
      },
    },
    /** The submit's problems are known: back to the form with them, or on to the PIN. */
    checking: {
      always: [{ guard: 'hasProblems', target: 'editing' }, { target: 'pin' }],
    },
    pin: {
      invoke: {
        id: 'pinCheck',
        src: 'pinCheck',
        // Manager, admin or owner (pin-check's default; docs/roles.md#pin-approvals).
        input: {},
        onDone: {
          target: 'submitting',
          actions: { type: 'storeApproval', params: ({ event }) => event.output },
        },
      },
      on: { 'pin.cancel': 'editing' },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitCorrection',
        src: 'submitCorrection',
        input: ({ context }) => ({
          mode: context.mode,
          userId: context.userId,
          dateWork: context.dateWork,
          shifts: context.mode === 'correct' ? shiftsFromDraft(context.shifts, context.timeZone).shifts : [],
          reason: context.reason.trim(),
          approval: context.approval ?? '',
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: { target: 'done', actions: { type: 'storeResult', params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: 'isApprovalRefused', params: errorParams },
            target: 'pin',
            actions: [{ type: 'storeFailure', params: errorParams }, 'forgetApproval'],
          },
          { guard: { type: 'isInvalid', params: errorParams }, ...failTo('editing', 'storeFailure') },
          failTo('failed', 'storeFailure'),
        ],
      },
    },
    failed: {
      on: { retry: 'submitting', edit: 'editing' },
    },
    done: { type: 'final' },
  },
});
