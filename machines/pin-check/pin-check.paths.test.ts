import { doneEvent, errorEvent } from '../../tests/support/machine-coverage';
import { describeMachinePaths } from '../../tests/support/machine-paths';
import { pinCheckMachine } from './pin-check.machine';
import type { PinCheckEvent } from './pin-check.types';

const manager = {
  role: 'manager',
  name: 'Maria Lopez',
  user_id: 3,
  approval: 'appr',
  approval_expires_at: '2026-11-22T10:05:00.000Z',
};
const cashier = { ...manager, role: 'staff', name: 'Jenny Kim', user_id: 4 };

const events = [
  // One digit value keeps the graph small; four of them reach the minimum length, eight the maximum.
  { type: 'pin.digit', digit: '3' },
  { type: 'pin.backspace' },
  { type: 'pin.clear' },
  { type: 'pin.submit' },
] satisfies PinCheckEvent[];
const actorEvents = [
  doneEvent('checkPin', manager),
  doneEvent('checkPin', cashier),
  errorEvent('checkPin', { status: 422, message: 'The PIN is not correct. 9 tries left.' }),
  errorEvent('checkPin', { status: 429, message: 'Too many wrong PINs.' }),
];

describeMachinePaths(pinCheckMachine, {
  events: [...events, ...actorEvents],
  minimal: true,
  starts: [
    { name: 'approvers only', input: {} },
    { name: 'any PIN owner', input: { requiredRoles: null } },
  ],
});
