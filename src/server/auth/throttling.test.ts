import { describe, expect, it } from 'vitest';
import { LOGIN_LOCK_MS, LoginThrottle, MAX_CONSECUTIVE_LOGIN_FAILURES, pinLockedMessage } from './throttling';

describe('login throttle', () => {
  it('locks an account at the 10th consecutive failure for 15 minutes, then lets it try again', () => {
    const throttle = new LoginThrottle();
    const key = LoginThrottle.key(1, 'Anna');
    const t0 = 1_000_000;
    for (let i = 1; i < MAX_CONSECUTIVE_LOGIN_FAILURES; i++) expect(throttle.fail(key, t0)).toBeNull();
    expect(throttle.lockedUntil(key, t0)).toBeNull();
    expect(throttle.fail(key, t0)).toEqual(new Date(t0 + LOGIN_LOCK_MS));
    expect(throttle.lockedUntil(key, t0 + LOGIN_LOCK_MS - 1)).toEqual(new Date(t0 + LOGIN_LOCK_MS));
    expect(throttle.lockedUntil(key, t0 + LOGIN_LOCK_MS)).toBeNull();
  });

  it('starts counting again after a success', () => {
    const throttle = new LoginThrottle();
    const key = LoginThrottle.key(1, 'anna');
    for (let i = 1; i < MAX_CONSECUTIVE_LOGIN_FAILURES; i++) throttle.fail(key);
    throttle.succeed(key);
    for (let i = 1; i < MAX_CONSECUTIVE_LOGIN_FAILURES; i++) expect(throttle.fail(key)).toBeNull();
  });

  it('keys accounts by tenant and case-insensitive username', () => {
    expect(LoginThrottle.key(1, ' Anna ')).toBe(LoginThrottle.key(1, 'anna'));
    expect(LoginThrottle.key(1, 'anna')).not.toBe(LoginThrottle.key(2, 'anna'));
  });

  it('holds at most MAX_KEYS accounts, forgetting the oldest', () => {
    const throttle = new LoginThrottle(2);
    for (let i = 0; i <= LoginThrottle.MAX_KEYS; i++) throttle.fail(`k${i}`);
    throttle.fail('k0');
    // k0 was evicted when the map overflowed, so this is its first failure again: not locked.
    expect(throttle.lockedUntil('k0')).toBeNull();
    throttle.fail(`k${LoginThrottle.MAX_KEYS}`);
    expect(throttle.lockedUntil(`k${LoginThrottle.MAX_KEYS}`)).not.toBeNull();
  });
});

describe('PIN lock message', () => {
  it('says how many minutes remain, at least one', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(pinLockedMessage(new Date(now.getTime() + 14.2 * 60_000), now)).toBe(
      'Too many wrong PINs. PIN entry is locked for 15 more minutes.',
    );
    expect(pinLockedMessage(new Date(now.getTime() + 5_000), now)).toBe(
      'Too many wrong PINs. PIN entry is locked for 1 more minute.',
    );
  });
});
