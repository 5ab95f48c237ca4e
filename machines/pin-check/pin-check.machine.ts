/**
 * The PIN check (docs/roles.md#access-rules "report routes with requirePinCode need a PIN check first";
 * docs/roles.md#pin-approvals "managers refund and void with a PIN"; ADR 006): entering → checking → approved
 * | refused | locked. The pad sends digits; submit asks the server (POST /api/role-by-code) whose PIN it is;
 * the chart then decides whether that person may approve here (requiredRoles), so a cashier's correct PIN is
 * still refused for a refund.
 *
 * Why a chart of its own: every PIN-gated route and every manager approval uses the same pad and the same
 * answers (wrong PIN with tries left, not a manager's PIN, locked after ten wrong PINs), and the approval it ends
 * with is what the caller sends as X-Pin-Approval. `approved` is final and outputs the approval, so a parent
 * chart can invoke this one and read it in onDone. The digits are emptied the moment the server answers:
 * docs/roles.md#pin-approvals never keeps a PIN.
 */
import { assertEvent, assign, setup } from 'xstate';
import { requiredActor } from '../support/required-actor';
import {
  APPROVER_ROLES,
  isLockedFailure,
  notAllowedError,
  pinFailure,
  PIN_MAX_LENGTH,
  PIN_MIN_LENGTH,
  roleMayApprove,
} from './pin-check.rules';
import type {
  CheckPinInput,
  PinApproval,
  PinCheckContext,
  PinCheckEvent,
  PinCheckInput,
} from './pin-check.types';

export const pinCheckMachine = setup({
  types: {
    context: {} as PinCheckContext,
    events: {} as PinCheckEvent,
    input: {} as PinCheckInput,
    output: {} as PinApproval,
    tags: {} as 'busy',
  },
  actors: {
    checkPin: requiredActor<PinApproval, CheckPinInput>('pinCheck', 'checkPin'),
  },
  guards: {
    hasRoomForDigit: ({ context }) => context.code.length < PIN_MAX_LENGTH,
    hasDigits: ({ context }) => context.code.length > 0,
    isLongEnough: ({ context }) => context.code.length >= PIN_MIN_LENGTH,
    mayApprove: ({ context, event }) =>
      roleMayApprove((event as unknown as { output: PinApproval }).output.role, context.requiredRoles),
    isLocked: ({ event }) => isLockedFailure((event as { error?: unknown }).error),
  },
  actions: {
    addDigit: assign({
      code: ({ context, event }) => {
        assertEvent(event, 'pin.digit');
        return context.code + event.digit;
      },
    }),
    removeDigit: assign({ code: ({ context }) => context.code.slice(0, -1) }),
    clearCode: assign({ code: '' }),
    startOver: assign({ code: '', error: null }),
    assignApproval: assign({
      code: '',
      approval: ({ event }) => (event as unknown as { output: PinApproval }).output,
    }),
    refuseApprover: assign({
      code: '',
      error: ({ event }) => notAllowedError((event as unknown as { output: PinApproval }).output.name),
    }),
    assignFailure: assign({
      code: '',
      error: ({ event }) => pinFailure((event as { error?: unknown }).error),
    }),
  },
}).createMachine({
  id: 'pinCheck',
  initial: 'entering',
  context: ({ input }) => ({
    code: '',
    requiredRoles: input.requiredRoles === undefined ? APPROVER_ROLES : input.requiredRoles,
    approval: null,
    error: null,
  }),
  states: {
    entering: {
      on: {
        'pin.digit': { guard: 'hasRoomForDigit', actions: 'addDigit' },
        'pin.backspace': { guard: 'hasDigits', actions: 'removeDigit' },
        'pin.clear': { actions: 'clearCode' },
        'pin.submit': { guard: 'isLongEnough', target: 'checking' },
      },
    },
    checking: {
      tags: 'busy',
      invoke: {
        id: 'checkPin',
        src: 'checkPin',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          { guard: 'mayApprove', target: 'approved', actions: 'assignApproval' },
          { target: 'refused', actions: 'refuseApprover' },
        ],
        onError: [
          { guard: 'isLocked', target: 'locked', actions: 'assignFailure' },
          { target: 'refused', actions: 'assignFailure' },
        ],
      },
    },
    refused: {
      on: {
        // Typing again starts a new PIN: the refusal stays readable until the first key.
        'pin.digit': { target: 'entering', actions: ['startOver', 'addDigit'] },
        'pin.backspace': { target: 'entering', actions: 'startOver' },
        'pin.clear': { target: 'entering', actions: 'startOver' },
      },
    },
    // Ten wrong PINs lock PIN entry for 15 minutes on the server; Clear lets someone try later (the server
    // answers 429 again while the lock lasts).
    locked: {
      on: {
        'pin.clear': { target: 'entering', actions: 'startOver' },
      },
    },
    approved: {
      type: 'final',
    },
  },
  output: ({ context }) => context.approval as PinApproval,
});
