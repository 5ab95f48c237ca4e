/**
 * A "no sale" open of the cash drawer (docs/printing.md "The cash drawer"): editing (reason and a manager's PIN)
 * → checkingPin → recording (POST /api/pos/drawer/no-sale, the audit row) → opening (the drawer pulse through the
 * printer) → opened. A refused PIN or a failed record goes back to editing with the error; a drawer that does not
 * open after the record goes to drawerFailed, whose retry only fires the drawer again (the open is recorded
 * once, by the uuid the chart keeps).
 *
 * Why the record comes before the pulse: every time the drawer opens without a sale, there is a row saying who
 * asked and who approved. Why the PIN is never kept: the chart holds the approval the PIN gave, not the PIN
 * (docs/roles.md#pin-approvals).
 */
import { assign, setup } from 'xstate';
import { requiredActor } from '../support/required-actor';
import { noSaleError } from './no-sale.rules';
import type {
  CheckPinInput,
  CheckPinOutput,
  NoSaleContext,
  NoSaleEvent,
  NoSaleInput,
  RecordNoSaleInput,
} from './no-sale.types';

export const noSaleMachine = setup({
  types: {
    context: {} as NoSaleContext,
    events: {} as NoSaleEvent,
    input: {} as NoSaleInput,
    tags: {} as 'busy',
  },
  actors: {
    checkPin: requiredActor<CheckPinOutput, CheckPinInput>('noSale', 'checkPin'),
    recordNoSale: requiredActor<void, RecordNoSaleInput>('noSale', 'recordNoSale'),
    openDrawer: requiredActor<void, void>('noSale', 'openDrawer'),
  },
  guards: {
    isComplete: ({ event }) => {
      const { reason, pin } = event as { reason: string; pin: string };
      return reason.trim().length > 0 && pin.length >= 4;
    },
  },
  actions: {
    assignReason: assign({
      reason: ({ event }) => (event as { reason: string }).reason.trim(),
      error: null,
    }),
    assignIncomplete: assign({ error: { code: 'incomplete', message: 'Enter a reason and a PIN.' } }),
    assignApproval: assign({
      approval: ({ event }) => (event as unknown as { output: CheckPinOutput }).output.approval,
    }),
    assignError: assign({
      approval: null,
      error: ({ event }) => noSaleError((event as { error?: unknown }).error),
    }),
    dropApproval: assign({ approval: null }),
    assignDrawerError: assign({
      error: ({ event }) => noSaleError((event as { error?: unknown }).error),
    }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: 'noSale',
  initial: 'editing',
  context: ({ input }) => ({ uuid: input.uuid, reason: '', approval: null, error: null }),
  states: {
    editing: {
      on: {
        'noSale.submit': [
          { guard: 'isComplete', target: 'checkingPin', actions: 'assignReason' },
          { actions: 'assignIncomplete' },
        ],
        'noSale.cancel': 'cancelled',
      },
    },
    checkingPin: {
      tags: 'busy',
      invoke: {
        id: 'checkPin',
        src: 'checkPin',
        // The PIN goes from the event straight to the check; the context never holds it.
        input: ({ event }) => ({ code: (event as { pin: string }).pin }),
        onDone: { target: 'recording', actions: 'assignApproval' },
        onError: { target: 'editing', actions: 'assignError' },
      },
    },
    recording: {
      tags: 'busy',
      invoke: {
        id: 'recordNoSale',
        src: 'recordNoSale',
        input: ({ context }) => ({ uuid: context.uuid, reason: context.reason, approval: context.approval! }),
        onDone: { target: 'opening', actions: 'dropApproval' },
        onError: { target: 'editing', actions: 'assignError' },
      },
    },
    opening: {
      tags: 'busy',
      invoke: {
        id: 'openDrawer',
        src: 'openDrawer',
        onDone: 'opened',
        onError: { target: 'drawerFailed', actions: 'assignDrawerError' },
      },
    },
    drawerFailed: {
      on: {
        'noSale.retry': { target: 'opening', actions: 'clearError' },
        'noSale.cancel': 'cancelled',
      },
    },
    opened: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
