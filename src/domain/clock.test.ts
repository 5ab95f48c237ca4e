import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  allowedClockActions,
  breakMinutes,
  CLOCK_ACTIONS,
  clockRefusal,
  clockStatus,
  needsEmployeePin,
  toggleAction,
  workedMinutes,
} from './clock';
import type { ClockAction, ClockStatus } from './clock';
import { ROLE } from './constants';

const at = (hhmm: string) => new Date(`2026-11-27T${hhmm}:00Z`);

describe('clock rules', () => {
  it("asks for the person's PIN only when a staff member clocks someone else", () => {
    expect(needsEmployeePin(7, ROLE.STAFF, 8)).toBe(true);
    expect(needsEmployeePin(7, ROLE.STAFF, 7)).toBe(false);
    for (const role of [ROLE.MANAGER, ROLE.ADMIN, ROLE.OWNER]) {
      expect(needsEmployeePin(7, role, 8)).toBe(false);
      expect(needsEmployeePin(7, role, 7)).toBe(false);
    }
  });

  it('reads the status from the open shift and its open break', () => {
    expect(clockStatus({ hasOpenShift: false, hasOpenBreak: false })).toBe('off');
    expect(clockStatus({ hasOpenShift: true, hasOpenBreak: false })).toBe('working');
    expect(clockStatus({ hasOpenShift: true, hasOpenBreak: true })).toBe('on_break');
  });

  it('refuses a second clock-in and a clock-out without a clock-in, each with its reason', () => {
    expect(clockRefusal('working', 'check_in')).toBe('already_checked_in');
    expect(clockRefusal('on_break', 'check_in')).toBe('already_checked_in');
    expect(clockRefusal('off', 'check_out')).toBe('not_checked_in');
    expect(clockRefusal('off', 'break_start')).toBe('not_checked_in');
    expect(clockRefusal('on_break', 'break_start')).toBe('already_on_break');
    expect(clockRefusal('working', 'break_end')).toBe('not_on_break');
  });

  it('offers exactly the actions it allows', () => {
    expect(allowedClockActions('off')).toEqual(['check_in']);
    expect(allowedClockActions('working')).toEqual(['break_start', 'check_out']);
    expect(allowedClockActions('on_break')).toEqual(['break_end', 'check_out']);
  });

  it("keeps the spec's toggle: in when off, out otherwise", () => {
    expect(toggleAction('off')).toBe('check_in');
    expect(toggleAction('working')).toBe('check_out');
    expect(toggleAction('on_break')).toBe('check_out');
  });

  it('a walk of allowed actions always lands where the chart says', () => {
    const next: Record<ClockAction, ClockStatus> = {
      check_in: 'working',
      break_start: 'on_break',
      break_end: 'working',
      check_out: 'off',
    };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...CLOCK_ACTIONS), { maxLength: 40 }), (actions) => {
        let status: ClockStatus = 'off';
        for (const action of actions) {
          const refused = clockRefusal(status, action);
          expect(refused === null).toBe(allowedClockActions(status).includes(action));
          if (refused === null) status = next[action];
        }
      }),
    );
  });
});

describe('workedMinutes', () => {
  it('is the shift less its breaks, in whole minutes', () => {
    const shift = { start: at('09:00'), end: at('17:30') };
    const breaks = [
      { start: at('12:00'), end: at('12:45') },
      { start: at('15:00'), end: at('15:10') },
    ];
    expect(workedMinutes(shift, breaks, at('18:00'))).toBe(8 * 60 + 30 - 55);
  });

  it('counts a running shift and a running break up to now', () => {
    expect(
      workedMinutes({ start: at('09:00'), end: null }, [{ start: at('10:00'), end: null }], at('10:30')),
    ).toBe(60);
  });

  it('counts only the part of a break inside the shift, never below zero', () => {
    const shift = { start: at('09:00'), end: at('10:00') };
    expect(workedMinutes(shift, [{ start: at('08:00'), end: at('09:15') }], at('11:00'))).toBe(45);
    expect(workedMinutes(shift, [{ start: at('08:00'), end: at('11:00') }], at('11:00'))).toBe(0);
  });
});

describe('breakMinutes', () => {
  it('counts the breaks inside the shift, a running one up to now, so worked plus breaks is the shift', () => {
    const shift = { start: at('09:00'), end: at('10:00') };
    const breaks = [{ start: at('08:00'), end: at('09:15') }];
    expect(breakMinutes(shift, breaks, at('11:00'))).toBe(15);
    expect(breakMinutes(shift, breaks, at('11:00')) + workedMinutes(shift, breaks, at('11:00'))).toBe(60);
    expect(
      breakMinutes({ start: at('09:00'), end: null }, [{ start: at('10:00'), end: null }], at('10:30')),
    ).toBe(30);
  });
});
