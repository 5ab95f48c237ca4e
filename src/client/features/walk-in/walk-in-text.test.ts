import { describe, expect, it } from 'vitest';
import type { ResourceError } from '../../../../machines/resource/resource.types';
import { reasonKey, registerIssueKey, walkInErrorKeys } from './walk-in-text';

const error = (over: Partial<ResourceError>): ResourceError => ({
  kind: 'conflict',
  status: 409,
  code: null,
  message: 'Conflict.',
  fieldErrors: null,
  inUse: null,
  ...over,
});

describe('walk-in words', () => {
  it('says a stale view in the desk words, then the app map, then a plain retry', () => {
    expect(walkInErrorKeys(error({ code: 'walk_in_stale' }))).toEqual([
      'walk-in:errors.walk_in_stale',
      'common:apiError.walk_in_stale',
      'walk-in:errors.generic',
    ]);
    expect(walkInErrorKeys(error({ kind: 'offline', status: 0 }))).toEqual([
      'common:api.errors.network',
      'walk-in:errors.generic',
    ]);
  });

  it('names each register field issue by its field', () => {
    expect(registerIssueKey('customer_name')).toBe('walk-in:register.issues.customer_name');
    expect(registerIssueKey('customer_info.first_name')).toBe(
      'walk-in:register.issues.customer_info_first_name',
    );
    expect(registerIssueKey('uuid')).toBe('walk-in:register.issues.other');
  });

  it('explains the turn system reasons it knows', () => {
    expect(reasonKey('fewest_turns')).toBe('walk-in:assign.reasons.fewest_turns');
    expect(reasonKey('cannot_do_service')).toBeNull();
    expect(reasonKey(null)).toBeNull();
  });
});
