/**
 * The time a booking line takes from its technician (docs/appointments.md#busy-segments-and-no-double-booking):
 * from start − buffer before to start + duration + buffer after, without the processing gap. The server stores
 * exactly these segments under an exclusion constraint; the book draws them and looks for free slots with them.
 *
 * Instants are epoch milliseconds; intervals are half-open [start, end), so back-to-back lines do not clash.
 */

export const MINUTE_MS = 60_000;

/** The longest line a booking may hold (one working day and then some). */
export const MAX_LINE_MINUTES = 12 * 60;
/** The longest buffer on either side of a line. */
export const MAX_BUFFER_MINUTES = 120;

export interface Interval {
  start: number;
  end: number;
}

/** The timing of one booking line, minutes except `start` (epoch ms). */
export interface LineTiming {
  start: number;
  durationMinutes: number;
  /** Minutes after the start at which the processing gap begins; null = no gap. */
  processingOffsetMinutes: number | null;
  processingMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

/** Why a line's timing cannot be booked (codes; the contract words them per field). */
export type LineTimingProblem =
  'duration_range' | 'buffer_range' | 'processing_outside' | 'processing_without_offset';

/** The problems of one line's timing; [] when it can be booked. */
export function lineTimingProblems(t: LineTiming): LineTimingProblem[] {
  const problems: LineTimingProblem[] = [];
  if (!Number.isInteger(t.durationMinutes) || t.durationMinutes < 5 || t.durationMinutes > MAX_LINE_MINUTES) {
    problems.push('duration_range');
  }
  for (const b of [t.bufferBeforeMinutes, t.bufferAfterMinutes]) {
    if (!Number.isInteger(b) || b < 0 || b > MAX_BUFFER_MINUTES) {
      problems.push('buffer_range');
      break;
    }
  }
  if (t.processingMinutes > 0) {
    const offset = t.processingOffsetMinutes;
    if (offset === null) problems.push('processing_without_offset');
    // Strictly inside: a gap at either edge is a shorter line or a buffer, not processing time.
    else if (offset <= 0 || offset + t.processingMinutes >= t.durationMinutes) {
      problems.push('processing_outside');
    }
  }
  return problems;
}

/** When the customer's service ends (the buffer after is the technician's, not the customer's). */
export function lineEnd(t: Pick<LineTiming, 'start' | 'durationMinutes'>): number {
  return t.start + t.durationMinutes * MINUTE_MS;
}

/** The technician's busy segments for a line, in order (one, or two around a processing gap). */
export function busySegments(t: LineTiming): Interval[] {
  const from = t.start - t.bufferBeforeMinutes * MINUTE_MS;
  const to = lineEnd(t) + t.bufferAfterMinutes * MINUTE_MS;
  if (t.processingMinutes <= 0 || t.processingOffsetMinutes === null) return [{ start: from, end: to }];
  const gapStart = t.start + t.processingOffsetMinutes * MINUTE_MS;
  const gapEnd = gapStart + t.processingMinutes * MINUTE_MS;
  return [
    { start: from, end: gapStart },
    { start: gapEnd, end: to },
  ];
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Whether two lines' busy segments overlap (the constraint's rule, for the client's early warning). */
export function linesClash(a: LineTiming, b: LineTiming): boolean {
  const sa = busySegments(a);
  const sb = busySegments(b);
  return sa.some((x) => sb.some((y) => overlaps(x, y)));
}

/** The same line moved to start at `start` (a drag): its shape goes with it. */
export function moveLine<T extends LineTiming>(line: T, start: number): T {
  return { ...line, start };
}
