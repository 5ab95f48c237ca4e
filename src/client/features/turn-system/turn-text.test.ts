import { describe, expect, it } from 'vitest';
import { errorKeys } from './turn-text';

describe('turn refusals in words', () => {
  it('words a refusal by its turn problem first, then by its code', () => {
    const refusal = {
      kind: 'conflict' as const,
      status: 409,
      code: 'turn_refused',
      message: 'busy',
      fieldErrors: null,
      inUse: null,
      problem: 'busy',
    };
    expect(errorKeys(refusal)).toEqual([
      'turn-system:problems.busy',
      'common:apiError.turn_refused',
      'turn-system:errors.generic',
    ]);
    expect(
      errorKeys({ ...refusal, problem: 'something_new', code: null, kind: 'offline', status: 0 }),
    ).toEqual(['common:api.errors.network', 'turn-system:errors.generic']);
  });
});
