/**
 * What makes a corrected working day valid (docs/front-desk.md "Working-time reports"): times in order, breaks
 * inside their shift, nothing overlapping, at most one shift still open and only on today, nothing in the future.
 * Pure: the server refuses a correction with these problems, each at the path of the body's field it concerns.
 */

export interface DayShift {
  check_in_at: string;
  check_out_at: string | null;
  breaks: readonly { started_at: string; ended_at: string | null }[];
}

export type WorkingDayProblem =
  | 'future_day'
  | 'second_open_shift'
  | 'open_shift_on_past_day'
  | 'check_in_in_future'
  | 'check_out_in_future'
  | 'check_out_before_check_in'
  | 'break_ends_before_start'
  | 'break_outside_shift'
  | 'breaks_overlap'
  | 'shifts_overlap';

/** Problems by field path (`date_work`, `shifts.0.check_out_at`, `shifts.0.breaks.1`...), in the order found. */
export type WorkingDayProblems = Record<string, WorkingDayProblem[]>;

interface Span {
  start: number;
  /** Infinity: still open. */
  end: number;
  path: string;
}

/** The later span of each overlapping pair (sorted by start), as its path. */
function overlapping(spans: readonly Span[]): string[] {
  const sorted = [...spans].sort((x, y) => x.start - y.start);
  const found: string[] = [];
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i]!.start < sorted[i - 1]!.end) found.push(sorted[i]!.path);
  }
  return found;
}

/**
 * What is wrong with `shifts` as the day `dateWork`; empty when it may be saved. `today` is the store-local
 * business date: only today's day may keep someone clocked in, because a shift left open on a past day would
 * count up to now forever.
 */
export function workingDayProblems(
  shifts: readonly DayShift[],
  dateWork: string,
  today: string,
  now: Date,
): WorkingDayProblems {
  const problems: WorkingDayProblems = {};
  const add = (path: string, problem: WorkingDayProblem) => {
    (problems[path] ??= []).push(problem);
  };
  if (dateWork > today) add('date_work', 'future_day');
  const at = (iso: string) => new Date(iso).getTime();
  const open = shifts.flatMap((s, i) => (s.check_out_at === null ? [i] : []));
  for (const i of open.slice(1)) add(`shifts.${i}.check_out_at`, 'second_open_shift');
  if (open.length > 0 && dateWork < today) add(`shifts.${open[0]}.check_out_at`, 'open_shift_on_past_day');
  const shiftSpans: Span[] = [];
  shifts.forEach((shift, i) => {
    const start = at(shift.check_in_at);
    const end = shift.check_out_at === null ? Infinity : at(shift.check_out_at);
    if (start > now.getTime()) add(`shifts.${i}.check_in_at`, 'check_in_in_future');
    if (end !== Infinity && end > now.getTime()) add(`shifts.${i}.check_out_at`, 'check_out_in_future');
    if (end < start) add(`shifts.${i}.check_out_at`, 'check_out_before_check_in');
    shiftSpans.push({ start, end, path: `shifts.${i}.check_in_at` });
    const breakSpans: Span[] = [];
    shift.breaks.forEach((b, j) => {
      const path = `shifts.${i}.breaks.${j}`;
      const bStart = at(b.started_at);
      const bEnd = b.ended_at === null ? Infinity : at(b.ended_at);
      if (bEnd < bStart) add(`${path}.ended_at`, 'break_ends_before_start');
      else if (bStart < start || bEnd > end) add(path, 'break_outside_shift');
      breakSpans.push({ start: bStart, end: bEnd, path: `${path}.started_at` });
    });
    for (const path of overlapping(breakSpans)) add(path, 'breaks_overlap');
  });
  for (const path of overlapping(shiftSpans)) add(path, 'shifts_overlap');
  return problems;
}
