/**
 * Clocking in and out (docs/front-desk.md "Clock in and out"): where a person stands on the shared tablet, which
 * of the four actions they may take from there, and how long they worked. Pure: the server refuses with it and
 * the check-in screen offers only what it allows, from the same rules.
 *
 *   off ──check_in──▶ working ──break_start──▶ on_break
 *    ▲                  │  ▲                      │
 *    └────check_out─────┘  └──────break_end───────┘
 *
 * A clock-out while on a break ends the break at the same time: a technician who leaves from her lunch is not
 * kept "on break" overnight, and her worked time stops when she left.
 */

import type { Role } from './constants';
import { canApproveWithPin } from './permissions';

export const CLOCK_ACTIONS = ['check_in', 'break_start', 'break_end', 'check_out'] as const;
export type ClockAction = (typeof CLOCK_ACTIONS)[number];

export type ClockStatus = 'off' | 'working' | 'on_break';

/** Why an action is refused: a code the client translates and the server sends (src/contracts/error-codes.ts). */
export type ClockRefusal = 'already_checked_in' | 'not_checked_in' | 'already_on_break' | 'not_on_break';

/** The status from the open working-time row (if any) and its open break (if any). */
export function clockStatus(open: { hasOpenShift: boolean; hasOpenBreak: boolean }): ClockStatus {
  if (!open.hasOpenShift) return 'off';
  return open.hasOpenBreak ? 'on_break' : 'working';
}

/** null when `action` may be taken from `status`; else why not. */
export function clockRefusal(status: ClockStatus, action: ClockAction): ClockRefusal | null {
  switch (action) {
    case 'check_in':
      return status === 'off' ? null : 'already_checked_in';
    case 'check_out':
      return status === 'off' ? 'not_checked_in' : null;
    case 'break_start':
      if (status === 'off') return 'not_checked_in';
      return status === 'on_break' ? 'already_on_break' : null;
    case 'break_end':
      if (status === 'off') return 'not_checked_in';
      return status === 'working' ? 'not_on_break' : null;
  }
}

/** The actions a person in `status` may take, in the order the screen offers them. */
export function allowedClockActions(status: ClockStatus): ClockAction[] {
  return CLOCK_ACTIONS.filter((action) => clockRefusal(status, action) === null);
}

/**
 * Whether clocking `employeeId` needs that person's PIN (docs/front-desk.md "Clock in and out"): not for oneself,
 * and not when the signed-in person may approve with a PIN (a manager, an admin or the owner:
 * src/domain/permissions.ts canApproveWithPin). Anyone else at the tablet asks the person for their PIN, so a
 * colleague cannot clock someone in for them. The server refuses by it and the screen asks for the PIN by it.
 */
export function needsEmployeePin(callerId: number, callerRole: Role, employeeId: number): boolean {
  return employeeId !== callerId && !canApproveWithPin(callerRole);
}

/** What the toggle of the endpoint without an action means (the spec's check-in-out): in when off, else out. */
export function toggleAction(status: ClockStatus): ClockAction {
  return status === 'off' ? 'check_in' : 'check_out';
}

export interface ClockSpan {
  start: Date;
  /** null: still running, counted up to `now`. */
  end: Date | null;
}

const MINUTE_MS = 60_000;

function spanMs(span: ClockSpan, now: Date): number {
  const end = span.end ?? now;
  return Math.max(0, end.getTime() - span.start.getTime());
}

/** Milliseconds of `breaks` inside the shift, each clipped to it (an open one runs to `now` or the shift's end). */
function breakMs(shift: ClockSpan, breaks: readonly ClockSpan[], now: Date): number {
  const shiftEnd = shift.end ?? now;
  return breaks.reduce((sum, b) => {
    const start = new Date(Math.max(b.start.getTime(), shift.start.getTime()));
    const end = new Date(Math.min((b.end ?? now).getTime(), shiftEnd.getTime()));
    return sum + (end > start ? end.getTime() - start.getTime() : 0);
  }, 0);
}

/**
 * Whole minutes worked in a shift: from clock-in to clock-out (or `now`), less its breaks, each break counted
 * only inside the shift (a break corrected to start before the clock-in cannot make worked time negative).
 */
export function workedMinutes(shift: ClockSpan, breaks: readonly ClockSpan[], now: Date): number {
  return Math.floor(Math.max(0, spanMs(shift, now) - breakMs(shift, breaks, now)) / MINUTE_MS);
}

/**
 * Whole minutes of a shift's breaks, counted as workedMinutes leaves them out (inside the shift only), so a
 * report's worked and break minutes add up to the shift's length, give or take the rounding of each.
 */
export function breakMinutes(shift: ClockSpan, breaks: readonly ClockSpan[], now: Date): number {
  return Math.floor(breakMs(shift, breaks, now) / MINUTE_MS);
}
