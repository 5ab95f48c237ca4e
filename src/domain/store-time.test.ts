import { describe, expect, it } from 'vitest';
import { isoToStoreTime, storeTimeToIso } from './store-time';

// docs/appointments.md#time: the offset in force at the wall time; a repeated time is the first, a skipped one
// moves forward by the jump.
describe('storeTimeToIso on the days clocks change', () => {
  it.each([
    ['America/New_York', '2026-11-01T01:30', '2026-11-01T05:30:00.000Z'], // first 01:30 (EDT)
    ['America/New_York', '2026-03-08T01:30', '2026-03-08T06:30:00.000Z'], // before the jump (EST)
    ['America/New_York', '2026-03-08T02:30', '2026-03-08T07:30:00.000Z'], // skipped: 03:30 EDT
    ['America/New_York', '2026-03-08T03:30', '2026-03-08T07:30:00.000Z'],
    ['Europe/Berlin', '2026-03-29T02:30', '2026-03-29T01:30:00.000Z'], // skipped: 03:30 CEST
    ['Europe/Berlin', '2026-10-25T02:30', '2026-10-25T00:30:00.000Z'], // first 02:30 (CEST)
    ['Asia/Ho_Chi_Minh', '2026-11-01T01:30', '2026-10-31T18:30:00.000Z'],
  ])('%s %s → %s', (zone, local, iso) => {
    expect(storeTimeToIso(local, zone)).toBe(iso);
  });

  it('reads an instant back on the wall clock', () => {
    expect(isoToStoreTime('2026-11-01T06:30:00.000Z', 'America/New_York')).toBe('2026-11-01T01:30');
    expect(isoToStoreTime('2026-03-08T07:30:00.000Z', 'America/New_York')).toBe('2026-03-08T03:30');
  });
});
