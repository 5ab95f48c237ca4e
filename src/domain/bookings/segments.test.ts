import { describe, expect, it } from 'vitest';
import { busySegments, lineEnd, lineTimingProblems, linesClash, MINUTE_MS, moveLine } from './segments';
import type { LineTiming } from './segments';

const T0 = Date.parse('2026-06-01T14:00:00.000Z');
const line = (over: Partial<LineTiming> = {}): LineTiming => ({
  start: T0,
  durationMinutes: 60,
  processingOffsetMinutes: null,
  processingMinutes: 0,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  ...over,
});
const at = (minutes: number) => T0 + minutes * MINUTE_MS;

describe('busy segments', () => {
  it('a plain line is busy from its start to its end', () => {
    expect(busySegments(line())).toEqual([{ start: T0, end: at(60) }]);
    expect(lineEnd(line())).toBe(at(60));
  });

  it('buffers widen the busy time on both sides but not the customer’s end', () => {
    const l = line({ bufferBeforeMinutes: 10, bufferAfterMinutes: 15 });
    expect(busySegments(l)).toEqual([{ start: at(-10), end: at(75) }]);
    expect(lineEnd(l)).toBe(at(60));
  });

  it('processing time leaves a gap in which the technician is free', () => {
    const l = line({
      durationMinutes: 90,
      processingOffsetMinutes: 30,
      processingMinutes: 40,
      bufferAfterMinutes: 5,
    });
    expect(busySegments(l)).toEqual([
      { start: T0, end: at(30) },
      { start: at(70), end: at(95) },
    ]);
  });

  it('back-to-back lines do not clash; an overlap of a minute does', () => {
    expect(linesClash(line(), line({ start: at(60) }))).toBe(false);
    expect(linesClash(line(), line({ start: at(59) }))).toBe(true);
  });

  it('a short line fits inside another’s processing gap, and a buffer can make it clash', () => {
    const colour = line({ durationMinutes: 120, processingOffsetMinutes: 30, processingMinutes: 60 });
    expect(linesClash(colour, line({ start: at(30), durationMinutes: 60 }))).toBe(false);
    expect(linesClash(colour, line({ start: at(30), durationMinutes: 60, bufferAfterMinutes: 5 }))).toBe(
      true,
    );
  });

  it('moving a line keeps its shape', () => {
    const l = line({ durationMinutes: 90, processingOffsetMinutes: 30, processingMinutes: 40 });
    const moved = moveLine(l, at(120));
    expect(busySegments(moved).map((s) => (s.end - s.start) / MINUTE_MS)).toEqual([30, 20]);
  });
});

describe('line timing problems', () => {
  it('accepts a sensible line', () => {
    expect(lineTimingProblems(line({ processingOffsetMinutes: 20, processingMinutes: 20 }))).toEqual([]);
  });

  it.each([
    [{ durationMinutes: 4 }, 'duration_range'],
    [{ durationMinutes: 12 * 60 + 1 }, 'duration_range'],
    [{ durationMinutes: 30.5 }, 'duration_range'],
    [{ bufferBeforeMinutes: -1 }, 'buffer_range'],
    [{ bufferAfterMinutes: 121 }, 'buffer_range'],
    [{ processingMinutes: 10 }, 'processing_without_offset'],
    [{ processingOffsetMinutes: 0, processingMinutes: 10 }, 'processing_outside'],
    [{ processingOffsetMinutes: 50, processingMinutes: 10 }, 'processing_outside'],
  ] as const)('%o → %s', (over, problem) => {
    expect(lineTimingProblems(line(over))).toContain(problem);
  });
});
