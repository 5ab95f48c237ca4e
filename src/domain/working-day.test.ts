import { describe, expect, it } from 'vitest';
import { workingDayProblems } from './working-day';

const at = (hhmm: string, day = '2026-03-02') => `${day}T${hhmm}:00.000Z`;
const NOW = new Date(at('18:00'));

describe('workingDayProblems', () => {
  it('accepts a day of shifts with breaks inside them', () => {
    const shifts = [
      { check_in_at: at('09:00'), check_out_at: at('12:00'), breaks: [] },
      {
        check_in_at: at('13:00'),
        check_out_at: null,
        breaks: [{ started_at: at('14:00'), ended_at: at('14:10') }],
      },
    ];
    expect(workingDayProblems(shifts, '2026-03-02', '2026-03-02', NOW)).toEqual({});
  });

  it('names each problem at its field', () => {
    const shifts = [
      { check_in_at: at('09:00'), check_out_at: at('08:00'), breaks: [] },
      {
        check_in_at: at('10:00'),
        check_out_at: null,
        breaks: [{ started_at: at('07:00'), ended_at: at('07:30') }],
      },
      { check_in_at: at('19:00'), check_out_at: null, breaks: [] },
    ];
    expect(workingDayProblems(shifts, '2026-03-02', '2026-03-03', NOW)).toEqual({
      'shifts.0.check_out_at': ['check_out_before_check_in'],
      'shifts.1.check_out_at': ['open_shift_on_past_day'],
      'shifts.1.breaks.0': ['break_outside_shift'],
      'shifts.2.check_out_at': ['second_open_shift'],
      'shifts.2.check_in_at': ['check_in_in_future', 'shifts_overlap'],
    });
  });

  it('refuses a future day and overlapping breaks', () => {
    const shifts = [
      {
        check_in_at: at('09:00'),
        check_out_at: at('17:00'),
        breaks: [
          { started_at: at('12:00'), ended_at: at('12:30') },
          { started_at: at('12:15'), ended_at: at('12:45') },
        ],
      },
    ];
    expect(workingDayProblems(shifts, '2026-03-04', '2026-03-02', NOW)).toEqual({
      date_work: ['future_day'],
      'shifts.0.breaks.1.started_at': ['breaks_overlap'],
    });
  });
});
