/**
 * Pure rules of the correction chart: the day as the form shows it (the store's wall times), back to the body
 * the server takes (UTC ISO), and what is wrong with it before anyone is asked for a PIN. The day's rules are the
 * domain's (src/domain/working-day.ts), the same the server refuses a correction with, so a problem is shown
 * beside its field in the manager's language instead of coming back as a 422 in English.
 */
import type { WorkingDay } from '../../src/contracts/working-times';
import { dayInTimeZone } from '../../src/domain/report-periods';
import { isoToStoreTime, storeTimeToIso } from '../../src/domain/store-time';
import { workingDayProblems } from '../../src/domain/working-day';
import type { DayShift } from '../../src/domain/working-day';
import type {
  CorrectionMode,
  CorrectionProblem,
  CorrectionProblems,
  DraftShift,
} from './working-day-correction.types';

/** The contract's bounds of a reason (src/contracts/working-times.ts `reason`), trimmed as it trims. */
export const REASON_MIN = 3;
export const REASON_MAX = 500;
/** The contract's bounds of shifts in a day and breaks in a shift. */
export const MAX_SHIFTS = 20;
export const MAX_BREAKS = 20;

export function draftFromDay(day: WorkingDay, timeZone: string): DraftShift[] {
  const wall = (iso: string | null) => (iso === null ? '' : isoToStoreTime(iso, timeZone));
  return day.shifts.map((s) => ({
    check_in_at: wall(s.check_in_at),
    check_out_at: wall(s.check_out_at),
    breaks: s.breaks.map((b) => ({ started_at: wall(b.started_at), ended_at: wall(b.ended_at) })),
  }));
}

/** A shift added by hand: the day's usual opening hours, to be typed over. */
export function newShift(dateWork: string): DraftShift {
  return { check_in_at: `${dateWork}T09:00`, check_out_at: `${dateWork}T17:00`, breaks: [] };
}

interface Converted {
  shifts: DayShift[];
  problems: CorrectionProblems;
}

/**
 * The typed day as UTC ISO times. A start that is empty or not a time is `time_required`; an empty end is an
 * open shift or break (null), an end typed but unreadable is `time_required` too.
 */
export function shiftsFromDraft(draft: readonly DraftShift[], timeZone: string): Converted {
  const problems: CorrectionProblems = {};
  const required = (value: string, path: string): string => {
    const iso = storeTimeToIso(value, timeZone);
    if (iso === null) (problems[path] ??= []).push('time_required');
    return iso ?? new Date(0).toISOString();
  };
  const optional = (value: string, path: string): string | null =>
    value.trim() === '' ? null : required(value, path);
  const shifts = draft.map((s, i) => ({
    check_in_at: required(s.check_in_at, `shifts.${i}.check_in_at`),
    check_out_at: optional(s.check_out_at, `shifts.${i}.check_out_at`),
    breaks: s.breaks.map((b, j) => ({
      started_at: required(b.started_at, `shifts.${i}.breaks.${j}.started_at`),
      ended_at: optional(b.ended_at, `shifts.${i}.breaks.${j}.ended_at`),
    })),
  }));
  return { shifts, problems };
}

export function reasonProblem(reason: string): CorrectionProblem | null {
  const length = reason.trim().length;
  if (length < REASON_MIN) return 'reason_too_short';
  if (length > REASON_MAX) return 'reason_too_long';
  return null;
}

/**
 * Everything wrong with the form at `now` (ISO): the reason for both modes; for a correction, times that are
 * not times first (the day's rules would read them wrongly), else the domain's rules of a valid day with the
 * store's today.
 */
export function correctionProblems(
  mode: CorrectionMode,
  draft: readonly DraftShift[],
  reason: string,
  dateWork: string,
  timeZone: string,
  now: string,
): CorrectionProblems {
  const problems: CorrectionProblems = {};
  const reasonIssue = reasonProblem(reason);
  if (reasonIssue) problems.reason = [reasonIssue];
  if (mode === 'delete') return problems;
  const converted = shiftsFromDraft(draft, timeZone);
  if (Object.keys(converted.problems).length > 0) return { ...problems, ...converted.problems };
  const at = new Date(now);
  return { ...problems, ...workingDayProblems(converted.shifts, dateWork, dayInTimeZone(at, timeZone), at) };
}

/** The problems at a field and below it (`shifts.0.breaks.1` gathers its start's and end's too). */
export function problemsAt(problems: CorrectionProblems, path: string): CorrectionProblem[] {
  return Object.entries(problems)
    .filter(([key]) => key === path || key.startsWith(`${path}.`))
    .flatMap(([, list]) => list);
}
