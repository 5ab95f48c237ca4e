import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise, waitFor } from 'xstate';
import { PIN_PATTERN } from '../../src/contracts/auth';
import { pinCheckMachine } from './pin-check.machine';
import { PIN_MAX_LENGTH, PIN_MIN_LENGTH, triesLeft } from './pin-check.rules';
import {
  selectApproval,
  selectCanSubmit,
  selectCanType,
  selectDigitCount,
  selectIsChecking,
  selectPinError,
  selectPinStatus,
} from './pin-check.selectors';
import type { PinApproval, PinCheckInput, PinDigit } from './pin-check.types';

const MANAGER: PinApproval = {
  role: 'manager',
  name: 'Maria Lopez',
  user_id: 3,
  approval: 'appr-manager',
  approval_expires_at: '2026-11-22T10:05:00.000Z',
};
const CASHIER: PinApproval = {
  ...MANAGER,
  role: 'staff',
  name: 'Jenny Kim',
  user_id: 4,
  approval: 'appr-cashier',
};

function start(check: (code: string) => Promise<PinApproval>, input: PinCheckInput = {}) {
  const codes: string[] = [];
  const actor = createActor(
    pinCheckMachine.provide({
      actors: {
        checkPin: fromPromise(({ input: { code } }: { input: { code: string } }) => {
          codes.push(code);
          return check(code);
        }),
      },
    }),
    { input },
  ).start();
  const type = (pin: string) => {
    for (const digit of pin) actor.send({ type: 'pin.digit', digit: digit as PinDigit });
  };
  return { actor, codes, type };
}

const directory = async (code: string): Promise<PinApproval> => {
  if (code === '3333') return MANAGER;
  if (code === '4444') return CASHIER;
  throw {
    status: 422,
    code: 'wrong_pin',
    message: 'The PIN is not correct. 9 tries left before PIN entry is locked.',
    details: { tries_left: 9 },
  };
};

describe('typing', () => {
  it('digits add dots, backspace removes one, clear empties', () => {
    const { actor, type } = start(directory);
    type('123');
    expect(selectDigitCount(actor.getSnapshot())).toBe(3);
    actor.send({ type: 'pin.backspace' });
    expect(selectDigitCount(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'pin.clear' });
    expect(selectDigitCount(actor.getSnapshot())).toBe(0);
  });

  it('takes at most 8 digits and submits only from 4, as the contract allows', () => {
    const { actor, type } = start(() => new Promise(() => {}));
    type('123');
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'pin.submit' });
    expect(selectPinStatus(actor.getSnapshot())).toBe('entering');
    type('456789');
    expect(selectDigitCount(actor.getSnapshot())).toBe(8);
    expect(selectCanType(actor.getSnapshot())).toBe(false);
    expect(PIN_PATTERN.test('1'.repeat(PIN_MIN_LENGTH))).toBe(true);
    expect(PIN_PATTERN.test('1'.repeat(PIN_MIN_LENGTH - 1))).toBe(false);
    expect(PIN_PATTERN.test('1'.repeat(PIN_MAX_LENGTH))).toBe(true);
    expect(PIN_PATTERN.test('1'.repeat(PIN_MAX_LENGTH + 1))).toBe(false);
  });
});

describe('checking', () => {
  it("a manager's PIN approves, and the chart ends with the approval as its output", async () => {
    const { actor, type, codes } = start(directory);
    type('3333');
    actor.send({ type: 'pin.submit' });
    expect(selectIsChecking(actor.getSnapshot())).toBe(true);
    const output = await toPromise(actor);
    expect(codes).toEqual(['3333']);
    expect(output).toEqual(MANAGER);
    expect(selectApproval(actor.getSnapshot())).toEqual(MANAGER);
    expect(actor.getSnapshot().context.code).toBe('');
  });

  it("a cashier's correct PIN is refused for an approval, naming whose it was", async () => {
    const { actor, type } = start(directory);
    type('4444');
    actor.send({ type: 'pin.submit' });
    await waitFor(actor, (s) => selectPinStatus(s) === 'refused');
    expect(selectPinError(actor.getSnapshot())).toEqual({
      code: 'pin.errors.notAllowed',
      message: 'This needs the PIN of a manager, an admin or the owner.',
      name: 'Jenny Kim',
    });
    expect(selectApproval(actor.getSnapshot())).toBeNull();
  });

  it('with no required role any PIN owner is approved', async () => {
    const { actor, type } = start(directory, { requiredRoles: null });
    type('4444');
    actor.send({ type: 'pin.submit' });
    await expect(toPromise(actor)).resolves.toEqual(CASHIER);
  });

  it('a wrong PIN is refused with the tries left, and the digits are gone', async () => {
    const { actor, type } = start(directory);
    type('1234');
    actor.send({ type: 'pin.submit' });
    await waitFor(actor, (s) => selectPinStatus(s) === 'refused');
    expect(selectPinError(actor.getSnapshot())).toMatchObject({ code: 'pin.errors.wrong', remaining: 9 });
    expect(selectDigitCount(actor.getSnapshot())).toBe(0);
  });

  it('typing after a refusal starts a new PIN and clears the message', async () => {
    const { actor, type } = start(directory);
    type('1234');
    actor.send({ type: 'pin.submit' });
    await waitFor(actor, (s) => selectPinStatus(s) === 'refused');
    type('3');
    expect(selectPinStatus(actor.getSnapshot())).toBe('entering');
    expect(selectDigitCount(actor.getSnapshot())).toBe(1);
    expect(selectPinError(actor.getSnapshot())).toBeNull();
  });

  it('the tenth wrong PIN locks the pad with the server message', async () => {
    const { actor, type } = start(() =>
      Promise.reject({ status: 429, message: 'Too many wrong PINs. PIN entry is locked for 15 minutes.' }),
    );
    type('0000');
    actor.send({ type: 'pin.submit' });
    await waitFor(actor, (s) => selectPinStatus(s) === 'locked');
    expect(selectPinError(actor.getSnapshot())?.code).toBe('pin.errors.locked');
    expect(selectCanType(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'pin.clear' });
    expect(selectPinStatus(actor.getSnapshot())).toBe('entering');
  });

  it('offline, the pad says the server cannot be reached', async () => {
    const { actor, type } = start(() => Promise.reject({ status: 0, kind: 'network', message: 'Unable…' }));
    type('3333');
    actor.send({ type: 'pin.submit' });
    await waitFor(actor, (s) => selectPinStatus(s) === 'refused');
    expect(selectPinError(actor.getSnapshot())?.code).toBe('api.errors.network');
  });
});

describe('triesLeft', () => {
  it("reads the number from the answer's details, never from its sentence", () => {
    expect(triesLeft({ status: 422, details: { tries_left: 9 } })).toBe(9);
    expect(triesLeft({ status: 422, details: { tries_left: 0 } })).toBe(0);
    // The English sentence is never read: without details the count is unknown.
    expect(
      triesLeft({ status: 422, message: 'The PIN is not correct. 9 tries left before PIN entry is locked.' }),
    ).toBeNull();
    expect(triesLeft({ details: { tries_left: 'nine' } })).toBeNull();
    expect(triesLeft(null)).toBeNull();
  });
});
