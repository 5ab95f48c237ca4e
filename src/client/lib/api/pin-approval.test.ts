import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPinApprovalStore } from './pin-approval';

afterEach(() => {
  vi.useRealTimers();
});

const approval = (expiresAt: string) => ({
  role: 'manager',
  name: 'Maria Lopez',
  user_id: 3,
  approval: 'appr',
  approval_expires_at: expiresAt,
});

describe('PIN approval store', () => {
  it('holds an approval until it expires, and tells its listeners both times', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00.000Z'));
    const store = createPinApprovalStore();
    const listener = vi.fn();
    store.subscribe(listener);
    store.set(approval('2026-11-22T10:05:00.000Z'));
    expect(store.getSnapshot()?.approval).toBe('appr');
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * 60 * 1000 - 1);
    expect(store.getSnapshot()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('clear drops it at once (logout, 401)', () => {
    const store = createPinApprovalStore(() => Date.parse('2026-11-22T10:00:00.000Z'));
    store.set(approval('2026-11-22T10:05:00.000Z'));
    store.clear();
    expect(store.getSnapshot()).toBeNull();
  });

  it('an approval already expired reads as none', () => {
    const store = createPinApprovalStore(() => Date.parse('2026-11-22T10:06:00.000Z'));
    store.set(approval('2026-11-22T10:05:00.000Z'));
    expect(store.getSnapshot()).toBeNull();
  });
});
