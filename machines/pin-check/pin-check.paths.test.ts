import { describe, expect, it } from 'vitest';
import {
  doneEvent,
  errorEvent,
  exploreMachine,
  mergeCoverage,
  printCoverage,
  replayPath,
} from '../../tests/support/machine-coverage';
import { pinCheckMachine } from './pin-check.machine';
import type { PinCheckEvent, PinCheckInput } from './pin-check.types';

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

const inputs: PinCheckInput[] = [{}, { requiredRoles: null }];
const explorations = inputs.map((input) => ({
  input,
  ...exploreMachine(pinCheckMachine, { input, events: [...events, ...actorEvents], minimal: true }),
}));

describe('pinCheck paths', () => {
  it('reach every state and take every transition', () => {
    const coverage = mergeCoverage(...explorations.map((e) => e.coverage));
    printCoverage(pinCheckMachine, coverage);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  for (const { input, paths } of explorations) {
    describe(input.requiredRoles === null ? 'any PIN owner' : 'approvers only', () => {
      it.each(paths.map((path) => [path.description, path] as const))('replays %s', async (_, path) => {
        await replayPath(pinCheckMachine, path, { input });
      });
    });
  }
});
