import { describe, expect, it } from 'vitest';
import { ringUpTime, withRingUpTime } from './ring-up-time';

describe('ringUpTime', () => {
  it('is fixed by the first send of a sale and the same for every retry or replay of it', () => {
    let clock = Date.parse('2026-03-07T15:04:05.000Z');
    const now = () => new Date(clock);
    expect(ringUpTime('key-a', now)).toBe('2026-03-07T15:04:05.000Z');
    clock += 3 * 60 * 60 * 1000;
    expect(ringUpTime('key-a', now)).toBe('2026-03-07T15:04:05.000Z');
    expect(ringUpTime('key-b', now)).toBe('2026-03-07T18:04:05.000Z');
  });

  it('forgets the oldest sales first, only past the last fifty', () => {
    const now = () => new Date('2026-01-01T00:00:00.000Z');
    ringUpTime('first', now);
    for (let i = 0; i < 49; i += 1) ringUpTime(`sale-${i}`, now);
    const later = () => new Date('2026-01-02T00:00:00.000Z');
    expect(ringUpTime('first', later)).toBe('2026-01-01T00:00:00.000Z');
    for (let i = 49; i < 100; i += 1) ringUpTime(`sale-${i}`, now);
    expect(ringUpTime('first', later)).toBe('2026-01-02T00:00:00.000Z');
  });
});

describe('withRingUpTime', () => {
  it('stamps a new order and leaves a loaded sale its own time, without changing the input', () => {
    const now = () => new Date('2026-05-01T10:00:00.000Z');
    const fresh = { uuid: 'u1', order_at: null };
    expect(withRingUpTime(fresh, 'k-new', now)).toEqual({ uuid: 'u1', order_at: '2026-05-01T10:00:00.000Z' });
    expect(fresh.order_at).toBeNull();
    const loaded = { uuid: 'u2', order_at: '2026-04-30T09:00:00.000Z' };
    expect(withRingUpTime(loaded, 'k-loaded', now)).toBe(loaded);
  });
});
