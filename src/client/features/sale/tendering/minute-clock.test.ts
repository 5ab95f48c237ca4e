import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MINUTE_MS, readMinuteNow, subscribeMinute } from './minute-clock';

const start = Date.parse('2025-03-01T10:00:40.250Z');

describe('minute clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(start);
  });
  afterEach(() => vi.useRealTimers());

  it('reads the time afresh, to the second, while nothing listens', () => {
    expect(readMinuteNow()).toBe(Date.parse('2025-03-01T10:00:40.000Z'));
    vi.setSystemTime(start + 5_000);
    expect(readMinuteNow()).toBe(Date.parse('2025-03-01T10:00:45.000Z'));
  });

  it('holds the time between ticks and tells its listeners once a minute from the first one', () => {
    const listener = vi.fn();
    readMinuteNow();
    const stop = subscribeMinute(listener);
    const held = readMinuteNow();
    vi.advanceTimersByTime(MINUTE_MS - 1);
    expect(listener).not.toHaveBeenCalled();
    expect(readMinuteNow()).toBe(held);
    vi.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readMinuteNow()).toBe(start + MINUTE_MS);
    vi.advanceTimersByTime(MINUTE_MS * 2);
    expect(listener).toHaveBeenCalledTimes(3);
    stop();
  });

  it('stops its timer when the last listener leaves', () => {
    const listener = vi.fn();
    const stopFirst = subscribeMinute(listener);
    const stopSecond = subscribeMinute(() => {});
    stopFirst();
    vi.advanceTimersByTime(MINUTE_MS);
    expect(listener).not.toHaveBeenCalled();
    stopSecond();
    expect(vi.getTimerCount()).toBe(0);
  });
});
