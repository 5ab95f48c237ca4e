import { describe, expect, it } from 'vitest';
import { DEFAULT_TURN_SETTINGS, serviceTurnValue, turnCounts } from './turn-value';
import type { TurnSettings } from './turns.types';

const thresholds: TurnSettings = { ...DEFAULT_TURN_SETTINGS, fullTurnFrom: 3000, noTurnBelow: 1000 };

describe('serviceTurnValue (docs/turns.md "Turn value")', () => {
  it("uses the service's own value over the store thresholds", () => {
    expect(serviceTurnValue({ id: 's', price: 500, turnValue: 'full' }, thresholds)).toBe('full');
    expect(serviceTurnValue({ id: 's', price: 9000, turnValue: 'none' }, thresholds)).toBe('none');
  });

  it('counts a service without its own value full at or above the full threshold', () => {
    expect(serviceTurnValue({ id: 's', price: 3000, turnValue: null }, thresholds)).toBe('full');
    expect(serviceTurnValue({ id: 's', price: 4500 }, thresholds)).toBe('full');
  });

  it('counts it half below the full threshold and none under the minimum', () => {
    expect(serviceTurnValue({ id: 's', price: 2999 }, thresholds)).toBe('half');
    expect(serviceTurnValue({ id: 's', price: 1000 }, thresholds)).toBe('half');
    expect(serviceTurnValue({ id: 's', price: 999 }, thresholds)).toBe('none');
  });

  it('counts every priced service full with the default settings, and an unpriced one full anywhere', () => {
    expect(serviceTurnValue({ id: 's', price: 1 }, DEFAULT_TURN_SETTINGS)).toBe('full');
    expect(serviceTurnValue({ id: 's' }, thresholds)).toBe('full');
  });
});

describe('turnCounts (docs/turns.md "What counts")', () => {
  const walkIn = { turnValue: 'full', requested: false, appointment: false } as const;

  it('counts a walk-in turn with a value, never a turn worth none', () => {
    expect(turnCounts(walkIn, DEFAULT_TURN_SETTINGS)).toBe(true);
    expect(turnCounts({ ...walkIn, turnValue: 'half' }, DEFAULT_TURN_SETTINGS)).toBe(true);
    expect(turnCounts({ ...walkIn, turnValue: 'none' }, DEFAULT_TURN_SETTINGS)).toBe(false);
  });

  it('counts requested and appointment turns only when the store says so', () => {
    expect(turnCounts({ ...walkIn, requested: true }, DEFAULT_TURN_SETTINGS)).toBe(false);
    expect(
      turnCounts({ ...walkIn, requested: true }, { ...DEFAULT_TURN_SETTINGS, countRequested: true }),
    ).toBe(true);
    expect(turnCounts({ ...walkIn, appointment: true }, DEFAULT_TURN_SETTINGS)).toBe(false);
    expect(
      turnCounts({ ...walkIn, appointment: true }, { ...DEFAULT_TURN_SETTINGS, countAppointments: true }),
    ).toBe(true);
  });

  it('does not count a requested appointment unless both kinds count', () => {
    const both = { ...walkIn, requested: true, appointment: true };
    expect(turnCounts(both, { ...DEFAULT_TURN_SETTINGS, countRequested: true })).toBe(false);
    expect(
      turnCounts(both, { ...DEFAULT_TURN_SETTINGS, countRequested: true, countAppointments: true }),
    ).toBe(true);
  });
});
