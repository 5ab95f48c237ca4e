/**
 * Sale management action modes (docs/sales.md#sale-management lists the modes): one modal mode at a time for
 * one sale (or the store-wide ones), from `idle` (mode none) through `open`: editing → confirming →
 * authorising (the manager's PIN) → submitting → done or failed. The mode is kept in context and steps a mode
 * does not have are skipped by eventless arrows, so nineteen modes share one flow instead of nineteen copies
 * of it.
 *
 * Which modes a mode has which steps is sale-management.modes.ts; which modes the sale's status allows and which
 * need a manager's PIN (refund, void, remove, clear trash one and all: money going back or records destroyed) are
 * business rules in src/domain/sale-status.ts, also enforced by the server. `mode.open` is refused for a mode the
 * sale's status does not allow, so an illegal move is never offered. Close works anywhere in the modal except while
 * the PIN is checked or the action submitted: the user must learn whether it went through. An action the
 * app's offline request queue took instead of the server (docs/offline.md; its answer says `queued`) goes to
 * `queued`, not `done`: the sale is kept as it was (nothing changed on the server yet), and the step stays until
 * closed, because "saved offline, sent when the connection returns" must be read, not flashed. A failed action is
 * retried with the same intent id (the idempotency key) and approval; a rejected PIN stays in authorising with the
 * error. `done` closes by itself, except for a mode that only shows what it loaded (the invoice): that result
 * stays until closed. A mode may open with values gathered elsewhere (`mode.open` with `form`: save all changes
 * takes the list's pending changes). Side effects are two actors provided from outside: checkManagerPin (PIN → who it belongs to) and
 * submitAction (one actor for every mode: the mode → endpoint mapping is the adapter's, the chart is the same).
 */
import { assertEvent, assign, not, setup } from 'xstate';
import { requiredActor } from '../support/required-actor';
import { doneTo, failTo } from '../support/transitions';
import { ACTION_MODE } from '../../src/domain/constants';
import { canApproveWithPin } from '../../src/domain/permissions';
import { isActionModeAllowed, needsManagerPin } from '../../src/domain/sale-status';
import { isShowingMode, modeSteps } from './sale-management.modes';
import { SALE_MANAGEMENT_ERROR } from './sale-management.types';
import type {
  ActionError,
  CheckManagerPinInput,
  CheckManagerPinOutput,
  SaleManagementContext,
  SaleManagementEvent,
  SaleManagementInput,
  SubmitActionInput,
  SubmitActionOutput,
} from './sale-management.types';

/** The server's `{ code, message }` when the error carries one, else the given default with the error's text. */
function toActionError(error: unknown, fallback: ActionError): ActionError {
  if (typeof error === 'object' && error !== null) {
    const { code, message, remaining } = error as { code?: unknown; message?: unknown; remaining?: unknown };
    if (typeof code === 'string' && typeof message === 'string') {
      return typeof remaining === 'number' ? { code, message, remaining } : { code, message };
    }
    if (typeof message === 'string' && message) return { code: fallback.code, message };
  }
  return { ...fallback };
}

