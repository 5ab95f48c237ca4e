import { describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_BOOKING_HOURS,
  nextFreeStarts,
  storeInstant,
  validDayHours,
  weekdayOf,
  withinWindows,
  workingWindows,
} from './availability';
import type { WeeklyHours } from './availability';
import { MINUTE_MS } from './segments';

const NY = 'America/New_York';
const HCM = 'Asia/Ho_Chi_Minh';
const shape = {
  durationMinutes: 60,
  processingOffsetMinutes: null,
  processingMinutes: 0,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
};
const iso = (ms: number) => new Date(ms).toISOString();

describe('dates and store instants', () => {
  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('knows the weekday of a date (0 = Sunday)', () => {
    expect(weekdayOf('2026-11-01')).toBe(0);
    expect(weekdayOf('2026-11-27')).toBe(5);
  });

  it('reads 01:30 on the day New York clocks go back as the first 01:30 (EDT)', () => {
    expect(iso(storeInstant('2026-11-01', '01:30', NY))).toBe('2026-11-01T05:30:00.000Z');
  });

  it('reads 01:30 on the day New York clocks go forward as EST, and the missing 02:30 as 03:30 EDT', () => {
    expect(iso(storeInstant('2026-03-08', '01:30', NY))).toBe('2026-03-08T06:30:00.000Z');
    expect(iso(storeInstant('2026-03-08', '02:30', NY))).toBe('2026-03-08T07:30:00.000Z');
  });

  it('Ho Chi Minh City is UTC+7 all year', () => {
    expect(iso(storeInstant('2026-11-01', '01:30', HCM))).toBe('2026-10-31T18:30:00.000Z');
    expect(iso(storeInstant('2026-06-01', '09:00', HCM))).toBe('2026-06-01T02:00:00.000Z');
  });

  it('checks day hours', () => {
    expect(validDayHours({ opens: '09:00', closes: '19:00' })).toBe(true);
    expect(validDayHours({ opens: '19:00', closes: '09:00' })).toBe(false);
    expect(validDayHours({ opens: '9:00', closes: '19:00' })).toBe(false);
  });
});

describe('working windows', () => {
  it('one window per open day, none on a day off or a closed weekday', () => {
    const hours: WeeklyHours = { ...DEFAULT_BOOKING_HOURS, 1: null };
    const windows = workingWindows('2026-11-01', 3, hours, new Set(['2026-11-03']), NY);
    // Sunday open, Monday closed, Tuesday off.
    expect(windows.map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ['2026-11-01T14:00:00.000Z', '2026-11-02T00:00:00.000Z'],
    ]);
  });

  it('the day clocks go back is an hour longer for hours from midnight', () => {
    const hours: WeeklyHours = { ...DEFAULT_BOOKING_HOURS, 0: { opens: '00:00', closes: '23:59' } };
    const [w] = workingWindows('2026-11-01', 1, hours, new Set(), NY);
    expect((w!.end - w!.start) / MINUTE_MS).toBe(24 * 60 + 59);
  });
});

describe('next free starts', () => {
  const day = workingWindows('2026-06-01', 1, DEFAULT_BOOKING_HOURS, new Set(), NY);
  const nine = storeInstant('2026-06-01', '09:00', NY);
  const at = (hhmm: string) => storeInstant('2026-06-01', hhmm, NY);

  it('offers the first grid starts clear of the busy time', () => {
    const busy = [{ start: nine, end: at('10:30') }];
    expect(nextFreeStarts(shape, busy, day, nine, 3).map((s) => s - at('10:30'))).toEqual([
      0,
      15 * MINUTE_MS,
      30 * MINUTE_MS,
    ]);
  });

  it('never offers a start whose line would end after closing', () => {
    const starts = nextFreeStarts(shape, [], day, at('17:40'), 10);
    expect(starts.map(iso)).toEqual([at('17:45'), at('18:00')].map(iso));
    expect(withinWindows({ ...shape, start: at('18:15') }, day)).toBe(false);
  });

  it('fits a line into a gap that only its processing time could use', () => {
    const colour = { ...shape, durationMinutes: 120, processingOffsetMinutes: 30, processingMinutes: 60 };
    // Busy 09:30–10:30: only the processing gap of a 09:00 colour may cover it.
    const busy = [{ start: at('09:30'), end: at('10:30') }];
    expect(nextFreeStarts(colour, busy, day, nine, 1).map(iso)).toEqual([iso(nine)]);
    expect(nextFreeStarts(shape, busy, day, nine, 1).map(iso)).toEqual([iso(at('10:30'))]);
  });

  it('keeps the buffer before inside the working day', () => {
    const starts = nextFreeStarts({ ...shape, bufferBeforeMinutes: 10 }, [], day, nine, 1);
    expect(starts.map(iso)).toEqual([iso(at('09:10'))]);
  });

  it('moves on to the next working day when today is full', () => {
    const twoDays = workingWindows('2026-06-01', 2, DEFAULT_BOOKING_HOURS, new Set(), NY);
    const busy = [{ start: nine, end: at('19:00') }];
    expect(nextFreeStarts(shape, busy, twoDays, nine, 1).map(iso)).toEqual([
      iso(storeInstant('2026-06-02', '09:00', NY)),
    ]);
  });
});
