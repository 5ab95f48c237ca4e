import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { averageTicket, changeOf, daysEarlier, sameWallTimeWeekEarlier, shownHours } from './dashboard';
import { dayInTimeZone, isoWeekday, parseDay } from './report-periods';
import { isoToStoreTime } from './store-time';

const LA = 'America/Los_Angeles';

describe('the week-earlier comparison', () => {
  it('is the same weekday one week earlier, across months and years', () => {
    expect(daysEarlier('2026-11-28')).toBe('2026-11-21');
    expect(daysEarlier('2026-03-03')).toBe('2026-02-24');
    expect(daysEarlier('2026-01-02')).toBe('2025-12-26');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }),
        (d) => {
          const day = d.toISOString().slice(0, 10);
          expect(isoWeekday(parseDay(daysEarlier(day))!)).toBe(isoWeekday(parseDay(day)!));
        },
      ),
    );
  });

  it('cuts at the same wall time a week earlier, across a daylight saving change', () => {
    // Tuesday 10 March 2026 13:05 in Los Angeles (PDT since the 8th) → Tuesday 3 March 13:05 (PST).
    const now = new Date('2026-03-10T20:05:00Z');
    const earlier = sameWallTimeWeekEarlier(now, LA);
    expect(isoToStoreTime(earlier.toISOString(), LA)).toBe('2026-03-03T13:05');
    expect(earlier.toISOString()).toBe('2026-03-03T21:05:00.000Z');
    expect(dayInTimeZone(earlier, LA)).toBe('2026-03-03');
  });
});

describe('figures of the cards', () => {
  it('averages the net per sale, rounded half away from zero; 0 without sales', () => {
    expect(averageTicket(10_000, 3)).toBe(3333);
    expect(averageTicket(5, 2)).toBe(3);
    expect(averageTicket(-5, 2)).toBe(-3);
    expect(averageTicket(1234, 0)).toBe(0);
  });

  it('gives the arrow and the whole percent of the earlier figure; no percent without a base', () => {
    expect(changeOf(150, 100)).toEqual({ direction: 'up', percent: 50 });
    expect(changeOf(75, 100)).toEqual({ direction: 'down', percent: 25 });
    expect(changeOf(100, 100)).toEqual({ direction: 'same', percent: 0 });
    expect(changeOf(0, 0)).toEqual({ direction: 'same', percent: 0 });
    expect(changeOf(500, 0)).toEqual({ direction: 'up', percent: null });
    expect(changeOf(-50, -100)).toEqual({ direction: 'up', percent: 50 });
  });
});

describe('the hours a by-hour chart shows', () => {
  const day = (busy: Record<number, number>) =>
    Array.from({ length: 24 }, (_, hour) => ({ hour, sales_count: busy[hour] ?? 0 }));

  it('shows the working hours on a quiet day, and widens to the first and last sale', () => {
    expect(shownHours(day({})).map((h) => h.hour)).toEqual([
      8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    ]);
    const wide = shownHours(day({ 6: 1, 22: 2 })).map((h) => h.hour);
    expect(wide[0]).toBe(6);
    expect(wide.at(-1)).toBe(22);
  });
});