export const saleManagementMachine = setup({
  types: {
    context: {} as SaleManagementContext,
    events: {} as SaleManagementEvent,
    input: {} as SaleManagementInput,
  },
  actors: {
    checkManagerPin: requiredActor<CheckManagerPinOutput, CheckManagerPinInput>(
      'saleManagement',
      'checkManagerPin',
    ),
    submitAction: requiredActor<SubmitActionOutput, SubmitActionInput>('saleManagement', 'submitAction'),
  },
  guards: {
    isModeAllowed: ({ context, event }) => {
      assertEvent(event, 'mode.open');
      return isActionModeAllowed(event.mode, context.sale, event.now, context.timeZone);
    },
    hasForm: ({ context }) => modeSteps(context.mode).form,
    hasFormValues: ({ context }) => context.form !== null,
    needsConfirmation: ({ context }) => modeSteps(context.mode).confirm,
    needsManagerPin: ({ context }) => needsManagerPin(context.mode),
    isApprover: (_, output: CheckManagerPinOutput) => canApproveWithPin(output.role),
    isShowingMode: ({ context }) => isShowingMode(context.mode),
    isQueued: (_, output: SubmitActionOutput) => output.queued !== undefined,
  },
  actions: {
    storeSale: assign({
      sale: ({ event }) => {
        assertEvent(event, 'sale.loaded');
        return event.sale;
      },
    }),
    openMode: assign(({ event }) => {
      assertEvent(event, 'mode.open');
      return {
        mode: event.mode,
        intentId: event.intentId,
        form: event.form ? { ...event.form } : null,
        approvedBy: null,
        error: null,
        result: null,
      };
    }),
    resetMode: assign({
      mode: ACTION_MODE.NONE,
      intentId: null,
      form: null,
      approvedBy: null,
      error: null,
      result: null,
    }),
    updateForm: assign({
      form: ({ context, event }) => {
        assertEvent(event, 'form.change');
        return { ...context.form, ...event.values };
      },
    }),
    clearError: assign({ error: null }),
    storeApproval: assign({
      approvedBy: (_, approval: CheckManagerPinOutput) => ({ ...approval }),
      error: null,
    }),
    refuseApprover: assign({ error: { ...SALE_MANAGEMENT_ERROR.NOT_APPROVER } }),
    storePinError: assign({
      error: (_, params: { error: unknown }) =>
        toActionError(params.error, SALE_MANAGEMENT_ERROR.PIN_REJECTED),
    }),
    storeResult: assign(({ context }, output: SubmitActionOutput) => ({
      result: { ...output },
      sale: output.sale === undefined ? context.sale : output.sale,
    })),
    storeActionError: assign({
      error: (_, params: { error: unknown }) =>
        toActionError(params.error, SALE_MANAGEMENT_ERROR.ACTION_FAILED),
    }),
  },
  delays: {
    // Long enough to read "Refunded", short enough not to block the next sale.
    doneCloseDelay: 1500,
  },
}).createMachine({
  id: 'saleManagement',
  initial: 'idle',
  context: ({ input }) => ({
    sale: input.sale ?? null,
    timeZone: input.timeZone,
    mode: ACTION_MODE.NONE,
    intentId: null,
    form: null,
    approvedBy: null,
    error: null,
    result: null,
  }),
  states: {
    idle: {
      on: {
        'sale.loaded': { actions: 'storeSale' },
        'mode.open': { guard: 'isModeAllowed', target: 'open', actions: 'openMode' },
      },
    },
    open: {
      tags: ['modal'],
      initial: 'editing',
      exit: 'resetMode',
      on: { 'mode.close': 'idle' },
      states: {
        editing: {
          always: { guard: not('hasForm'), target: 'confirming' },
          on: {
            'form.change': { actions: 'updateForm' },
            'form.submit': { guard: 'hasFormValues', target: 'confirming' },
          },
        },
        confirming: {
          always: { guard: not('needsConfirmation'), target: 'authorising' },
          on: { 'action.confirm': 'authorising' },
        },
        authorising: {
          always: { guard: not('needsManagerPin'), target: 'submitting' },
          on: { 'pin.submit': { target: 'checkingPin', actions: 'clearError' } },
        },
        checkingPin: {
          tags: ['busy'],
          on: { 'mode.close': undefined },
          invoke: {
            id: 'checkManagerPin',
            src: 'checkManagerPin',
            // The PIN goes from the event to the actor and is never stored in context (docs/roles.md#pin-approvals).
            input: ({ event }) => {
              assertEvent(event, 'pin.submit');
              return { pin: event.pin };
            },
            onDone: [
              {
                guard: { type: 'isApprover', params: ({ event }) => event.output },
                target: 'submitting',
                actions: { type: 'storeApproval', params: ({ event }) => event.output },
              },
              { target: 'authorising', actions: 'refuseApprover' },
            ],
            onError: failTo('authorising', 'storePinError'),
          },
        },
        submitting: {
          tags: ['busy'],
          entry: 'clearError',
          on: { 'mode.close': undefined },
          invoke: {
            id: 'submitAction',
            src: 'submitAction',
            input: ({ context }) => ({
              mode: context.mode as SubmitActionInput['mode'],
              saleId: context.sale?.id ?? null,
              form: context.form,
              approvedBy: context.approvedBy,
              intentId: context.intentId ?? '',
            }),
            onDone: [
              {
                guard: { type: 'isQueued', params: ({ event }) => event.output },
                target: 'queued',
                actions: { type: 'storeResult', params: ({ event }) => event.output },
              },
              doneTo('done', 'storeResult'),
            ],
            onError: failTo('failed', 'storeActionError'),
          },
        },
        done: {
          // A mode that shows what it loaded (the invoice) stays on its result until the user closes it.
          after: { doneCloseDelay: { guard: not('isShowingMode'), target: '#saleManagement.idle' } },
        },
        /** In the offline queue, not on the server (see the file comment): shown until closed. */
        queued: {},
        failed: {
          on: { 'action.retry': 'submitting' },
        },
      },
    },
  },
});
