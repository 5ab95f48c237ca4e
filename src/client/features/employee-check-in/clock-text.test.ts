import { describe, expect, it } from 'vitest';
import { toClockError } from '../../../../machines/clock-in/clock-in.rules';
import { clockBody } from './clock-in-logic';
import { errorKey, statusKey } from './clock-text';

describe('clock-in texts', () => {
  it('says a refusal by its code, never by the English message', () => {
    const refusal = toClockError({ status: 409, kind: 'http', code: 'not_on_break', message: 'x' });
    expect(errorKey(refusal).keys[0]).toBe('common:apiError.not_on_break');
  });

  it('says how many tries a wrong PIN leaves when the server says it', () => {
    const wrong = toClockError({ status: 422, code: 'wrong_pin', message: 'x', details: { tries_left: 2 } });
    expect(errorKey(wrong)).toEqual({ keys: ['common:pin.errors.wrongWithTries'], values: { count: 2 } });
    expect(errorKey({ ...wrong, triesLeft: null }).keys[0]).toBe('common:apiError.wrong_pin');
  });

  it('says a lost connection as such, and anything else generically', () => {
    expect(errorKey(toClockError({ status: 0, kind: 'network', message: 'x' })).keys).toEqual([
      'common:api.errors.network',
      'employee-check-in:errors.generic',
    ]);
    expect(errorKey(toClockError(new Error('boom'))).keys).toEqual(['employee-check-in:errors.generic']);
  });

  it('names each status', () => {
    expect(statusKey({ status: 'off' })).toBe('employee-check-in:status.off');
    expect(statusKey({ status: 'working' })).toBe('employee-check-in:status.working');
    expect(statusKey({ status: 'on_break' })).toBe('employee-check-in:status.onBreak');
  });
});

describe('clock body', () => {
  it('sends the PIN only when there is one', () => {
    expect(clockBody({ userId: 2, action: 'check_in' })).toEqual({ user_id: 2, action: 'check_in' });
    expect(clockBody({ userId: 2, action: 'check_out', pin: '1234' })).toEqual({
      user_id: 2,
      action: 'check_out',
      pin: '1234',
    });
  });
});
