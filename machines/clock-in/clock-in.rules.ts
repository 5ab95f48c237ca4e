/**
 * Pure rules of the clock-in chart: where each person on the board stands, in the order the tiles show them,
 * what a failure of the clock call is, and when the answer says the action happened. Kept apart from the chart
 * so they are tested as plain functions.
 */
import { clockStatus } from '../../src/domain/clock';
import type { ClockAction, ClockStatus } from '../../src/domain/clock';
import { toResourceError } from '../resource/resource.rules';
import type {
  BoardEmployee,
  BoardPerson,
  ClockAnswer,
  ClockError,
  ClockOutput,
  ClockQueued,
} from './clock-in.types';

/** The 409 codes of an action the person's status does not allow (src/domain/clock.ts ClockRefusal). */
const REFUSALS: ReadonlySet<string> = new Set([
  'already_checked_in',
  'not_checked_in',
  'already_on_break',
  'not_on_break',
]);

export function statusOf(employee: BoardEmployee): ClockStatus {
  return clockStatus({ hasOpenShift: employee.checked_in, hasOpenBreak: employee.on_break });
}

/**
 * The tiles: technicians first (they clock in most, and the turn queue reads them), then the store's display
 * order, then the name, the order GET /api/pos/employees gives by default; sorted again so the board does not
 * depend on the call's sort.
 */
export function boardOf(employees: readonly BoardEmployee[]): BoardPerson[] {
  return [...employees]
    .sort(
      (a, b) =>
        Number(b.is_technician) - Number(a.is_technician) ||
        a.display_order - b.display_order ||
        a.name.localeCompare(b.name),
    )
    .map((e) => ({
      id: e.id,
      name: e.name,
      isTechician: e.is_technician,
      status: statusOf(e),
      since: e.checked_in ? e.check_in_at : null,
    }));
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** Whatever the clock or load actor rejected with, as the screen reads it (toResourceError, plus tries left). */
export function toClockError(error: unknown): ClockError {
  const triesLeft = record(record(error)?.details)?.tries_left;
  return {
    ...toResourceError(error),
    triesLeft: typeof triesLeft === 'number' ? triesLeft : null,
  };
}

export function isOfflineFailure(error: unknown): boolean {
  return toResourceError(error).kind === 'offline';
}

/** A wrong PIN (422 wrong_pin): the pad is asked again. */
export function isWrongPin(error: unknown): boolean {
  return toResourceError(error).code === 'wrong_pin';
}

/** Ten wrong PINs locked PIN entry (pin_locked): back to the board, nothing more to type for a while. */
export function isPinLocked(error: unknown): boolean {
  return toResourceError(error).code === 'pin_locked';
}

/** A 409 refusal of the action (the board said another status than the server): the board is stale. */
export function isRefusal(error: unknown): boolean {
  const e = toResourceError(error);
  return e.status === 409 && e.code !== null && REFUSALS.has(e.code);
}

/** The queue's receipt rather than an answer (see machines/customer-picker isOfflineQueued). */
export function isOfflineQueued(output: ClockOutput): output is ClockQueued {
  return 'offline' in output && output.offline === true;
}

/** When the action happened, by what it was: the shift's start or end, or its last break's. */
export function clockedAt(answer: ClockAnswer): string {
  const shift = answer.working_time;
  const lastBreak = shift.breaks.at(-1);
  const byAction: Record<ClockAction, string | null | undefined> = {
    check_in: shift.check_in_at,
    check_out: shift.check_out_at,
    break_start: lastBreak?.started_at,
    break_end: lastBreak?.ended_at,
  };
  return byAction[answer.action] ?? shift.check_in_at;
}
