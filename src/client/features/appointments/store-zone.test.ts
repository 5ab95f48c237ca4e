import { DateTime, IANAZone } from 'luxon';
import { describe, expect, it } from 'vitest';
import { StoreZone, storeZone } from './store-zone';

const MINUTE = 60_000;

/** Every 7 minutes across two days around `iso` (which holds a transition in some of the zones below). */
function instantsAround(iso: string): number[] {
  const middle = Date.parse(iso);
  const out: number[] = [];
  for (let t = middle - 24 * 60 * MINUTE; t <= middle + 24 * 60 * MINUTE; t += 7 * MINUTE) out.push(t);
  // The transitions' own instants, and a millisecond either side.
  for (const edge of [middle - 1, middle, middle + 1]) out.push(edge);
  return out;
}

describe('StoreZone', () => {
  const cases: [string, string][] = [
    ['America/New_York', '2026-11-01T06:00:00Z'], // back at 02:00 EDT
    ['America/New_York', '2026-03-08T07:00:00Z'], // forward at 02:00 EST
    ['Europe/Berlin', '2026-10-25T01:00:00Z'],
    ['Asia/Ho_Chi_Minh', '2026-06-01T00:00:00Z'], // no transition
    ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'], // a 30-minute change
    ['Asia/Kathmandu', '2026-01-01T00:00:00Z'], // +05:45
  ];

  it.each(cases)('gives %s the offsets luxon computes, around %s', (name, iso) => {
    const cached = new StoreZone(name);
    const plain = IANAZone.create(name);
    for (const ts of instantsAround(iso)) {
      // Asked twice: the second answer comes from what the first remembered.
      expect(cached.offset(ts), new Date(ts).toISOString()).toBe(plain.offset(ts));
      expect(cached.offset(ts), new Date(ts).toISOString()).toBe(plain.offset(ts));
    }
  });

  it('is the same zone to luxon: wall times, names and formatting across the repeated hour', () => {
    const zone = storeZone('America/New_York');
    expect(storeZone('America/New_York')).toBe(zone);
    const first = DateTime.fromISO('2026-11-01T05:30:00Z', { zone });
    const second = DateTime.fromISO('2026-11-01T06:30:00Z', { zone });
    expect(first.toFormat('HH:mm ZZ')).toBe('01:30 -04:00');
    expect(second.toFormat('HH:mm ZZ')).toBe('01:30 -05:00');
    expect(second.toISO()).toBe('2026-11-01T01:30:00.000-05:00');
    expect(first.offsetNameShort).toBe('EDT');
    expect(zone.equals(IANAZone.create('America/New_York'))).toBe(true);
    expect(zone.equals(IANAZone.create('Europe/Berlin'))).toBe(false);
    // A skipped wall time moves forward, as with luxon's own zone.
    const skipped = DateTime.fromObject({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, { zone });
    const reference = DateTime.fromObject(
      { year: 2026, month: 3, day: 8, hour: 2, minute: 30 },
      { zone: 'America/New_York' },
    );
    expect(skipped.toMillis()).toBe(reference.toMillis());
    expect(skipped.startOf('day').toMillis()).toBe(reference.startOf('day').toMillis());
  });
});
