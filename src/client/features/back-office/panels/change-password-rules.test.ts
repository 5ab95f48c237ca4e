import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../../../../contracts/auth';
import { passwordIssues } from './change-password-rules';

describe('passwordIssues', () => {
  it('says an empty or short password with the contract’s codes, before comparing the two', () => {
    expect(passwordIssues({ new_password: '', confirm: '' }).new_password?.[0]?.code).toBe('too_small');
    expect(passwordIssues({ new_password: 'short', confirm: 'other' })).toEqual({
      new_password: [
        expect.objectContaining({ code: 'too_small', params: { minimum: PASSWORD_MIN_LENGTH } }),
      ],
    });
  });

  it('refuses a second typing that differs, and accepts two equal good ones', () => {
    expect(passwordIssues({ new_password: 'long-enough-1', confirm: 'long-enough-2' })).toEqual({
      confirm: [{ code: 'confirmMismatch', message: 'The two passwords are not the same.' }],
    });
    expect(passwordIssues({ new_password: 'long-enough-1', confirm: 'long-enough-1' })).toEqual({});
  });
});
