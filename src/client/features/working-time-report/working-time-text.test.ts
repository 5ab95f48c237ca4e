import { describe, expect, it } from 'vitest';
import { failureKey, hoursText } from './working-time-text';

const failure = { status: 403, fieldErrors: null, inUse: null, message: 'PIN needed.' } as const;

describe('working-time report text', () => {
  it('says minutes as hours and minutes', () => {
    expect(hoursText(0)).toBe('0:00');
    expect(hoursText(450)).toBe('7:30');
    expect(hoursText(605)).toBe('10:05');
    expect(hoursText(-3)).toBe('0:00');
  });

  it("picks a failure's words by its code, then by its kind, never by the server's English", () => {
    expect(failureKey({ ...failure, kind: 'forbidden', code: 'pin_approval_required' })).toEqual([
      'common:apiError.pin_approval_required',
      'working-time:errors.forbidden',
      'working-time:errors.unknown',
    ]);
    expect(failureKey({ ...failure, kind: 'offline', code: null })[0]).toBe('working-time:errors.offline');
    expect(failureKey({ ...failure, kind: 'server', code: 'from_a_newer_server' })[0]).toBe(
      'working-time:errors.server',
    );
  });
});
