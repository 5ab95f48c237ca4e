import { describe, it, expect } from 'vitest';
import { REPORT_PERIOD_ALL_START, REPORT_PERIODS } from './constants';
import { dayInTimeZone, periodRange } from './report-periods';

// Wednesday 5 March 2025, 03:30 UTC: still Tuesday 4 March in Los Angeles.
const WED = new Date('2025-03-05T03:30:00Z');

describe('periodRange in UTC on Wednesday 2025-03-05', () => {
  const cases: [string, string, string][] = [
    ['all', REPORT_PERIOD_ALL_START, '2025-03-05'],
    ['today', '2025-03-05', '2025-03-05'],
    ['last_day', '2025-03-04', '2025-03-04'],
    ['this_week', '2025-03-03', '2025-03-05'],
    ['this_month', '2025-03-01', '2025-03-05'],
    ['this_year', '2025-01-01', '2025-03-05'],
    ['last_week', '2025-02-24', '2025-03-02'],
    ['last_2_weeks', '2025-02-17', '2025-03-02'],
    ['last_month', '2025-02-01', '2025-02-28'],
    ['last_2_months', '2025-01-01', '2025-02-28'],
    ['last_3_months', '2024-12-01', '2025-02-28'],
    ['last_6_months', '2024-09-01', '2025-02-28'],
    ['last_year', '2024-01-01', '2024-12-31'],
  ];
  it.each(cases)('%s runs from %s to %s', (period, start, end) => {
    expect(periodRange(period as Exclude<(typeof REPORT_PERIODS)[number], 'other'>, WED)).toEqual({
      start,
      end,
    });
  });

  it('covers every period choice of the spec', () => {
    expect(
      cases
        .map(([p]) => p)
        .concat('other')
        .sort(),
    ).toEqual([...REPORT_PERIODS].sort());
  });
});

describe('periodRange rules', () => {
  it("'all' starts at 1900-01-01 and ends today", () => {
    expect(periodRange('all', WED).start).toBe('1900-01-01');
  });

  it("today is the calendar day in the store's time zone, not in UTC", () => {
    expect(periodRange('today', WED, 'America/Los_Angeles')).toEqual({
      start: '2025-03-04',
      end: '2025-03-04',
    });
    expect(periodRange('today', new Date('2025-03-05T20:00:00Z'), 'Asia/Tokyo')).toEqual({
      start: '2025-03-06',
      end: '2025-03-06',
    });
    expect(dayInTimeZone(WED, 'America/Los_Angeles')).toBe('2025-03-04');
  });

  it('weeks start on Monday: on a Sunday this week began six days before', () => {
    const sunday = new Date('2025-03-09T12:00:00Z');
    expect(periodRange('this_week', sunday)).toEqual({ start: '2025-03-03', end: '2025-03-09' });
    expect(periodRange('last_week', sunday)).toEqual({ start: '2025-02-24', end: '2025-03-02' });
  });

  it('on a Monday this week is that day alone and last week is the whole previous week', () => {
    const monday = new Date('2025-03-03T12:00:00Z');
    expect(periodRange('this_week', monday)).toEqual({ start: '2025-03-03', end: '2025-03-03' });
    expect(periodRange('last_2_weeks', monday)).toEqual({ start: '2025-02-17', end: '2025-03-02' });
  });

  it('last periods cross the year boundary on 1 January', () => {
    const newYear = new Date('2025-01-01T08:00:00Z');
    expect(periodRange('last_day', newYear)).toEqual({ start: '2024-12-31', end: '2024-12-31' });
    expect(periodRange('last_2_months', newYear)).toEqual({ start: '2024-11-01', end: '2024-12-31' });
    expect(periodRange('this_year', newYear)).toEqual({ start: '2025-01-01', end: '2025-01-01' });
  });

  it('last month of a leap year February ends on the 29th', () => {
    expect(periodRange('last_month', new Date('2024-03-10T12:00:00Z'))).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
    });
  });

  it("'other' is null without an explicit range and the explicit range otherwise", () => {
    expect(periodRange('other', WED)).toBeNull();
    expect(periodRange('other', WED, 'UTC', { start: '2025-01-10', end: '2025-02-03' })).toEqual({
      start: '2025-01-10',
      end: '2025-02-03',
    });
  });

  it("'other' refuses days that do not exist and a start after the end", () => {
    expect(() => periodRange('other', WED, 'UTC', { start: '2025-02-30', end: '2025-03-01' })).toThrow(
      RangeError,
    );
    expect(() => periodRange('other', WED, 'UTC', { start: '2025/01/01', end: '2025-03-01' })).toThrow(
      RangeError,
    );
    expect(() => periodRange('other', WED, 'UTC', { start: '2025-03-02', end: '2025-03-01' })).toThrow(
      RangeError,
    );
  });

  it('an unknown time zone is a RangeError from Intl', () => {
    expect(() => periodRange('today', WED, 'Mars/Olympus')).toThrow(RangeError);
  });
});
